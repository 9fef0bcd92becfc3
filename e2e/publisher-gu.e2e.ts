/**
 * The publisher's side on a 390 × 844 phone, in Gujarati (decision 039): a visitor switches the
 * site to Gujarati on the app bar, registers as a publisher, enters the e-mailed code and lands on
 * the login page on the Publisher tab with the e-mail filled in; signs in, registers a book with
 * a cover (its size chosen from the list) and takes the print QR from the success dialog — SVG
 * and PDF at 20, 25 and 30 mm, each read back by zbarimg, 'JSBN …' under the code; uploads five
 * books from the Excel template, two rows with two problems each shown at once, fixes them by
 * choosing from the lists and registers all five; a library orders two copies (through the API),
 * the publisher accepts one — a quantity typed above the order is brought down to 2 and 'at most
 * 2' said beside the field — and dispatches it with the courier's landline 0261 2345678, stored
 * as its 10 digits. Texts are asserted from the catalogues a translator edits.
 *
 * Screenshots of every screen at 390 and 1366 px go to e2e/artifacts/pubgu-<lng>-*.png. The same
 * journey runs in Hindi and English with JOURNEY_LANGUAGES=gu,hi,en (the screenshots of all three).
 * Without it, the languages the journey does not run in get a short pass at 390 px instead (decision
 * 061: the run's CPU): the registration form and, signed in through the API, the book form's first
 * section, each loaded once and its labels asserted (pubgu-<lng>-pass-*.png).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  BULK_COLUMNS,
  BULK_MSG,
  LOOKUP_CATALOGUES,
  MSG,
  SWAROOPS,
  languageText,
  lookupText,
  swaroopText,
  type BulkColumn,
} from '@jsbn/shared';
import cityNames from '../apps/api/src/modules/lookups/city-names.json' with { type: 'json' };
import enAccounts from '../apps/web/src/locales/en/accounts.json' with { type: 'json' };
import enBookForm from '../apps/web/src/locales/en/bookForm.json' with { type: 'json' };
import enBooks from '../apps/web/src/locales/en/books.json' with { type: 'json' };
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import enHome from '../apps/web/src/locales/en/home.json' with { type: 'json' };
import enOrders from '../apps/web/src/locales/en/orders.json' with { type: 'json' };
import guAccounts from '../apps/web/src/locales/gu/accounts.json' with { type: 'json' };
import guBookForm from '../apps/web/src/locales/gu/bookForm.json' with { type: 'json' };
import guBooks from '../apps/web/src/locales/gu/books.json' with { type: 'json' };
import guCommon from '../apps/web/src/locales/gu/common.json' with { type: 'json' };
import guHome from '../apps/web/src/locales/gu/home.json' with { type: 'json' };
import guOrders from '../apps/web/src/locales/gu/orders.json' with { type: 'json' };
import hiAccounts from '../apps/web/src/locales/hi/accounts.json' with { type: 'json' };
import hiBookForm from '../apps/web/src/locales/hi/bookForm.json' with { type: 'json' };
import hiBooks from '../apps/web/src/locales/hi/books.json' with { type: 'json' };
import hiCommon from '../apps/web/src/locales/hi/common.json' with { type: 'json' };
import hiHome from '../apps/web/src/locales/hi/home.json' with { type: 'json' };
import hiOrders from '../apps/web/src/locales/hi/orders.json' with { type: 'json' };
import guMessages from '../packages/shared/src/locales/gu/messages.json' with { type: 'json' };
import hiMessages from '../packages/shared/src/locales/hi/messages.json' with { type: 'json' };
import { apiCall, apiToken, bookByJsbn, placeOrder } from './support/api.js';
import { bytesOf, outboxCode, snap } from './support/browser.js';
import { newPage, useJourney } from './support/session.js';
import { PHONE, appLive, pick, pickTyped, setLanguage, settle, signIn, transitionsDone } from './support/ui.js';

const CATALOGUES = {
  en: {
    accounts: enAccounts,
    bookForm: enBookForm,
    books: enBooks,
    common: enCommon,
    home: enHome,
    orders: enOrders,
    messages: {} as Record<string, string>,
    name: 'English',
  },
  gu: {
    accounts: guAccounts,
    bookForm: guBookForm,
    books: guBooks,
    common: guCommon,
    home: guHome,
    orders: guOrders,
    messages: guMessages as Record<string, string>,
    name: 'ગુજરાતી',
  },
  hi: {
    accounts: hiAccounts,
    bookForm: hiBookForm,
    books: hiBooks,
    common: hiCommon,
    home: hiHome,
    orders: hiOrders,
    messages: hiMessages as Record<string, string>,
    name: 'हिन्दी',
  },
};
type Language = keyof typeof CATALOGUES;
/** Gujarati unless told (JOURNEY_LANGUAGES=gu,hi,en for the screenshots of all three). */
const LANGUAGES = (process.env.JOURNEY_LANGUAGES ?? 'gu').split(',').filter((lng): lng is Language => lng in CATALOGUES);
/** The languages the whole journey does not run in: each gets the short pass at the end of the file. */
const OTHER_LANGUAGES = (['en', 'hi', 'gu'] as const).filter((lng) => !LANGUAGES.includes(lng));

/** The demo library (the seed's password): it orders through the API. */
const LIBRARY = { email: 'library@demo.jsbn', password: 'Demo@1234', name: 'Shri Hemchandracharya Gyan Bhandar' };
/** The demo publisher (the seed's password): the short pass signs in as it to open the book form. */
const DEMO_PUBLISHER = { email: 'publisher@demo.jsbn', password: 'Demo@1234' };
const BOOK = { title: 'શ્રી ઉપદેશમાલા', english: 'Shri Updeshmala', author: 'ધર્મદાસગણિ' };
/** The courier's landline as the publisher types it, and the 10 digits the spec stores. */
const COURIER = { typed: '0261 2345678', stored: '2612345678' };
const QR_SIZES = [20, 25, 30] as const;

/** `template` of a catalogue with its `{{variables}}` filled in. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => String(values[name]));
/** The plural form of `key` in `group` for `count` (i18next's _one/_other; 'one' is 0 and 1 in gu and hi, 1 in en). */
const plural = (group: Record<string, unknown>, key: string, count: number, lng: Language) => {
  const one = lng === 'en' ? count === 1 : count <= 1;
  return fill(String(group[`${key}_${one ? 'one' : 'other'}`] ?? group[`${key}_other`]), { count });
};

const journey = useJourney('failed-pubgu-', { serverLogOnFailure: true });
const { contexts } = journey;
const work = mkdtempSync(join(tmpdir(), 'jsbn-e2e-pubgu-'));

/** What zbarimg reads in `png`: one line per code, sorted. */
function decode(png: string): string[] {
  return execFileSync('zbarimg', ['--quiet', '--raw', png], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .split('\n')
    .filter(Boolean)
    .sort();
}

/** `pdf` saved as <name>.pdf and its first page rendered at 300 dpi; returns both paths. */
function renderPdf(pdf: Buffer, name: string): { file: string; png: string } {
  const file = join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '300', '-png', '-f', '1', '-l', '1', '-singlefile', file, join(work, name)]);
  return { file, png: join(work, `${name}.png`) };
}

/** `template` filled with `rows` from row 2, saved as a spreadsheet program would. */
async function fillTemplate(template: Buffer, rows: Partial<Record<BulkColumn, string | number>>[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  rows.forEach((values, index) => {
    for (const [key, value] of Object.entries(values)) sheet.getCell(index + 2, BULK_COLUMNS.indexOf(key as BulkColumn) + 1).value = value;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The page at 390 and at 1366 px as pubgu-<lng>-<name>-<width>.png, left at 390 px (what the
 * journey uses): the whole page, or what the screen shows while a dialog is open over it.
 */
async function shootBoth(page: Page, name: string) {
  for (const width of [1366, PHONE.width]) {
    await page.setViewportSize(width === PHONE.width ? PHONE : { width, height: 900 });
    await settle(page);
    await transitionsDone(page);
    if (await page.getByRole('dialog').count()) {
      await snap(page, `${name}-${width}`, { screen: true });
    } else {
      // from the top: a page scrolled down would show its sticky app bar in the middle of the picture
      await page.evaluate(() => window.scrollTo(0, 0));
      await snap(page, `${name}-${width}`);
    }
  }
}

/** Nothing on the page scrolls sideways at the phone's width. */
const expectNoSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

/** The texts of the field labels in `scope`, in order, without the asterisk of a required field. */
const labelsIn = async (scope: Locator) =>
  (await scope.locator('label').allTextContents()).map((label) => label.replace(/\s*\*$/, '').trim());

/** The field (an MUI form control) of `scope` whose helper text says `text`. */
const fieldSaying = (scope: Locator, text: string) =>
  scope.locator('.MuiFormControl-root').filter({ has: scope.page().getByText(text, { exact: true }) });

describe.each(LANGUAGES)('a new publisher on a phone, in %s', (lng) => {
  const { accounts, bookForm, books, common, home, orders, messages, name: languageName } = CATALOGUES[lng];
  const lookups = LOOKUP_CATALOGUES[lng];
  const say = (english: string) => messages[english] ?? english;
  const shot = (name: string) => `pubgu-${lng}-${name}`;
  const PUBLISHER = {
    email: `prakashan-${lng}@example.test`,
    password: 'Prakashan@2026',
    name: 'શ્રી જિનશાસન પ્રકાશન',
    no: `${lng.toUpperCase()}PRK`,
  };
  let page: Page;
  let jsbn = '';
  let publisherToken = '';

  it('1. switches the site to its language, registers with WhatsApp on the mobile number and a town, and is signed in by the e-mailed code', async () => {
    page = await newPage(journey.browser, contexts, { width: PHONE.width, downloads: true });
    await page.setViewportSize(PHONE);
    await page.goto(`${journey.server.url}/publisher-register`);
    await settle(page);
    await appLive(page);
    // a Chromium in English shows the site in English: the visitor chooses the language on the app bar
    await page.getByRole('link', { name: `${enCommon.language.choose}: English` }).click();
    await page.getByRole('menuitemradio', { name: languageName }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lng);
    await expect.poll(() => page.getByRole('heading', { name: accounts.register.publisherTitle }).isVisible()).toBe(true);
    await expectNoSidewaysScroll(page);
    await shootBoth(page, shot('01-register'));

    const logo = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#6a1b9a' } })
      .png()
      .toBuffer();
    await page.getByLabel(accounts.fields.logo, { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.getByLabel(accounts.fields.publisherNo).fill(PUBLISHER.no);
    await page.getByLabel(accounts.fields.publisherName).fill(PUBLISHER.name);
    await pick(page, accounts.fields.publisherType, lookupText(lookups, 'publisherTypes', 'Trust'));
    await page.getByLabel(accounts.fields.email, { exact: true }).fill(PUBLISHER.email);
    await page.getByLabel(accounts.fields.address, { exact: true }).fill('ગોપીપુરા, સુરત');
    await pick(page, accounts.fields.state, 'ગુજરાત'); // the state list in the form's language
    // the city list in the form's language, in its alphabetical order; typing the English name finds it
    const city = page.getByRole('combobox', { name: new RegExp(`^${accounts.fields.city}(\\s|$)`) });
    await city.click();
    const cities = Object.values(cityNames.cities);
    const named = (en: string) => cities.find((one) => one.en === en)![lng];
    await expect.poll(() => page.getByRole('option', { name: named('Ahmedabad'), exact: true }).isVisible()).toBe(true);
    const shown = await page.getByRole('option').allTextContents();
    expect(shown).toEqual([...shown].sort(new Intl.Collator(lng).compare));
    await transitionsDone(page);
    await snap(page, `${shot('01-city-list')}-${PHONE.width}`, { screen: true });
    await pickTyped(page, accounts.fields.city, 'Surat', named('Surat'));
    await expect.poll(() => city.inputValue()).toBe(named('Surat'));
    // a town the list lacks, typed beside its district (decision 072)
    await page.getByLabel(accounts.fields.town).fill('Olpad');
    await page.getByLabel(accounts.fields.pincode).fill('395001');
    await page.getByLabel(accounts.fields.mobile).fill('9825067890');
    // WhatsApp on the same number: its field goes, the mobile number is sent for it
    await page.getByLabel(accounts.register.whatsappSame).check();
    await expect.poll(() => page.getByLabel(accounts.fields.whatsapp).count()).toBe(0);
    await page.getByLabel(accounts.fields.password, { exact: true }).fill(PUBLISHER.password);
    await page.getByLabel(accounts.fields.confirmPassword).fill(PUBLISHER.password);
    await page.getByRole('button', { name: accounts.register.submit, exact: true }).click();

    await expect.poll(() => page.getByRole('heading', { name: accounts.otp.title }).isVisible()).toBe(true);
    await shootBoth(page, shot('02-code'));
    await page.getByLabel(accounts.fields.otp).fill(await outboxCode(journey.server.url, PUBLISHER.email));
    await page.getByRole('button', { name: accounts.otp.verify, exact: true }).click();
    // the code signs the publisher in at once: its home page (decision 072)
    await page.waitForURL(`${journey.server.url}/`);
    await expect.poll(() => page.getByTestId('logged-in-as').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lng);
    // not verified yet: its home page says it waits for the JSBN team's review, and what that means
    await expect
      .poll(() => page.getByTestId('verification-waiting').textContent())
      .toBe(`${home.dashboard.waitingReview}${home.dashboard.waitingReviewText}`);
    await shootBoth(page, shot('03-home'));
    publisherToken = await apiToken(journey.server.url, PUBLISHER, 'PUBLISHER');
    // the language chosen before registering is the account's (its e-mails follow it)
    const me = await apiCall<{ preferred_language: string; publisherId: number }>(journey.server.url, '/user/me', {
      token: publisherToken,
    });
    expect(me.data.preferred_language).toBe(lng);
    const info = await apiCall<{ publisher: { whatsapp_no: string; town: string; city_name: string } }>(
      journey.server.url,
      `/publisher/${me.data.publisherId}`,
    );
    expect(info.data.publisher).toMatchObject({ whatsapp_no: '9825067890', town: 'Olpad', city_name: 'Surat' });
  });

  it('2. registers a book with a cover and takes its print QR from the success dialog: SVG and PDF at 20, 25 and 30 mm', async () => {
    await page.goto(`${journey.server.url}/new-book-reg`);
    await expect.poll(() => page.getByRole('heading', { name: bookForm.pages.newTitle }).isVisible()).toBe(true);
    await page.getByLabel(bookForm.fields.bookTitle).fill(BOOK.title);
    await page.getByLabel(bookForm.fields.bookETitle).fill(BOOK.english);
    await page.getByLabel(bookForm.fields.pages).fill('184');
    await page.getByLabel(bookForm.fields.publicationYear).fill('2025');
    await pick(page, bookForm.fields.language, languageText(lookups, 'Gujarati'));
    // the size from its list: the preset gives height and width
    await pick(
      page,
      bookForm.fields.size,
      fill(bookForm.options.sizePreset, { label: lookupText(lookups, 'bookSizes', 'medium'), height: 8.5, width: 5.5 }),
    );
    await pick(page, bookForm.fields.swaroop, swaroopText(lookups, { type: 'AGM1' }));
    // by its whole name: 'विषय' is also the start of 'अन्य विषय' (other subject)
    await page.getByRole('combobox', { name: new RegExp(`^${bookForm.fields.subjects}( \\*)?$`) }).click();
    await page.getByRole('option', { name: lookupText(lookups, 'subjects', 'Agam'), exact: true }).click();
    await page.keyboard.press('Escape');
    await pick(page, fill(bookForm.fields.authorType, { n: 1 }), lookupText(lookups, 'authorTypes', 'Author'));
    await page.getByLabel(fill(bookForm.fields.authorName, { n: 1 })).fill(BOOK.author);
    await pick(page, bookForm.fields.readers, bookForm.options.no);
    const cover = await sharp({ create: { width: 300, height: 420, channels: 3, background: '#1b5e20' } })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel(bookForm.fields.bookCover, { exact: true })
      .setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: cover });
    await expectNoSidewaysScroll(page);
    await shootBoth(page, shot('04-book-form'));
    await page.getByRole('button', { name: bookForm.actions.generate }).click();

    const dialog = page.getByRole('dialog', { name: say(MSG.bookRegistered) });
    await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(true);
    jsbn = (await dialog.getByTestId('registered-jsbn').textContent()) ?? '';
    expect(jsbn).toMatch(new RegExp(`^${PUBLISHER.no}-00001-[0-9A-Z]$`));
    const print = dialog.getByTestId('result-print-qr');
    expect(await print.getByText(books.result.forPrint).isVisible()).toBe(true);
    await print.scrollIntoViewIfNeeded();
    await shootBoth(page, shot('05-success-dialog'));

    const bookPage = `${journey.server.url}/jsbn/${jsbn}`;
    for (const size of QR_SIZES) {
      await print.getByLabel(books.print.size).selectOption(String(size));
      for (const format of ['svg', 'pdf'] as const) {
        const link = print.getByRole('link', { name: fill(format === 'svg' ? books.print.svgOf : books.print.pdfOf, { jsbn, size }) });
        expect(await link.getAttribute('download')).toBe(`JSBN-${jsbn}-${size}mm.${format}`);
        const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
        expect(download.suggestedFilename()).toBe(`JSBN-${jsbn}-${size}mm.${format}`);
        const bytes = await bytesOf(download);
        const name = `qr-${lng}-${size}-${format}`;
        if (format === 'svg') {
          const svg = bytes.toString('utf8');
          expect(svg).toContain(`width="${size}mm"`);
          expect(svg).toContain(`<title>JSBN ${jsbn}</title>`);
          const png = join(work, `${name}.png`);
          await sharp(bytes, { density: 300 }).flatten({ background: '#ffffff' }).png().toFile(png);
          expect(decode(png)).toEqual([bookPage]);
          continue;
        }
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        const { file, png } = renderPdf(bytes, name);
        // zbarimg reads the book's page, the JSBN in it, from the printed code
        expect(decode(png)).toEqual([bookPage]);
        // the page is as wide as the size chosen, and 'JSBN …' stands under the code (the square at its top)
        const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
        const [width, height] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info)!.slice(1).map(Number) as [number, number];
        expect(width).toBeCloseTo((size / 25.4) * 72, 1);
        const words = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
        const caption = [...words.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
          (match) => ({ top: Number(match[2]), bottom: Number(match[4]), text: match[5] }),
        );
        expect(caption.map((word) => word.text).join(' ')).toBe(`JSBN ${jsbn}`);
        for (const word of caption) {
          expect(word.top, `'${word.text}' under the code at ${size} mm`).toBeGreaterThanOrEqual(width * 0.9);
          expect(word.bottom).toBeLessThanOrEqual(height);
        }
      }
    }
    // the spec's 200 px JPEG beside them
    expect(await dialog.getByRole('link', { name: books.result.download }).getAttribute('href')).toBe(
      `/api/book/listing/jsbn/${jsbn}/qrcode.jpg`,
    );

    await dialog.getByRole('button', { name: books.result.yes }).click();
    await page.waitForURL(`${journey.server.url}/my-books`);
    // what was stored: the size chosen from the list, the swaroop, the subject
    const stored = await bookByJsbn(journey.server.url, jsbn);
    expect([stored.book_title, stored.language, stored.type, stored.height, stored.width]).toEqual([
      BOOK.title,
      'Gujarati',
      'AGM1',
      8.5,
      5.5,
    ]);
    expect(stored.subjects.map((subject) => subject.subject_name)).toEqual(['Agam']);
  });

  it('3. uploads five books, sees every problem of a row at once, fixes them from the lists and registers all five', async () => {
    await expect.poll(() => page.getByRole('heading', { name: books.myBooks.title }).isVisible()).toBe(true);
    await page.getByRole('link', { name: books.bulk.open }).click();
    await page.waitForURL(`${journey.server.url}/my-books/register-many`);
    await expect.poll(() => page.getByRole('heading', { name: books.bulk.title }).isVisible()).toBe(true);
    await shootBoth(page, shot('06-bulk-start'));
    const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: books.bulk.download }).click()]);

    const base = {
      publication_year: 1995,
      pages: 320,
      type: 'AGM1',
      subjects: 'Agam',
      author_type_1: 'Author',
      price_kind: 'Free',
      readers: 'No',
      language: 'Gujarati',
    };
    const titles = ['શ્રી આચારાંગ સૂત્ર', 'શ્રી સૂત્રકૃતાંગ સૂત્ર', 'શ્રી સ્થાનાંગ સૂત્ર', 'શ્રી સમવાયાંગ સૂત્ર', 'શ્રી ભગવતી સૂત્ર'];
    const english = ['Acharanga Sutra', 'Sutrakritanga Sutra', 'Sthananga Sutra', 'Samavayanga Sutra', 'Bhagavati Sutra'];
    const rows: Partial<Record<BulkColumn, string | number>>[] = titles.map((title, index) => ({
      ...base,
      book_title: title,
      book_e_title: english[index]!,
      author_name_1: 'ગણધર સુધર્મસ્વામી',
    }));
    // row 3: a language and a swaroop not in the lists; row 5: a subject and an author type not in them
    Object.assign(rows[1]!, { language: 'Gujrati', type: 'Agm' });
    Object.assign(rows[3]!, { subjects: 'Agamm', author_type_1: 'Writer' });
    const filled = await fillTemplate(await bytesOf(template), rows);
    await page.getByTestId('bulk-file').setInputFiles({ name: 'anga-sutras.xlsx', mimeType: '', buffer: filled });
    const summary = page.getByTestId('bulk-summary');
    await expect.poll(() => summary.textContent(), { timeout: 30_000 }).toBe(fill(books.bulk.summary, { total: 5, ready: 3, problems: 2 }));

    const row3 = page.locator('[data-testid="bulk-row"][data-row="3"]');
    const row5 = page.locator('[data-testid="bulk-row"][data-row="5"]');
    // both problems of a row at once, each on its field with the message in the interface's language
    for (const [row, problems] of [
      [row3, [BULK_MSG.languageNotInList, 'Swaroop is not in the list']],
      [row5, ['Subject is not in the list', 'Author type is not in the list']],
    ] as const) {
      expect(await row.getByText(plural(books.bulk, 'problems', 2, lng), { exact: true }).isVisible()).toBe(true);
      for (const problem of problems) expect(await fieldSaying(row, say(problem)).count(), problem).toBe(1);
    }
    // every list field shows its label above it and 'Choose from the list' until a value is chosen
    for (const [row, problem] of [
      [row3, BULK_MSG.languageNotInList],
      [row3, 'Swaroop is not in the list'],
      [row5, 'Subject is not in the list'],
      [row5, 'Author type is not in the list'],
    ] as const) {
      expect(await fieldSaying(row, say(problem)).locator('label').getAttribute('data-shrink'), problem).toBe('true');
    }
    expect(await fieldSaying(row3, say(BULK_MSG.languageNotInList)).getByText(books.bulk.chooseFromList, { exact: true }).isVisible()).toBe(
      true,
    );
    expect(await fieldSaying(row5, say('Subject is not in the list')).getByPlaceholder(books.bulk.chooseFromList).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: plural(books.bulk, 'register', 3, lng) }).isEnabled()).toBe(true);
    await expectNoSidewaysScroll(page);
    await shootBoth(page, shot('07-bulk-problems'));

    // each fixed by choosing from its list (no typing)
    const choose = async (row: Locator, problem: string, option: string) => {
      await fieldSaying(row, say(problem)).getByRole('combobox').click();
      await page.getByRole('option', { name: option, exact: true }).click();
      await page.keyboard.press('Escape');
    };
    const swaroopOption =
      lng === 'en'
        ? `${SWAROOPS.find((swaroop) => swaroop.code === 'AGM1')!.label} — ${SWAROOPS.find((swaroop) => swaroop.code === 'AGM1')!.gloss}`
        : lookupText(lookups, 'swaroops', 'AGM1');
    await choose(row3, BULK_MSG.languageNotInList, lng === 'en' ? 'Gujarati (ગુજરાતી)' : languageText(lookups, 'Gujarati'));
    await choose(row3, 'Swaroop is not in the list', swaroopOption);
    await choose(row5, 'Subject is not in the list', lookupText(lookups, 'subjects', 'Agam'));
    await choose(row5, 'Author type is not in the list', lookupText(lookups, 'authorTypes', 'Commentator'));
    await shootBoth(page, shot('08-bulk-fixed'));
    // a corrected row is checked again before anything is registered
    expect(await page.getByTestId('bulk-register').isDisabled()).toBe(true);
    await page.getByRole('button', { name: books.bulk.checkAgain }).click();
    await expect.poll(() => summary.textContent()).toBe(fill(books.bulk.summary, { total: 5, ready: 5, problems: 0 }));
    await page.getByRole('button', { name: plural(books.bulk, 'register', 5, lng) }).click();

    await expect.poll(() => page.getByTestId('bulk-done').textContent(), { timeout: 60_000 }).toBe(plural(books.bulk, 'done', 5, lng));
    const results = page.getByTestId('bulk-result-row');
    expect(await results.count()).toBe(5);
    expect(await page.getByTestId('bulk-left-out').count()).toBe(0);
    const jsbns: string[] = [];
    for (let index = 0; index < 5; index++) {
      const cells = await results.nth(index).getByRole('cell').allTextContents();
      expect([cells[0], cells[2]]).toEqual([String(index + 2), titles[index]]);
      jsbns.push(cells[1]!);
    }
    expect(jsbns.map((number) => number.slice(0, 11))).toEqual(
      ['00002', '00003', '00004', '00005', '00006'].map((id) => `${PUBLISHER.no}-${id}`),
    );
    await expectNoSidewaysScroll(page);
    await shootBoth(page, shot('09-bulk-done'));

    // the lists' choices were stored as the form's values
    const third = await bookByJsbn(journey.server.url, jsbns[1]!);
    expect([third.language, third.type]).toEqual(['Gujarati', 'AGM1']);
    const fifth = await bookByJsbn(journey.server.url, jsbns[3]!);
    expect(fifth.subjects.map((subject) => subject.subject_name)).toEqual(['Agam']);
    expect(fifth.authors.map((author) => author.author_type)).toEqual(['Commentator']);

    const [list] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: books.bulk.resultExcel }).click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytesOf(list)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(6);
    for (let index = 0; index < 5; index++) {
      const line = sheet.getRow(index + 2);
      expect([line.getCell(1).value, line.getCell(2).value, line.getCell(3).value, line.getCell(6).value]).toEqual([
        index + 2,
        jsbns[index],
        titles[index],
        '',
      ]);
    }
    // the label sheet at the size chosen from its list: five codes zbarimg reads
    await page.getByLabel(books.print.size).selectOption('20');
    const [labels] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: books.bulk.labels }).click()]);
    const { png } = renderPdf(await bytesOf(labels), `labels-${lng}`);
    expect(decode(png)).toEqual(jsbns.map((number) => `${journey.server.url}/jsbn/${number}`).sort());
  });

  it('4. accepts a library’s order of two copies in part — more than ordered is brought down to 2, said beside the field — and dispatches it with a landline', async () => {
    const libraryToken = await apiToken(journey.server.url, LIBRARY, 'LIBRARY');
    const book = await bookByJsbn(journey.server.url, jsbn);
    const order = await placeOrder(journey.server.url, libraryToken, book, 2);

    await page.goto(`${journey.server.url}/booked-orders`);
    await appLive(page);
    await expect.poll(() => page.getByRole('heading', { name: orders.titles.received }).isVisible()).toBe(true);
    const row = page.getByRole('row').filter({ hasText: order.orderId });
    await expect.poll(() => row.count()).toBe(1);
    await shootBoth(page, shot('10-received-orders'));
    // on a phone's card Partial Accept is in the order's More menu (Accept is the card's button)
    await row.getByRole('button', { name: fill(orders.actions.moreOf, { order: order.orderId }) }).click();
    await page.getByRole('menuitem', { name: orders.actions.partialAccept, exact: true }).click();
    const partial = page.getByRole('dialog', { name: orders.partial.title });
    const copies = partial.getByLabel(fill(orders.partial.acceptedFor, { title: BOOK.title }));
    expect(await copies.inputValue()).toBe('2');
    const atMost = plural(orders.partial, 'atMost', 2, lng);
    await copies.fill('');
    await copies.pressSequentially('5');
    // said as soon as the number is above the order, and still after it is brought down
    await expect.poll(() => partial.getByText(atMost, { exact: true }).isVisible()).toBe(true);
    await copies.blur();
    await expect.poll(() => copies.inputValue()).toBe('2');
    expect(await partial.getByText(atMost, { exact: true }).isVisible()).toBe(true);
    // beside the field: its helper text, right under it
    const [field, helper] = [await copies.boundingBox(), await partial.getByText(atMost, { exact: true }).boundingBox()];
    expect(helper!.y).toBeGreaterThanOrEqual(field!.y + field!.height - 1);
    expect(helper!.y - (field!.y + field!.height)).toBeLessThan(24);
    const acceptBox = await partial.getByRole('button', { name: orders.partial.submit, exact: true }).boundingBox();
    expect(acceptBox!.y + acceptBox!.height).toBeGreaterThan(PHONE.height - 80);
    await shootBoth(page, shot('11-partial-accept'));
    await copies.fill('1');
    // fewer copies: why
    await partial.getByRole('radio', { name: orders.partial.reasons.out_of_stock }).check();
    await partial.getByRole('button', { name: orders.partial.submit, exact: true }).click();
    await expect.poll(() => partial.count()).toBe(0);
    const accepted = await apiCall<{
      orderBook: { status: string; OrderBookItem: { number_of_copies: number; accepted_book_copies: number | null }[] };
    }>(journey.server.url, `/book/order-book/${order.id}`, { token: publisherToken });
    expect([
      accepted.data.orderBook.status,
      accepted.data.orderBook.OrderBookItem[0]!.number_of_copies,
      accepted.data.orderBook.OrderBookItem[0]!.accepted_book_copies,
    ]).toEqual(['IN_PROGRESS', 2, 1]);

    await page.getByRole('tab', { name: orders.tabs.PUBLISHER.IN_PROGRESS }).click();
    const preparing = page.getByRole('row').filter({ hasText: order.orderId });
    await expect.poll(() => preparing.count()).toBe(1);
    await preparing.getByRole('button', { name: orders.actions.dispatch }).click();
    const dispatch = page.getByRole('dialog', { name: orders.dispatch.title });
    await dispatch.getByLabel(orders.courier.name).fill('શ્રી નંદન કુરિયર');
    const number = dispatch.getByLabel(orders.courier.number);
    await number.pressSequentially(COURIER.typed);
    // the field keeps the space while typing, and the 10 digits after
    expect(await number.inputValue()).toBe(COURIER.typed);
    await dispatch.getByLabel(orders.courier.tracking).fill('SNC-40921');
    expect(await number.inputValue()).toBe(COURIER.stored);
    // on the phone the dialog fills the screen with its buttons at its foot, as Partial Accept's do
    const submitBox = await dispatch.getByRole('button', { name: orders.dispatch.submit, exact: true }).boundingBox();
    expect(submitBox!.y + submitBox!.height).toBeGreaterThan(PHONE.height - 80);
    await shootBoth(page, shot('12-dispatch'));
    await dispatch.getByRole('button', { name: orders.dispatch.submit, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: common.confirm.title }).filter({ hasText: orders.confirm.dispatch });
    await confirm.getByRole('button', { name: common.confirm.yes }).click();
    await expect.poll(() => dispatch.count()).toBe(0);
    await page.getByRole('tab', { name: orders.tabs.PUBLISHER.DISPATCHED }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: order.orderId }).count()).toBe(1);
    await shootBoth(page, shot('13-dispatched'));
    const dispatched = await apiCall<{
      orderBook: { status: string; dispetchedOrder: { courierCompanyNumber: string | null; trackingId: string | null } | null };
    }>(journey.server.url, `/book/order-book/${order.id}`, { token: publisherToken });
    expect(dispatched.data.orderBook.status).toBe('DISPATCHED');
    expect(dispatched.data.orderBook.dispetchedOrder).toMatchObject({ courierCompanyNumber: COURIER.stored, trackingId: 'SNC-40921' });
  });
});

describe.each(OTHER_LANGUAGES)('the registration form and the book form on a phone, in %s', (lng) => {
  const { accounts, bookForm } = CATALOGUES[lng];
  const shot = (name: string) => `pubgu-${lng}-pass-${name}-${PHONE.width}`;

  it('shows the publisher registration form and the book form’s first section in its words, each loaded once', async () => {
    const base = journey.server.url;
    const page = await newPage(journey.browser, contexts, { width: PHONE.width });
    await page.setViewportSize(PHONE);
    // the language as the switcher leaves it chosen: the server renders the page in it
    await setLanguage(page, base, lng);
    await page.goto(`${base}/publisher-register`);
    await expect.poll(() => page.getByRole('heading', { name: accounts.register.publisherTitle }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lng);
    expect(await page.locator('main').getByText(accounts.register.publisherSubtitle, { exact: true }).isVisible()).toBe(true);
    const form = page.locator('main form');
    // the logo's field is a button that opens the file chooser, named by its label
    expect(await form.getByLabel(accounts.fields.logo, { exact: true }).count()).toBe(1);
    expect(await labelsIn(form)).toEqual([
      accounts.fields.publisherNo,
      accounts.fields.publisherName,
      accounts.fields.publisherType,
      accounts.fields.email,
      accounts.fields.address,
      accounts.fields.state,
      accounts.fields.city,
      accounts.fields.town,
      accounts.fields.pincode,
      accounts.fields.landline,
      accounts.fields.mobile,
      accounts.register.whatsappSame,
      accounts.fields.whatsapp,
      accounts.fields.gst,
      accounts.fields.aadhar,
      accounts.fields.password,
      accounts.fields.confirmPassword,
    ]);
    expect(await form.getByText(fill(accounts.register.publisherNoHint, { example: 'JNPUB' }), { exact: true }).isVisible()).toBe(true);
    expect(await form.getByRole('button', { name: accounts.register.submit, exact: true }).count()).toBe(1);
    await expectNoSidewaysScroll(page);
    await settle(page);
    await snap(page, shot('register'), { screen: true });

    // signed in through the API (this is no journey of signing in), the book form opens
    await signIn(page, base, 'Publisher Login', DEMO_PUBLISHER, '/new-book-reg');
    await expect.poll(() => page.getByRole('heading', { name: bookForm.pages.newTitle }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lng);
    const basic = page.getByRole('region', { name: bookForm.sections.basic, exact: true });
    expect(await labelsIn(basic)).toEqual([
      bookForm.fields.bookTitle,
      bookForm.fields.bookETitle,
      bookForm.fields.pages,
      bookForm.fields.publicationYear,
      bookForm.fields.language,
      bookForm.fields.swaroop,
      bookForm.fields.otherSwaroop,
      bookForm.fields.subjects,
      bookForm.fields.otherSubject,
    ]);
    expect(await basic.getByRole('button', { name: bookForm.actions.checkDuplicate }).count()).toBe(1);
    await expectNoSidewaysScroll(page);
    await settle(page);
    await snap(page, shot('book-form'), { screen: true });
  });
});
