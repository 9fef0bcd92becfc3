/** Registration through the UI: the library form and the one-time-code step. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { outboxCode } from './browser.js';
import { pick } from './ui.js';

export interface NewLibrary {
  name: string;
  email: string;
  password: string;
  sanchalakName: string;
  sanchalakAddress: string;
  address: string;
  /** Mobile and WhatsApp number. */
  mobile: string;
  books: string;
  /** Background colour of the 80 px PNG logo. */
  logoColor: string;
}

/** Opens `baseUrl`/library-register, fills every field (a Trust Sanchalit library, logo.png) and submits. */
export async function submitLibraryRegistration(page: Page, baseUrl: string, library: NewLibrary): Promise<void> {
  await page.goto(`${baseUrl}/library-register`);
  const logo = await sharp({ create: { width: 80, height: 80, channels: 3, background: library.logoColor } })
    .png()
    .toBuffer();
  await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await page.getByLabel('Library name').fill(library.name);
  await pick(page, 'Sanchalak type', 'Trust Sanchalit');
  await page.getByLabel('Sanchalak name').fill(library.sanchalakName);
  await page.getByLabel('Sanchalak address').fill(library.sanchalakAddress);
  await page.getByLabel('Address', { exact: true }).fill(library.address);
  await page.getByLabel('Email', { exact: true }).fill(library.email);
  await page.getByLabel('Mobile number').fill(library.mobile);
  await page.getByLabel('WhatsApp number').fill(library.mobile);
  await page.getByLabel('Number of books').fill(library.books);
  await page.getByLabel('Password', { exact: true }).fill(library.password);
  await page.getByLabel('Confirm password').fill(library.password);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
}

/** On the code step: enters the code e-mailed to `email` (dev outbox), verifies, and waits for /login (on the account's tab, `?as=`). */
export async function verifyCode(page: Page, baseUrl: string, email: string): Promise<void> {
  await expect.poll(() => page.getByLabel('OTP').isVisible()).toBe(true);
  await page.getByLabel('OTP').fill(await outboxCode(baseUrl, email));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  // the code signs the new account in: its home page (decision 072)
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => page.getByTestId('logged-in-as').isVisible()).toBe(true);
}
