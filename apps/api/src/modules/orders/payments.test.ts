/**
 * Money on the order (decision 070): the publisher's postage terms and UPI ID (checked, in the
 * caller's language), the amount due in paise from one function, the `upi://pay` link's
 * parameters, and the payment's steps — the library records a UTR, the publisher confirms or
 * queries it — with who may take them and their history.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { amountDue, orderEndpoints, orderNumber, publisherEndpoints, rupees, upiPayUri } from '@jsbn/shared';
import { accounts, orders, outbox } from '../../db/schema.js';
import { remindUnpaidOrders } from './payments.js';
import { amountInWords, financialYear } from './bill-of-supply.js';
import { createBook, createLibrary, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, editProfile, form, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';

const DAY = 24 * 60 * 60 * 1000;
const work = mkdtempSync(join(tmpdir(), 'jsbn-payments-'));
/** The PDF `bytes` as text (pdftotext), and every code zbarimg reads on its first page rendered at 150 dpi. */
function readPdf(bytes: Buffer, name: string, readCodes = true) {
  const file = join(work, `${name}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).normalize('NFC');
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', file, join(work, name)]);
  if (!readCodes) return { text, codes: [] as string[] };
  const codes = execFileSync('zbarimg', ['--quiet', '--raw', join(work, `${name}.png`)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
    .trim()
    .split('\n');
  return { text, codes };
}

describe('the amount due and the UPI link', () => {
  it('adds prices × accepted copies and the postage of the terms, in paise', () => {
    const lines = [
      { price_kind: 'priced' as const, price_minor: 12000, currency: 'INR', copies: 2 },
      { price_kind: 'nominal' as const, price_minor: 2050, currency: 'INR', copies: 3 },
      { price_kind: 'free' as const, price_minor: null, currency: 'INR', copies: 5 },
    ];
    const due = (terms: 'free' | 'per_parcel' | 'per_copy' | 'actual', rate: number | null, stated: number | null = null) =>
      amountDue(lines, { terms, rate_minor: rate, stated_minor: stated }, 'INR');
    expect(due('free', null)).toEqual({ currency: 'INR', books_minor: 30150, postage_minor: 0, amount_minor: 30150 });
    expect(due('per_parcel', 4000).amount_minor).toBe(34150);
    expect(due('per_copy', 500).amount_minor).toBe(30150 + 10 * 500);
    // as actual: unknown until stated
    expect(due('actual', null)).toMatchObject({ postage_minor: null, amount_minor: null });
    expect(due('actual', null, 4550).amount_minor).toBe(34700);
    // a line without a price leaves the amount unknown
    expect(
      amountDue(
        [{ price_kind: 'priced', price_minor: null, currency: 'INR', copies: 1 }],
        { terms: 'free', rate_minor: null, stated_minor: null },
        'INR',
      ).amount_minor,
    ).toBeNull();
    expect([rupees(34000), rupees(5), rupees(34150), rupees(0)]).toEqual(['340.00', '0.05', '341.50', '0.00']);
  });

  it("builds upi://pay with NPCI's parameters", () => {
    const uri = upiPayUri({
      vpa: 'jainprakashan@okaxis',
      payee: 'Shri Jain Prakashan & Trust',
      amount_minor: 34000,
      reference: 'ORD-000042',
    });
    expect(uri.startsWith('upi://pay?')).toBe(true);
    const params = new URLSearchParams(uri.slice('upi://pay?'.length));
    expect(Object.fromEntries(params)).toEqual({
      pa: 'jainprakashan@okaxis',
      pn: 'Shri Jain Prakashan & Trust',
      am: '340.00',
      cu: 'INR',
      tn: 'JSBN order ORD-000042',
      tr: 'ORD-000042',
    });
    // the & of the name is encoded, never a parameter of its own
    expect(uri).toContain('pn=Shri+Jain+Prakashan+%26+Trust');
  });
});

describe.each(ENGINES)('money on the order on %s', (engine) => {
  let t: TestApp;
  let pub: { authorization: string };
  let lib: { authorization: string };
  let other: { authorization: string };
  let otherPub: { authorization: string };
  let publisher: Awaited<ReturnType<typeof createPublisher>>;
  let library: Awaited<ReturnType<typeof createLibrary>>;
  let bookA = 0;
  let bookB = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    publisher = await createPublisher(t.ctx, { publisher_no: 'PAY01' });
    let otherLibrary: Awaited<ReturnType<typeof createLibrary>>;
    let otherPublisher: Awaited<ReturnType<typeof createPublisher>>;
    [library, otherLibrary, otherPublisher] = await Promise.all([
      createLibrary(t.ctx, { name: 'શ્રી આત્માનંદ જ્ઞાન ભંડાર' }),
      createLibrary(t.ctx),
      createPublisher(t.ctx, { publisher_no: 'PAY02' }),
    ]);
    [pub, lib, other, otherPub] = await Promise.all([
      tokenHeader(t, publisher),
      tokenHeader(t, library),
      tokenHeader(t, otherLibrary),
      tokenHeader(t, otherPublisher),
    ]);
    bookA = (await createBook(t.ctx, publisher.publisherId, { book_title: 'કલ્પસૂત્ર', price: 120 })).id;
    bookB = (await createBook(t.ctx, publisher.publisherId, { book_title: 'યોગશાસ્ત્ર', price_kind: 'nominal', price: 20 })).id;
  });
  afterAll(() => t.close());

  const saveProfile = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    editProfile(t.app, 'publisher', { ...pub, ...headers }, { publisher_name: 'શ્રી જૈન પ્રકાશન', ...fields });
  const order = async (headers = lib) => {
    const placed = await inject(t.app, orderEndpoints.create, {
      body: {
        orders: [
          { publisherId: publisher.publisherId, bookId: bookA, numberOfCopies: 2 },
          { publisherId: publisher.publisherId, bookId: bookB, numberOfCopies: 5 },
        ],
      },
      headers,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json().data.orders[0].id as number;
  };
  const read = async (id: number, headers = lib) =>
    (await inject(t.app, orderEndpoints.one, { params: { id }, headers })).json().data.orderBook;
  const accept = (id: number, payload: Record<string, unknown> = {}) =>
    inject(t.app, orderEndpoints.setStatus, { params: { id }, body: { status: 'IN_PROGRESS', ...payload }, headers: pub });
  /** A payment and its answer as the test writes them, right or wrong (`raw`: the API checks them). */
  const pay = (id: number, payload: Record<string, unknown>, headers = lib) =>
    inject(t.app, orderEndpoints.recordPayment, { raw: true, params: { id }, body: payload, headers });
  const answer = (id: number, state: string, headers = pub) =>
    inject(t.app, orderEndpoints.answerPayment, { raw: true, params: { id }, body: { state }, headers });

  it('checks the UPI ID, IFSC, account number and postage terms, naming the field in the caller’s language', async () => {
    const bad = await saveProfile({ upi_vpa: 'jain prakashan', bank_ifsc: 'SBIN123', bank_account_no: '12ab', postage_terms: 'per_copy' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(
      expect.arrayContaining([
        { field: 'upi_vpa', message: 'UPI ID must look like name@bank (letters, digits, dot, dash or underscore before the @)' },
        { field: 'bank_ifsc', message: 'IFSC must be 11 characters: 4 letters, 0, then 6 letters or digits' },
        { field: 'bank_account_no', message: 'Bank account number must be 9 to 18 digits' },
        { field: 'postage_amount', message: 'Postage amount is required for postage per parcel or per copy' },
      ]),
    );
    const gujarati = await saveProfile({ upi_vpa: 'jain@' }, { 'accept-language': 'gu' });
    expect(gujarati.json().details).toEqual([
      { field: 'upi_vpa', message: 'UPI ID નામ@બૅન્ક જેવું હોવું જોઈએ (@ પહેલાં અક્ષરો, અંકો, બિંદુ, ડૅશ કે અન્ડરસ્કોર)' },
    ]);
    const hindi = await saveProfile({ bank_ifsc: 'sbin12345678' }, { 'accept-language': 'hi' });
    expect(hindi.json().details).toEqual([{ field: 'bank_ifsc', message: 'IFSC 11 वर्णों का होना चाहिए: 4 अक्षर, 0, फिर 6 अक्षर या अंक' }]);

    const saved = await saveProfile({
      postage_terms: 'per_parcel',
      postage_amount: '40',
      upi_vpa: 'jainprakashan@okaxis',
      upi_payee_name: 'Shri Jain Prakashan',
      bank_account_no: '123456789012',
      bank_ifsc: 'sbin0001234',
      payment_reminders: 'false',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const own = (await inject(t.app, publisherEndpoints.one, { params: { id: publisher.publisherId }, headers: pub })).json().data
      .publisher;
    expect(own).toMatchObject({
      postage_terms: 'per_parcel',
      postage_rate_minor: 4000,
      upi_vpa: 'jainprakashan@okaxis',
      upi_payee_name: 'Shri Jain Prakashan',
      bank_account_no: '123456789012',
      bank_ifsc: 'SBIN0001234',
      payment_reminders: false,
    });
    // anyone sees the postage terms (a library before it confirms an order), never the bank details
    const seen = (await inject(t.app, publisherEndpoints.one, { params: { id: publisher.publisherId }, headers: lib })).json().data
      .publisher;
    expect(seen).toMatchObject({ postage_terms: 'per_parcel', postage_rate_minor: 4000 });
    expect(seen.upi_vpa).toBeUndefined();
    expect(seen.bank_account_no).toBeUndefined();
  });

  it('shows the amount with the postage of the terms when ordered, and the UPI link once accepted', async () => {
    const id = await order();
    let placed = await read(id);
    // 2 × ₹120 + 5 × ₹20 + ₹40 per parcel
    expect(placed).toMatchObject({ postage_terms: 'per_parcel', postage_minor: 4000, amount_due_minor: 38000 });
    expect(placed.totals).toEqual([{ currency: 'INR', amount_minor: 38000 }]);
    expect(placed.payment).toMatchObject({ state: 'due', upi_uri: null, payee: 'Shri Jain Prakashan' });
    // a stated postage is refused where the terms fix it
    const stated = await accept(id, { postage: 55 });
    expect(stated.statusCode).toBe(400);
    expect(stated.json().details).toEqual([
      { field: 'postage', message: "This order's postage follows your postage terms; only postage 'as actual' is stated" },
    ]);
    expect((await accept(id)).statusCode).toBe(200);
    placed = await read(id);
    const params = new URLSearchParams(String(placed.payment.upi_uri).replace('upi://pay?', ''));
    expect(Object.fromEntries(params)).toEqual({
      pa: 'jainprakashan@okaxis',
      pn: 'Shri Jain Prakashan',
      am: '380.00',
      cu: 'INR',
      tn: `JSBN order ${placed.orderId}`,
      tr: placed.orderId,
    });
    expect(placed.payment.bank).toEqual({ account_name: null, account_no: '123456789012', ifsc: 'SBIN0001234' });
    // the publisher's view shows the same figure
    expect((await read(id, pub)).amount_due_minor).toBe(38000);
    // the order letter prints the amount, the payee and the link as a QR code, which zbarimg reads back whole
    const letter = await inject(t.app, orderEndpoints.letter, { body: { orderId: id }, headers: pub });
    const { text, codes } = readPdf(letter.rawPayload, `letter-${id}`);
    expect(text).toContain('Total: ₹380.00');
    expect(text).toContain('Pay ₹380.00 to Shri Jain Prakashan by UPI');
    expect(text).toContain('pay to UPI ID jainprakashan@okaxis');
    expect(codes).toEqual([placed.payment.upi_uri]);
  });

  it("takes the postage stated when accepting or dispatching an order 'as actual'", async () => {
    expect((await saveProfile({ postage_terms: 'actual', upi_vpa: 'jainprakashan@okaxis' })).statusCode).toBe(200);
    const id = await order();
    expect(await read(id)).toMatchObject({ postage_terms: 'actual', postage_minor: null, amount_due_minor: null });
    expect((await accept(id, { postage: '62.5' })).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ postage_minor: 6250, amount_due_minor: 34000 + 6250 });
    const dispatched = await inject(t.app, orderEndpoints.dispatch, {
      body: form({ orderId: String(id), postage: '45.50' }),
      headers: pub,
    });
    expect(dispatched.statusCode).toBe(200);
    const placed = await read(id);
    expect(placed).toMatchObject({ postage_minor: 4550, amount_due_minor: 38550 });
    expect(placed.payment.upi_uri).toContain('am=385.50');
  });

  it('records a UTR, lets the publisher confirm or query it, and keeps every step', async () => {
    expect((await saveProfile({ postage_terms: 'free', upi_vpa: 'jainprakashan@okaxis' })).statusCode).toBe(200);
    const id = await order();
    // not before the publisher accepts
    expect((await pay(id, { utr: '123456789012', paid_on: '2026-01-01', amount: 340 })).statusCode).toBe(409);
    expect((await accept(id)).statusCode).toBe(200);

    for (const [utr, message] of [
      ['12345678901', 'UTR must be exactly 12 digits'],
      ['1234567890123', 'UTR must be exactly 12 digits'],
      ['12345678901a', 'UTR must be exactly 12 digits'],
    ]) {
      const refused = await pay(id, { utr, paid_on: '2026-01-01', amount: 340 });
      expect(refused.statusCode, utr).toBe(400);
      expect(refused.json().details).toEqual([{ field: 'utr', message }]);
    }
    const inHindi = await inject(t.app, orderEndpoints.recordPayment, {
      params: { id },
      body: { utr: '12', paid_on: '2026-01-01', amount: 340 },
      headers: { ...lib, 'accept-language': 'hi' },
    });
    expect(inHindi.json().details).toEqual([{ field: 'utr', message: 'UTR ठीक 12 अंकों का होना चाहिए' }]);
    const future = await pay(id, { utr: '123456789012', paid_on: '2999-01-01', amount: 340 });
    expect(future.json().details).toEqual([{ field: 'paid_on', message: 'Payment date must be a date, not after today' }]);

    // another library's order, and a publisher recording a payment: refused
    expect((await pay(id, { utr: '123456789012', paid_on: '2026-01-01', amount: 340 }, other)).statusCode).toBe(404);
    expect((await pay(id, { utr: '123456789012', paid_on: '2026-01-01', amount: 340 }, pub)).statusCode).toBe(403);
    // nothing to confirm yet
    expect((await answer(id, 'confirmed')).statusCode).toBe(409);

    const paid = await pay(id, { utr: '1234 5678 9012', paid_on: '2026-01-01', amount: '340' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().message).toBe('Payment recorded; the publisher will confirm it');
    expect((await read(id, pub)).payment).toMatchObject({ state: 'paid', utr: '123456789012', paid_on: '2026-01-01', amount_minor: 34000 });
    // paid once: not again until queried
    expect((await pay(id, { utr: '123456789012', paid_on: '2026-01-01', amount: 340 })).statusCode).toBe(409);

    // only the publisher of the order answers
    expect((await answer(id, 'confirmed', lib)).statusCode).toBe(403);
    expect((await answer(id, 'confirmed', otherPub)).statusCode).toBe(404);
    expect((await answer(id, 'paid')).json().details).toEqual([{ field: 'state', message: 'State must be confirmed or queried' }]);

    expect((await answer(id, 'queried')).json().message).toBe('The library has been told the payment was not received');
    expect((await read(id)).payment.state).toBe('queried');
    expect((await pay(id, { utr: '210987654321', paid_on: '2026-01-02', amount: 340 })).statusCode).toBe(200);
    expect((await answer(id, 'confirmed')).json().message).toBe('Payment confirmed as received');
    const placed = await read(id);
    expect(placed.payment).toMatchObject({ state: 'confirmed', utr: '210987654321', upi_uri: null });
    expect(
      placed.history
        .filter((event: { kind: string }) => event.kind === 'payment')
        .map((event: { payment_state: string; role: string }) => [event.payment_state, event.role]),
    ).toEqual([
      ['paid', 'LIBRARY'],
      ['queried', 'PUBLISHER'],
      ['paid', 'LIBRARY'],
      ['confirmed', 'PUBLISHER'],
    ]);

    // the list and the export show the state
    const list = (await inject(t.app, orderEndpoints.list, { headers: pub })).json().data.orderBooks;
    expect(list.find((row: { id: number }) => row.id === id).payment.state).toBe('confirmed');
    const excel = await inject(t.app, orderEndpoints.exportXlsx, { query: { ids: String(id) }, headers: lib });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Data')!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const row = Object.fromEntries(headers.map((header, index) => [header, sheet.getRow(2).getCell(index + 1).text]));
    expect([row.Total, row.Payment, row.UTR]).toEqual(['₹340.00', 'Payment confirmed', '210987654321']);
  });

  it('reminds the library once, in its language, of an order unpaid a week after dispatch, unless the publisher turned it off', async () => {
    expect((await saveProfile({ postage_terms: 'free', upi_vpa: 'jainprakashan@okaxis' })).statusCode).toBe(200);
    const id = await order();
    expect((await accept(id)).statusCode).toBe(200);
    const dispatched = await inject(t.app, orderEndpoints.dispatch, { body: form({ orderId: String(id) }), headers: pub });
    expect(dispatched.statusCode).toBe(200);
    await t.ctx.db.update(accounts).set({ preferred_language: 'gu' }).where(eq(accounts.id, library.accountId));
    // six days: not yet
    await t.ctx.db
      .update(orders)
      .set({ status_since: new Date(Date.now() - 6 * DAY) })
      .where(eq(orders.id, id));
    expect(await remindUnpaidOrders(t.ctx)).toBe(0);
    await t.ctx.db
      .update(orders)
      .set({ status_since: new Date(Date.now() - 8 * DAY) })
      .where(eq(orders.id, id));
    expect(await remindUnpaidOrders(t.ctx)).toBe(1);
    expect(await remindUnpaidOrders(t.ctx)).toBe(0);
    const [mail] = await t.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, library.email), like(outbox.subject, '%ચુકવણી%')));
    expect(mail!.subject).toBe(`JSBN: ઓર્ડર ${orderNumber(id)}ની ચુકવણી`);
    expect(mail!.body).toContain(`ઓર્ડર ${orderNumber(id)} એક અઠવાડિયા પહેલાં રવાના થયો હતો; ₹340.00 ચૂકવવાના બાકી છે.`);
    const history = (await read(id)).history.map((event: { kind: string; by: string }) => [event.kind, event.by]);
    expect(history).toContainEqual(['payment_reminder', 'JSBN']);

    // a publisher that turned reminders off: none
    expect((await saveProfile({ postage_terms: 'free', payment_reminders: 'false' })).statusCode).toBe(200);
    const quiet = await order();
    expect((await accept(quiet)).statusCode).toBe(200);
    await inject(t.app, orderEndpoints.dispatch, { body: form({ orderId: String(quiet) }), headers: pub });
    await t.ctx.db
      .update(orders)
      .set({ status_since: new Date(Date.now() - 30 * DAY) })
      .where(eq(orders.id, quiet));
    expect(await remindUnpaidOrders(t.ctx)).toBe(0);
  });

  it('issues one bill of supply per order, numbered per publisher and financial year, with HSN 4901 and the total in words', async () => {
    expect((await saveProfile({ postage_terms: 'per_parcel', postage_amount: '40', gst_no: '24AAATJ1234K1Z5' })).statusCode).toBe(200);
    const id = await order();
    const bill = (headers: Record<string, string> = pub, language = 'en') =>
      inject(t.app, orderEndpoints.billOfSupply, { params: { id }, headers: { ...headers, 'accept-language': language } });
    // not before the order is accepted; never another account's
    expect((await bill()).statusCode).toBe(409);
    expect((await accept(id)).statusCode).toBe(200);
    expect((await bill(other)).statusCode).toBe(404);
    const first = await bill();
    expect(first.statusCode, first.body).toBe(200);
    const year = financialYear(new Date());
    const { text: english } = readPdf(first.rawPayload, `bill-${id}-en`, false);
    const number = english.match(/BOS\/\d{4}-\d{2}\/\d{4}/)![0];
    expect(number.startsWith(`BOS/${year}/`)).toBe(true);
    for (const part of ['Bill of Supply', '4901', 'GSTIN: 24AAATJ1234K1Z5', 'Total: ₹380.00', 'Three Hundred Eighty Rupees Only']) {
      expect(english).toContain(part);
    }
    // the same number every time it is asked, by either party; the next order takes the next one
    const again = readPdf((await bill(lib)).rawPayload, `bill-${id}-again`, false).text;
    expect(again).toContain(number);
    const next = await order();
    expect((await accept(next)).statusCode).toBe(200);
    const nextText = readPdf(
      (await inject(t.app, orderEndpoints.billOfSupply, { params: { id: next }, headers: pub })).rawPayload,
      `bill-${next}`,
      false,
    ).text;
    expect(nextText).toContain(`BOS/${year}/${String(Number(number.slice(-4)) + 1).padStart(4, '0')}`);
    // in Gujarati and Hindi, the words in Indian numbering of that language
    const gujarati = readPdf((await bill(pub, 'gu')).rawPayload, `bill-${id}-gu`, false).text;
    expect(gujarati).toContain('બિલ ઑફ સપ્લાય');
    expect(gujarati).toContain('ત્રણ સો એંસી રૂપિયા');
    const hindi = readPdf((await bill(pub, 'hi')).rawPayload, `bill-${id}-hi`, false).text;
    expect(hindi).toContain('बिल ऑफ़ सप्लाई');
    expect(hindi).toContain('तीन सौ अस्सी रुपये');
    expect([amountInWords(123456789, 'en'), amountInWords(100000000, 'en')]).toEqual([
      'Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven Rupees And Eighty Nine Paise Only',
      'Ten Lakh Rupees Only',
    ]);
    expect(amountInWords(10000000000, 'en')).toBe('Ten Crore Rupees Only');
  });
});
