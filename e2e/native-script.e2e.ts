/**
 * Gujarati and Hindi screens say nothing in English: the main screens of a visitor, a library
 * and a publisher, walked on a phone (390 px) in Gujarati and in Hindi, show no word in Latin
 * letters — in their text, nor in what assistive technology reads (aria-label, placeholder,
 * aria-roledescription, title, alt) — but the allowed ones: the product's identifiers and the names of formats
 * (JSBN, PDF, QR, Excel, MARC21 …, docs/glossary.md), e-mail addresses, order numbers and
 * JSBNs, language names written in themselves, and data people typed or the catalogue holds
 * (titles, names, addresses, places), read from the API's replies by field. Screenshots go to
 * e2e/artifacts/native-<lng>-<screen>.png.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatJsbn } from '@jsbn/shared';
import gu from '../apps/web/src/locales/gu/common.json' with { type: 'json' };
import hi from '../apps/web/src/locales/hi/common.json' with { type: 'json' };
import guBooks from '../apps/web/src/locales/gu/books.json' with { type: 'json' };
import hiBooks from '../apps/web/src/locales/hi/books.json' with { type: 'json' };
import { snap } from './support/browser.js';
import { latinWords, shownText } from './support/native.js';
import { newPage as openPage, useJourney } from './support/session.js';
import { PHONE, appLive, settle } from './support/ui.js';

const journey = useJourney('failed-native-');
const { contexts } = journey;

/** Fields of the API's replies that hold data people typed or the catalogue holds (not lookups). */
const DATA_FIELDS = new Set([
  'book_title',
  'book_e_title',
  'alternate_title',
  'book_alt_subtitle',
  'other_subject',
  'other_type',
  'tags',
  'contents',
  'part',
  'author_name',
  'authorname',
  'publisher_name',
  'publisherName',
  'name',
  'library_name',
  'address',
  'city_name',
  'state_name',
  'sanchalak_name',
  'sanchalak_address',
  'letter_text',
  'letterText',
  'email',
]);

/** Every string under a data field of `value`, however deep. */
function dataStrings(value: unknown, field = '', into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (DATA_FIELDS.has(field) && /[A-Za-z]/.test(value)) for (const part of [value, ...value.split(/,\s*/)]) into.add(part.trim());
  } else if (Array.isArray(value)) {
    for (const item of value) dataStrings(item, field, into);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) dataStrings(inner, key, into);
  }
  return into;
}

/** GET `path` of the API (as `token`'s account when given) → its JSON. */
async function api(path: string, token?: string): Promise<unknown> {
  const response = await fetch(`${journey.server.url}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(response.ok, path).toBe(true);
  return response.json();
}

/** Logs `email` in through the API; its session is put in the page's storage before any script runs. */
async function signIn(page: Page, email: string, modelType: 'PUBLISHER' | 'LIBRARY'): Promise<string> {
  const response = await fetch(`${journey.server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo@1234', modelType }),
  });
  const token = ((await response.json()) as { data: { accessToken: { access_token: string } } }).data.accessToken.access_token;
  const user = ((await api('/user/me', token)) as { data: unknown }).data;
  await page.addInitScript(
    ([authToken, userData]) => {
      localStorage.setItem('authToken', authToken);
      localStorage.setItem('userData', userData);
    },
    [token, JSON.stringify(user)] as const,
  );
  return token;
}

interface Screen {
  name: string;
  path: string;
  /** Opens what the screen hides behind a click (a dialog, the drawer). */
  open?: (page: Page) => Promise<void>;
}

/** Opens the first row's details (a dialog) and waits until it has faded in. */
const openFirstDetails = (button: (page: Page) => ReturnType<Page['locator']>) => async (page: Page) => {
  await button(page).first().click();
  await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
  await expect.poll(() => page.locator('.MuiDialog-container').evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  await settle(page);
};
/** Opens the QR page's 'Report a mistake in this book' form. */
const openReport = (lng: 'gu' | 'hi') => async (page: Page) => {
  await page.getByRole('button', { name: { gu: guBooks, hi: hiBooks }[lng].report.open }).click();
  await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
  await expect.poll(() => page.locator('.MuiDialog-container').evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  await settle(page);
};
/** Opens the menu drawer of a phone. */
const openDrawer = (lng: 'gu' | 'hi') => async (page: Page) => {
  // a link to the footer's menu until the app is there (decision 078): the drawer is the app's
  await appLive(page);
  await page.getByRole('link', { name: { gu, hi }[lng].layout.openMenu }).click();
  await expect.poll(() => page.getByRole('list', { name: { gu, hi }[lng].language.label }).isVisible()).toBe(true);
};

/** Walks `screens` at 390 px in `lng` and returns the Latin words each shows. */
async function walk(page: Page, lng: string, who: string, screens: Screen[], data: Set<string>): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const screen of screens) {
    await page.goto(`${journey.server.url}${screen.path}`);
    await settle(page);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lng);
    if (screen.open) await screen.open(page);
    await snap(page, `native-${lng}-${who}-${screen.name}`);
    const words = latinWords(await shownText(page), data);
    if (words.length) found[`${who} ${screen.name}`] = words;
  }
  return found;
}

describe.each(['gu', 'hi'] as const)('the screens in %s', (lng) => {
  let data: Set<string>;
  let jsbn: string;

  beforeAll(async () => {
    // what the catalogue and the directories hold, read as a visitor
    const books = (await api('/book?pageNo=1&limit=all')) as { data: { books: { jsbn_number: string }[] } };
    jsbn = formatJsbn(books.data.books[0]!.jsbn_number);
    data = dataStrings([
      books,
      await api(`/book/listing/jsbn/${jsbn}`),
      await api('/publisher?pageNo=1&limit=all'),
      await api('/library?pageNo=1&limit=all'),
    ]);
  });

  const phonePage = async () => {
    const page = await openPage(journey.browser, contexts, { width: PHONE.width });
    await page.setViewportSize(PHONE);
    await page.addInitScript((language) => localStorage.setItem('jsbn.language', language), lng);
    return page;
  };

  it("shows a visitor's screens with no English word", async () => {
    const page = await phonePage();
    const found = await walk(
      page,
      lng,
      'visitor',
      [
        { name: 'landing', path: '/' },
        { name: 'menu', path: '/', open: openDrawer(lng) },
        { name: 'search', path: '/search-a-book' },
        { name: 'qr-page', path: `/jsbn/${jsbn}` },
        { name: 'report', path: `/jsbn/${jsbn}`, open: openReport(lng) },
        { name: 'publishers', path: '/publishers' },
        { name: 'libraries', path: '/libraries' },
        { name: 'about', path: '/about' },
        { name: 'faq', path: '/faq' },
        { name: 'login', path: '/login' },
        { name: 'publisher-register', path: '/publisher-register' },
      ],
      data,
    );
    expect(found).toEqual({});
  });

  /** The Latin words on `screens` of the signed-in `email`, its own data (profile, orders) allowed too. */
  const walkAs = async (email: string, role: 'LIBRARY' | 'PUBLISHER', screens: Screen[]) => {
    const page = await phonePage();
    const token = await signIn(page, email, role);
    const mine = dataStrings([await api('/user/me', token), await api('/book/order-book?pageNo=1&limit=all', token)]);
    return walk(page, lng, role.toLowerCase(), screens, new Set([...data, ...mine]));
  };

  it("shows a library's screens with no English word", async () => {
    const found = await walkAs('library@demo.jsbn', 'LIBRARY', [
      { name: 'dashboard', path: '/' },
      { name: 'track-orders', path: '/orders' },
      {
        name: 'order-details',
        path: '/orders',
        open: openFirstDetails((screen) => screen.locator('tbody tr').first().getByRole('button')),
      },
      { name: 'recently-published', path: '/new-published-books' },
      { name: 'publisher-wise', path: '/publisher-wise-books' },
      { name: 'completed', path: '/generated-letters' },
      { name: 'letter-format', path: '/customize-letter-format' },
    ]);
    expect(found).toEqual({});
  });

  it("shows a publisher's screens with no English word", async () => {
    const found = await walkAs('jinvani@demo.jsbn', 'PUBLISHER', [
      { name: 'dashboard', path: '/' },
      { name: 'received-orders', path: '/booked-orders' },
      {
        name: 'order-details',
        path: '/booked-orders',
        open: openFirstDetails((screen) => screen.locator('tbody tr').first().getByRole('button')),
      },
      { name: 'my-books', path: '/my-books' },
      { name: 'book-form', path: '/new-book-reg' },
      { name: 'register-many', path: '/my-books/register-many' },
      { name: 'libraries', path: '/list-of-libraries' },
      { name: 'edit-profile', path: '/edit-profile' },
    ]);
    expect(found).toEqual({});
  });
});
