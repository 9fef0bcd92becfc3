/**
 * A signed-in library's pages rendered on the server (decision 047), on a 390 px phone: opened
 * afresh, Track Your Orders, a publisher's books, Recently Published and the QR page come rendered
 * for the library — the entry script is the one script before the page's load, the app comes in
 * the background — and the app, prepared once the browser is idle, hydrates the page at the first
 * interaction (decision 078); a box ticked before then is ticked in the app too; a cart with
 * books in it, or an address naming a book to add ('Order This Book' followed before the app was
 * there), starts the app at once (the server cannot render the cart). Screenshots of each page at 390 and 1366 px in English, Gujarati and
 * Hindi (`signed-in-<page>-<lng>-<width>.png`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from './support/browser.js';
import { newPage as openPage, useJourney } from './support/session.js';
import { PHONE, login, scriptsBeforeLoad, settle } from './support/ui.js';

const journey = useJourney('signed-in-pages-');
/** The demo library (the seed's password). */
const LIBRARY = { email: 'library@demo.jsbn', password: 'Demo@1234' };
let book: { jsbn: string; title: string; publisherId: number };
let library: Page;

beforeAll(async () => {
  const found = (await (await fetch(`${journey.server.url}/api/book?queryString=Kalpasutra&limit=10`)).json()) as {
    data: { books: { jsbn_number: string; book_title: string; publisher: { id: number } }[] };
  };
  const first = found.data.books[0]!;
  book = { jsbn: first.jsbn_number, title: first.book_title, publisherId: first.publisher.id };
  library = await openPage(journey.browser, journey.contexts, { width: PHONE.width });
  await login(library, journey.server.url, 'Library Login', LIBRARY);
});

/** Opens `path` afresh and checks it came rendered for the library, with nothing but the entry script before its load. */
async function openRendered(page: Page, path: string): Promise<void> {
  await page.goto(`${journey.server.url}${path}`);
  expect(await page.locator('#root').getAttribute('data-server-made')).toBe('');
  expect(await page.locator('#root').getAttribute('data-rendered-for')).toMatch(/^\d+$/);
  expect(await scriptsBeforeLoad(page)).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/)]);
}

describe("a signed-in library's pages rendered on the server", () => {
  it('1. Track Your Orders: rendered for the library, the app prepared at idle; the first tap on a tab hydrates it and is answered', async () => {
    await openRendered(library, '/orders');
    expect(await library.getByRole('heading', { name: 'Track Your Orders' }).isVisible()).toBe(true);
    expect(await library.getByTestId('logged-in-as').innerText()).toBe('Logged in as Library');
    // nothing touched: the app is prepared once the browser is idle, and hydrates at the first interaction (decision 078)
    await library.locator('#root[data-app-ready]').waitFor({ state: 'attached' });
    await library.getByRole('tab', { name: 'Received' }).click();
    await expect.poll(() => library.getByRole('tab', { name: 'Received' }).getAttribute('aria-selected')).toBe('true');
    // the app answered it, not the server's link
    await expect.poll(() => library.locator('#root[data-app-live]').count()).toBe(1);
  });

  it('2. Recently Published: a box ticked before the app is there is ticked in the app', async () => {
    await openRendered(library, '/new-published-books');
    await settle(library);
    const box = library.locator('tbody input[type="checkbox"]').first();
    await box.check();
    // the app, started by that tap, counts the row as selected
    await expect.poll(() => library.getByText('· 1 selected').isVisible()).toBe(true);
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await expect.poll(() => library.getByText('· 1 selected').count()).toBe(0);
  });

  it("3. a publisher's books and the QR page: rendered for the library; a cart with books, or a book to add, starts the app at once", async () => {
    await openRendered(library, `/publisher-wise-books/${book.publisherId}`);
    expect(await library.locator('#root').getAttribute('data-cart')).toBe('');
    await openRendered(library, `/jsbn/${book.jsbn}`);
    // the library's own page: 'Order This Book', no reader's order
    const orderLink = library.getByRole('link', { name: 'Order This Book' });
    expect(await orderLink.isVisible()).toBe(true);
    expect(await library.getByRole('link', { name: 'Order Book as Reader' }).count()).toBe(0);
    /** The cart shows the book (one line), and Remove takes it out. */
    const bookInCartRemoved = async () => {
      await expect.poll(() => library.getByTestId('cart-line').count()).toBe(1);
      await library
        .getByTestId('cart-line')
        .getByRole('button', { name: /^Remove/ })
        .click();
      await expect.poll(() => library.getByTestId('cart-line').count()).toBe(0);
    };
    // the link followed by the browser (a tap before the app was there): the page it opens, rendered
    // by the server with an empty cart, starts the app at once, which puts the book in the cart
    // with nothing touched
    await library.goto(new URL((await orderLink.getAttribute('href'))!, journey.server.url).href);
    await bookInCartRemoved();
    // followed by the app or by the browser, 'Order This Book' puts the book in the cart
    await openRendered(library, `/jsbn/${book.jsbn}`);
    await orderLink.click();
    await expect.poll(() => library.getByTestId('cart-line').count()).toBe(1);
    // the cart holds a book the server cannot know: the page opened afresh is the app's at once
    await library.goto(`${journey.server.url}/publisher-wise-books/${book.publisherId}`);
    await bookInCartRemoved();
  });

  it('4. screenshots of the pages rendered for the library at 390 and 1366 px in en, gu and hi', async () => {
    const pages: [string, string][] = [
      ['orders', '/orders'],
      ['publisher-books', `/publisher-wise-books/${book.publisherId}`],
      ['recent', '/new-published-books'],
      ['book', `/jsbn/${book.jsbn}`],
    ];
    for (const language of ['en', 'gu', 'hi']) {
      // the language chosen on the switcher, as the switcher keeps it (localStorage and the cookie)
      await library.context().addCookies([{ name: 'jsbn_language', value: language, url: journey.server.url }]);
      await library.evaluate((lng) => localStorage.setItem('jsbn.language', lng), language);
      for (const width of [PHONE.width, 1366]) {
        await library.setViewportSize({ width, height: width === PHONE.width ? PHONE.height : 900 });
        for (const [name, path] of pages) {
          await openRendered(library, path);
          expect(await library.locator('html').getAttribute('lang')).toBe(language);
          await settle(library);
          await snap(library, `signed-in-${name}-${language}-${width}`);
        }
      }
    }
  });
});
