/**
 * New books reach the libraries that want them (decision 073), on a 390 × 844 phone in English,
 * Gujarati and Hindi: a library taps 'Follow' on a publisher's books page; the publisher
 * registers a book; the library's next digest (the job runs every 3 s here) names it in the
 * library's language in the dev outbox, and the publisher's Atom feed lists it; the digest's
 * 'Add to cart' link lands on the ordering page with the book in the cart; the interests page
 * lists the publisher followed, and its ✕ stops following. The digest e-mail's HTML is rendered
 * at 390 and 1366 px and saved with the pages as e2e/artifacts/interests-<language>-*.png.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import enInterests from '../apps/web/src/locales/en/interests.json' with { type: 'json' };
import guCommon from '../apps/web/src/locales/gu/common.json' with { type: 'json' };
import guInterests from '../apps/web/src/locales/gu/interests.json' with { type: 'json' };
import hiCommon from '../apps/web/src/locales/hi/common.json' with { type: 'json' };
import hiInterests from '../apps/web/src/locales/hi/interests.json' with { type: 'json' };
import guMessages from '../packages/shared/src/locales/gu/messages.json' with { type: 'json' };
import hiMessages from '../packages/shared/src/locales/hi/messages.json' with { type: 'json' };
import { apiCall, apiToken } from './support/api.js';
import { snap } from './support/browser.js';
import { newPage, useJourney } from './support/session.js';
import { PHONE, appLive, expectFingerTargets, settle, signIn, toast } from './support/ui.js';

const CATALOGUES = {
  en: { common: enCommon, interests: enInterests, messages: {} as Record<string, string>, locale: 'en-US', digest: 'new book for' },
  gu: { common: guCommon, interests: guInterests, messages: guMessages as Record<string, string>, locale: 'gu-IN', digest: 'નવું પુસ્તક' },
  hi: { common: hiCommon, interests: hiInterests, messages: hiMessages as Record<string, string>, locale: 'hi-IN', digest: 'नई पुस्तक' },
};
type Language = keyof typeof CATALOGUES;

const LIBRARY = { email: 'library@demo.jsbn', password: 'Demo@1234' };
const PUBLISHER = { email: 'publisher@demo.jsbn', password: 'Demo@1234' };

/** A message of the dev outbox (GET /api/dev/outbox?to=). */
interface OutboxMessage {
  channel: string;
  subject: string;
  text: string;
  html: string | null;
  unsubscribeUrl: string | null;
}

const journey = useJourney('failed-interests-', { serverLogOnFailure: true, env: { INTEREST_DIGEST_SECONDS: '3' } });

/** The demo publisher's id and publisher no. (the public list of publishers). */
async function demoPublisher(base: string): Promise<{ id: number; no: string }> {
  const listed = await apiCall<{ publishers: { id: number; publisher_no: string }[] }>(
    base,
    `/publisher?queryString=${encodeURIComponent('Shri Jain Sahitya Prakashan Trust')}`,
  );
  const publisher = listed.data.publishers[0]!;
  return { id: publisher.id, no: publisher.publisher_no };
}

/** Registers a book of the demo publisher through POST /api/book, as its form does; returns its JSBN. */
async function registerBook(base: string, token: string, title: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="420"><rect width="100%" height="100%" fill="#6d4c41"/><rect x="12" y="12" width="276" height="396" fill="none" stroke="#ffe0b2" stroke-width="4"/></svg>`;
  const cover = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  const form = new FormData();
  for (const [name, value] of Object.entries({
    book_title: title,
    book_e_title: title,
    pages: '120',
    publication_year: '2026',
    language: 'Gujarati',
    type: 'SAT1',
    'subjects[0][id]': '1',
    'authors[0][authorType]': '1',
    'authors[0][author_name]': 'Muni Shri Jambuvijayji',
    readers: 'No',
    price_kind: 'priced',
    price: '180',
  }))
    form.append(name, value);
  form.append('book_cover', new Blob([new Uint8Array(cover)], { type: 'image/jpeg' }), 'cover.jpg');
  const reply = await fetch(`${base}/api/book`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const json = (await reply.json()) as { data: { jsbn_number: string } };
  expect(reply.status, JSON.stringify(json)).toBe(200);
  return json.data.jsbn_number;
}

/** Waits (at most 40 s) for the digest e-mail to `email` that names `title`. */
async function digestNaming(base: string, email: string, title: string): Promise<OutboxMessage> {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const reply = await apiCall<{ messages: OutboxMessage[] }>(base, `/dev/outbox?to=${encodeURIComponent(email)}`);
    const found = reply.data.messages.find((message) => message.channel === 'email' && message.text.includes(title));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no digest naming ${title} reached ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The page the digests are rendered in, one for the file (a browser context costs Chromium a third of a second). */
let mailPage: Page | undefined;

/** The digest's HTML rendered as a mail client would, at `width`, saved as a picture. */
async function snapMail(html: string, width: number, name: string) {
  mailPage ??= await newPage(journey.browser, journey.contexts);
  await mailPage.setViewportSize({ width, height: 900 });
  await mailPage.setContent(html, { waitUntil: 'load' });
  await snap(mailPage, name);
}

describe('new books reach the libraries that want them, on a phone', () => {
  for (const language of ['en', 'gu', 'hi'] as const satisfies Language[]) {
    it(`${language}: a library follows a publisher; its new book is in the next digest and the publisher's feed`, async () => {
      const { common, interests, messages, locale, digest } = CATALOGUES[language];
      const say = (message: string) => messages[message] ?? message;
      const base = journey.server.url;
      const page: Page = await newPage(journey.browser, journey.contexts, { width: PHONE.width, locale });
      await page.setViewportSize(PHONE);
      const libraryToken = await apiToken(base, LIBRARY, 'LIBRARY');
      // the library's e-mails are in its language, as its language switcher sets it
      expect(
        (await apiCall(base, '/user/language', { token: libraryToken, method: 'PUT', body: { preferred_language: language } })).status,
      ).toBe(200);
      await signIn(page, base, 'Library Login', LIBRARY);
      await page.evaluate((lng) => localStorage.setItem('jsbn.language', lng), language);
      const publisherToken = await apiToken(base, PUBLISHER, 'PUBLISHER');
      const publisher = await demoPublisher(base);

      // 'Follow' on the publisher's books page
      await page.goto(`${base}/publisher-wise-books/${publisher.id}`);
      const follow = page.getByTestId(`follow-publisher-${publisher.id}`);
      await expect.poll(() => follow.isEnabled()).toBe(true);
      expect(await follow.textContent()).toBe(common.follow.publisher);
      // the server rendered the page; the tap is the app's once it has taken it over
      await appLive(page);
      await follow.click();
      await toast(page, say('You follow this publisher: its new books will be in your digest')).waitFor();
      await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
      expect(await follow.textContent()).toBe(common.follow.following);
      // the page names the publisher's feed
      expect(
        await page.locator(`link[rel="alternate"][type="application/atom+xml"][href*="/feeds/publisher/${publisher.no}"]`).count(),
      ).toBe(1);
      await settle(page);
      await expectFingerTargets(page, 'the publisher’s books with Follow');
      await snap(page, `interests-${language}-follow-390`);

      // the publisher registers a book; the next digest names it, in the library's language
      const title = `${{ en: 'Interest', gu: 'રસ', hi: 'रुचि' }[language]} ${Date.now()}`;
      const jsbn = await registerBook(base, publisherToken, title);
      const mail = await digestNaming(base, LIBRARY.email, title);
      expect(mail.subject).toContain(digest);
      expect(mail.text).toContain(`JSBN ${jsbn}`);
      expect(mail.unsubscribeUrl).toMatch(new RegExp(`^${base}/api/interests/unsubscribe\\?token=`));
      expect(mail.html).toContain(`<html lang="${language}">`);
      for (const width of [390, 1366]) await snapMail(mail.html!, width, `interests-${language}-digest-mail-${width}`);

      // and the publisher's feed lists it
      const feed = await (await fetch(`${base}/feeds/publisher/${publisher.no}?lang=${language}`)).text();
      expect(feed).toContain(`<id>urn:jsbn:${jsbn}</id>`);
      expect(feed).toContain(title);

      // 'Add to cart' from the e-mail: the ordering page with the book in the cart
      const cart = /(https?:\/\/\S+\/api\/interests\/cart\?token=\S+)/.exec(mail.text)![1]!;
      await page.goto(cart);
      await page.waitForURL(new RegExp(`/publisher-wise-books/${publisher.id}`));
      await page.getByText(title).first().waitFor();
      await snap(page, `interests-${language}-cart-390`);

      // the interests page lists the publisher followed; its button stops following
      await page.goto(`${base}/interests`);
      await page.getByRole('heading', { name: interests.title, level: 1 }).waitFor();
      const followed = page.getByTestId(`followed-publisher-${publisher.id}`);
      await followed.waitFor();
      await settle(page);
      await expectFingerTargets(page, 'the interests page');
      await snap(page, `interests-${language}-page-390`);
      await page.setViewportSize({ width: 1366, height: 900 });
      await snap(page, `interests-${language}-page-1366`);
      await page.setViewportSize(PHONE);
      await followed.getByRole('button', { name: interests.follows.stop.replace('{{name}}', 'Shri Jain Sahitya Prakashan Trust') }).click();
      await toast(page, say('You no longer follow this publisher')).waitFor();
      await page.getByText(interests.follows.noPublishers).waitFor();
    });
  }

  it('a publisher sees how many libraries follow it and the digests that named its books; the pages in each language', async () => {
    const base = journey.server.url;
    const libraryToken = await apiToken(base, LIBRARY, 'LIBRARY');
    const publisher = await demoPublisher(base);
    expect((await apiCall(base, `/library/follows/publisher/${publisher.id}`, { token: libraryToken, method: 'PUT' })).status).toBe(200);
    for (const language of ['en', 'gu', 'hi'] as const) {
      const { interests, locale } = CATALOGUES[language];
      const page = await newPage(journey.browser, journey.contexts, { width: PHONE.width, locale });
      await page.setViewportSize(PHONE);
      await signIn(page, base, 'Publisher Login', PUBLISHER);
      await page.evaluate((lng) => localStorage.setItem('jsbn.language', lng), language);
      await page.goto(`${base}/interest-in-my-books`);
      await page.getByRole('heading', { name: interests.reach.title, level: 1 }).waitFor();
      await expect.poll(() => page.getByTestId('followers').textContent()).toBe('1');
      // the three books the digests named above, once each
      await expect.poll(() => page.getByText(/^(Interest|રસ|रुचि) \d+$/).count()).toBe(3);
      await settle(page);
      await expectFingerTargets(page, 'the publisher’s counts');
      await snap(page, `interests-${language}-reach-390`);
      await page.setViewportSize({ width: 1366, height: 900 });
      await snap(page, `interests-${language}-reach-1366`);

      // a library's book page: 'Follow' by each author
      const library = await newPage(journey.browser, journey.contexts, { width: PHONE.width, locale });
      await library.setViewportSize(PHONE);
      await signIn(library, base, 'Library Login', LIBRARY);
      await library.evaluate((lng) => localStorage.setItem('jsbn.language', lng), language);
      await library.goto(`${base}/jsbn/${publisher.no}-00001-Z`);
      const authors = library.getByTestId('follow-authors');
      await authors.getByRole('button').first().waitFor();
      await expect.poll(() => authors.getByRole('button').first().isEnabled()).toBe(true);
      await settle(library);
      await snap(library, `interests-${language}-book-390`, { screen: true });
    }
  });
});
