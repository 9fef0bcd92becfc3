/** Steps the journeys share: waiting for a page, screenshots, choosing in an MUI select, logging in, finding a toast. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@jsbn/shared';
import { axeViolations } from './axe.js';
import { snap } from './browser.js';

export type LoginTab = 'Publisher Login' | 'Library Login';

/**
 * Waits until the page has rendered its main content and its fonts: no loading spinner (the lazy
 * page or a LoadingState) and no 'Loading...' status line (a list refetching) in <main>.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const status = page.locator('main [role="status"]');
  const loading = status.filter({ has: page.locator('.MuiCircularProgress-root') }).or(status.filter({ hasText: MSG.loading }));
  await expect.poll(() => loading.count()).toBe(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * Opens `url` (and clicks `tab`) at 1280 and 375 px, saves both screenshots as <name>-<width>,
 * adds axe's violations at 1280 to `violations` when given, and leaves the page at 1280 px.
 */
export async function shoot(page: Page, url: string, name: string, options: { tab?: string; violations?: string[] } = {}): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url);
    await settle(page);
    if (options.tab) {
      await page.getByRole('tab', { name: options.tab }).click();
      await settle(page);
    }
    await snap(page, `${name}-${width}`);
    if (options.violations && width === 1280) options.violations.push(...(await axeViolations(page)));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Chooses `option` in the MUI select labelled `label` (its accessible name is the label and the value). */
export async function pick(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${label}(\\s|$)`) }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Logs in on `baseUrl`/login with the tab and account given, and waits for the home page. */
export async function login(page: Page, baseUrl: string, tab: LoginTab, account: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('tab', { name: tab }).click();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/** The toast (notistack snackbar) showing `text`. */
export const toast = (page: Page, text: string) => page.locator('#notistack-snackbar', { hasText: text }).first();
