/**
 * What lets support find a failed request (decision 038): an error toast says 'Reference: …',
 * the first characters of the request id the reply's `X-Request-Id` header carried — the id
 * every log line of that request holds — in the interface's language, on a phone and a desktop.
 */
import { describe, expect, it } from 'vitest';
import en from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import gu from '../apps/web/src/locales/gu/common.json' with { type: 'json' };
import hi from '../apps/web/src/locales/hi/common.json' with { type: 'json' };
import { snap } from './support/browser.js';
import { newPage as openPage, useJourney } from './support/session.js';
import { PHONE, appLive, toast } from './support/ui.js';

const journey = useJourney('failed-operations-');

describe('the reference of a failed request', () => {
  it.each([
    ['en', 'en-US', en.toast.reference],
    ['gu', 'gu-IN', gu.toast.reference],
    ['hi', 'hi-IN', hi.toast.reference],
  ])('is shown in the error toast of a refused login (%s), the request id of the reply', async (lng, locale, words) => {
    for (const width of [PHONE.width, 1366]) {
      const page = await openPage(journey.browser, journey.contexts, { width, locale });
      await page.goto(`${journey.server.url}/login`);
      // the login page is the server's: the refused login is the app's once it has hydrated (decision 066)
      await appLive(page);
      // an account nobody registered: refused as a wrong password is
      await page.locator('input[name="email"]').first().fill(`nobody-${lng}-${width}@example.test`);
      await page.locator('input[name="password"]').first().fill('Wrong@Password1');
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/user/login'));
      await page.locator('form button[type="submit"]').first().click();
      const response = await answer;
      expect(response.status()).toBe(401);
      const id = response.headers()['x-request-id']!;
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f-]{27}$/);
      const reference = words.replace('{{id}}', id.slice(0, 8));
      await expect.poll(() => toast(page, reference).isVisible()).toBe(true);
      await snap(page, `operations-reference-${lng}-${width}`);
    }
  });
});
