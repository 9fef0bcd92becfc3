/**
 * The mobile number confirmed by a WhatsApp code (decision 081), on a server where WhatsApp is
 * configured (its Cloud API unreachable here: the code waits in the dev outbox, as e-mail codes
 * do). A library registers on a 390 px phone, types the e-mail code, lands on 'Confirm your mobile
 * number', types the WhatsApp code and sees the number confirmed, on the step and in its profile.
 * Then the step in Gujarati and Hindi (accounts registered in those languages, signed in, the
 * step opened from the profile) at 390 and 1366 px. Screenshots in e2e/artifacts/mobile-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import gu from '../apps/web/src/locales/gu/accounts.json' with { type: 'json' };
import hi from '../apps/web/src/locales/hi/accounts.json' with { type: 'json' };
import en from '../apps/web/src/locales/en/accounts.json' with { type: 'json' };
import { outboxCode, snap } from './support/browser.js';
import { submitLibraryRegistration } from './support/register.js';
import { newPage, useJourney } from './support/session.js';
import { appLive } from './support/ui.js';

const journey = useJourney('mobile-', {
  serverLogOnFailure: true,
  // WhatsApp configured; nothing answers at its address, so messages stay pending with their codes
  env: { WHATSAPP_TOKEN: 'e2e-token', WHATSAPP_PHONE_ID: '1055', WHATSAPP_API_URL: 'http://127.0.0.1:9/v21.0' },
});

const WORDS = { en: en.mobile, gu: gu.mobile, hi: hi.mobile } as const;

/** Registers a library in `lng` through the API and verifies its e-mail (which sends the WhatsApp code). */
async function registeredLibrary(lng: keyof typeof WORDS, email: string, mobile: string) {
  const base = journey.server.url;
  const password = 'Bhandar@123';
  const logo = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#c05a2b' } })
    .jpeg()
    .toBuffer();
  const body = new FormData();
  const fields = {
    name: `Gyan Bhandar ${email}`,
    sanchalak_name: 'Shri Sangh',
    sanchalak_address: 'Upashray',
    address: 'Palitana',
    email,
    mobile_no: mobile,
    whatsapp_no: mobile,
    sangh_trust: 'Sangh Sanchalit',
    number_of_books: '500',
    password,
  };
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('logo', new Blob([new Uint8Array(logo)], { type: 'image/jpeg' }), 'logo.jpg');
  const registered = await fetch(`${base}/api/library`, { method: 'POST', body, headers: { 'accept-language': lng } });
  expect(registered.status, await registered.clone().text()).toBe(200);
  const otp = await outboxCode(base, email);
  const verified = await fetch(`${base}/api/user/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, otp, modelType: 'LIBRARY' }),
  });
  expect(verified.status).toBe(200);
  return { email, password };
}

/** Signs `account` in on the Library tab. */
async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto(`${journey.server.url}/login?as=library`);
  await appLive(page);
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${journey.server.url}/`);
}

describe('the mobile number confirmed by WhatsApp', () => {
  it('en at 390 px: register, the e-mail code, then the WhatsApp code; the number is confirmed', async () => {
    const page = await newPage(journey.browser, journey.contexts, { width: 390 });
    const base = journey.server.url;
    const library = {
      name: 'Shri Mobile Gyan Bhandar',
      email: 'mobile-en@example.test',
      password: 'Bhandar@123',
      sanchalakName: 'Shri Sangh',
      sanchalakAddress: 'Upashray, Palitana',
      address: 'Taleti Road, Palitana',
      mobile: '9426077001',
      books: '800',
      logoColor: '#2b6cc0',
    };
    await submitLibraryRegistration(page, base, library);
    await expect.poll(() => page.getByLabel('OTP').isVisible()).toBe(true);
    await page.getByLabel('OTP').fill(await outboxCode(base, library.email));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();

    // signed in, and the next step asks for the WhatsApp code sent to the mobile number
    await page.waitForURL((url) => url.pathname === '/confirm-mobile');
    await expect.poll(() => page.getByRole('heading', { name: WORDS.en.title }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('+91 94260 77001').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('mobile-countdown').isVisible()).toBe(true);
    await snap(page, 'mobile-step-en-390');

    // a wrong code is named under the field
    const code = await outboxCode(base, library.mobile);
    await page.getByLabel('OTP').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: WORDS.en.confirm, exact: true }).click();
    await expect.poll(() => page.getByText('Invalid or expired OTP').isVisible()).toBe(true);

    await page.getByLabel('OTP').fill(code);
    await page.getByRole('button', { name: WORDS.en.confirm, exact: true }).click();
    await expect.poll(() => page.getByTestId('mobile-confirmed').isVisible()).toBe(true);
    expect(await page.getByTestId('mobile-confirmed').textContent()).toContain('+91 94260 77001');
    await snap(page, 'mobile-confirmed-en-390');

    await page.getByRole('link', { name: WORDS.en.toProfile }).click();
    await page.waitForURL((url) => url.pathname === '/edit-profile');
    await expect.poll(() => page.getByTestId('profile-mobile-confirmed').isVisible()).toBe(true);
    await snap(page, 'mobile-profile-confirmed-en-390', { screen: true });
  });

  it('en at 1366 px: the step from the profile, with Change the number and Later', async () => {
    const page = await newPage(journey.browser, journey.contexts, { width: 1366 });
    await signIn(page, await registeredLibrary('en', 'mobile-en2@example.test', '9426077004'));
    await page.goto(`${journey.server.url}/edit-profile`);
    await expect.poll(() => page.getByTestId('profile-mobile-unconfirmed').isVisible()).toBe(true);
    await snap(page, 'mobile-profile-unconfirmed-en-1366', { screen: true });
    await page.getByRole('link', { name: WORDS.en.confirmNow }).click();
    await page.waitForURL((url) => url.pathname === '/confirm-mobile');
    await expect.poll(() => page.getByLabel('OTP').isVisible()).toBe(true);
    await snap(page, 'mobile-step-en-1366');
    await page.getByRole('button', { name: WORDS.en.change }).click();
    await expect.poll(() => page.getByLabel('Mobile number').isVisible()).toBe(true);
    await snap(page, 'mobile-change-en-1366');
    // a new number at once: the code goes to it, and the step names it
    await page.getByLabel('Mobile number').fill('94260 77005');
    await page.getByRole('button', { name: WORDS.en.sendCode, exact: true }).click();
    await expect.poll(() => page.getByText('+91 94260 77005').isVisible()).toBe(true);
    expect(await outboxCode(journey.server.url, '9426077005')).toMatch(/^\d{6}$/);
    await page.getByRole('button', { name: WORDS.en.later }).click();
    await page.waitForURL(`${journey.server.url}/`);
  });

  for (const lng of ['gu', 'hi'] as const) {
    it(`${lng}: the step at 390 and 1366 px`, async () => {
      const account = await registeredLibrary(lng, `mobile-${lng}@example.test`, lng === 'gu' ? '9426077002' : '9426077003');
      for (const width of [390, 1366]) {
        const page = await newPage(journey.browser, journey.contexts, { width, locale: lng === 'gu' ? 'gu-IN' : 'hi-IN' });
        await signIn(page, account);
        await page.goto(`${journey.server.url}/confirm-mobile`);
        await expect.poll(() => page.getByRole('heading', { name: WORDS[lng].title }).isVisible()).toBe(true);
        await expect.poll(() => page.getByRole('button', { name: WORDS[lng].confirm, exact: true }).isVisible()).toBe(true);
        await snap(page, `mobile-step-${lng}-${width}`);
      }
    });
  }
});
