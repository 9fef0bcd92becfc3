/** Steps the journeys share: choosing in an MUI select, logging in, finding a toast. */
import type { Page } from 'playwright-core';

export type LoginTab = 'Publisher Login' | 'Library Login';

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
