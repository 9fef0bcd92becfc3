import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@jsbn/shared';
import { and, eq, like } from 'drizzle-orm';
import { libraryEndpoints, orderEndpoints } from '@jsbn/shared/core';
import { createBook, createLibrary, createPublisher } from '../../seed/factories.js';
import { libraries, orders, outbox as outboxTable } from '../../db/schema.js';
import { ENGINES, createTestApp, tokenHeader, outboxTo, type TestApp } from '../../test/harness.js';
import { corruptPngChecksum } from '../../test/images.js';
import { sendOrderNotices } from './notices.js';
import { inject } from '../../test/inject.js';

const work = mkdtempSync(join(tmpdir(), 'jsbn-order-docs-'));

/** The text of a PDF as pdftotext reads it (poppler-utils is installed by .ci/run). */
function pdfText(bytes: Buffer, name: string): string {
  const file = join(work, name);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).normalize('NFC');
}

function pdfInfo(bytes: Buffer, name: string): string {
  const file = join(work, name);
  writeFileSync(file, bytes);
  return execFileSync('pdfinfo', [file], { encoding: 'utf8' });
}

describe.each(ENGINES)('order documents on %s', (engine) => {
  let t: TestApp;
  let lib: { authorization: string };
  let pub: { authorization: string };
  let otherPub: { authorization: string };
  let orderId: number;
  let publisher: Awaited<ReturnType<typeof createPublisher>>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    publisher = await createPublisher(t.ctx, { publisher_name: 'શ્રી જૈન સાહિત્ય મંદિર', address: 'રતનપોળ, ગાંધી રોડ' });
    const library = await createLibrary(t.ctx, {
      name: 'શ્રી આત્માનંદ જ્ઞાન ભંડાર',
      letter_text: 'પૂજ્ય પ્રકાશકશ્રી, અમારા જ્ઞાન ભંડાર માટે નીચેનાં પુસ્તકો મોકલવા વિનંતી.',
    });
    lib = await tokenHeader(t, library);
    pub = await tokenHeader(t, publisher);
    otherPub = await tokenHeader(t, await createPublisher(t.ctx));
    const a = await createBook(t.ctx, publisher.publisherId, { book_title: 'શ્રી ઉત્તરાધ્યયન સૂત્ર', book_e_title: 'Uttaradhyayan Sutra' });
    const b = await createBook(t.ctx, publisher.publisherId, {
      book_title: 'तत्त्वार्थसूत्र',
      book_e_title: 'Tattvartha Sutra',
      authors: [{ authorType: 1, author_name: 'Umaswati' }],
    });
    const created = await inject(t.app, orderEndpoints.create, {
      headers: lib,
      body: {
        orders: [
          { publisherId: publisher.publisherId, bookId: a.id, numberOfCopies: 2 },
          { publisherId: publisher.publisherId, bookId: b.id, numberOfCopies: 5 },
        ],
      },
    });
    orderId = created.json().data.orders[0].id;
  });
  afterAll(() => t.close());

  it('writes the letter without the logo when the stored logo is damaged, and keeps answering', async () => {
    const library = await createLibrary(t.ctx, { name: 'Damaged Logo Bhandar' });
    const [row] = await t.ctx.db.select({ logo_key: libraries.logo_key }).from(libraries).where(eq(libraries.id, library.libraryId));
    // stored before uploads were decoded: magic bytes of a PNG, a zlib stream that fails its checksum
    await t.ctx.storage.putBuffer(await corruptPngChecksum(), row!.logo_key!);
    const session = await tokenHeader(t, library);
    // another publisher's order: this file's publisher hears of one new order below
    const elsewhere = await createPublisher(t.ctx);
    const book = await createBook(t.ctx, elsewhere.publisherId);
    const created = await inject(t.app, orderEndpoints.create, {
      headers: session,
      body: { orders: [{ publisherId: elsewhere.publisherId, bookId: book.id, numberOfCopies: 1 }] },
    });
    const letter = await inject(t.app, orderEndpoints.letter, {
      headers: session,
      body: { orderId: created.json().data.orders[0].id, sendWhatsapp: false },
    });
    expect([letter.statusCode, letter.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(pdfText(letter.rawPayload, 'damaged-logo.pdf')).toContain('Damaged Logo Bhandar');
    // the health probe (not in the endpoint table) still answers
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('writes the order letter on the letterhead and sends it to the publisher once', async () => {
    const ask = () => inject(t.app, orderEndpoints.letter, { headers: lib, body: { orderId, sendWhatsapp: true } });
    const first = await ask();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    const text = pdfText(first.rawPayload, 'letter.pdf');
    for (const expected of [
      'શ્રી આત્માનંદ જ્ઞાન ભંડાર',
      'શ્રી જૈન સાહિત્ય મંદિર',
      'શ્રી ઉત્તરાધ્યયન સૂત્ર',
      'तत्त्वार्थसूत्र',
      'Umaswati',
      'Total copies: 7',
    ]) {
      expect(text).toContain(expected);
    }
    await ask();
    // sent with the notice of the new order, when the publisher's digest goes out (notices.ts)
    await sendOrderNotices(t.ctx, publisher.publisherId);
    const outbox = await outboxTo(t.app, publisher.email);
    const letters = outbox.filter((message) => message.subject.startsWith('JSBN order'));
    expect(letters).toHaveLength(1);
    const whatsapp = await outboxTo(t.app, '9876543210');
    expect(whatsapp.filter((message) => message.channel === 'whatsapp')).toHaveLength(1);
    // the letter the library's browser asked for first is the one attached
    const [stored] = await t.ctx.db
      .select({ key: orders.letter_key, sent: orders.letter_sent_at })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(stored!.sent).not.toBeNull();
    const [attached] = await t.ctx.db
      .select({ key: outboxTable.attachment_key })
      .from(outboxTable)
      .where(and(like(outboxTable.subject, 'JSBN order%'), eq(outboxTable.channel, 'email')));
    expect(attached!.key).toBe(stored!.key);
    const forPublisher = await inject(t.app, orderEndpoints.letter, { headers: pub, body: { orderId, sendWhatsapp: false } });
    expect(forPublisher.statusCode).toBe(200);
    const stranger = await inject(t.app, orderEndpoints.letter, { headers: otherPub, body: { orderId, sendWhatsapp: false } });
    expect(stranger.statusCode).toBe(404);
  });

  it("dates the letter by the order's day in India, as the lists show it", async () => {
    // 01:30 on 22 November in India is still 21 November in UTC
    await t.ctx.db
      .update(orders)
      .set({ order_date: new Date('2026-11-21T20:00:00Z') })
      .where(eq(orders.id, orderId));
    const letter = await inject(t.app, orderEndpoints.letter, { headers: pub, body: { orderId, sendWhatsapp: false } });
    expect(pdfText(letter.rawPayload, 'letter-date.pdf')).toContain('Date: 22/11/2026');
  });

  it('exports the selected orders to Excel with sheet Data, keeping Gujarati text', async () => {
    const none = await inject(t.app, orderEndpoints.exportXlsx, { headers: pub, query: { ids: '' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain(MSG.selectToExport);
    const response = await inject(t.app, orderEndpoints.exportXlsx, { headers: pub, query: { ids: String(orderId) } });
    expect(response.headers['content-disposition']).toBe('attachment; filename="Booked_Orders.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Data')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Sr. no');
    expect(sheet.getRow(2).getCell(4).value).toBe('શ્રી આત્માનંદ જ્ઞાન ભંડાર');
    expect(sheet.getRow(2).getCell(6).text).toContain('શ્રી ઉત્તરાધ્યયન સૂત્ર');
    const library = await inject(t.app, orderEndpoints.exportXlsx, { headers: lib, query: { ids: String(orderId) } });
    expect(library.headers['content-disposition']).toBe('attachment; filename="Books_Ordered_By_You.xlsx"');
    expect((await inject(t.app, orderEndpoints.exportXlsx, { headers: otherPub, query: { ids: String(orderId) } })).statusCode).toBe(404);
  });

  it('prints A5 address labels To the library From the publisher, breaking pages before the bottom', async () => {
    const none = await inject(t.app, orderEndpoints.addressLabels, { headers: pub, query: { ids: '' } });
    expect(none.json().message).toContain(MSG.selectToPrint);
    const response = await inject(t.app, orderEndpoints.addressLabels, { headers: pub, query: { ids: String(orderId) } });
    expect(response.headers['content-disposition']).toBe('attachment; filename="addresses.pdf"');
    expect(pdfInfo(response.rawPayload, 'one.pdf')).toMatch(/Page size:\s+419\.53 x 595\.28 pts/);
    const text = pdfText(response.rawPayload, 'one.pdf');
    for (const expected of [
      'To,',
      'શ્રી આત્માનંદ જ્ઞાન ભંડાર',
      'Jain Upashray, Main Bazaar, Palitana 364270',
      'From,',
      'શ્રી જૈન સાહિત્ય મંદિર',
      'રતનપોળ, ગાંધી રોડ',
    ]) {
      expect(text).toContain(expected);
    }
    const libraries = await createLibraries(t, 8);
    const labels = await inject(t.app, libraryEndpoints.addressLabels, { headers: pub, query: { ids: libraries.join(',') } });
    expect(labels.statusCode).toBe(200);
    const pages = Number(/Pages:\s+(\d+)/.exec(pdfInfo(labels.rawPayload, 'many.pdf'))![1]);
    expect(pages).toBeGreaterThan(1);
    const exported = await inject(t.app, libraryEndpoints.exportXlsx, { headers: pub, query: { ids: libraries.join(',') } });
    expect(exported.headers['content-disposition']).toBe('attachment; filename="List_of_Libraries.xlsx"');
    expect((await inject(t.app, libraryEndpoints.exportXlsx, { headers: lib, query: { ids: libraries.join(',') } })).statusCode).toBe(403);
  });
});

async function createLibraries(t: TestApp, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push((await createLibrary(t.ctx, { name: `જ્ઞાન મંદિર ${i + 1}` })).libraryId);
  return ids;
}
