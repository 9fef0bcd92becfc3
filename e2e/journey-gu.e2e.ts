/**
 * The main job once more, all in Gujarati, in a browser whose language is Gujarati — a
 * publisher registers (and first meets the form's messages in Gujarati), requests a JSBN, a
 * library registers and orders, the publisher accepts and dispatches, the library receives.
 * Headings, buttons and messages are asserted in Gujarati (from the catalogues a translator
 * edits, and a few written out here); screenshots at 390 and 1366 px go to e2e/artifacts/.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { MSG } from '@jsbn/shared';
import accounts from '../apps/web/src/locales/gu/accounts.json' with { type: 'json' };
import bookForm from '../apps/web/src/locales/gu/bookForm.json' with { type: 'json' };
import books from '../apps/web/src/locales/gu/books.json' with { type: 'json' };
import common from '../apps/web/src/locales/gu/common.json' with { type: 'json' };
import ordering from '../apps/web/src/locales/gu/ordering.json' with { type: 'json' };
import orders from '../apps/web/src/locales/gu/orders.json' with { type: 'json' };
import messages from '../packages/shared/src/locales/gu/messages.json' with { type: 'json' };
import lookups from '../packages/shared/src/locales/gu/lookups.json' with { type: 'json' };
import { outboxCode, snap } from './support/browser.js';
import { newPage as openPage, useJourney } from './support/session.js';
import { PHONE, appLive, ordersOpened, pick, pickTyped, settle, toast } from './support/ui.js';

const PUBLISHER = { email: 'prakashan-gu@example.test', password: 'Prakashan@2026', name: 'શ્રી જૈન પ્રકાશન મંદિર', no: 'GUJPM' };
const LIBRARY = { email: 'bhandar-gu@example.test', password: 'Bhandar@2026', name: 'શ્રી હેમચંદ્રાચાર્ય જ્ઞાન ભંડાર' };
const BOOK = { title: 'શ્રી દશવૈકાલિક સૂત્ર', english: 'Shri Dashvaikalik Sutra', author: 'શય્યંભવસૂરિ' };

/** `template` of a catalogue with its `{{variables}}` filled in. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => String(values[name]));
/** The Gujarati of a shared message (the spec's English is its key). */
const say = (english: string) => (messages as Record<string, string>)[english] ?? english;

const journey = useJourney('failed-gu-');
const { contexts } = journey;
const newPage = (width = 1366) => openPage(journey.browser, contexts, { width, locale: 'gu-IN', downloads: true });

/** Saves the page at 1366 and 390 px as gu-<name>-<width>.png, leaving it at 1366 px. */
async function shootBoth(page: Page, name: string) {
  for (const width of [PHONE.width, 1366]) {
    await page.setViewportSize({ width, height: width === PHONE.width ? PHONE.height : 900 });
    await settle(page);
    await snap(page, `gu-${name}-${width}`);
  }
}

/** The one-time-code step in Gujarati. */
async function verifyGu(page: Page, email: string) {
  await expect.poll(() => page.getByRole('heading', { name: accounts.otp.title }).isVisible()).toBe(true);
  await page.getByLabel(accounts.fields.otp).fill(await outboxCode(journey.server.url, email));
  await page.getByRole('button', { name: accounts.otp.verify, exact: true }).click();
  // the code signs the new account in: its home page (decision 072)
  await page.waitForURL(`${journey.server.url}/`);
}

describe('the main job, in Gujarati', () => {
  let publisherPage: Page;
  let libraryPage: Page;
  let jsbn = '';

  it('1. a publisher registers in Gujarati, meeting the form messages in Gujarati first', async () => {
    publisherPage = await newPage();
    const page = publisherPage;
    await page.goto(`${journey.server.url}/publisher-register`);
    // the browser speaks Gujarati: so does the site, from the first visit
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('gu');
    await expect.poll(() => page.getByRole('heading', { name: 'પ્રકાશકની નોંધણી' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: accounts.register.submit, exact: true }).click();
    // the spec's messages, in Gujarati, on their fields
    await expect.poll(() => page.getByText(say(MSG.publisherNo5)).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('ફોન નંબર 10 અંકનો હોવો જોઈએ').first().isVisible()).toBe(true);
    await shootBoth(page, '01-publisher-register-messages');

    const logo = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#bf360c' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel(accounts.fields.logo, { exact: true }).setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: logo });
    await page.getByLabel(accounts.fields.publisherNo).fill(PUBLISHER.no);
    await page.getByLabel(accounts.fields.publisherName).fill(PUBLISHER.name);
    await pick(page, accounts.fields.publisherType, lookups.publisherTypes.Trust);
    await page.getByLabel(accounts.fields.email, { exact: true }).fill(PUBLISHER.email);
    await page.getByLabel(accounts.fields.address, { exact: true }).fill('રતનપોળ, ગાંધી રોડ, અમદાવાદ');
    await pick(page, accounts.fields.state, 'ગુજરાત'); // the state list in the form's language
    await pickTyped(page, accounts.fields.city, 'Ahmedabad', 'અમદાવાદ'); // found by its English name, named in Gujarati
    await page.getByLabel(accounts.fields.pincode).fill('380001');
    await page.getByLabel(accounts.fields.mobile).fill('9825012345');
    await page.getByLabel(accounts.fields.whatsapp).fill('9825012345');
    await page.getByLabel(accounts.fields.password, { exact: true }).fill(PUBLISHER.password);
    await page.getByLabel(accounts.fields.confirmPassword).fill(PUBLISHER.password);
    await page.getByRole('button', { name: accounts.register.submit, exact: true }).click();
    await verifyGu(page, PUBLISHER.email);
    // the code came in Gujarati: the registration was made in Gujarati
    const outbox = (await (await fetch(`${journey.server.url}/api/dev/outbox?to=${encodeURIComponent(PUBLISHER.email)}`)).json()) as {
      data: { messages: { subject: string }[] };
    };
    expect(outbox.data.messages[0]!.subject).toMatch(/^JSBN ચકાસણી કોડ \d{6}$/);
    await expect.poll(() => page.getByTestId('logged-in-as').textContent()).toBe('પ્રકાશક તરીકે લૉગ ઇન');
  });

  it('2. the publisher requests a JSBN on the Gujarati book form', async () => {
    const page = publisherPage;
    await page.goto(`${journey.server.url}/new-book-reg`);
    await expect.poll(() => page.getByRole('heading', { name: bookForm.pages.newTitle }).isVisible()).toBe(true);
    // the publisher code and the book's number, explained in Gujarati
    await expect
      .poll(() => page.getByTestId('book-ids').textContent())
      .toBe(bookForm.hints.ids.replace(/\{\{publisher_no\}\}/g, PUBLISHER.no).replace(/\{\{jsbn_id\}\}/g, '00001'));
    await page.getByRole('button', { name: bookForm.actions.generate }).click();
    await expect.poll(() => page.getByText(say(MSG.bookTitle)).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(say(MSG.bookCover)).isVisible()).toBe(true);
    await shootBoth(page, '02-book-form-messages');

    await page.getByLabel(bookForm.fields.bookTitle).fill(BOOK.title);
    await page.getByLabel(bookForm.fields.bookETitle).fill(BOOK.english);
    await page.getByLabel(bookForm.fields.pages).fill('212');
    await page.getByLabel(bookForm.fields.publicationYear).fill('2024');
    await expect.poll(() => page.getByTestId('samvat').textContent()).toBe('વિક્રમ સંવત: 2081 · વીર સંવત: 2551');
    // the lists name languages, swaroops, subjects and author types in Gujarati
    await pick(page, bookForm.fields.language, lookups.languages.Gujarati);
    await pick(page, bookForm.fields.swaroop, `AGM1 – ${lookups.swaroops.AGM1}`);
    await page.getByLabel(bookForm.fields.subjects).fill(lookups.subjects.Agam);
    await page.getByRole('option', { name: lookups.subjects.Agam }).click();
    await pick(page, fill(bookForm.fields.authorType, { n: 1 }), lookups.authorTypes.Author);
    await page.getByLabel(fill(bookForm.fields.authorName, { n: 1 })).fill(BOOK.author);
    await pick(page, bookForm.fields.readers, bookForm.options.no);
    const cover = await sharp({ create: { width: 300, height: 420, channels: 3, background: '#4e342e' } })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel(bookForm.fields.bookCover, { exact: true })
      .setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: cover });
    await page.getByRole('button', { name: bookForm.actions.generate }).click();
    const dialog = page.getByRole('dialog', { name: say(MSG.bookRegistered) });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(say(MSG.bookRegistered)).toBe('આપના પુસ્તકની નોંધણી સફળતાપૂર્વક થઈ ગઈ છે');
    jsbn = (await page.getByTestId('registered-jsbn').textContent()) ?? '';
    expect(jsbn).toMatch(new RegExp(`^${PUBLISHER.no}-00001-[0-9A-Z]$`));
    await snap(page, 'gu-02-jsbn-dialog-1366');
    await dialog.getByRole('button', { name: books.result.yes }).click();
    await page.waitForURL(`${journey.server.url}/my-books`);
    await expect.poll(() => page.getByRole('heading', { name: books.myBooks.title }).isVisible()).toBe(true);
    await shootBoth(page, '02-my-books');

    // the page behind the QR code, rendered by the server in Gujarati for a Gujarati visitor
    const visitor = await newPage(PHONE.width);
    await visitor.goto(`${journey.server.url}/jsbn/${jsbn}`);
    await expect.poll(() => visitor.getByRole('heading', { name: fill(books.detail.title, { jsbn }) }).isVisible()).toBe(true);
    expect(await visitor.evaluate(() => document.documentElement.lang)).toBe('gu');
    // a fact the publisher left empty is left out of this page: no empty row, in Gujarati or as N/A (decision 029)
    await expect.poll(() => visitor.getByText(books.detail.facts.swaroop, { exact: true }).isVisible()).toBe(true);
    expect(await visitor.getByText(books.detail.facts.part, { exact: true }).count()).toBe(0);
    expect(await visitor.getByText(common.value.empty, { exact: true }).count()).toBe(0);
    expect(await visitor.getByText('N/A', { exact: true }).count()).toBe(0);
    await snap(visitor, 'gu-02-book-page-390');
  });

  it('3. a library registers in Gujarati, saves its letter text and orders the book', async () => {
    libraryPage = await newPage();
    const page = libraryPage;
    await page.goto(`${journey.server.url}/library-register`);
    await expect.poll(() => page.getByRole('heading', { name: accounts.register.libraryTitle }).isVisible()).toBe(true);
    const logo = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#33691e' } })
      .png()
      .toBuffer();
    await page.getByLabel(accounts.fields.logo, { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.getByLabel(accounts.fields.libraryName).fill(LIBRARY.name);
    await pick(page, accounts.fields.sanchalakType, lookups.sanchalakTypes['Sangh Sanchalit']);
    await page.getByLabel(accounts.fields.sanchalakName).fill('શ્રી જૈન શ્વેતાંબર સંઘ');
    await page.getByLabel(accounts.fields.sanchalakAddress).fill('ઉપાશ્રય, પાટણ');
    await page.getByLabel(accounts.fields.address, { exact: true }).fill('જૈન ઉપાશ્રય, પાટણ 384265');
    await page.getByLabel(accounts.fields.email, { exact: true }).fill(LIBRARY.email);
    await page.getByLabel(accounts.fields.mobile).fill('9426012345');
    await page.getByLabel(accounts.fields.whatsapp).fill('9426012345');
    await page.getByLabel(accounts.fields.numberOfBooks).fill('4200');
    await page.getByLabel(accounts.fields.password, { exact: true }).fill(LIBRARY.password);
    await page.getByLabel(accounts.fields.confirmPassword).fill(LIBRARY.password);
    await page.getByRole('button', { name: accounts.register.submit, exact: true }).click();
    await verifyGu(page, LIBRARY.email);

    await page.goto(`${journey.server.url}/customize-letter-format`);
    await page.getByLabel(accounts.fields.letterText).fill('ટૂંકું');
    await page.getByRole('button', { name: accounts.letter.save }).click();
    await expect.poll(() => page.getByText(say(MSG.letterText10)).isVisible()).toBe(true);
    await page.getByLabel(accounts.fields.letterText).fill('પૂજ્ય પ્રકાશકશ્રી, અમારા જ્ઞાન ભંડાર માટે નીચેનાં પુસ્તકો મોકલવા વિનંતી.');
    await page.getByRole('button', { name: accounts.letter.save }).click();
    await expect.poll(() => page.getByTestId('letter-text').isVisible()).toBe(true);

    await page.goto(`${journey.server.url}/new-published-books`);
    await expect.poll(() => page.getByRole('heading', { name: ordering.pages.recent }).isVisible()).toBe(true);
    // the page is rendered on the server; its Yes/No buttons answer once the app has hydrated it (decision 078)
    await appLive(page);
    await page
      .getByRole('group', { name: fill(ordering.want.label, { title: BOOK.title }) })
      .getByRole('button', { name: ordering.want.yes })
      .click();
    await page.getByLabel(fill(ordering.want.quantity, { title: BOOK.title })).fill('0');
    await expect.poll(() => page.getByText(say(MSG.orderQuantity)).first().isVisible()).toBe(true);
    await page.getByLabel(fill(ordering.want.quantity, { title: BOOK.title })).fill('3');
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1 પુસ્તક પસંદ કર્યું');
    await shootBoth(page, '03-recent-books-cart');
    await page.getByRole('button', { name: ordering.bar.orderNow }).click();
    const confirm = page.getByRole('dialog', { name: ordering.bar.confirmTitle });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await snap(page, 'gu-03-confirm-order-1366');
    await confirm.getByRole('button', { name: ordering.bar.confirm }).click();
    await ordersOpened(page, journey.server.url);
    await expect.poll(() => page.getByRole('heading', { name: orders.titles.track }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('row').filter({ hasText: /ORD-/ }).count()).toBe(1);
    await shootBoth(page, '03-track-orders');
  });

  it('4. the publisher accepts the order and dispatches it, in Gujarati', async () => {
    const page = publisherPage;
    await page.goto(`${journey.server.url}/booked-orders`);
    await appLive(page);
    await expect.poll(() => page.getByRole('heading', { name: orders.titles.received }).isVisible()).toBe(true);
    const row = page.getByRole('row').filter({ hasText: LIBRARY.name });
    await expect.poll(() => row.count()).toBe(1);
    await shootBoth(page, '04-received-orders');
    await row.getByRole('button', { name: orders.actions.accept, exact: true }).click();
    const accept = page.getByRole('dialog', { name: common.confirm.title });
    await expect.poll(() => accept.getByText(orders.confirm.accept).isVisible()).toBe(true);
    await accept.getByRole('button', { name: common.confirm.yes }).click();
    await expect.poll(() => toast(page, say('Order accepted successfully')).isVisible()).toBe(true);

    await page.getByRole('tab', { name: orders.tabs.PUBLISHER.IN_PROGRESS }).click();
    await page.getByRole('row').filter({ hasText: LIBRARY.name }).getByRole('button', { name: orders.actions.dispatch }).click();
    const dispatch = page.getByRole('dialog', { name: orders.dispatch.title });
    await dispatch.getByLabel(orders.courier.name).fill('શ્રી મારુતિ કુરિયર');
    await dispatch.getByLabel(orders.courier.number).fill('123');
    await dispatch.getByRole('button', { name: orders.dispatch.submit, exact: true }).click();
    await expect.poll(() => dispatch.getByText(say(MSG.invalidCourierNumber)).isVisible()).toBe(true);
    await dispatch.getByLabel(orders.courier.number).fill('9898012345');
    await dispatch.getByLabel(orders.courier.tracking).fill('SMC-556677');
    await shootBoth(page, '04-dispatch-dialog');
    await dispatch.getByRole('button', { name: orders.dispatch.submit, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: common.confirm.title }).filter({ hasText: orders.confirm.dispatch });
    await confirm.getByRole('button', { name: common.confirm.yes }).click();
    await page.getByRole('tab', { name: orders.tabs.PUBLISHER.DISPATCHED }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: LIBRARY.name }).count()).toBe(1);
  });

  it('5. the library sees the courier details in Gujarati and marks the order received', async () => {
    const page = libraryPage;
    await page.goto(`${journey.server.url}/orders`);
    await appLive(page);
    await page.getByRole('tab', { name: orders.tabs.LIBRARY.DISPATCHED }).click();
    const row = page.getByRole('row').filter({ hasText: PUBLISHER.name });
    await expect.poll(() => row.count()).toBe(1);
    const orderId = (await row.textContent())!.match(/ORD-\d{6}/)![0];
    await row.getByRole('button', { name: fill(orders.actions.courierOf, { order: orderId }) }).click();
    const courier = page.getByRole('dialog', { name: fill(orders.courier.titleOf, { order: orderId }) });
    await expect.poll(() => courier.getByText('SMC-556677').isVisible()).toBe(true);
    await shootBoth(page, '05-courier-dialog');
    await courier.getByRole('button', { name: orders.details.close }).click();
    await row
      .getByRole('group', { name: fill(orders.actions.receivedOrder, { order: orderId }) })
      .getByRole('button', { name: orders.actions.yes })
      .click();
    const confirm = page.getByRole('dialog', { name: common.confirm.title });
    await expect.poll(() => confirm.getByText(say(MSG.receivedConfirm)).isVisible()).toBe(true);
    await confirm.getByRole('button', { name: common.confirm.yes }).click();
    await page.getByRole('tab', { name: orders.tabs.LIBRARY.COMPLETED }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: orderId }).count()).toBe(1);
    // the dispatch notice reached the library in Gujarati (its registration was in Gujarati)
    const outbox = (await (await fetch(`${journey.server.url}/api/dev/outbox?to=${encodeURIComponent(LIBRARY.email)}`)).json()) as {
      data: { messages: { subject: string }[] };
    };
    expect(outbox.data.messages.map((message) => message.subject)).toContain(`JSBN: ઓર્ડર ${orderId} — રવાના કરેલ`);
    await page.goto(`${journey.server.url}/`);
    await expect.poll(() => page.getByTestId('dashboard-completedOrderBook').textContent()).toBe('3');
    await shootBoth(page, '05-library-dashboard');
  });
});
