/**
 * 'Order Book as Library' on a 390 px phone (decision 066): the login page it opens is rendered
 * by the server, names the book it is for and has the Library tab chosen; signing in lands on
 * the publisher's books with the book in the cart and the order's confirmation open, naming it.
 * In Gujarati, Hindi and English, each asserted in the texts the library reads. The same (in
 * English) when the login is posted before the app is there (a slow phone, or no JavaScript): the
 * server signs in with the session cookie, and the app takes that session on.
 * Screenshots `login-to-order-<language>-*.png`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import accounts from '../apps/web/src/locales/en/accounts.json' with { type: 'json' };
import books from '../apps/web/src/locales/en/books.json' with { type: 'json' };
import ordering from '../apps/web/src/locales/en/ordering.json' with { type: 'json' };
import guAccounts from '../apps/web/src/locales/gu/accounts.json' with { type: 'json' };
import guBooks from '../apps/web/src/locales/gu/books.json' with { type: 'json' };
import guOrdering from '../apps/web/src/locales/gu/ordering.json' with { type: 'json' };
import hiAccounts from '../apps/web/src/locales/hi/accounts.json' with { type: 'json' };
import hiBooks from '../apps/web/src/locales/hi/books.json' with { type: 'json' };
import hiOrdering from '../apps/web/src/locales/hi/ordering.json' with { type: 'json' };
import { apiCall, apiToken } from './support/api.js';
import { snap } from './support/browser.js';
import { newPage, useJourney } from './support/session.js';
import { PHONE, appLive } from './support/ui.js';

const LIBRARY = { email: 'library@demo.jsbn', password: 'Demo@1234' };

/** The screen texts of each interface language, and the browser's locale that asks for it. */
const CATALOGUES = {
  gu: { accounts: guAccounts, books: guBooks, ordering: guOrdering, locale: 'gu-IN' },
  hi: { accounts: hiAccounts, books: hiBooks, ordering: hiOrdering, locale: 'hi-IN' },
  en: { accounts, books, ordering, locale: 'en-US' },
};
type Language = keyof typeof CATALOGUES;
type Texts = Omit<(typeof CATALOGUES)['en'], 'locale'>;

const journey = useJourney('login-to-order-', { serverLogOnFailure: true });
/** The demo catalogue's Kalpasutra as the API has it. */
let book: { jsbn: string; title: string; publisherId: number };

beforeAll(async () => {
  const found = (await (await fetch(`${journey.server.url}/api/book?queryString=Kalpasutra&limit=10`)).json()) as {
    data: { books: { jsbn_number: string; book_title: string; publisher: { id: number } }[] };
  };
  const first = found.data.books[0]!;
  book = { jsbn: first.jsbn_number, title: first.book_title, publisherId: first.publisher.id };
});

/** The cart's return address of the book's login: its publisher's books, the book in the cart, the confirmation open. */
const orderPath = () => `/publisher-wise-books/${book.publisherId}?book=${book.jsbn}&confirm=1`;

/**
 * The login page of 'Order Book as Library' names the book and has the Library tab chosen, in the
 * language of `texts`; fills in the library's account, once the app has taken the page over when `live`.
 */
async function fillLogin(page: Page, live: boolean, texts: Texts = CATALOGUES.en) {
  await page.waitForURL((url) => url.pathname === '/login');
  if (live) await appLive(page);
  const url = new URL(page.url());
  expect(url.searchParams.get('as')).toBe('library');
  expect(url.searchParams.get('next')).toBe(orderPath());
  await expect.poll(() => page.getByText(texts.accounts.login.forBook.replace('{{title}}', book.title)).isVisible()).toBe(true);
  expect(await page.getByRole('tab', { name: texts.accounts.login.libraryTab }).getAttribute('aria-selected')).toBe('true');
  await page.getByLabel(texts.accounts.fields.email, { exact: true }).fill(LIBRARY.email);
  await page.getByLabel(texts.accounts.fields.password, { exact: true }).fill(LIBRARY.password);
}

/** The library is on the publisher's books with the book in the cart and the confirmation open, naming the book, in the language of `texts`. */
async function expectConfirmation(page: Page, texts: Texts = CATALOGUES.en) {
  await page.waitForURL((url) => url.pathname === `/publisher-wise-books/${book.publisherId}`);
  const dialog = page.getByRole('dialog', { name: texts.ordering.bar.confirmTitle });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await expect.poll(() => dialog.innerText()).toContain(book.title);
  expect(await dialog.getByRole('button', { name: texts.ordering.bar.confirm }).isEnabled()).toBe(true);
  expect(await dialog.getByRole('button', { name: texts.ordering.bar.close }).isVisible()).toBe(true);
}

/** Sets the demo library's account language to `lng`: the language it works in once signed in. */
async function libraryWorksIn(lng: Language) {
  const token = await apiToken(journey.server.url, LIBRARY, 'LIBRARY');
  const saved = await apiCall(journey.server.url, '/user/language', { token, method: 'PUT', body: { preferred_language: lng } });
  expect(saved.status).toBe(200);
}

describe("'Order Book as Library' on a phone", () => {
  // English last: the library's account is left working in English for step 2
  for (const lng of ['gu', 'hi', 'en'] as const) {
    it(`1. ${lng}: the login names the book, and signing in opens the confirmation of its order`, async () => {
      const texts = CATALOGUES[lng];
      await libraryWorksIn(lng);
      const page = await newPage(journey.browser, journey.contexts, { width: PHONE.width, locale: texts.locale });
      await page.goto(`${journey.server.url}/jsbn/${book.jsbn}`);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lng);
      await page.getByRole('link', { name: texts.books.detail.orderAsLibrary }).click();
      await fillLogin(page, true, texts);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lng);
      await snap(page, `login-to-order-${lng}-login-390`);
      await page.getByRole('button', { name: texts.accounts.login.submit, exact: true }).click();
      await expectConfirmation(page, texts);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lng);
      await snap(page, `login-to-order-${lng}-confirm-390`);
    });
  }

  it('2. a login posted before the app is there signs in by the cookie, and the app takes the session on', async () => {
    // the form posted by the browser itself: the server signs in and sends the library on
    const plain = await newPage(journey.browser, journey.contexts, { width: PHONE.width, javaScript: false });
    await plain.goto(`${journey.server.url}/jsbn/${book.jsbn}`);
    await plain.getByRole('link', { name: books.detail.orderAsLibrary }).click();
    await fillLogin(plain, false);
    await plain.getByRole('button', { name: accounts.login.submit, exact: true }).click();
    await plain.waitForURL(`${journey.server.url}${orderPath()}`);
    // the same browser, its JavaScript now running: the cart with the book, the confirmation open
    const state = await plain.context().storageState();
    const context = await journey.browser.newContext({ viewport: PHONE, storageState: state });
    journey.contexts.push(context);
    const page = await context.newPage();
    await page.goto(plain.url());
    await expectConfirmation(page);
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? 'null') as { modelType?: string } | null),
    ).toMatchObject({
      modelType: 'LIBRARY',
    });
  });
});
