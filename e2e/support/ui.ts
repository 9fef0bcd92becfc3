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

/** A phone's viewport (issue 10). */
export const PHONE = { width: 390, height: 844 };

/**
 * On a phone: the page does not scroll sideways, and every control of the first row of the
 * list (buttons, links, boxes, switches, quantity fields) lies inside the viewport and is the
 * element a tap at its centre reaches. Returns how many controls it checked.
 */
export async function expectFirstRowUsable(page: Page): Promise<number> {
  const report = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const row = document.querySelector('tbody tr');
    const controls = row ? Array.from(row.querySelectorAll<HTMLElement>('button, a[href], input, [role="switch"]')).filter((element) => element.getClientRects().length > 0) : [];
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const control of controls) {
      control.scrollIntoView({ block: 'center' });
      const box = control.getBoundingClientRect();
      const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
      if (box.left < 0 || box.right > width) problems.push(`${name}: ${Math.round(box.left)}–${Math.round(box.right)} outside 0–${width}`);
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      // a visually hidden input (checkbox, switch) is reached through its visible box
      const target = control.tagName === 'INPUT' ? control.parentElement : control;
      if (!hit || !(target?.contains(hit) || hit.contains(control))) problems.push(`${name}: a tap reaches ${hit?.tagName ?? 'nothing'}`);
    }
    return { problems, checked: controls.length };
  });
  expect(report.problems).toEqual([]);
  return report.checked;
}

/**
 * Opens `url` (and clicks `tab`) at 1280 and 390 px, saves both screenshots as <name>-<width>,
 * adds axe's violations at 1280 to `violations` when given, checks at 390 px that the first
 * row's controls are on screen (`expectFirstRowUsable`), and leaves the page at 1280 px.
 */
export async function shoot(page: Page, url: string, name: string, options: { tab?: string; violations?: string[] } = {}): Promise<void> {
  for (const width of [1280, PHONE.width]) {
    await page.setViewportSize({ width, height: width === PHONE.width ? PHONE.height : 900 });
    await page.goto(url);
    await settle(page);
    if (options.tab) {
      await page.getByRole('tab', { name: options.tab }).click();
      await settle(page);
    }
    await snap(page, `${name}-${width}`);
    if (options.violations && width === 1280) options.violations.push(...(await axeViolations(page)));
    if (width === PHONE.width) await expectFirstRowUsable(page);
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
