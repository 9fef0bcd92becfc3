/**
 * Bulk registration in the browser (decision 020): a publisher on a phone opens 'Register many books' from My
 * Books, downloads the template, uploads it filled (three books, one without its pages), sees
 * the problem named by row and column, corrects it in place, leaves one row out and one with its
 * problem, registers the rest with a progress bar, sees both rows not registered with why, and
 * downloads the list with the JSBNs and those rows, and the QR label sheet. The
 * preview in Gujarati and Hindi names the same problem in that language.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BULK_COLUMNS, BULK_MSG, MSG, type BulkColumn } from '@jsbn/shared';
import guBooks from '../apps/web/src/locales/gu/books.json' with { type: 'json' };
import hiBooks from '../apps/web/src/locales/hi/books.json' with { type: 'json' };
import guMessages from '../packages/shared/src/locales/gu/messages.json' with { type: 'json' };
import hiMessages from '../packages/shared/src/locales/hi/messages.json' with { type: 'json' };
import { bytesOf, snap } from './support/browser.js';
import { newPage as openPage, useJourney } from './support/session.js';
import { PHONE, signIn, settle } from './support/ui.js';

const journey = useJourney('failed-bulk-');
const { contexts } = journey;

/** The demo publisher (the seed's password). */
const PUBLISHER = { email: 'publisher@demo.jsbn', password: 'Demo@1234' };
const signInPublisher = (page: Page) => signIn(page, journey.server.url, 'Publisher Login', PUBLISHER);

/** `template` filled with `rows` from row 2, saved as a spreadsheet program would. */
async function fill(template: Buffer, rows: Partial<Record<BulkColumn, string | number>>[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  rows.forEach((values, index) => {
    for (const [key, value] of Object.entries(values)) sheet.getCell(index + 2, BULK_COLUMNS.indexOf(key as BulkColumn) + 1).value = value;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const BOOK = {
  book_e_title: 'Back catalogue',
  language: 'Gujarati (ગુજરાતી)',
  publication_year: 1998,
  pages: 240,
  type: 'ટીકા — Tika (commentary)',
  subjects: 'Agam',
  author_name_1: 'આચાર્ય શ્રી હરિભદ્રસૂરિ',
  author_type_1: 'Author',
  price_kind: 'Free',
  readers: 'No',
};
const ROWS = [
  { ...BOOK, book_title: 'શ્રી આવશ્યક સૂત્ર ટીકા' },
  { ...BOOK, book_title: 'श्री दशवैकालिक सूत्र', language: 'Hindi (हिन्दी)', pages: '' },
  { ...BOOK, book_title: 'Not this one yet' },
  // a language no list has: left with its problem, so it is not registered
  { ...BOOK, book_title: 'Sutra in Klingon', language: 'Klingon' },
];

/** The template as a visitor's browser downloads it (in English), filled with ROWS. */
async function filledTemplate(): Promise<Buffer> {
  const response = await fetch(`${journey.server.url}/api/book/bulk/template.xlsx`);
  expect(response.status).toBe(200);
  return fill(Buffer.from(await response.arrayBuffer()), ROWS);
}

describe('register many books from an Excel file', () => {
  it('downloads the template, previews the filled file with its problem, registers the ready rows and gives their JSBNs', async () => {
    const page = await openPage(journey.browser, contexts, { width: PHONE.width, downloads: true });
    await signInPublisher(page);
    await page.goto(`${journey.server.url}/my-books`);
    await settle(page);
    await page.getByRole('link', { name: 'Register many books' }).click();
    await page.waitForURL(`${journey.server.url}/my-books/register-many`);
    await settle(page);
    await snap(page, 'bulk-01-start-390');

    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the template (Excel)' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('JSBN_Register_Many_Books.xlsx');
    const filled = await fill(await bytesOf(template), ROWS);

    await page.getByTestId('bulk-file').setInputFiles({ name: 'back-catalogue.xlsx', mimeType: '', buffer: filled });
    await expect.poll(() => page.getByTestId('bulk-summary').textContent()).toBe('Rows: 4 · Ready: 2 · With problems: 2');
    // the rows with problems come first, the problem named by its column and the form's message
    const problem = page.locator('[data-testid="bulk-row"][data-row="3"]');
    expect(await problem.getByText('Row 3').isVisible()).toBe(true);
    expect(await problem.getByText('1 problem').isVisible()).toBe(true);
    expect(await problem.getByText(MSG.pages).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Register 2 books' }).isEnabled()).toBe(true);
    await snap(page, 'bulk-02-preview-problem-390');

    await problem.getByLabel('Number of pages').fill('180');
    // a corrected value is checked again before anything is registered
    expect(await page.getByRole('button', { name: 'Register 2 books' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => page.getByTestId('bulk-summary').textContent()).toBe('Rows: 4 · Ready: 3 · With problems: 1');

    await page.getByRole('button', { name: 'All (4)' }).click();
    await page.getByRole('checkbox', { name: 'Register row 4' }).uncheck();
    expect(await page.locator('[data-testid="bulk-row"][data-row="4"]').getByText('Left out').isVisible()).toBe(true);
    await snap(page, 'bulk-03-preview-ready-390');
    await page.getByRole('button', { name: 'Register 2 books' }).click();

    await expect.poll(() => page.getByTestId('bulk-done').textContent(), { timeout: 30_000 }).toBe('2 books registered');
    const rows = page.getByTestId('bulk-result-row');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toMatch(/^2.{5}-\d{5}-.શ્રી આવશ્યક સૂત્ર ટીકા$/u);
    expect(await rows.nth(1).textContent()).toMatch(/^3.{5}-\d{5}-.श्री दशवैकालिक सूत्र$/u);
    // the rows of the file that got no JSBN, each with why: left out, or its problem by column
    const left = page.getByTestId('bulk-left-out');
    expect(await left.getByRole('heading', { name: 'Rows not registered (2)' }).isVisible()).toBe(true);
    const leftRows = left.getByTestId('bulk-left-out-row');
    expect(await leftRows.count()).toBe(2);
    expect(await leftRows.nth(0).getByRole('cell').allTextContents()).toEqual([
      '4',
      'Not this one yet',
      'Left out by you before registering',
    ]);
    expect(await leftRows.nth(1).getByRole('cell').allTextContents()).toEqual([
      '5',
      'Sutra in Klingon',
      `Language: ${BULK_MSG.languageNotInList}`,
    ]);
    await snap(page, 'bulk-04-done-390');

    const [list] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'List with JSBNs (Excel)' }).click(),
    ]);
    expect(list.suggestedFilename()).toBe('JSBN_Registered_Books.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytesOf(list)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(2).getCell(3).value).toBe('શ્રી આવશ્યક સૂત્ર ટીકા');
    expect(sheet.getRow(3).getCell(1).value).toBe(3);
    // the row left out before registering is in the list too, with no JSBN and why
    expect(sheet.getRow(4).getCell(1).value).toBe(4);
    expect(sheet.getRow(4).getCell(2).value).toBe('');
    expect(sheet.getRow(4).getCell(6).value).toBe('Left out by you before registering');
    // and the row with a problem, named by its column
    expect([sheet.getRow(5).getCell(1).value, sheet.getRow(5).getCell(2).value, sheet.getRow(5).getCell(3).value]).toEqual([
      5,
      '',
      'Sutra in Klingon',
    ]);
    expect(sheet.getRow(5).getCell(6).value).toBe(`Language: ${BULK_MSG.languageNotInList}`);
    expect(sheet.rowCount).toBe(5);
    const [labels] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'QR labels for print (PDF)' }).click(),
    ]);
    expect(labels.suggestedFilename()).toBe('JSBN-QR-labels.pdf');
    expect((await bytesOf(labels)).subarray(0, 5).toString()).toBe('%PDF-');

    // the new books are on My Books, without their covers yet
    await page.getByRole('link', { name: 'Back to My Books' }).click();
    await settle(page);
    await expect.poll(() => page.getByText('श्री दशवैकालिक सूत्र').first().isVisible()).toBe(true);
  });

  it.each([
    ['gu', guBooks, guMessages],
    ['hi', hiBooks, hiMessages],
  ] as const)('names the same problem in %s, on a phone and a desktop', async (lng, books, messages) => {
    const page = await openPage(journey.browser, contexts, { width: 1366, downloads: true });
    await signInPublisher(page);
    await page.evaluate((language) => {
      localStorage.setItem('jsbn.language', language);
      document.cookie = `jsbn_language=${language}; path=/`;
    }, lng);
    await page.goto(`${journey.server.url}/my-books/register-many`);
    await settle(page);
    await expect.poll(() => page.getByRole('heading', { name: books.bulk.title }).isVisible()).toBe(true);
    await snap(page, `bulk-05-start-${lng}-1366`);
    await page.getByTestId('bulk-file').setInputFiles({ name: 'back-catalogue.xlsx', mimeType: '', buffer: await filledTemplate() });
    const problem = page.locator('[data-testid="bulk-row"][data-row="3"]');
    await expect.poll(() => problem.getByText(messages[MSG.pages as keyof typeof messages]).isVisible()).toBe(true);
    await snap(page, `bulk-06-preview-${lng}-1366`);
    await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
    await snap(page, `bulk-07-preview-${lng}-390`);
  });
});
