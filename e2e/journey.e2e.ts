/**
 * The main job, steps 1–7, through the UI of the built app in Debian's Chromium: a publisher
 * registers and gets a JSBN and QR code for a real book, anyone finds it, a library orders it
 * and one more book, the publisher accepts and dispatches, the library receives, and the
 * other order is cancelled. Screenshots of each step go to e2e/artifacts/.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import jsqrModule from 'jsqr';
import { isValidJsbn, normalizeJsbn } from '@jsbn/shared';
import { snap } from './support/browser.js';
import { submitLibraryRegistration, verifyCode } from './support/register.js';
import { newPage as openPage, useJourney } from './support/session.js';
import { appLive, ordersOpened, pick } from './support/ui.js';

type JsQr = typeof jsqrModule.default;
const jsQR: JsQr = (jsqrModule as unknown as { default?: JsQr }).default ?? (jsqrModule as unknown as JsQr);

const PUBLISHER = { email: 'sahitya@example.test', password: 'Sahitya@2026', name: 'શ્રી જૈન સાહિત્ય મંદિર', no: 'SJSM1' };
const LIBRARY = {
  email: 'bhandar@example.test',
  password: 'Bhandar@2026',
  name: 'શ્રી આત્માનંદ જ્ઞાન ભંડાર',
  sanchalakName: 'Shri Sangh',
  sanchalakAddress: 'Upashray, Palitana',
  address: 'Taleti Road, Palitana',
  mobile: '9426012345',
  books: '3500',
  logoColor: '#33691e',
};
const BOOK = { title: 'શ્રી ઉત્તરાધ્યયન સૂત્ર', english: 'Shri Uttaradhyayan Sutra', author: 'Sudharma Swami' };

const journey = useJourney('failed-');
const { contexts } = journey;

const newPage = (width = 1280) => openPage(journey.browser, contexts, { width, downloads: true, reducedMotion: false });

/** On a failed step, every open page is saved as e2e/artifacts/failed-<step>-<n>.png. */

describe('the main job, end to end', () => {
  let publisherPage: Page;
  let libraryPage: Page;
  let jsbn = '';

  it('1. a publisher registers with a one-time code and logs in', async () => {
    publisherPage = await newPage();
    const page = publisherPage;
    await page.goto(`${journey.server.url}/publisher-register`);
    const logo = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#bf360c' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: logo });
    await page.getByLabel('Publisher unique id').fill(PUBLISHER.no.toLowerCase());
    await page.getByLabel('Publisher name').fill(PUBLISHER.name);
    await pick(page, 'Publisher type', 'Trust');
    await page.getByLabel('Email', { exact: true }).fill(PUBLISHER.email);
    await page.getByLabel('Address', { exact: true }).fill('Ratanpol, Gandhi Road, Ahmedabad');
    await pick(page, 'State', 'Gujarat');
    await pick(page, 'City', 'Ahmedabad');
    await page.getByLabel('Pincode').fill('380001');
    await page.getByLabel('Mobile number').fill('98250-12345');
    await page.getByLabel('WhatsApp number').fill('9825012345');
    await page.getByLabel('Password', { exact: true }).fill(PUBLISHER.password);
    await page.getByLabel('Confirm password').fill(PUBLISHER.password);
    await expect.poll(() => page.getByLabel('Publisher unique id').inputValue()).toBe(PUBLISHER.no);
    await expect.poll(() => page.getByLabel('Mobile number').inputValue()).toBe('9825012345');
    await snap(page, '01-publisher-register');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await snap(page, '01-publisher-otp');
    await verifyCode(page, journey.server.url, PUBLISHER.email);
    await expect.poll(() => page.getByText(PUBLISHER.name).first().isVisible()).toBe(true);
    await snap(page, '01-publisher-home');
  });

  it('2. the publisher gets a JSBN and a QR code that opens the book page', async () => {
    const page = publisherPage;
    await page.goto(`${journey.server.url}/new-book-reg`);
    // the book's number among the publisher's, explained above the form
    await expect.poll(() => page.getByTestId('book-ids').textContent()).toContain('your book number 00001');
    await page.getByLabel('Book title').fill(BOOK.title);
    await page.getByLabel('Book English title').fill(BOOK.english);
    await page.getByLabel('Number of pages').fill('356');
    await page.getByLabel('Publication year').fill('2024');
    await expect.poll(() => page.getByTestId('samvat').textContent()).toContain('Vikram Samvat: 2081 · Veer Samvat: 2551');
    await pick(page, 'Language', /^Gujarati/);
    await pick(page, 'Swaroop', /^AGM1/);
    await page.getByLabel('Subjects').fill('Agam');
    await page.getByRole('option', { name: 'Agam' }).click();
    await pick(page, 'Author type 1', 'Author');
    await page.getByLabel('Author name 1').fill(BOOK.author);
    await pick(page, 'PDF for readers', 'No');
    const cover = await sharp({ create: { width: 300, height: 420, channels: 3, background: '#4e342e' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel('Book cover', { exact: true }).setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: cover });
    await snap(page, '02-new-book-filled');
    await page.getByRole('button', { name: 'Generate JSBN/QRcode' }).click();

    const dialog = page.getByRole('dialog', { name: 'Your book has been registered successfully' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    jsbn = (await page.getByTestId('registered-jsbn').textContent()) ?? '';
    expect(jsbn).toMatch(new RegExp(`^${PUBLISHER.no}-00001-[0-9A-Z]$`));
    expect(isValidJsbn(jsbn)).toBe(true);
    const qr = dialog.getByRole('img', { name: `QR code of JSBN ${jsbn}` });
    expect(await qr.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([200, 200]);
    await snap(page, '02-jsbn-dialog');

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Download QR' }).click()]);
    const bytes = await sharp(await download.path()).metadata();
    expect([bytes.format, bytes.width, bytes.height]).toEqual(['jpeg', 200, 200]);
    const { data, info } = await sharp(await download.path())
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
    expect(decoded).toBe(`${journey.server.url}/jsbn/${jsbn}`);

    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(`${journey.server.url}/my-books`);
    const row = page.getByRole('row').filter({ hasText: jsbn });
    await expect.poll(() => row.getByText(BOOK.title).isVisible()).toBe(true);
    await snap(page, '02-my-books');

    const visitor = await newPage(375);
    await visitor.goto(decoded!);
    await expect.poll(() => visitor.getByRole('heading', { name: `${jsbn} Details` }).isVisible()).toBe(true);
    await expect.poll(() => visitor.getByText(BOOK.title).first().isVisible()).toBe(true);
    await snap(visitor, '02-qr-opens-book-page-phone');
  });

  it('3. anyone finds the book by script title, English title, author or JSBN', async () => {
    const page = await newPage();
    const queries = ['ઉત્તરાધ્યયન', 'uttaradhyayan', 'Sudharma', jsbn.replaceAll('-', '').toLowerCase(), jsbn];
    for (const query of queries) {
      await page.goto(`${journey.server.url}/search-a-book`);
      // the app searches in place once it has hydrated the page (before, first-tap.e2e.ts test 8)
      await appLive(page);
      await page.getByLabel('Search by title or keyword').fill(query);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const results = page.getByRole('region', { name: 'Search results' });
      await expect.poll(() => results.getByText(BOOK.title).first().isVisible(), { message: query }).toBe(true);
    }
    await snap(page, '03-search');
    await page.getByRole('region', { name: 'Search results' }).getByRole('link', { name: 'View More Details' }).first().click();
    await page.waitForURL(`${journey.server.url}/jsbn/${jsbn}`);
    await page.goto(`${journey.server.url}/jsbn/${jsbn.replaceAll('-', '').toLowerCase()}`);
    await page.waitForURL(`${journey.server.url}/jsbn/${jsbn}`);
    await expect.poll(() => page.getByRole('link', { name: 'Order Book as Library' }).isVisible()).toBe(true);
    await snap(page, '03-book-detail');
  });

  it('4. a library registers, saves its letter text and orders two books from two publishers', async () => {
    libraryPage = await newPage();
    const page = libraryPage;
    await submitLibraryRegistration(page, journey.server.url, LIBRARY);
    await verifyCode(page, journey.server.url, LIBRARY.email);

    await page.goto(`${journey.server.url}/new-published-books`);
    await expect.poll(() => page.getByTestId('letter-text-banner').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText('Want to order book? Please add letter text to create your first order.').isVisible())
      .toBe(true);
    await snap(page, '04-library-needs-letter');

    await page.goto(`${journey.server.url}/customize-letter-format`);
    await page.getByLabel('Letter text').fill('Short');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Text field must be at least 10 characters').isVisible()).toBe(true);
    await page.getByLabel('Letter text').fill('Respected publisher, our Gyan Bhandar requests the following books for our readers.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('letter-text').isVisible()).toBe(true);
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}').letterText))
      .toContain('Respected publisher');

    await page.goto(`${journey.server.url}/new-published-books`);
    // the page is rendered on the server; its Yes/No buttons answer once the app has hydrated it (decision 078)
    await appLive(page);
    await page
      .getByRole('group', { name: `Want to order ${BOOK.title}?` })
      .getByRole('button', { name: 'Yes' })
      .click();
    await page.getByLabel(`Order quantity for ${BOOK.title}`).fill('3');
    await page.getByRole('group', { name: 'Want to order કલ્પસૂત્ર?' }).getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('2 books selected');
    await snap(page, '04-cart');
    await page.getByRole('button', { name: 'Order now' }).click();
    await page.getByRole('dialog', { name: 'Confirm order' }).getByRole('button', { name: 'Confirm order' }).click();
    await ordersOpened(page, journey.server.url);
    const pending = page.getByRole('row').filter({ hasText: /ORD-/ });
    await expect.poll(() => pending.count()).toBe(2);
    await snap(page, '04-orders-pending');
  });

  it('5. the publisher accepts the order and dispatches it with courier details', async () => {
    const page = publisherPage;
    await page.goto(`${journey.server.url}/booked-orders`);
    await appLive(page);
    const row = page.getByRole('row').filter({ hasText: LIBRARY.name });
    await expect.poll(() => row.count()).toBe(1);
    await snap(page, '05-received-orders');
    await row.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: LIBRARY.name }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Preparing' }).click();
    await page.getByRole('row').filter({ hasText: LIBRARY.name }).getByRole('button', { name: 'Dispatch?' }).click();
    const dispatch = page.getByRole('dialog');
    await dispatch.getByLabel('Courier company name').fill('Shree Maruti Courier');
    await dispatch.getByLabel('Courier company number').fill('123');
    await dispatch.getByRole('button', { name: 'Dispatch', exact: true }).click();
    await expect.poll(() => dispatch.getByText('Invalid Number').isVisible()).toBe(true);
    await dispatch.getByLabel('Courier company number').fill('9898012345');
    await dispatch.getByLabel('Tracking id').fill('SMC-778812');
    await snap(page, '05-dispatch-dialog');
    await dispatch.getByRole('button', { name: 'Dispatch', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect.poll(() => confirm.getByText('Are you sure you want to dispatch this order?').isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: LIBRARY.name }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Dispatched' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: LIBRARY.name }).count()).toBe(1);
  });

  it('6. the library sees the courier details and marks the order received; dashboards count it', async () => {
    const page = libraryPage;
    await page.goto(`${journey.server.url}/orders`);
    await appLive(page);
    await page.getByRole('tab', { name: 'Dispatched' }).click();
    const row = page.getByRole('row').filter({ hasText: PUBLISHER.name });
    await expect.poll(() => row.count()).toBe(1);
    const orderId = (await row.textContent())!.match(/ORD-\d{6}/)![0];
    await row.getByRole('button', { name: `Courier Details of ${orderId}` }).click();
    const courier = page.getByRole('dialog');
    await expect.poll(() => courier.getByText('SMC-778812').isVisible()).toBe(true);
    await expect.poll(() => courier.getByText('Shree Maruti Courier', { exact: true }).isVisible()).toBe(true);
    // Shree Maruti's page takes no id in its address: the id to copy and a link to the page.
    await expect.poll(() => courier.getByRole('button', { name: 'Copy tracking id SMC-778812' }).isVisible()).toBe(true);
    const trackPage = courier.getByRole('link', { name: "Track on Shree Maruti Courier's website" });
    await expect.poll(() => trackPage.getAttribute('href')).toBe('https://www.shreemaruti.com/');
    await snap(page, '06-courier-details');
    await courier.getByRole('button', { name: 'Close' }).click();
    await row
      .getByRole('group', { name: `Received order ${orderId}?` })
      .getByRole('button', { name: 'Yes' })
      .click();
    const confirm = page.getByRole('dialog');
    await expect.poll(() => confirm.getByText('Are you sure you want to update the status of this order?').isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('tab', { name: 'Received' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: orderId }).count()).toBe(1);

    await page.goto(`${journey.server.url}/`);
    await expect.poll(() => page.getByTestId('dashboard-completedOrderBook').textContent()).toBe('3');
    await expect.poll(() => page.getByTestId('dashboard-requestedOrderBook').textContent()).toBe('1');
    await snap(page, '06-library-dashboard');
    await publisherPage.goto(`${journey.server.url}/`);
    await expect.poll(() => publisherPage.getByTestId('dashboard-completedOrderBook').textContent()).toBe('3');
    await snap(publisherPage, '06-publisher-dashboard');
  });

  it('7. the library cancels its other, still requested order', async () => {
    const page = libraryPage;
    await page.goto(`${journey.server.url}/orders`);
    await appLive(page);
    const row = page.getByRole('row').filter({ hasText: /ORD-/ });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog');
    await expect.poll(() => confirm.getByText('Are you sure you want to cancel this order?').isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: /ORD-/ }).count()).toBe(0);
    expect(normalizeJsbn(jsbn)).toBe(jsbn.replaceAll('-', ''));
  });
});
