/**
 * Bulk registration (decision 020) from an Excel file. The template has the form's columns
 * and drop-down lists from a second sheet; a filled file is previewed with every row's
 * problems by column and row (the form's messages, in the caller's language); valid rows are
 * registered through the form's service with JSBNs in row order, a retried chunk gets the same
 * books, and a chunk that fails leaves none of its rows written. Files that are not workbooks,
 * too large (packed or unpacked) or too long are refused with a clear message.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookEndpoints, bulkEndpoints } from '@jsbn/shared/core';
import { BOOK_MSG, BULK_COLUMNS, BULK_MSG, MSG, formatJsbn, makeJsbn, type BulkColumn, type BulkPreview, type BulkRow } from '@jsbn/shared';
import { createBook, createLibrary, createPublisher } from '../../seed/factories.js';
import { books, publishers } from '../../db/schema.js';
import { XLSX_TYPE } from '../../lib/excel.js';
import { numberSheet } from '../../test/bulk-files.js';
import { ENGINES, createTestApp, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';

/** The template's bytes in `language` (Accept-Language). */
async function template(t: TestApp, language = 'en'): Promise<Buffer> {
  const reply = await inject(t.app, bulkEndpoints.template, { headers: { 'accept-language': language } });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-type']).toBe(XLSX_TYPE);
  expect(reply.headers['content-disposition']).toBe('attachment; filename="JSBN_Register_Many_Books.xlsx"');
  return reply.rawPayload;
}

async function workbookOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** The template in English, filled with `rows` (by column key) from row 2, as a publisher's spreadsheet program would save it. */
async function filled(t: TestApp, rows: Partial<Record<BulkColumn, string | number>>[]): Promise<Buffer> {
  const workbook = await workbookOf(await template(t));
  const sheet = workbook.worksheets[0]!;
  rows.forEach((values, index) => {
    for (const [key, value] of Object.entries(values)) sheet.getCell(index + 2, BULK_COLUMNS.indexOf(key as BulkColumn) + 1).value = value;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const VALID = {
  book_title: 'શ્રી ઉત્તરાધ્યયન સૂત્ર',
  book_e_title: 'Shri Uttaradhyayan Sutra',
  language: 'Gujarati (ગુજરાતી)',
  publication_year: 2019,
  pages: 320,
  type: 'આગમ — Agam (canonical text)',
  subjects: 'Agam; Story',
  author_name_1: 'આચાર્ય શ્રી હેમચંદ્રસૂરિ',
  author_type_1: 'Author',
  author_name_2: 'Muni Jambuvijay',
  author_type_2: 'Editor',
  price_kind: 'For propagation (nominal price)',
  price: 30,
  currency: 'INR',
  readers: 'No',
} satisfies Partial<Record<BulkColumn, string | number>>;

/** VALID's cells as text, with `title`: a row as the browser sends it. */
const rowValues = (title: string) => ({
  ...Object.fromEntries(Object.entries(VALID).map(([key, value]) => [key, String(value)])),
  book_title: title,
});

describe.each(ENGINES)('bulk registration on %s', (engine) => {
  let t: TestApp;
  let pub: { authorization: string };
  let publisherId: number;

  /** POST /api/book/bulk/preview with `bytes` as the body. */
  const preview = (bytes: Buffer, headers: Record<string, string> = pub) =>
    inject(t.app, bulkEndpoints.preview, { headers, body: new Blob([new Uint8Array(bytes)], { type: XLSX_TYPE }) });
  const register = (batch: string, rows: BulkRow[], headers = pub) =>
    inject(t.app, bulkEndpoints.register, { headers, body: { batch, rows } });

  beforeAll(async () => {
    t = await createTestApp(engine);
    const publisher = await createPublisher(t.ctx, { publisher_no: 'BULKP' });
    publisherId = publisher.publisherId;
    pub = await tokenHeader(t, publisher);
    await createBook(t.ctx, publisherId, { book_title: 'Kalpasutra' });
  });
  afterAll(() => t.close());

  it('gives a template with the form’s columns, drop-down lists from a second sheet and a guide, in the caller’s language', async () => {
    const english = await workbookOf(await template(t));
    expect(english.worksheets.map((sheet) => sheet.name)).toEqual(['Books', 'Lists', 'How to fill']);
    const [sheet, lists] = english.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    const headings = (sheet.getRow(1).values as string[]).slice(1);
    // starred: what the book form marks and requires, Swaroop, Subjects and the first author among them (decision 039)
    expect(headings.slice(0, 12)).toEqual([
      'Book title *',
      'Book English title *',
      'Original book (alternate title)',
      'Language *',
      'Publication year *',
      'Number of pages *',
      'Part',
      'Swaroop *',
      'Other swaroop',
      'Subjects *',
      'Other subject',
      'Author name 1 *',
    ]);
    expect(headings.filter((heading) => heading.endsWith(' *'))).toEqual([
      'Book title *',
      'Book English title *',
      'Language *',
      'Publication year *',
      'Number of pages *',
      'Swaroop *',
      'Subjects *',
      'Author name 1 *',
      'Author type 1 *',
      'Readers *',
    ]);
    expect(headings).toContain('Author name 3');
    const guide = (english.worksheets[2]!.getColumn(1).values as string[]).filter(Boolean);
    expect(guide[1]).toBe(
      '2. Every row must fill: Book title, Book English title, Language, Publication year, Number of pages, Swaroop, Subjects, Author name 1, Author type 1, Readers — as the book form asks. Swaroop may be written under Other swaroop instead, and subjects under Other subject.',
    );
    expect(headings).toHaveLength(BULK_COLUMNS.length);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // the language column offers the list on the second sheet, down to the 1,000th book
    for (const row of [2, 1001])
      expect(sheet.getCell(row, 4).dataValidation).toMatchObject({ type: 'list', formulae: ["'Lists'!$A$2:$A$17"] });
    expect(sheet.getCell(2, 5).dataValidation).toMatchObject({ type: 'whole', operator: 'between', formulae: [1000, 2100] });
    expect(lists.getCell(2, 1).value).toBe('Gujarati (ગુજરાતી)');
    expect(lists.getCell(2, 2).value).toBe('આગમ — Agam (canonical text)');

    const gujarati = await workbookOf(await template(t, 'gu'));
    expect(gujarati.worksheets.map((sheet) => sheet.name)).toEqual(['પુસ્તકો', 'યાદીઓ', 'કેવી રીતે ભરવું']);
    expect(gujarati.worksheets[0]!.getCell(1, 1).value).toBe('પુસ્તકનું શીર્ષક *');
    expect(gujarati.worksheets[0]!.getCell(2, 4).dataValidation).toMatchObject({ formulae: ["'યાદીઓ'!$A$2:$A$17"] });
    expect(gujarati.worksheets[1]!.getColumn(5).values).toEqual([
      undefined,
      'કિંમતનો પ્રકાર',
      'વેચાણ કિંમતે',
      'પ્રચારાર્થે (નામમાત્ર કિંમત)',
      'નિઃશુલ્ક',
    ]);
    // its lists name languages, swaroops, subjects and author types in Gujarati, and say they are options
    const guLists = gujarati.worksheets[1]!;
    expect([guLists.getCell(2, 1).value, guLists.getCell(2, 2).value, guLists.getCell(2, 3).value, guLists.getCell(4, 4).value]).toEqual([
      'ગુજરાતી',
      'આગમ (મૂળ શાસ્ત્રગ્રંથ)',
      'આગમ',
      'અનુવાદક',
    ]);
    const guGuide = (gujarati.worksheets[2]!.getColumn(1).values as string[]).join(' ');
    expect(guGuide).toContain("(તેમના વિકલ્પો 'યાદીઓ' શીટમાં છે)");
    expect(guGuide).toContain('(આગમ; કથા)');
    const hindi = await workbookOf(await template(t, 'hi'));
    expect([
      hindi.worksheets[1]!.getCell(2, 1).value,
      hindi.worksheets[1]!.getCell(3, 2).value,
      hindi.worksheets[1]!.getCell(25, 3).value,
    ]).toEqual(['गुजराती', 'निर्युक्ति (पद्य में टीका)', 'भक्ति']);
  });

  it('reads list values written in Gujarati or Hindi, and names a row’s problems in the caller’s language', async () => {
    const reply = await preview(
      await filled(t, [
        {
          ...VALID,
          book_title: 'ગુજરાતી યાદીઓથી',
          language: 'ગુજરાતી, સંસ્કૃત',
          type: 'ટીકા (વ્યાખ્યા)',
          subjects: 'આગમ; ભક્તિ',
          author_type_1: 'ટીકાકાર',
          author_type_2: 'संपादक',
          price_kind: 'વેચાણ કિંમતે',
        },
        { ...VALID, book_title: 'वर्ष गलत', language: 'हिन्दी', type: 'टीका', publication_year: 'ઈ.સ. 1990' },
      ]),
      { ...pub, 'accept-language': 'hi' },
    );
    expect(reply.statusCode).toBe(200);
    const { rows } = reply.json<{ data: BulkPreview }>().data;
    expect(rows[0]).toMatchObject({ errors: [] });
    expect(rows[1]!.errors).toEqual([{ column: 'publication_year', message: 'प्रकाशन वर्ष 1000 से 2100 के बीच की पूर्ण संख्या होनी चाहिए' }]);
  });

  it('names all of a row’s problems at once: a bad year does not hide a missing swaroop, subjects or author (decision 039)', async () => {
    const reply = await preview(
      await filled(t, [
        {
          book_title: 'અધૂરી હરોળ',
          book_e_title: 'Half a row',
          language: 'Gujarati (ગુજરાતી)',
          publication_year: 12,
          pages: 80,
          readers: 'No',
        },
      ]),
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json<{ data: BulkPreview }>().data.rows[0]!.errors).toEqual([
      { column: 'publication_year', message: 'Publication year must be a whole number from 1000 to 2100' },
      { column: 'type', message: MSG.swaroop },
      { column: 'subjects', message: MSG.subjectOrOther },
      { column: 'author_name_1', message: MSG.authorAtLeastOne },
    ]);
  });

  it('previews a filled file: every row’s problems named by column and row, the form’s messages, titles seen before as warnings', async () => {
    const reply = await preview(
      await filled(t, [
        VALID,
        { ...VALID, book_title: 'तत्त्वार्थसूत्र', pages: '', language: 'Klingon' },
        { ...VALID, book_title: 'Bhaktamar Stotra', author_type_1: 'Poet', readers: 'maybe', subjects: 'Agam; Astrology' },
        {},
        { ...VALID, book_e_title: 'The same title again' },
        { ...VALID, book_title: 'Kalpasutra', price_kind: 'Free', price: '' },
        { ...VALID, book_title: 'Free with a price', price_kind: 'Free', readers: 'Yes', electronic_copy: 'Yes' },
      ]),
    );
    expect(reply.statusCode).toBe(200);
    const { columns, rows } = reply.json<{ data: BulkPreview }>().data;
    expect(columns[0]).toEqual({ key: 'book_title', label: 'Book title' });
    // a list column carries its list, so a problem in it is fixed by choosing (decision 039)
    const byKey = new Map(columns.map((column) => [column.key, column]));
    expect(byKey.get('language')!.options).toContain('Gujarati (ગુજરાતી)');
    expect(byKey.get('type')!.options).toContain('આગમ — Agam (canonical text)');
    expect(byKey.get('subjects')).toMatchObject({ several: true });
    expect(byKey.get('author_type_2')!.options).toContain('Editor');
    expect(byKey.get('readers')!.options).toEqual(['Yes', 'No']);
    // the empty row 5 is left out; rows keep their numbers in the sheet
    expect(rows.map((row) => row.row)).toEqual([2, 3, 4, 6, 7, 8]);
    expect(rows[0]).toMatchObject({
      errors: [],
      warnings: [{ column: 'book_title', message: 'The same title is also in row 6 of this file' }],
    });
    expect(rows[0]!.values).toMatchObject({ book_title: 'શ્રી ઉત્તરાધ્યયન સૂત્ર', publication_year: '2019', pages: '320' });
    expect(rows[1]!.errors).toEqual([
      { column: 'language', message: BULK_MSG.languageNotInList },
      { column: 'pages', message: MSG.pages },
    ]);
    expect(rows[2]!.errors).toEqual([
      { column: 'subjects', message: 'Subject is not in the list' },
      { column: 'author_type_1', message: 'Author type is not in the list' },
      { column: 'readers', message: BULK_MSG.yesOrNo },
    ]);
    expect(rows[3]).toMatchObject({
      errors: [],
      warnings: [{ column: 'book_title', message: 'The same title is also in row 2 of this file' }],
    });
    expect(rows[4]).toMatchObject({ errors: [], warnings: [{ column: 'book_title', message: BOOK_MSG.duplicateTitle }] });
    expect(rows[5]!.errors).toEqual([
      { column: 'price', message: BOOK_MSG.freeHasNoPrice },
      { column: 'pdfurl', message: BOOK_MSG.pdfUrlRequired },
    ]);

    // the same problems in Gujarati, and again after a fix in the browser (POST /check)
    const fixed = rows.map(({ row, values }) => ({ row, values: row === 3 ? { ...values, language: 'Hindi', pages: '210' } : values }));
    const checked = await inject(t.app, bulkEndpoints.check, { headers: { ...pub, 'accept-language': 'gu' }, body: { rows: fixed } });
    expect(checked.statusCode).toBe(200);
    const again = checked.json<{ data: BulkPreview }>().data;
    expect(again.columns[0]).toEqual({ key: 'book_title', label: 'પુસ્તકનું શીર્ષક' });
    expect(again.rows[1]!.errors).toEqual([]);
    expect(again.rows[2]!.errors).toEqual([
      { column: 'subjects', message: 'વિષય યાદીમાં નથી' },
      { column: 'author_type_1', message: 'લેખકનો પ્રકાર યાદીમાં નથી' },
      { column: 'readers', message: 'કૃપા કરીને હા કે ના લખો' },
    ]);
    expect(again.rows[0]!.warnings).toEqual([{ column: 'book_title', message: 'આ જ શીર્ષક આ ફાઇલની હરોળ 6 માં પણ છે' }]);
  });

  it('reads headings in any interface language and names the missing columns', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(['पुस्तक का शीर्षक *', 'Pages', 'Readers']);
    sheet.addRow(['तत्त्वार्थसूत्र', 120, 'हाँ']);
    const reply = await preview(Buffer.from(await workbook.xlsx.writeBuffer()), { ...pub, 'accept-language': 'en' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(
      'These columns are missing: Book English title, Language, Publication year. Please use the template.',
    );
    const hindi = await preview(Buffer.from(await workbook.xlsx.writeBuffer()), { ...pub, 'accept-language': 'hi' });
    expect(hindi.json().message).toBe('ये कॉलम नहीं हैं: पुस्तक का अंग्रेज़ी शीर्षक, भाषा, प्रकाशन वर्ष। कृपया टेम्पलेट का उपयोग करें।');
  });

  it('refuses what is not a workbook, too big packed or unpacked, too long, or not the publisher’s to send', async () => {
    const notXlsx = await preview(Buffer.from('Title,Pages\nKalpasutra,120\n'));
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json()).toMatchObject({ message: BULK_MSG.notWorkbook, details: [{ field: 'file', message: BULK_MSG.notWorkbook }] });

    const bomb = new JSZip();
    bomb.file('xl/worksheets/sheet1.xml', Buffer.alloc(100 * 1024 * 1024, 0x20));
    const bombBytes = await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bombBytes.length).toBeLessThan(1024 * 1024);
    const unpacked = await preview(bombBytes);
    expect(unpacked.statusCode).toBe(413);
    expect(unpacked.json().message).toBe(BULK_MSG.unpackedTooLarge);

    const big = await preview(Buffer.alloc(2 * 1024 * 1024 + 1, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(BULK_MSG.fileTooLarge);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Books');
    sheet.addRow(['Book title', 'Book English title', 'Language', 'Publication year', 'Number of pages', 'Readers']);
    for (let n = 0; n < 1001; n++) sheet.addRow([`Book ${n}`, `Book ${n}`, 'Hindi', 2000, 10, 'No']);
    const long = await preview(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(long.statusCode).toBe(413);
    expect(long.json().message).toBe(BULK_MSG.tooManyRows);

    const json = await inject(t.app, bulkEndpoints.preview, { raw: true, headers: pub, body: { rows: [] } });
    expect(json.statusCode).toBe(415);
    expect((await preview(await template(t), {})).statusCode).toBe(401);
    const library = await tokenHeader(t, await createLibrary(t.ctx));
    expect((await preview(await template(t), library)).statusCode).toBe(403);
    expect((await register(randomUUID(), [{ row: 2, values: {} }], library)).statusCode).toBe(403);
  });

  it('refuses a small file of 55,000 rows at its 1,001st row, reading no further', async () => {
    // 55,000 rows × 10 numbers: about 1.6 MB packed, 15 MB unpacked (under the unpacked limit)
    const many = numberSheet(55_000);
    expect(many.length).toBeLessThan(2 * 1024 * 1024);
    const refused = await preview(many);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ message: BULK_MSG.tooManyRows, details: [{ field: 'file', message: BULK_MSG.tooManyRows }] });
    // the same file broken after its last row: reading stops at the limit, long before the break
    const broken = await preview(numberSheet(55_000, 10, true));
    expect(broken.statusCode).toBe(413);
    expect(broken.json().message).toBe(BULK_MSG.tooManyRows);
    const hindi = await preview(many, { ...pub, 'accept-language': 'hi' });
    expect(hindi.json().message).toBe('एक फ़ाइल में अधिकतम 1,000 पुस्तकें। कृपया फ़ाइल को भागों में बाँटें।');
    // 1,000 rows are read to the end
    const thousand = await preview(numberSheet(1_000));
    expect(thousand.statusCode).toBe(200);
    expect(
      thousand
        .json<{ data: BulkPreview }>()
        .data.rows.map((row) => row.row)
        .at(-1),
    ).toBe(1_001);
  });

  it('checks one file of a publisher at a time, and at most 30 an hour', async () => {
    const publisher = await createPublisher(t.ctx);
    const own = await tokenHeader(t, publisher);
    const other = await tokenHeader(t, await createPublisher(t.ctx));
    const file = await filled(t, [VALID]);
    // a first upload whose body is still arriving
    let reading!: () => void;
    const started = new Promise<void>((resolve) => (reading = resolve));
    const body = new Readable({ read: () => reading() });
    // raw: the body is a stream still arriving, not the bytes the contract names
    const first = inject(t.app, bulkEndpoints.preview, { raw: true, headers: { ...own, 'content-type': XLSX_TYPE }, body });
    await started;
    const second = await preview(file, own);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: 'A file is already being checked' });
    expect((await preview(file, { ...own, 'accept-language': 'gu' })).json().message).toBe('એક ફાઇલ પહેલેથી તપાસાઈ રહી છે');
    expect((await preview(file, { ...own, 'accept-language': 'hi' })).json().message).toBe('एक फ़ाइल पहले से जाँची जा रही है');
    // another publisher is not held up
    expect((await preview(file, other)).statusCode).toBe(200);
    body.push(file);
    body.push(null);
    expect((await first).statusCode).toBe(200);
    // the first answered, the next file is checked
    expect((await preview(file, own)).statusCode).toBe(200);

    // 30 an hour (the refused ones above counted none; 2 so far)
    for (let n = 2; n < 30; n++) expect((await preview(Buffer.from('not a workbook'), own)).statusCode).toBe(400);
    const throttled = await preview(file, own);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toBe('Too many requests. Please try again later.');
  });

  it('registers valid rows through the form’s service, JSBNs in row order; a retried chunk gets the same books', async () => {
    const [before] = await t.ctx.db.select({ last: publishers.last_jsbn_seq }).from(publishers).where(eq(publishers.id, publisherId));
    const batch = randomUUID();
    const values = (title: string, extra: Partial<Record<BulkColumn, string>> = {}) => ({
      ...Object.fromEntries(Object.entries(VALID).map(([key, value]) => [key, String(value)])),
      book_title: title,
      ...extra,
    });
    const rows: BulkRow[] = [
      { row: 4, values: values('तत्त्वार्थसूत्र', { language: 'हिन्दी', price_kind: 'निःशुल्क', price: '', readers: 'ના' }) },
      { row: 2, values: values('શ્રી ઉત્તરાધ્યયન સૂત્ર') },
    ];
    const listed = async () =>
      (
        await inject(t.app, bookEndpoints.ofPublisher, { params: { publisherId }, query: { pageNo: '1', limit: '10' }, headers: pub })
      ).json().data.total as number;
    const before_total = await listed();
    const first = await register(batch, rows);
    expect(first.statusCode).toBe(200);
    const made = first.json<{ data: { books: { row: number; id: number; jsbn_number: string }[] } }>().data.books;
    expect(made.map((book) => [book.row, book.jsbn_number])).toEqual([
      [2, makeJsbn('BULKP', before!.last + 1)],
      [4, makeJsbn('BULKP', before!.last + 2)],
    ]);
    // the publisher's list shows them at once
    expect(await listed()).toBe(before_total + 2);
    const again = await register(batch, rows);
    expect(again.json().data.books).toEqual(made);
    expect(
      await t.ctx.db
        .select({ id: books.id })
        .from(books)
        .where(like(books.source_ref, `bulk:${batch}:%`)),
    ).toHaveLength(2);

    const stored = (await inject(t.app, bookEndpoints.one, { params: { id: made[1]!.id }, headers: pub })).json().data.book;
    expect(stored).toMatchObject({
      book_title: 'तत्त्वार्थसूत्र',
      language: 'Hindi',
      type: 'AGM1',
      price_kind: 'free',
      price: null,
      readers: 'No',
      pages: 320,
      publication_year: 2019,
    });
    expect(stored.authors.map((author: { author_name: string; author_type: string }) => [author.author_name, author.author_type])).toEqual([
      ['આચાર્ય શ્રી હેમચંદ્રસૂરિ', 'Author'],
      ['Muni Jambuvijay', 'Editor'],
    ]);
    expect(stored.subjects.map((subject: { subject_name: string }) => subject.subject_name)).toEqual(['Agam', 'Story']);

    const result = await inject(t.app, bulkEndpoints.result, { params: { batch }, headers: pub });
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-disposition']).toBe('attachment; filename="JSBN_Registered_Books.xlsx"');
    const sheet = (await workbookOf(result.rawPayload)).worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Row',
      'JSBN',
      'Book title',
      'Book English title',
      'JSBN page',
      'Not registered because',
    ]);
    expect((sheet.getRow(2).values as unknown[]).slice(0, 6)).toEqual([
      undefined,
      2,
      formatJsbn(made[0]!.jsbn_number),
      'શ્રી ઉત્તરાધ્યયન સૂત્ર',
      'Shri Uttaradhyayan Sutra',
      `https://jsbn.test/jsbn/${formatJsbn(made[0]!.jsbn_number)}`,
    ]);
    expect(sheet.getRow(3).getCell(1).value).toBe(4);
    const other = await tokenHeader(t, await createPublisher(t.ctx));
    expect((await inject(t.app, bulkEndpoints.result, { params: { batch }, headers: other })).statusCode).toBe(404);

    // the rows not registered follow the books, each with why, so none disappears (decision 039)
    const withLeft = await inject(t.app, bulkEndpoints.resultWithLeft, {
      params: { batch },
      headers: { ...pub, 'accept-language': 'gu' },
      body: {
        left: [
          { row: 5, values: values('Left out on purpose'), skipped: true },
          { row: 3, values: values('વર્ષ વગરનું', { publication_year: '', type: '' }) },
        ],
      },
    });
    expect(withLeft.statusCode).toBe(200);
    const listed2 = (await workbookOf(withLeft.rawPayload)).worksheets[0]!;
    expect(listed2.rowCount).toBe(5);
    expect(listed2.getRow(1).getCell(6).value).toBe('નોંધાયું નથી, કારણ');
    expect([
      listed2.getRow(4).getCell(1).value,
      listed2.getRow(4).getCell(2).value,
      listed2.getRow(4).getCell(3).value,
      listed2.getRow(4).getCell(6).value,
    ]).toEqual([3, '', 'વર્ષ વગરનું', 'પ્રકાશન વર્ષ: પ્રકાશન વર્ષ જરૂરી છે; સ્વરૂપ: સ્વરૂપ જરૂરી છે']);
    expect([listed2.getRow(5).getCell(1).value, listed2.getRow(5).getCell(6).value]).toEqual([5, 'નોંધતાં પહેલાં આપે છોડી દીધી']);
  });

  it('names a cell of more than 20,000 characters as that cell’s problem, in the caller’s language', async () => {
    const long = 'ગ'.repeat(25_000);
    const reply = await preview(
      await filled(t, [
        { ...VALID, book_title: 'A long tag', tags: long },
        { ...VALID, book_title: long },
      ]),
      { ...pub, 'accept-language': 'gu' },
    );
    expect(reply.statusCode).toBe(200);
    const { rows } = reply.json<{ data: BulkPreview }>().data;
    expect(rows[0]!.errors).toEqual([{ column: 'tags', message: 'એક ખાનામાં વધુમાં વધુ 20,000 અક્ષર સમાય' }]);
    expect(rows[1]!.errors).toEqual([{ column: 'book_title', message: 'એક ખાનામાં વધુમાં વધુ 20,000 અક્ષર સમાય' }]);
    // the preview shows the cell's start
    expect(rows[0]!.values.tags).toBe('ગ'.repeat(20_000));
    const english = await preview(await filled(t, [{ ...VALID, tags: long }]));
    expect(english.json<{ data: BulkPreview }>().data.rows[0]!.errors).toEqual([{ column: 'tags', message: BULK_MSG.cellTooLong }]);
  });

  it('answers a chunk sent again, four times at once, with the first’s books; another publisher’s batch id is its own', async () => {
    const publisher = await createPublisher(t.ctx, { publisher_no: 'BULKR' });
    const own = await tokenHeader(t, publisher);
    const batch = randomUUID();
    const rows: BulkRow[] = [2, 3, 4].map((row) => ({ row, values: rowValues(`Sent again ${row}`) }));
    const replies = await Promise.all([1, 2, 3, 4].map(() => register(batch, rows, own)));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200]);
    const made = replies[0]!.json<{ data: { books: { row: number; id: number; jsbn_number: string }[] } }>().data.books;
    expect(made.map((book) => book.jsbn_number)).toEqual([1, 2, 3].map((seq) => makeJsbn('BULKR', seq)));
    for (const reply of replies) expect(reply.json().data.books).toEqual(made);
    const ofBatch = () =>
      t.ctx.db
        .select({ id: books.id, publisher: books.publisher_id })
        .from(books)
        .where(like(books.source_ref, `bulk:${batch}:%`));
    expect(await ofBatch()).toHaveLength(3);
    expect((await register(batch, rows, own)).json().data.books).toEqual(made);

    // another publisher naming its upload the same: its own books, the first's untouched
    const other = await createPublisher(t.ctx, { publisher_no: 'BULKO' });
    const theirs = await register(batch, rows.slice(0, 2), await tokenHeader(t, other));
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.books.map((book: { jsbn_number: string }) => book.jsbn_number)).toEqual([
      makeJsbn('BULKO', 1),
      makeJsbn('BULKO', 2),
    ]);
    expect((await ofBatch()).map((book) => book.publisher).sort()).toEqual(
      [publisher.publisherId, publisher.publisherId, publisher.publisherId, other.publisherId, other.publisherId].sort(),
    );
    const result = await inject(t.app, bulkEndpoints.result, { params: { batch }, headers: own });
    expect((await workbookOf(result.rawPayload)).worksheets[0]!.getColumn(2).values).toEqual([
      undefined,
      'JSBN',
      ...made.map((book) => formatJsbn(book.jsbn_number)),
    ]);
  });

  it('writes nothing of a chunk with a bad row or a failure half-way', async () => {
    const good = {
      row: 2,
      values: { ...Object.fromEntries(Object.entries(VALID).map(([key, value]) => [key, String(value)])), book_title: 'Atomic one' },
    };
    const bad = await register(randomUUID(), [good, { row: 3, values: { ...good.values, pages: 'many' } }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'rows.3.pages', message: 'Number of pages must be a whole number from 1 to 100000' }]);

    // two numbers left: the third book of the chunk fails, and the first two are not kept either
    const last = await createPublisher(t.ctx, { publisher_no: 'BULKZ' });
    await t.ctx.db.update(publishers).set({ last_jsbn_seq: 99_997 }).where(eq(publishers.id, last.publisherId));
    const batch = randomUUID();
    const full = await register(
      batch,
      [2, 3, 4].map((row) => ({ row, values: { ...good.values, book_title: `Book ${row}` } })),
      await tokenHeader(t, last),
    );
    expect(full.statusCode).toBe(409);
    expect(
      await t.ctx.db
        .select({ id: books.id })
        .from(books)
        .where(like(books.source_ref, `bulk:${batch}:%`)),
    ).toEqual([]);
    const [after] = await t.ctx.db.select({ last: publishers.last_jsbn_seq }).from(publishers).where(eq(publishers.id, last.publisherId));
    expect(after!.last).toBe(99_997);
  });
});
