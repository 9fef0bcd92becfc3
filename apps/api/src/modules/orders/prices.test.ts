/**
 * 'For propagation' prices and postage. A book is priced, nominal or free; an
 * order keeps each book's price when placed; the publisher states postage at dispatch; the
 * order details, the order letter (read with pdftotext, in English and Gujarati) and the Excel
 * export show price × accepted copies, postage and the total in the order's currency.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookEndpoints, orderEndpoints } from '@jsbn/shared/core';
import { eq } from 'drizzle-orm';
import { BOOK_MSG } from '@jsbn/shared';
import { createBook, createLibrary, createPublisher, makeJpeg } from '../../seed/factories.js';
import { accounts, books } from '../../db/schema.js';
import { ENGINES, createTestApp, form, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';

const work = mkdtempSync(join(tmpdir(), 'jsbn-prices-'));
const pdfText = (bytes: Buffer, name: string) => {
  const file = join(work, name);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).normalize('NFC');
};

/** The registration form's fields of a book (docs/api.md), as the browser sends them. */
const bookForm = {
  book_title: 'શ્રી ભક્તામર સ્તોત્ર',
  book_e_title: 'Bhaktamar Stotra',
  pages: '96',
  publication_year: '2024',
  language: 'Gujarati',
  type: 'STO1',
  'subjects[0][id]': '24',
  'authors[0][authorType]': '1',
  'authors[0][author_name]': 'Acharya Mantungasuri',
  readers: 'No',
};

describe.each(ENGINES)('prices and postage on %s', (engine) => {
  let t: TestApp;
  let pub: { authorization: string };
  let lib: { authorization: string };
  let publisher: Awaited<ReturnType<typeof createPublisher>>;
  let library: Awaited<ReturnType<typeof createLibrary>>;
  const ids = { priced: 0, nominal: 0, free: 0 };

  beforeAll(async () => {
    t = await createTestApp(engine);
    publisher = await createPublisher(t.ctx, { publisher_no: 'PRC01' });
    library = await createLibrary(t.ctx, { name: 'શ્રી આત્માનંદ જ્ઞાન ભંડાર' });
    [pub, lib] = await Promise.all([tokenHeader(t, publisher), tokenHeader(t, library)]);
    ids.priced = (await createBook(t.ctx, publisher.publisherId, { book_title: 'કલ્પસૂત્ર', price: 120 })).id;
    ids.nominal = (await createBook(t.ctx, publisher.publisherId, { book_title: 'યોગશાસ્ત્ર', price_kind: 'nominal', price: 20 })).id;
    ids.free = (await createBook(t.ctx, publisher.publisherId, { book_title: 'પ્રતિક્રમણ સૂત્ર', price_kind: 'free' })).id;
  });
  afterAll(() => t.close());

  const register = async (fields: Record<string, string>) =>
    inject(t.app, bookEndpoints.register, {
      headers: pub,
      body: form({ ...bookForm, ...fields }, { book_cover: [await makeJpeg('Cover'), 'cover.jpg', 'image/jpeg'] }),
    });

  it('registers a book as priced, for propagation or free; a free book with a price is refused, naming the field', async () => {
    const refused = await register({ price_kind: 'free', price: '50' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ field: 'price', message: BOOK_MSG.freeHasNoPrice }]);
    const wrongKind = await register({ price_kind: 'donation' });
    expect(wrongKind.json().details).toEqual([{ field: 'price_kind', message: 'Price type must be priced, nominal or free' }]);

    const nominal = await register({ price_kind: 'nominal', price: '15.50', currency: 'INR' });
    expect(nominal.statusCode).toBe(200);
    const page = await inject(t.app, bookEndpoints.byJsbn, { params: { jsbnNo: nominal.json().data.jsbn_number } });
    expect(page.json().data.book).toMatchObject({ price_kind: 'nominal', price: 15.5, currency: 'INR' });
    const [stored] = await t.ctx.db.select({ price_minor: books.price_minor }).from(books).where(eq(books.id, nominal.json().data.id));
    expect(stored!.price_minor).toBe(1550);

    const free = await register({ book_title: 'શ્રી નવસ્મરણ', price_kind: 'free', price: '' });
    expect(free.statusCode).toBe(200);
    const freePage = await inject(t.app, bookEndpoints.byJsbn, { params: { jsbnNo: free.json().data.jsbn_number } });
    expect(freePage.json().data.book).toMatchObject({ price_kind: 'free', price: null });
  });

  it('keeps the price of each line when ordered, counts accepted copies, and adds the postage given at dispatch', async () => {
    const placed = await inject(t.app, orderEndpoints.create, {
      headers: lib,
      body: {
        orders: [
          { publisherId: publisher.publisherId, bookId: ids.priced, numberOfCopies: 2 },
          { publisherId: publisher.publisherId, bookId: ids.nominal, numberOfCopies: 3 },
          { publisherId: publisher.publisherId, bookId: ids.free, numberOfCopies: 5 },
        ],
      },
    });
    const orderId = placed.json().data.orders[0].id as number;
    const read = async () => (await inject(t.app, orderEndpoints.one, { params: { id: orderId }, headers: lib })).json().data.orderBook;
    let order = await read();
    expect(
      order.OrderBookItem.map((item: Record<string, unknown>) => [item.price_kind, item.price_minor, item.currency, item.amount_minor]),
    ).toEqual([
      ['priced', 12000, 'INR', 24000],
      ['nominal', 2000, 'INR', 6000],
      ['free', null, 'INR', 0],
    ]);
    expect(order).toMatchObject({ currency: 'INR', postage_minor: null, totals: [{ currency: 'INR', amount_minor: 30000 }] });

    // a later change of price does not change the order
    await t.ctx.db.update(books).set({ price_minor: 15000 }).where(eq(books.id, ids.priced));

    const items = order.OrderBookItem as { id: number }[];
    const accepted = await inject(t.app, orderEndpoints.setStatus, {
      params: { id: orderId },
      headers: pub,
      body: {
        status: 'IN_PROGRESS',
        orderItems: [
          { id: items[0]!.id, PartialBook: 1 },
          { id: items[1]!.id, PartialBook: 3 },
          { id: items[2]!.id, PartialBook: 5 },
        ],
        partialReason: 'limited_per_library',
      },
    });
    expect(accepted.statusCode).toBe(200);
    const badPostage = await inject(t.app, orderEndpoints.dispatch, {
      headers: pub,
      body: form({ orderId: String(orderId), postage: 'fifty' }),
    });
    expect(badPostage.statusCode).toBe(400);
    expect(badPostage.json().details).toEqual([{ field: 'postage', message: 'Postage must be a number from 0 to 1000000' }]);
    const dispatched = await inject(t.app, orderEndpoints.dispatch, {
      headers: pub,
      body: form({ orderId: String(orderId), postage: '45.50' }),
    });
    expect(dispatched.statusCode).toBe(200);

    order = await read();
    expect(order.OrderBookItem.map((item: { amount_minor: number }) => item.amount_minor)).toEqual([12000, 6000, 0]);
    expect(order).toMatchObject({ postage_minor: 4550, totals: [{ currency: 'INR', amount_minor: 22550 }] });

    // the letter: price, amount, Free, for propagation, postage and total
    const letter = await inject(t.app, orderEndpoints.letter, { headers: pub, body: { orderId } });
    const english = pdfText(letter.rawPayload, 'letter-en.pdf');
    // (-layout keeps the columns; a cell's second line comes on the next line)
    expect(english).toMatch(/કલ્પસૂત્ર\s+PRC01-\d{5}-.\s+Bhadrabahu\s+2 \(1\s+₹120\.00\s+₹120\.00\n.*accepted\)/);
    expect(english).toMatch(/યોગશાસ્ત્ર\s+PRC01-\d{5}-.\s+Bhadrabahu\s+3\s+₹20\.00 \(for\s+₹60\.00\n.*propagation\)/);
    expect(english).toMatch(/પ્રતિક્રમણ સૂત્ર\s+PRC01-\d{5}-.\s+Bhadrabahu\s+5\s+Free\s+Free/);
    expect(english).toContain('Postage: ₹45.50');
    expect(english).toContain('Total: ₹225.50');

    // in the library's language
    await t.ctx.db.update(accounts).set({ preferred_language: 'gu' }).where(eq(accounts.id, library.accountId));
    const gujarati = pdfText((await inject(t.app, orderEndpoints.letter, { headers: pub, body: { orderId } })).rawPayload, 'letter-gu.pdf');
    expect(gujarati).toMatch(/પ્રતિક્રમણ સૂત્ર\s+PRC01-\d{5}-.\s+Bhadrabahu\s+5\s+નિઃશુલ્ક\s+નિઃશુલ્ક/);
    expect(gujarati).toMatch(/₹20\.00\s*\(પ્રચારાર્થે\)|₹20\.00\s+₹60\.00\n.*\(પ્રચારાર્થે\)/);
    expect(gujarati).toContain('ટપાલ ખર્ચ: ₹45.50');
    expect(gujarati).toContain('કુલ: ₹225.50');

    // the Excel export: each line's price and amount, the postage and the total
    const excel = await inject(t.app, orderEndpoints.exportXlsx, { query: { ids: String(orderId) }, headers: pub });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Data')!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = Object.fromEntries(headers.map((header, index) => [String(header), sheet.getRow(2).getCell(index + 1).text]));
    expect(row.Books!.split('\n')).toEqual([
      expect.stringMatching(/^કલ્પસૂત્ર \(PRC01-\d{5}-.\) × 2 · ₹120\.00 · ₹120\.00$/),
      expect.stringMatching(/^યોગશાસ્ત્ર \(PRC01-\d{5}-.\) × 3 · ₹20\.00 \(for propagation\) · ₹60\.00$/),
      expect.stringMatching(/^પ્રતિક્રમણ સૂત્ર \(PRC01-\d{5}-.\) × 5 · Free · Free$/),
    ]);
    expect([row.Postage, row.Total]).toEqual(['₹45.50', '₹225.50']);
  });
});
