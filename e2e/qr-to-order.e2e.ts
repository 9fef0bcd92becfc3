/**
 * From a book's QR code to an order, on a 390 × 844 phone, in Gujarati, in Hindi and in English
 * (decision 029): a visitor opens the page a QR code opens, shares it (the page's link, through
 * the phone's share sheet — stubbed here to catch what it is given — and through the share dialog
 * where there is none), taps 'Order Book as Library', meets the wrong tab's message, signs in on
 * the Library tab and lands on the book's order, its confirmation open (decision 066), back on the
 * book 'Order This Book' keeps the book in the cart, the
 * confirm dialog says '1 order to <publisher>' with the price, the library orders; the publisher
 * accepts and dispatches it with Delhivery; the library's card shows the courier and the tracking
 * link, and Order Details shows every amount on screen. Every control a finger uses on these
 * screens is at least 44 × 44 px. Screenshots of each step at 390 px (the key ones at 1366 px)
 * go to e2e/artifacts/qr-<language>-*.png.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import enAccounts from '../apps/web/src/locales/en/accounts.json' with { type: 'json' };
import enBooks from '../apps/web/src/locales/en/books.json' with { type: 'json' };
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import enOrdering from '../apps/web/src/locales/en/ordering.json' with { type: 'json' };
import enOrders from '../apps/web/src/locales/en/orders.json' with { type: 'json' };
import guAccounts from '../apps/web/src/locales/gu/accounts.json' with { type: 'json' };
import guBooks from '../apps/web/src/locales/gu/books.json' with { type: 'json' };
import guCommon from '../apps/web/src/locales/gu/common.json' with { type: 'json' };
import guOrdering from '../apps/web/src/locales/gu/ordering.json' with { type: 'json' };
import guOrders from '../apps/web/src/locales/gu/orders.json' with { type: 'json' };
import hiAccounts from '../apps/web/src/locales/hi/accounts.json' with { type: 'json' };
import hiBooks from '../apps/web/src/locales/hi/books.json' with { type: 'json' };
import hiCommon from '../apps/web/src/locales/hi/common.json' with { type: 'json' };
import hiOrdering from '../apps/web/src/locales/hi/ordering.json' with { type: 'json' };
import hiOrders from '../apps/web/src/locales/hi/orders.json' with { type: 'json' };
import guMessages from '../packages/shared/src/locales/gu/messages.json' with { type: 'json' };
import hiMessages from '../packages/shared/src/locales/hi/messages.json' with { type: 'json' };
import { snap } from './support/browser.js';
import { newPage, useJourney } from './support/session.js';
import { PHONE, appLive, expectFingerTargets, ordersOpened, settle, toast, transitionsDone } from './support/ui.js';

const CATALOGUES = {
  en: {
    accounts: enAccounts,
    books: enBooks,
    common: enCommon,
    ordering: enOrdering,
    orders: enOrders,
    messages: {} as Record<string, string>,
    locale: 'en-US',
  },
  gu: {
    accounts: guAccounts,
    books: guBooks,
    common: guCommon,
    ordering: guOrdering,
    orders: guOrders,
    messages: guMessages as Record<string, string>,
    locale: 'gu-IN',
  },
  hi: {
    accounts: hiAccounts,
    books: hiBooks,
    common: hiCommon,
    ordering: hiOrdering,
    orders: hiOrders,
    messages: hiMessages as Record<string, string>,
    locale: 'hi-IN',
  },
};
type Language = keyof typeof CATALOGUES;

const LIBRARY = { email: 'library@demo.jsbn', password: 'Demo@1234', name: 'Shri Hemchandracharya Gyan Bhandar' };
const PUBLISHER = { email: 'publisher@demo.jsbn', password: 'Demo@1234', name: 'Shri Jain Sahitya Prakashan Trust' };
/** The demo catalogue's Kalpasutra: priced ₹250.00, published by the Ahmedabad trust. */
const BOOK = { english: 'Kalpasutra', price: '₹250.00' };
const WRONG_TAB = 'This e-mail belongs to a library account. Choose the Library Login tab.';
const POSTAGE = { typed: '60', shown: '₹60.00', total: '₹310.00' };

/** `template` with its `{{variables}}` filled in. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => String(values[name]));

const journey = useJourney('failed-qr-', { serverLogOnFailure: true });
const { contexts } = journey;
/** The book as the API has it: its JSBN, title and publisher id. */
let book: { jsbn: string; title: string; publisherId: number };
/** Another book of its publisher, on the first page of the publisher's books (newest first), and how many it has. */
let otherBook: { title: string; total: number };

beforeAll(async () => {
  const found = (await (await fetch(`${journey.server.url}/api/book?queryString=${BOOK.english}&limit=10`)).json()) as {
    data: { books: { jsbn_number: string; book_title: string; publisher: { id: number } }[] };
  };
  const first = found.data.books[0]!;
  book = { jsbn: first.jsbn_number, title: first.book_title, publisherId: first.publisher.id };
  const ofPublisher = (await (
    await fetch(`${journey.server.url}/api/book/publisher/${book.publisherId}?limit=20&sortedField=createdAt&sortedOrder=desc`)
  ).json()) as { data: { books: { book_title: string }[]; total: number } };
  const other = ofPublisher.data.books.find((one) => one.book_title !== book.title)!;
  otherBook = { title: other.book_title, total: ofPublisher.data.total };
});

/** Logs in through the API; returns the access token. */
async function apiToken(account: { email: string; password: string }, modelType: 'LIBRARY' | 'PUBLISHER'): Promise<string> {
  const reply = await fetch(`${journey.server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, modelType }),
  });
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { data: { accessToken: { access_token: string } } }).data.accessToken.access_token;
}

/** Signs `page` in as `account` through the API (the session the login page would keep). */
async function signIn(page: Page, account: { email: string; password: string }, modelType: 'LIBRARY' | 'PUBLISHER') {
  const token = await apiToken(account, modelType);
  const me = (await (await fetch(`${journey.server.url}/api/user/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    data: unknown;
  };
  await page.goto(`${journey.server.url}/about`);
  await page.evaluate(
    ([authToken, user]) => {
      localStorage.setItem('authToken', authToken);
      localStorage.setItem('userData', JSON.stringify(user));
    },
    [token, me.data] as const,
  );
}

/** The box of `locator` lies inside the phone's screen (after scrolling it into view when `scroll`). */
async function expectOnScreen(page: Page, locator: Locator, what: string, scroll = true) {
  if (scroll) await locator.scrollIntoViewIfNeeded();
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box, what).not.toBeNull();
  expect(
    [box.x >= 0, box.x + box.width <= viewport.width + 0.5, box.y >= 0, box.y + box.height <= viewport.height + 0.5],
    `${what}: ${JSON.stringify(box)}`,
  ).toEqual([true, true, true, true]);
}

/** Nothing on the page scrolls sideways. */
const expectNoSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

/** The whole page from its top (the sticky app bar where it belongs), saved as e2e/artifacts/<name>.png. */
async function snapPage(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

/**
 * No toast left on screen (they hide after a few seconds), for a picture of what is under them.
 * The pointer leaves the screen's corner first: a toast under it (the phone's toasts come in at
 * the bottom, where the last button tapped was) waits for it to leave, as notistack's do for a
 * reader's mouse.
 */
async function toastsGone(page: Page) {
  await page.mouse.move(0, 0);
  await expect.poll(() => page.locator('#notistack-snackbar').count(), { timeout: 15_000 }).toBe(0);
}

/** `page` at 1366 × 900 saved as qr-<name>-1366.png, then back on the phone. */
async function shootWide(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await settle(page);
  await snap(page, `${name}-1366`);
  await page.setViewportSize(PHONE);
  await settle(page);
}

describe.each(['gu', 'hi', 'en'] as const)('from a QR code to an order on a phone, in %s', (lng: Language) => {
  const { accounts, books, common, ordering, orders, messages, locale } = CATALOGUES[lng];
  const say = (english: string) => messages[english] ?? english;
  const shot = (name: string) => `qr-${lng}-${name}`;
  /** A tracking id of this run's parcel. */
  const trackingId = `${{ gu: 1, hi: 2, en: 3 }[lng]}234567890123`;
  let visitor: Page;
  let publisher: Page;
  let orderId = '';

  beforeAll(async () => {
    // a Gyan Bhandar working in this language: its account's language is this one
    const token = await apiToken(LIBRARY, 'LIBRARY');
    const saved = await fetch(`${journey.server.url}/api/user/language`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ preferred_language: lng }),
    });
    expect(saved.status).toBe(200);
  });

  it('1. the page a QR code opens shows the book first, without empty facts or codes, every control a finger wide', async () => {
    visitor = await newPage(journey.browser, contexts, { width: PHONE.width, locale, clipboardOrigin: journey.server.url });
    await visitor.setViewportSize(PHONE);
    // the phone's own share sheet, caught to see what it is given
    await visitor.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData[] }).shared = [...((window as unknown as { shared?: ShareData[] }).shared ?? []), data];
          return Promise.resolve();
        },
      });
      Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => true });
    });
    const page = visitor;
    await page.goto(`${journey.server.url}/jsbn/${book.jsbn}`);
    await expect.poll(() => page.getByRole('heading', { name: fill(books.detail.title, { jsbn: book.jsbn }) }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lng);
    await settle(page);
    // the first screen is about the book: its title, authors, publisher, language, price and the order buttons
    const summary = page.getByTestId('book-summary');
    for (const [what, locator] of [
      ['title', page.getByRole('heading', { name: book.title, exact: true })],
      ['authors', summary.getByText(books.detail.facts.authors, { exact: true })],
      ['publisher', summary.getByText(PUBLISHER.name, { exact: true })],
      ['language', summary.getByText(books.detail.facts.language, { exact: true })],
      ['price', summary.getByText(BOOK.price, { exact: true })],
      ['order as library', page.getByRole('link', { name: books.detail.orderAsLibrary })],
      ['order as reader', page.getByRole('link', { name: books.detail.orderAsReader })],
      ['share', page.getByRole('link', { name: books.detail.shareBook })],
    ] as const) {
      await expectOnScreen(page, locator, what, false);
    }
    // facts the book lacks are not rows here; the swaroop without its code; no 'Published: No' beside a year
    const facts = page.getByTestId('book-facts');
    await expect.poll(() => facts.getByText(books.detail.facts.swaroop, { exact: true }).isVisible()).toBe(true);
    const text = (await summary.innerText()) + (await facts.innerText());
    expect(text).not.toContain(common.value.empty);
    expect(text).not.toContain('N/A');
    expect(text).not.toMatch(/AGM1|\b[A-Z]{3}\d\b/);
    for (const absent of [books.detail.facts.published, books.detail.facts.part, books.detail.facts.tags, books.detail.facts.original])
      expect(await facts.getByText(absent, { exact: true }).count(), absent).toBe(0);
    // a book without a PDF offers no PDF actions
    expect(await page.getByTestId('download-pdf').count()).toBe(0);
    await snapPage(page, shot('01-book-390'));
    await expectNoSidewaysScroll(page);
    await expectFingerTargets(page, 'the QR page');
    await shootWide(page, shot('01-book'));
  });

  it('2. Share shares the page link with its title — the share sheet, or the dialog with the page first', async () => {
    const page = visitor;
    const pageUrl = `${journey.server.url}/jsbn/${book.jsbn}`;
    // before the app is there, Share is a WhatsApp link (decision 066); once a touch or the pointer
    // has woken the app and it has taken the page over, it opens the phone's share sheet
    await appLive(page);
    expect(decodeURIComponent((await page.getByRole('link', { name: books.detail.shareBook }).getAttribute('href'))!)).toContain(pageUrl);
    await page.getByRole('link', { name: books.detail.shareBook }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData[] }).shared ?? []))
      .toEqual([{ title: book.title, text: `${book.title} — JSBN ${book.jsbn}`, url: pageUrl }]);

    // a browser without a share sheet: the share dialog — the page's address, written out whole
    // within the screen, one 'Copy link' and one WhatsApp link
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { configurable: true, value: undefined }));
    await page.getByRole('link', { name: books.detail.shareBook }).click();
    const dialog = page.getByRole('dialog', { name: fill(books.share.title, { what: book.title }) });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const address = dialog.getByTestId('share-address');
    expect(await address.textContent()).toBe(pageUrl);
    await expectOnScreen(page, address, 'the address');
    expect(await dialog.getByRole('textbox').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: books.share.copy, exact: true }).count()).toBe(1);
    expect(await dialog.getByRole('link').count()).toBe(1);
    expect(decodeURIComponent((await dialog.getByRole('link', { name: books.share.whatsapp }).getAttribute('href'))!)).toBe(
      `https://wa.me/?text=${book.title} — JSBN ${book.jsbn}\n${pageUrl}`,
    );
    expect(await dialog.innerText()).not.toContain('/api/');
    await dialog.getByRole('button', { name: books.share.copy, exact: true }).click();
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe(books.share.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);
    await transitionsDone(page); // the dialog's entrance, for the picture
    await snap(page, shot('02-share-dialog-390'), { screen: true });
    await expectFingerTargets(page, 'the share dialog');
    // the dialog over the page at 1366 px, as the screen shows it
    await page.setViewportSize({ width: 1366, height: 900 });
    await transitionsDone(page);
    await snap(page, shot('02-share-dialog-1366'), { screen: true });
    await page.setViewportSize(PHONE);
    await dialog.getByRole('button', { name: books.share.close }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it("2b. the publisher's name is a link to its page of books, rendered by the server; its PDFs say they are PDFs", async () => {
    const page = visitor;
    const publisherPage = `/publishers/${book.publisherId}`;
    const summary = page.getByTestId('book-summary');
    const named = summary.getByRole('link', { name: PUBLISHER.name, exact: true });
    expect(await named.getAttribute('href')).toBe(publisherPage);
    // the publisher's box names it with the same link, and its downloads are PDFs
    const box = page.getByRole('region', { name: PUBLISHER.name });
    expect(await box.getByRole('heading', { name: PUBLISHER.name }).getByRole('link').getAttribute('href')).toBe(publisherPage);
    for (const label of [books.detail.publisher.info, books.detail.publisher.bookList, books.detail.publisher.catalogue])
      expect(await box.getByRole('button', { name: label, exact: true }).count(), label).toBe(1);
    expect(books.detail.publisher.bookList).toMatch(/\(PDF\)$/);
    // on a phone its other books are a short list, with the link to all of them
    const more = page.getByTestId('publisher-carousel');
    const all = more.getByRole('link', { name: fill(books.carousel.all, { count: otherBook.total, publisher: PUBLISHER.name }) });
    expect(await all.getAttribute('href')).toBe(publisherPage);
    await expectOnScreen(page, all, 'all the books of the publisher');
    expect(await more.getByRole('button', { name: books.carousel.next }).isVisible()).toBe(false);

    // the page is all there before any script: the server renders it in the visitor's language
    const html = await (await fetch(`${journey.server.url}${publisherPage}?lang=${lng}`)).text();
    expect(html).toContain('data-server-made');
    expect(html).toContain(`<html lang="${lng}"`);
    expect(html).toContain(otherBook.title);

    await named.scrollIntoViewIfNeeded();
    await named.click();
    await page.waitForURL(`${journey.server.url}${publisherPage}`);
    const heading = page.getByRole('heading', { name: fill(books.publisherPage.title, { name: PUBLISHER.name }), level: 1 });
    await expect.poll(() => heading.isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: otherBook.title, exact: true }).isVisible()).toBe(true);
    await settle(page);
    await snapPage(page, shot('02b-publisher-page-390'));
    await expectNoSidewaysScroll(page);
    await expectFingerTargets(page, "the publisher's page");
    await shootWide(page, shot('02b-publisher-page'));
    await page.goBack();
    await expect.poll(() => page.getByRole('link', { name: books.detail.orderAsLibrary }).isVisible()).toBe(true);
  });

  it("3. 'Order Book as Library' opens the Library tab; the library's e-mail on the other tab says so; signing in opens the order of the book", async () => {
    const page = visitor;
    await page.getByRole('link', { name: books.detail.orderAsLibrary }).click();
    const next = `/publisher-wise-books/${book.publisherId}?book=${book.jsbn}&confirm=1`;
    await page.waitForURL(`${journey.server.url}/login?as=library&next=${encodeURIComponent(next)}`);
    // the login page names the book it is for (decision 066); the app takes the page over before the taps
    await expect.poll(() => page.getByText(fill(accounts.login.forBook, { title: book.title })).isVisible()).toBe(true);
    await appLive(page);
    const libraryTab = page.getByRole('tab', { name: accounts.login.libraryTab });
    await expect.poll(() => libraryTab.getAttribute('aria-selected')).toBe('true');
    await snapPage(page, shot('03-login-library-tab-390'));

    // on the Publisher tab the library's right password is told which tab to choose
    await page.getByRole('tab', { name: accounts.login.publisherTab }).click();
    await page.getByLabel(accounts.fields.email, { exact: true }).fill(LIBRARY.email);
    await page.getByLabel(accounts.fields.password, { exact: true }).fill(LIBRARY.password);
    await page.getByRole('button', { name: accounts.login.submit, exact: true }).click();
    await expect.poll(() => toast(page, say(WRONG_TAB)).isVisible()).toBe(true);
    if (lng !== 'en') expect(say(WRONG_TAB)).not.toBe(WRONG_TAB);
    await snap(page, shot('03-login-wrong-tab-390'), { screen: true });

    await libraryTab.click();
    await page.getByLabel(accounts.fields.email, { exact: true }).fill(LIBRARY.email);
    await page.getByLabel(accounts.fields.password, { exact: true }).fill(LIBRARY.password);
    await page.getByRole('button', { name: accounts.login.submit, exact: true }).click();
    // on to the book's order: the book in the cart, its confirmation open (decision 066)
    await page.waitForURL(`${journey.server.url}/publisher-wise-books/${book.publisherId}`);
    const confirmation = page.getByRole('dialog', { name: ordering.bar.confirmTitle });
    await expect.poll(() => confirmation.isVisible()).toBe(true);
    await expect.poll(() => confirmation.innerText()).toContain(book.title);
    await transitionsDone(page);
    await snap(page, shot('03-login-to-confirmation-390'), { screen: true });
    await confirmation.getByRole('button', { name: ordering.bar.close }).click();
    await expect.poll(() => confirmation.count()).toBe(0);
    await page.goto(`${journey.server.url}/jsbn/${book.jsbn}`);
    await expect.poll(() => page.getByRole('link', { name: books.detail.orderThis }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lng);
    expect(await page.getByRole('link', { name: books.detail.orderThis }).getAttribute('href')).toBe(
      `/publisher-wise-books/${book.publisherId}?book=${book.jsbn}`,
    );
    await settle(page);
    await snapPage(page, shot('03-back-on-the-book-390'));
  });

  it("4. 'Order This Book' arrives with the book in the cart, one copy, in view; the lists show prices", async () => {
    const page = visitor;
    await page.getByRole('link', { name: books.detail.orderThis }).click();
    await page.waitForURL(`${journey.server.url}/publisher-wise-books/${book.publisherId}`);
    const line = page.getByTestId('cart-line');
    await expect.poll(() => line.count()).toBe(1);
    expect(await line.innerText()).toContain(book.title);
    expect(await line.innerText()).toContain(BOOK.price);
    expect(await page.getByLabel(fill(ordering.bar.copiesOf, { title: book.title })).inputValue()).toBe('1');
    await expectOnScreen(page, line, 'the cart line', false);
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe(fill(ordering.bar.selected_one, { count: 1 }));
    // the list a library orders from: the price of each book, and what each control of a card is for
    const row = page.locator('tbody tr').filter({ hasText: book.jsbn });
    expect(await row.locator(`td[data-label="${ordering.columns.price}"]`).innerText()).toBe(BOOK.price);
    expect(
      await row
        .getByRole('group', { name: fill(ordering.want.label, { title: book.title }) })
        .getByRole('button', { name: ordering.want.yes })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await row.getByText(common.table.selectForExport).isVisible()).toBe(true);
    await settle(page);
    await snapPage(page, shot('04-cart-390'));
    await expectNoSidewaysScroll(page);
    await expectFingerTargets(page, "a publisher's books");
  });

  it("5. the confirm dialog says '1 order to <publisher>' with the price and the total; the library orders", async () => {
    const page = visitor;
    await page.getByRole('button', { name: ordering.bar.orderNow }).click();
    const confirm = page.getByRole('dialog', { name: ordering.bar.confirmTitle });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    const summary = fill(ordering.bar.summaryOne, {
      books: fill(ordering.bar.books_one, { count: 1 }),
      orders: fill(ordering.bar.orders_one, { count: 1 }),
      publisher: PUBLISHER.name,
    });
    expect(await confirm.getByTestId('order-summary').textContent()).toBe(summary);
    if (lng === 'en') expect(summary).toBe(`1 book → 1 order to ${PUBLISHER.name}`);
    expect(await confirm.getByTestId('cart-line-amount').textContent()).toBe(BOOK.price);
    expect(await confirm.getByText(fill(ordering.bar.lineCopies_one, { count: 1, price: BOOK.price })).isVisible()).toBe(true);
    expect(await confirm.getByTestId('cart-order-total').textContent()).toBe(BOOK.price);
    // the publisher registered today and is not verified yet: the library reads so before confirming
    await expect.poll(() => confirm.getByTestId('not-verified').textContent()).toBe(common.verified.notYet);
    await toastsGone(page);
    await snap(page, shot('05-confirm-order-390'), { screen: true });
    await expectFingerTargets(page, 'the confirm dialog');
    await shootWide(page, shot('05-confirm-order'));
    await confirm.getByRole('button', { name: ordering.bar.confirm }).click();
    await ordersOpened(page, journey.server.url);
    await expect.poll(() => page.getByRole('heading', { name: orders.titles.track }).isVisible()).toBe(true);
    const card = page.locator('tbody tr').filter({ hasText: PUBLISHER.name });
    await expect.poll(() => card.count()).toBe(1);
    orderId = /ORD-\d{6}/.exec(await card.innerText())![0];
    await settle(page);
    await snapPage(page, shot('05-ordered-390'));
    // the library's Pending list: the order, its publisher, state and amount on one card; no
    // selection or export on a phone; every target a finger's size
    expect(await card.getByRole('button', { name: fill(orders.actions.orderDetailsOf, { order: orderId }) }).innerText()).toContain(
      BOOK.price,
    );
    await expect.poll(() => page.getByRole('checkbox').count()).toBe(0);
    await toastsGone(page);
    await expectFingerTargets(page, 'Track Your Orders, Pending');
    await shootWide(page, shot('05-ordered'));
  });

  it('6. the publisher accepts the order and dispatches it with Delhivery, on a phone, from cards with one next action', async () => {
    publisher = await newPage(journey.browser, contexts, { width: PHONE.width, locale });
    await publisher.setViewportSize(PHONE);
    const page = publisher;
    await signIn(page, PUBLISHER, 'PUBLISHER');
    await page.goto(`${journey.server.url}/booked-orders`);
    await appLive(page);
    const card = () => page.locator('tbody tr').filter({ hasText: orderId });
    await expect.poll(() => card().count()).toBe(1);
    await settle(page);
    // the card's one next action is Accept; Partial Accept and Reject are in its More menu
    expect(await card().getByRole('button').allInnerTexts()).toEqual([expect.stringContaining(orderId), orders.actions.accept, '']);
    await snapPage(page, shot('06-requested-390'));
    await expectFingerTargets(page, 'Received Orders, Requested');
    await card()
      .getByRole('button', { name: fill(orders.actions.moreOf, { order: orderId }) })
      .click();
    const more = page.getByRole('menu');
    expect(await more.getByRole('menuitem').allInnerTexts()).toEqual([
      orders.actions.partialAccept,
      orders.actions.reject,
      common.details.libraryTitle,
    ]);
    await transitionsDone(page);
    await snap(page, shot('06-requested-more-390'), { screen: true });
    await expectFingerTargets(page, 'the More menu of an order');
    await page.keyboard.press('Escape');
    await expect.poll(() => more.count()).toBe(0);
    await transitionsDone(page);
    await shootWide(page, shot('06-requested'));
    await card().getByRole('button', { name: orders.actions.accept, exact: true }).click();
    const accept = page.getByRole('dialog', { name: common.confirm.title });
    await expect.poll(() => accept.getByText(orders.confirm.accept).isVisible()).toBe(true);
    await expectFingerTargets(page, 'the accept dialog');
    await accept.getByRole('button', { name: common.confirm.yes }).click();
    await expect.poll(() => accept.count()).toBe(0);

    await page.getByRole('tab', { name: orders.tabs.PUBLISHER.IN_PROGRESS }).click();
    await expect.poll(() => card().count()).toBe(1);
    await settle(page);
    await toastsGone(page);
    expect(await card().getByRole('button').allInnerTexts()).toEqual([expect.stringContaining(orderId), orders.actions.dispatch, '']);
    await snapPage(page, shot('06-preparing-390'));
    await expectFingerTargets(page, 'Received Orders, Preparing');
    await shootWide(page, shot('06-preparing'));
    await card().getByRole('button', { name: orders.actions.dispatch }).click();
    const dispatch = page.getByRole('dialog', { name: orders.dispatch.title });
    await dispatch.getByLabel(orders.courier.name).fill('Delhivery');
    await dispatch.getByLabel(orders.courier.tracking).fill(trackingId);
    await dispatch.getByLabel(fill(orders.dispatch.postage, { currency: 'INR' })).fill(POSTAGE.typed);
    await snap(page, shot('06-dispatch-390'), { screen: true });
    await expectFingerTargets(page, 'the dispatch dialog');
    await dispatch.getByRole('button', { name: orders.dispatch.submit, exact: true }).click();
    const sure = page.getByRole('dialog', { name: common.confirm.title }).filter({ hasText: orders.confirm.dispatch });
    await sure.getByRole('button', { name: common.confirm.yes }).click();
    await expect.poll(() => dispatch.count()).toBe(0);
    await page.getByRole('tab', { name: orders.tabs.PUBLISHER.DISPATCHED }).click();
    await expect.poll(() => card().count()).toBe(1);
  });

  it("7. the library's card shows the courier and a working tracking link, the tabs one row that scrolls", async () => {
    const page = visitor;
    await page.goto(`${journey.server.url}/orders`);
    await appLive(page);
    await expect.poll(() => page.getByRole('heading', { name: orders.titles.track }).isVisible()).toBe(true);
    // the five tabs are one row that scrolls sideways (not two rows), each a finger's height
    const tops = new Set<number>();
    for (const status of ['REQUESTED', 'IN_PROGRESS', 'DISPATCHED', 'COMPLETED', 'CANCELLED'] as const) {
      const box = (await page.getByRole('tab', { name: orders.tabs.LIBRARY[status], exact: true }).boundingBox())!;
      tops.add(Math.round(box.y));
      expect(box.height, status).toBeGreaterThanOrEqual(44);
    }
    expect(tops.size).toBe(1);
    await page.getByRole('tab', { name: orders.tabs.LIBRARY.DISPATCHED }).click();
    // the chosen tab is scrolled into sight
    await expect
      .poll(async () => {
        const box = (await page.getByRole('tab', { name: orders.tabs.LIBRARY.DISPATCHED, exact: true }).boundingBox())!;
        return box.x >= 0 && box.x + box.width <= PHONE.width;
      })
      .toBe(true);
    const card = page.locator('tbody tr').filter({ hasText: orderId });
    await expect.poll(() => card.count()).toBe(1);
    const courier = card.getByTestId('courier-cell');
    expect(await courier.getByText('Delhivery', { exact: true }).isVisible()).toBe(true);
    const track = courier.getByRole('link', { name: fill(orders.courier.trackOn, { id: trackingId, courier: 'Delhivery' }) });
    expect(await track.getAttribute('href')).toBe(`https://www.delhivery.com/track/package/${trackingId}`);
    expect(await track.getAttribute('target')).toBe('_blank');
    expect(await track.textContent()).toBe(trackingId);
    await settle(page);
    await snapPage(page, shot('07-dispatched-390'));
    await expectOnScreen(page, track, 'the tracking link');
    await snap(page, shot('07-dispatched-card-390'), { screen: true });
    await expectNoSidewaysScroll(page);
    await expectFingerTargets(page, 'Track Your Orders');
    // on a computer the table's row ends with 'Received?' on screen, not past its right edge
    await page.setViewportSize({ width: 1366, height: 900 });
    const yes = card
      .getByRole('group', { name: fill(orders.actions.receivedOrder, { order: orderId }) })
      .getByRole('button', { name: orders.actions.yes });
    await expect.poll(() => yes.isVisible()).toBe(true);
    await expectOnScreen(page, yes, "'Received?' at 1366 px", false);
    await shootWide(page, shot('07-dispatched'));
  });

  it('8. Order Details shows every amount of the order on screen, nothing sideways', async () => {
    const page = visitor;
    await page
      .locator('tbody tr')
      .filter({ hasText: orderId })
      .getByRole('button', { name: fill(orders.actions.orderDetailsOf, { order: orderId }) })
      .click();
    const details = page.getByRole('dialog', { name: orders.details.title });
    await expect.poll(() => details.isVisible()).toBe(true);
    const amounts = details.getByTestId('order-amount');
    expect(await amounts.allTextContents()).toEqual([BOOK.price, POSTAGE.shown, POSTAGE.total]);
    for (const [index, amount] of (await amounts.all()).entries()) await expectOnScreen(page, amount, `amount ${index + 1}`);
    const price = details.locator(`td[data-label="${orders.details.price}"]`);
    await expectOnScreen(page, price, 'the price');
    // the dialog's content does not scroll sideways either
    expect(await details.locator('.MuiDialogContent-root').evaluate((content) => content.scrollWidth <= content.clientWidth)).toBe(true);
    await details.locator('.MuiDialogContent-root').evaluate((content) => content.scrollTo(0, 0));
    await transitionsDone(page);
    await snap(page, shot('08-order-details-390'), { screen: true });
    await expectFingerTargets(page, 'Order Details');
    await expectNoSidewaysScroll(page);
    await shootWide(page, shot('08-order-details'));
    await details.getByRole('button', { name: orders.details.close }).click();
  });

  it('9. search and the list of publishers are finger-sized too', async () => {
    const page = visitor;
    await page.goto(`${journey.server.url}/publisher-wise-books`);
    await expect.poll(() => page.getByRole('heading', { name: ordering.pages.publisherWise }).isVisible()).toBe(true);
    await settle(page);
    await snapPage(page, shot('09-publisher-wise-390'));
    await expectNoSidewaysScroll(page);
    await expectFingerTargets(page, 'Publisher Wise Books');

    const reader = await newPage(journey.browser, contexts, { width: PHONE.width, locale });
    await reader.setViewportSize(PHONE);
    await reader.goto(`${journey.server.url}/search-a-book?query=${BOOK.english}`);
    await expect.poll(() => reader.getByTestId('book-card').first().isVisible()).toBe(true);
    await settle(reader);
    await snapPage(reader, shot('09-search-390'));
    await expectNoSidewaysScroll(reader);
    await expectFingerTargets(reader, 'search');
    await reader
      .getByRole('button', { name: fill(books.card.detailsOf, { title: book.title }) })
      .first()
      .click();
    await expect.poll(() => reader.getByRole('dialog').isVisible()).toBe(true);
    await transitionsDone(reader);
    await expectFingerTargets(reader, 'the Book details dialog');
  });
});
