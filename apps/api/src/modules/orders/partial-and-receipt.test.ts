/**
 * A partial accept names its reason, and a receipt may be short or damaged: the
 * reason and its words, or the library's note, are stored on the order, shown to both parties with
 * the new amount due, written to the record and said in the other party's e-mail, in its
 * language, and written in the order letter and the orders' Excel export; bad input names the
 * field in the caller's language; another account's order is a 404.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { ORDER_MSG, formatMoney, type CallInput, type ContractOf } from '@jsbn/shared';
import { orderEndpoints } from '@jsbn/shared/core';
import { accounts, audit_log, outbox, publishers } from '../../db/schema.js';
import { createBook, createLibrary, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, form, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';

type Headers = Record<string, string>;
/** What a status change sends (accept, partly accept, reject, cancel, receive). */
type StatusBody = CallInput<ContractOf<typeof orderEndpoints.setStatus>>['body'];

const work = mkdtempSync(join(tmpdir(), 'jsbn-partial-'));
/** The text of a PDF as pdftotext reads it, its lines' spaces made one. */
function pdfText(bytes: Buffer): string {
  const file = join(work, 'letter.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .normalize('NFC')
    .replace(/[ \t]+/g, ' ');
}
type Item = { id: number; number_of_copies: number };

describe.each(ENGINES)('partial accept reasons and receipts short or damaged on %s', (engine) => {
  let t: TestApp;
  let pub: Headers, otherPub: Headers, lib: Headers, otherLib: Headers;
  let publisher: Awaited<ReturnType<typeof createPublisher>>;
  let library: Awaited<ReturnType<typeof createLibrary>>;
  let books: { a: number; b: number };

  beforeAll(async () => {
    t = await createTestApp(engine);
    publisher = await createPublisher(t.ctx, { publisher_name: 'Shri Jain Sahitya Prakashan Trust' });
    library = await createLibrary(t.ctx, { name: 'શ્રી હેમચંદ્રાચાર્ય જ્ઞાન ભંડાર' });
    const other = await createPublisher(t.ctx);
    const otherLibrary = await createLibrary(t.ctx);
    [pub, otherPub, lib, otherLib] = await Promise.all([
      tokenHeader(t, publisher),
      tokenHeader(t, other),
      tokenHeader(t, library),
      tokenHeader(t, otherLibrary),
    ]);
    // ₹40 postage a parcel, so the new total is books and postage
    await t.ctx.db
      .update(publishers)
      .set({ postage_terms: 'per_parcel', postage_rate_minor: 4000 })
      .where(eq(publishers.id, publisher.publisherId));
    books = {
      a: (await createBook(t.ctx, publisher.publisherId, { book_title: 'કલ્પસૂત્ર', price: 250 })).id,
      b: (await createBook(t.ctx, publisher.publisherId, { book_title: 'યોગશાસ્ત્ર', price: 100 })).id,
    };
  });
  afterAll(() => t.close());

  /** A new order of 4 × a and 2 × b, with its items. */
  const placeOrder = async () => {
    const placed = await inject(t.app, orderEndpoints.create, {
      headers: lib,
      body: {
        orders: [
          { publisherId: publisher.publisherId, bookId: books.a, numberOfCopies: 4 },
          { publisherId: publisher.publisherId, bookId: books.b, numberOfCopies: 2 },
        ],
      },
    });
    const id = placed.json().data.orders[0].id as number;
    return { id, items: (await read(pub, id)).OrderBookItem as Item[] };
  };
  const read = async (headers: Headers, id: number) =>
    (await inject(t.app, orderEndpoints.one, { params: { id }, headers })).json().data.orderBook;
  const patch = (headers: Headers, id: number, payload: StatusBody) =>
    inject(t.app, orderEndpoints.setStatus, { params: { id }, headers, body: payload });
  /** 3 of the 4 copies of a, both of b. */
  const fewer = (items: Item[]) => items.map((item) => ({ id: item.id, PartialBook: item.number_of_copies === 4 ? 3 : 2 }));
  const mailsTo = (email: string) =>
    t.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.channel, 'email')))
      .orderBy(asc(outbox.id));
  const recordOf = (orderId: number) =>
    t.ctx.db
      .select({ action: audit_log.action, changes: audit_log.changes })
      .from(audit_log)
      .where(and(eq(audit_log.subject_type, 'order'), eq(audit_log.subject_id, orderId)))
      .orderBy(asc(audit_log.id));

  it('refuses a partial accept without a reason, or other without words, naming the field in the caller’s language', async () => {
    const { id, items } = await placeOrder();
    const none = await patch(pub, id, { status: 'IN_PROGRESS', orderItems: fewer(items) });
    expect([none.statusCode, none.json().details]).toEqual([400, [{ field: 'partialReason', message: ORDER_MSG.partialReason }]]);
    const inGujarati = await patch({ ...pub, 'accept-language': 'gu' }, id, { status: 'IN_PROGRESS', orderItems: fewer(items) });
    expect(inGujarati.json().details).toEqual([{ field: 'partialReason', message: 'ઓછી નકલો સ્વીકારવાનું કારણ જરૂરી છે' }]);
    // a reason outside the list: sent as it comes
    const unknown = await inject(t.app, orderEndpoints.setStatus, {
      raw: true,
      params: { id },
      headers: pub,
      body: { status: 'IN_PROGRESS', orderItems: fewer(items), partialReason: 'tired' },
    });
    expect(unknown.json().details).toEqual([{ field: 'partialReason', message: ORDER_MSG.partialReasonChoice }]);
    const other = await patch({ ...pub, 'accept-language': 'hi' }, id, {
      status: 'IN_PROGRESS',
      orderItems: fewer(items),
      partialReason: 'other',
      partialNote: '   ',
    });
    expect(other.json().details).toEqual([{ field: 'partialNote', message: 'कारण अन्य हो तो शब्दों में कारण लिखना आवश्यक है' }]);
    // nothing was accepted
    expect((await read(pub, id)).status).toBe('REQUESTED');
    // a whole accept needs no reason
    const whole = await patch(pub, id, {
      status: 'IN_PROGRESS',
      orderItems: items.map((item) => ({ id: item.id, PartialBook: item.number_of_copies })),
    });
    expect(whole.json().message).toBe('Order accepted successfully');
    expect(await read(lib, id)).toMatchObject({ partial_reason: null, partial_note: null });
  });

  it('keeps the reason with the new total for both parties, in the record and in the library’s e-mail', async () => {
    await t.ctx.db.update(accounts).set({ preferred_language: 'gu' }).where(eq(accounts.id, library.accountId));
    const { id, items } = await placeOrder();
    // another publisher's order is not there for it; a library cannot accept
    expect((await patch(otherPub, id, { status: 'IN_PROGRESS', orderItems: fewer(items), partialReason: 'out_of_stock' })).statusCode).toBe(
      404,
    );
    expect((await patch(lib, id, { status: 'IN_PROGRESS', orderItems: fewer(items), partialReason: 'out_of_stock' })).statusCode).toBe(403);

    const before = (await mailsTo(library.email)).length;
    const accepted = await patch(pub, id, {
      status: 'IN_PROGRESS',
      orderItems: fewer(items),
      partialReason: 'limited_per_library',
      partialNote: 'Three copies a library this year',
    });
    expect(accepted.json().message).toBe('Order partially accepted successfully');
    // 3 × ₹250 + 2 × ₹100 + ₹40 postage
    for (const headers of [pub, lib]) {
      expect(await read(headers, id)).toMatchObject({
        status: 'IN_PROGRESS',
        partial_reason: 'limited_per_library',
        partial_note: 'Three copies a library this year',
        amount_due_minor: 99000,
      });
    }
    const recorded = await recordOf(id);
    expect(recorded.at(-1)).toMatchObject({
      action: 'status changed',
      changes: {
        status: ['REQUESTED', 'IN_PROGRESS'],
        partial_reason: [null, 'limited_per_library'],
        partial_note: [null, 'Three copies a library this year'],
      },
    });
    const mails = await mailsTo(library.email);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.body).toContain('ઓછી નકલોનું કારણ: એક જ્ઞાન ભંડારને મર્યાદિત નકલો');
    expect(mails.at(-1)!.body).toContain('તેમના શબ્દોમાં: Three copies a library this year');
    expect(mails.at(-1)!.body).toContain(`નવી કુલ રકમ: ${formatMoney(99000, 'INR')}`);
  });

  it('marks an order received short or damaged with a required note the publisher reads; it is received all the same', async () => {
    await t.ctx.db.update(accounts).set({ preferred_language: 'hi' }).where(eq(accounts.id, publisher.accountId));
    const { id, items } = await placeOrder();
    await patch(pub, id, { status: 'IN_PROGRESS', orderItems: fewer(items), partialReason: 'out_of_stock' });
    const dispatched = await inject(t.app, orderEndpoints.dispatch, { headers: pub, body: form({ orderId: String(id) }) });
    expect(dispatched.statusCode).toBe(200);

    const noNote = await patch({ ...lib, 'accept-language': 'gu' }, id, { status: 'COMPLETED', receivedAs: 'short_or_damaged' });
    expect([noNote.statusCode, noNote.json().details]).toEqual([
      400,
      [{ field: 'receivedNote', message: 'શું ઓછું કે નુકસાનવાળું છે તેની નોંધ જરૂરી છે' }],
    ]);
    // a way of receiving outside the list: sent as it comes
    const unknown = await inject(t.app, orderEndpoints.setStatus, {
      raw: true,
      params: { id },
      headers: lib,
      body: { status: 'COMPLETED', receivedAs: 'lost' },
    });
    expect(unknown.json().details).toEqual([{ field: 'receivedAs', message: ORDER_MSG.receivedAs }]);
    const note = 'One copy of કલ્પસૂત્ર came with a torn cover';
    expect((await patch(otherLib, id, { status: 'COMPLETED', receivedAs: 'short_or_damaged', receivedNote: note })).statusCode).toBe(404);
    expect((await patch(pub, id, { status: 'COMPLETED', receivedAs: 'short_or_damaged', receivedNote: note })).statusCode).toBe(403);

    const before = (await mailsTo(publisher.email)).length;
    const received = await patch(lib, id, { status: 'COMPLETED', receivedAs: 'short_or_damaged', receivedNote: note });
    // received all the same: its copies go on the library's shelves (decision 071), and the reply says both
    expect(received.json().message).toMatch(/^Order marked as received, short or damaged; 5 copies are on the shelves: \d+–\d+$/);
    for (const headers of [pub, lib]) {
      expect(await read(headers, id)).toMatchObject({ status: 'COMPLETED', received_as: 'short_or_damaged', received_note: note });
    }
    expect((await recordOf(id)).at(-1)).toMatchObject({
      changes: { status: ['DISPATCHED', 'COMPLETED'], received_as: [null, 'short_or_damaged'], received_note: [null, note] },
    });
    const mails = await mailsTo(publisher.email);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.body).toContain(`कम या क्षतिग्रस्त प्रतियाँ: ${note}`);
    // the completed tab counts it
    const completed = await inject(t.app, orderEndpoints.list, { headers: pub, query: { orderStatus: 'COMPLETED' } });
    expect(completed.json().data.orderBooks.map((order: { id: number }) => order.id)).toContain(id);
  });

  it('marks an order received in full as before, with or without saying so', async () => {
    for (const body of [
      { status: 'COMPLETED' },
      { status: 'COMPLETED', receivedAs: 'in_full', receivedNote: 'ignored' },
    ] satisfies StatusBody[]) {
      const { id } = await placeOrder();
      await patch(pub, id, { status: 'IN_PROGRESS' });
      await patch(pub, id, { status: 'DISPATCHED' });
      const received = await patch(lib, id, body);
      expect(received.json().message).toMatch(/^Order marked as received; 6 copies are on the shelves/);
      expect(await read(pub, id)).toMatchObject({ status: 'COMPLETED', received_as: 'in_full', received_note: null });
    }
  });
  it('writes why fewer copies and a receipt short or damaged in the order letter and the Excel export, and says both on receipt', async () => {
    await t.ctx.db.update(accounts).set({ preferred_language: 'gu' }).where(eq(accounts.id, library.accountId));
    const { id, items } = await placeOrder();
    const note = 'Three copies a library this year';
    await patch(pub, id, { status: 'IN_PROGRESS', orderItems: fewer(items), partialReason: 'limited_per_library', partialNote: note });
    await inject(t.app, orderEndpoints.dispatch, { headers: pub, body: form({ orderId: String(id) }) });
    const torn = 'એક નકલનું પૂંઠું ફાટેલું';
    const received = await patch({ ...lib, 'accept-language': 'gu' }, id, {
      status: 'COMPLETED',
      receivedAs: 'short_or_damaged',
      receivedNote: torn,
    });
    expect(received.json().message).toMatch(/^ઓર્ડર મળી ગયાનું નોંધ્યું, ઓછી કે નુકસાનવાળી નકલો સાથે; 5 નકલો છાજલી પર મુકાઈ: \d+–\d+$/);

    // the letter, in the library's language (Gujarati)
    const letter = await inject(t.app, orderEndpoints.letter, { headers: pub, body: { orderId: id, sendWhatsapp: false } });
    expect(letter.statusCode).toBe(200);
    const text = pdfText(letter.rawPayload);
    expect(text).toContain('ઓછી નકલોનું કારણ: એક જ્ઞાન ભંડારને મર્યાદિત નકલો');
    expect(text).toContain(`તેમના શબ્દોમાં: ${note}`);
    expect(text).toContain(`ઓછી કે નુકસાનવાળી નકલો: ${torn}`);
    writeFileSync(join(work, 'partial-letter.pdf'), letter.rawPayload);

    // the export, in the asker's language
    const exported = await inject(t.app, orderEndpoints.exportXlsx, {
      headers: { ...pub, 'accept-language': 'hi' },
      query: { ids: String(id) },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Data')!;
    const headings = (sheet.getRow(1).values as unknown[]).slice(1);
    const cell = (heading: string) => sheet.getRow(2).getCell(headings.indexOf(heading) + 1).value;
    expect(cell('कम प्रतियाँ')).toBe(`कम प्रतियों का कारण: एक ज्ञान भंडार को सीमित प्रतियाँ\nउनके शब्दों में: ${note}`);
    expect(cell('कम या क्षतिग्रस्त मिली प्रतियाँ')).toBe(`कम या क्षतिग्रस्त प्रतियाँ: ${torn}`);
  });
});
