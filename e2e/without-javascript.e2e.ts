/**
 * A visitor whose browser runs no JavaScript (decision 066), on a 390 px phone: a book's page
 * rendered by the server offers Share as a WhatsApp link with the page's address, the footer's
 * language links render the page in Gujarati and Hindi and keep the choice for the next page, and
 * 'Order Book as Library' leads to the library's login with the book's page as its return address.
 * Screenshots `no-js-book-<lng>-390.png`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from './support/browser.js';
import { useJourney } from './support/session.js';
import { PHONE } from './support/ui.js';

const journey = useJourney('without-javascript-');
let page: Page;
let jsbn: string;

beforeAll(async () => {
  const found = (await (await fetch(`${journey.server.url}/api/book?queryString=Kalpasutra&limit=10`)).json()) as {
    data: { books: { jsbn_number: string }[] };
  };
  jsbn = found.data.books[0]!.jsbn_number;
  const context = await journey.browser.newContext({ javaScriptEnabled: false, viewport: PHONE, locale: 'en-IN' });
  journey.contexts.push(context);
  page = await context.newPage();
});

describe("a book's page with JavaScript off", () => {
  it('1. Share is a WhatsApp link holding the title and the page address', async () => {
    await page.goto(`${journey.server.url}/jsbn/${jsbn}`);
    const share = page.getByRole('link', { name: 'Share this book' });
    const href = new URL((await share.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe('https://wa.me/');
    expect(href.searchParams.get('text')).toContain(`JSBN ${jsbn}\n${journey.server.url}/jsbn/${jsbn}`);
    await snap(page, 'no-js-book-en-390');
  });

  it('2. the language links render the page in Gujarati, then Hindi, and the choice stays for the next page', async () => {
    await page.getByRole('link', { name: 'ગુજરાતી', exact: true }).click();
    await page.waitForURL(`${journey.server.url}/jsbn/${jsbn}?lang=gu`);
    expect(await page.locator('html').getAttribute('lang')).toBe('gu');
    await snap(page, 'no-js-book-gu-390');
    await page.getByRole('link', { name: 'हिन्दी', exact: true }).click();
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    await snap(page, 'no-js-book-hi-390');
    await page.goto(`${journey.server.url}/jsbn/${jsbn}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    await page.getByRole('link', { name: 'English', exact: true }).click();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });

  it("3. 'Order Book as Library' leads to the library's login with the book's page to return to", async () => {
    await page.goto(`${journey.server.url}/jsbn/${jsbn}`);
    await page.getByRole('link', { name: 'Order Book as Library' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    const url = new URL(page.url());
    expect(url.searchParams.get('as')).toBe('library');
    expect(url.searchParams.get('next')).toBe(`/jsbn/${jsbn}`);
  });
});
