/**
 * A visitor whose browser runs no JavaScript (decision 066), on a 390 px phone: a book's page
 * rendered by the server offers Share as a WhatsApp link with the page's address, the footer's
 * language links render the page in Gujarati and Hindi and keep the choice for the next page, and
 * 'Order Book as Library' leads to the library's login with the book's order as its return address;
 * the login form signs in (a wrong password shows its message) and reaches its return address,
 * and the reader's order form sends its request. The buttons the app answers once it has hydrated
 * the page are links or forms before (decision 078): 'Open menu' leads to the footer's menu, the
 * signed-in library's order tabs are links the server renders, and Recently Published's 'Want to
 * order?' Yes is a form the server answers with the page showing it. ('Claim this account', which
 * needs an imported publisher, is walked without JavaScript in catalogue.e2e.ts.)
 * Screenshots `no-js-book-<lng>-390.png`, `no-js-menu-390.png`, `no-js-orders-<lng>-<width>.png`,
 * `no-js-recent-<lng>-<width>.png`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from './support/browser.js';
import { useJourney } from './support/session.js';
import { PHONE } from './support/ui.js';
import { BOOK_MSG, todayIso } from '@jsbn/shared';

const LIBRARY = { email: 'library@demo.jsbn', password: 'Demo@1234' };

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

  it("2b. the publisher's name leads to its page of books, rendered by the server (decision 083)", async () => {
    await page.goto(`${journey.server.url}/jsbn/${jsbn}`);
    await page.getByTestId('book-summary').getByRole('link', { name: 'Shri Jain Sahitya Prakashan Trust', exact: true }).click();
    await page.waitForURL((url) => /^\/publishers\/\d+$/.test(url.pathname));
    expect(await page.getByRole('heading', { name: 'Books of Shri Jain Sahitya Prakashan Trust', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'કલ્પસૂત્ર', exact: true }).isVisible()).toBe(true);
    await snap(page, 'no-js-publisher-page-en-390');
  });

  it("3. 'Order Book as Library' leads to the library's login with the book's order to return to", async () => {
    await page.goto(`${journey.server.url}/jsbn/${jsbn}`);
    await page.getByRole('link', { name: 'Order Book as Library' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    const url = new URL(page.url());
    expect(url.searchParams.get('as')).toBe('library');
    expect(url.searchParams.get('next')).toMatch(new RegExp(`^/publisher-wise-books/\\d+\\?book=${jsbn}&confirm=1$`));
  });

  it("4. the library's login form signs in and reaches the return address", async () => {
    await page.goto(`${journey.server.url}/login?as=library&next=${encodeURIComponent(`/jsbn/${jsbn}`)}`);
    // a wrong password: the page again, with the message the app shows
    await page.getByLabel('Email', { exact: true }).fill(LIBRARY.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong@12345');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid email or password');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(LIBRARY.email);
    await page.getByLabel('Password', { exact: true }).fill(LIBRARY.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${journey.server.url}/jsbn/${jsbn}`);
    // the page is the library's now: rendered for it by the session cookie
    expect(await page.getByRole('link', { name: 'Order This Book' }).isVisible()).toBe(true);
    await snap(page, 'no-js-signed-in-book-390');
  });

  it("5. the reader's order form sends the request to the publisher", async () => {
    const reader = await (async () => {
      const context = await journey.browser.newContext({ javaScriptEnabled: false, viewport: PHONE, locale: 'en-IN' });
      journey.contexts.push(context);
      return context.newPage();
    })();
    await reader.goto(`${journey.server.url}/jsbn/${jsbn}`);
    await reader.getByRole('link', { name: 'Order Book as Reader' }).click();
    await reader.waitForURL(`${journey.server.url}/jsbn/${jsbn}/reader-order`);
    // a field left empty: the page again, its message under the field
    await reader.getByRole('button', { name: 'Send the request to the publisher' }).click();
    await expect.poll(() => reader.getByText(BOOK_MSG.nameRequired, { exact: true }).isVisible()).toBe(true);
    await reader.getByLabel('Name').fill('Ramesh Shah');
    await reader.getByLabel('Mobile number').fill('9825012345');
    await reader.getByLabel('Email').fill('ramesh@example.test');
    await reader.getByLabel('Message').fill('One copy, please.');
    const [year, month, day] = todayIso().split('-');
    await reader.getByLabel('Needed by (date)').fill(`${day}/${month}/${year}`);
    await snap(reader, 'no-js-reader-order-390');
    await reader.getByRole('button', { name: 'Send the request to the publisher' }).click();
    await reader.waitForURL(`${journey.server.url}/jsbn/${jsbn}/reader-order?sent=1`);
    expect(await reader.getByTestId('reader-order-sent').textContent()).toContain('was sent to the publisher');
  });
});

/** A new page of a context with JavaScript off, `width` wide, in `locale`. */
async function pageWithoutJs(width = PHONE.width, locale = 'en-IN'): Promise<Page> {
  const context = await journey.browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: width === PHONE.width ? PHONE.height : 900 },
    locale,
  });
  journey.contexts.push(context);
  return context.newPage();
}

describe("the app's buttons with JavaScript off (decision 078)", () => {
  it("6. 'Open menu' leads to the footer's menu, whose links work", async () => {
    const visitor = await pageWithoutJs();
    await visitor.goto(`${journey.server.url}/jsbn/${jsbn}`);
    await visitor.getByRole('banner').getByRole('link', { name: 'Open menu' }).click();
    await visitor.waitForURL(`${journey.server.url}/jsbn/${jsbn}#site-menu`);
    const menu = visitor.getByRole('navigation', { name: 'Menu', exact: true });
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Library', exact: true }).getAttribute('href')).toBe('/library-register');
    await snap(visitor, 'no-js-menu-390', { screen: true });
    await menu.getByRole('link', { name: 'About', exact: true }).click();
    await visitor.waitForURL(`${journey.server.url}/about`);
  });

  it("7. the library's order tabs are links: the server renders the tab chosen", async () => {
    await page.goto(`${journey.server.url}/orders`);
    const tabs = page.getByRole('tablist');
    expect(await tabs.getByRole('tab', { name: 'Pending', exact: true }).getAttribute('aria-selected')).toBe('true');
    await tabs.getByRole('tab', { name: 'Dispatched', exact: true }).click();
    await page.waitForURL(`${journey.server.url}/orders?tab=dispatched`);
    expect(await tabs.getByRole('tab', { name: 'Dispatched', exact: true }).getAttribute('aria-selected')).toBe('true');
    await snap(page, 'no-js-orders-en-390');
  });

  it("8. Recently Published's 'Want to order?' Yes is a form: the page comes back with Yes chosen", async () => {
    await page.goto(`${journey.server.url}/new-published-books`);
    const want = page.getByRole('group', { name: /^Want to order / }).first();
    expect(await want.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('false');
    const asked = (await want.getAttribute('aria-label'))!;
    await want.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL((url) => url.pathname === '/new-published-books' && url.searchParams.get('want') === 'yes');
    expect(new URL(page.url()).searchParams.get('book')).toMatch(/^[A-Z]{5}-\d{5}-[A-Z0-9]$/);
    const chosen = page.getByRole('group', { name: asked, exact: true });
    expect(await chosen.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('true');
    await snap(page, 'no-js-recent-en-390');
  });
});
