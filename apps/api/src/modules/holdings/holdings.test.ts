/**
 * A library's holdings (decision 071): copies added by JSBN (typed or the QR code's address) or
 * described by hand, numbered on per library — also when added at once — an accession number
 * once per library, found by title in either script, by JSBN or accession number, by place and
 * state; a copy leaves the shelves with a reason and the record keeps it; a scan's lookup; a
 * received order shelves its accepted copies and the library can undo it; another library's copy
 * is a 404, and only libraries reach the holdings; an add with a request id is made once.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJsbn, normalizeJsbn } from '@jsbn/shared';
import { bookEndpoints, holdingEndpoints, orderEndpoints } from '@jsbn/shared/core';
import { audit_log, books, holdings, libraries } from '../../db/schema.js';
import { createBook, createLibrary, createPublisher, makeJpeg } from '../../seed/factories.js';
import { ENGINES, createTestApp, form, tokenHeader, type TestApp } from '../../test/harness.js';
import { BOOK_FORM_FIELDS } from '../../test/book-form.js';
import { inject } from '../../test/inject.js';
import { reindexSearch } from '../books/reindex.js';

type Headers = { authorization: string };

describe.each(ENGINES)('a library’s holdings on %s', (engine) => {
  let t: TestApp;
  let lib: Headers;
  let other: Headers;
  let pub: Headers;
  let publisher: Awaited<ReturnType<typeof createPublisher>>;
  /** A registered book: its id and canonical JSBN (as the API answers it). */
  let kalpasutra: { id: number; jsbn_number: string };
  let yogashastra: { id: number; jsbn_number: string };
  const registered = ({ id, jsbn_number }: { id: number; jsbn_number: string }) => ({ id, jsbn_number: normalizeJsbn(jsbn_number)! });

  beforeAll(async () => {
    t = await createTestApp(engine);
    publisher = await createPublisher(t.ctx, { publisher_no: 'HLD01', publisher_name: 'શ્રી જૈન સાહિત્ય મંદિર' });
    const [library, otherLibrary] = await Promise.all([createLibrary(t.ctx, { name: 'શ્રી આત્માનંદ જ્ઞાન ભંડાર' }), createLibrary(t.ctx)]);
    [lib, other, pub] = await Promise.all([tokenHeader(t, library), tokenHeader(t, otherLibrary), tokenHeader(t, publisher)]);
    const book = async (book_title: string, book_e_title: string) =>
      registered(await createBook(t.ctx, publisher.publisherId, { book_title, book_e_title, price: 120 }, { cover: false }));
    kalpasutra = await book('કલ્પસૂત્ર', 'Kalpasutra');
    yogashastra = await book('યોગશાસ્ત્ર', 'Yogashastra');
  });
  afterAll(() => t.close());

  const add = (body: Record<string, unknown>, headers: Headers = lib, language = 'en') =>
    inject(t.app, holdingEndpoints.add, { raw: true, body, headers: { ...headers, 'accept-language': language } });
  const list = async (query: Record<string, unknown>, headers: Headers = lib) => {
    const reply = await inject(t.app, holdingEndpoints.list, { raw: true, query: { limit: '50', ...query }, headers });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().data as { rows: { accession_number: string; title: string; state: string }[]; total: number };
  };

  it('adds copies by JSBN or by the QR code’s address, numbered on; an accession number is once per library', async () => {
    const first = await add({ jsbn: formatJsbn(kalpasutra.jsbn_number), place: 'Shelf A-3' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe('Copy 1 is on the shelves');
    expect(first.json().data.holding).toMatchObject({
      accession_number: '1',
      book: { id: kalpasutra.id, jsbn_number: kalpasutra.jsbn_number, book_title: 'કલ્પસૂત્ર' },
      title: 'કલ્પસૂત્ર',
      publisher_name: 'શ્રી જૈન સાહિત્ય મંદિર',
      place: 'Shelf A-3',
      condition: 'good',
      source: 'bought',
      state: 'available',
    });
    const scanned = await add({ jsbn: `https://jsbn.example/jsbn/${formatJsbn(kalpasutra.jsbn_number)}`, source: 'gift' }, lib, 'gu');
    expect(scanned.json().message).toBe('નકલ 2 છાજલી પર મુકાઈ');
    expect(scanned.json().data.holding).toMatchObject({ accession_number: '2', source: 'gift' });

    expect((await inject(t.app, holdingEndpoints.nextAccession, { headers: lib })).json().data).toEqual({ accession_number: '3' });
    // the other library numbers its own copies from 1
    expect((await add({ jsbn: kalpasutra.jsbn_number }, other)).json().data.holding.accession_number).toBe('1');

    const taken = await add({ jsbn: yogashastra.jsbn_number, accession_number: '2' }, lib, 'gu');
    expect(taken.statusCode).toBe(400);
    expect(taken.json().details).toEqual([{ field: 'accession_number', message: 'પરિગ્રહણ ક્રમાંક 2 બીજી નકલને અપાયેલો છે' }]);
    const unknown = await add({ jsbn: 'ZZZ99-00001-X' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: 'jsbn', message: 'Enter a valid JSBN, e.g. AGM01-00001-X' }]);
    const both = await add({ jsbn: kalpasutra.jsbn_number, book: { title: 'Old book' } }, lib, 'hi');
    expect(both.json().details).toEqual([{ field: 'jsbn', message: 'पुस्तक का JSBN दें या पुस्तक का विवरण लिखें, दोनों में से एक' }]);
  });

  it('numbers copies added at the same moment one after another, none twice', async () => {
    const before = Number((await inject(t.app, holdingEndpoints.nextAccession, { headers: other })).json().data.accession_number);
    const replies = await Promise.all(Array.from({ length: 6 }, () => add({ jsbn: yogashastra.jsbn_number }, other)));
    expect(replies.map((reply) => reply.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const numbers = replies.map((reply) => Number(reply.json().data.holding.accession_number)).sort((a, b) => a - b);
    expect(numbers).toEqual([0, 1, 2, 3, 4, 5].map((offset) => before + offset));
  });

  it('adds a scan sent again with the same request id once (decision 075), also when both arrive at once', async () => {
    const scanner = await tokenHeader(t, await createLibrary(t.ctx));
    const requestId = '0f5f4a3c-6d1e-4c39-9b7a-2f1f0c7d9a11';
    const first = await add({ jsbn: kalpasutra.jsbn_number, place: 'Store room', request_id: requestId }, scanner);
    expect(first.statusCode, first.body).toBe(201);
    const again = await add({ jsbn: kalpasutra.jsbn_number, place: 'Store room', request_id: requestId }, scanner);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe('Copy 1 is on the shelves');
    expect(again.json().data.holding).toEqual(first.json().data.holding);
    // two sends of another queued scan crossing on the wire: one copy
    const twice = await Promise.all([0, 1].map(() => add({ jsbn: yogashastra.jsbn_number, request_id: 'scan-2-abcdef' }, scanner)));
    expect(twice.map((reply) => reply.statusCode).sort()).toEqual([200, 201]);
    expect((await list({}, scanner)).rows.map((row) => [row.accession_number, row.title])).toEqual([
      ['2', 'યોગશાસ્ત્ર'],
      ['1', 'કલ્પસૂત્ર'],
    ]);
    // the id is the library's own: another library's add with the same id makes its own copy
    const elsewhere = await add({ jsbn: kalpasutra.jsbn_number, request_id: requestId }, other);
    expect(elsewhere.statusCode).toBe(201);

    const bad = await add({ jsbn: kalpasutra.jsbn_number, request_id: 'a b' }, scanner, 'gu');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'request_id', message: 'સ્કેનની વિનંતી ઓળખ 8 થી 64 અક્ષર, અંક, - અથવા _ હોવી જોઈએ' }]);
  });

  it('describes a book without a JSBN and finds it by its title in either script, by JSBN and by accession number', async () => {
    const manuscript = await add({
      book: { title: 'ઉત્તરાધ્યયન સૂત્ર', author: 'ભદ્રબાહુસ્વામી', publication_year: 1932, language: 'Gujarati', isbn: '978-81-7017-429-5' },
      accession_number: 'hs/12',
      place: 'Almirah 2',
      condition: 'worn',
      note: 'હસ્તપ્રત',
    });
    expect(manuscript.statusCode, manuscript.body).toBe(201);
    expect(manuscript.json().data.holding).toMatchObject({
      accession_number: 'HS/12',
      book: null,
      title: 'ઉત્તરાધ્યયન સૂત્ર',
      author: 'ભદ્રબાહુસ્વામી',
      isbn: '9788170174295',
      condition: 'worn',
    });
    const found = (query: string) => list({ queryString: query }).then((page) => page.rows.map((row) => row.accession_number));
    expect(await found('ઉત્તરાધ્યયન')).toEqual(['HS/12']);
    expect(await found('उत्तराध्ययन')).toEqual(['HS/12']);
    expect(await found('uttaradhyayana')).toEqual(['HS/12']);
    expect(await found('hs/12')).toEqual(['HS/12']);
    expect(await found('कल्पसूत्र')).toEqual(['2', '1']);
    expect(await found(formatJsbn(kalpasutra.jsbn_number).toLowerCase())).toEqual(['2', '1']);
    expect(await found('100%')).toEqual([]);
    expect((await list({ place: 'almirah 2' })).rows.map((row) => row.accession_number)).toEqual(['HS/12']);

    const badIsbn = await add({ book: { title: 'x', isbn: '9788170174298' } });
    expect(badIsbn.json().details).toEqual([{ field: 'book.isbn', message: 'Enter a valid ISBN-13: 13 digits starting with 978 or 979' }]);
    const noTitle = await add({ book: { title: ' ' } }, lib, 'gu');
    expect(noTitle.json().details).toEqual([{ field: 'book.title', message: 'શીર્ષક જરૂરી છે' }]);
  });

  it('a copy leaves the shelves with a reason, comes back, and the record keeps each step', async () => {
    const { holding } = (await add({ jsbn: yogashastra.jsbn_number })).json().data;
    const setState = (body: Record<string, unknown>, headers: Headers = lib, language = 'en') =>
      inject(t.app, holdingEndpoints.setState, {
        raw: true,
        params: { id: holding.id },
        body,
        headers: { ...headers, 'accept-language': language },
      });

    const noReason = await setState({ state: 'withdrawn' }, lib, 'hi');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details).toEqual([{ field: 'reason', message: 'प्रति शेल्फ़ से क्यों हट रही है, यह लिखें' }]);
    const withdrawn = await setState({ state: 'withdrawn', reason: 'Pages torn by damp' });
    expect(withdrawn.json().data.holding).toMatchObject({ state: 'withdrawn', state_reason: 'Pages torn by damp' });
    expect((await list({ state: 'withdrawn' })).rows.map((row) => row.accession_number)).toContain(holding.accession_number);
    const back = await setState({ state: 'available' });
    expect(back.json().data.holding).toMatchObject({ state: 'available', state_reason: null });

    const moved = await inject(t.app, holdingEndpoints.update, {
      params: { id: holding.id },
      body: { place: 'Shelf B-1', condition: 'damaged' },
      headers: lib,
    });
    expect(moved.json().data.holding).toMatchObject({ place: 'Shelf B-1', condition: 'damaged' });

    const entries = await t.ctx.db
      .select({ action: audit_log.action, changes: audit_log.changes, reason: audit_log.reason, actor_name: audit_log.actor_name })
      .from(audit_log)
      .where(and(eq(audit_log.subject_type, 'holding'), eq(audit_log.subject_id, holding.id)))
      .orderBy(asc(audit_log.id));
    expect(entries).toEqual([
      expect.objectContaining({ action: 'created', actor_name: 'શ્રી આત્માનંદ જ્ઞાન ભંડાર' }),
      expect.objectContaining({ action: 'withdrawn', changes: { state: ['available', 'withdrawn'] }, reason: 'Pages torn by damp' }),
      expect.objectContaining({ action: 'status changed', changes: { state: ['withdrawn', 'available'] }, reason: null }),
      expect.objectContaining({ action: 'updated', changes: { place: [null, 'Shelf B-1'], condition: ['good', 'damaged'] } }),
    ]);
  });

  it('another library’s copy is a 404; publishers and visitors do not reach holdings', async () => {
    const { holding } = (await add({ jsbn: yogashastra.jsbn_number })).json().data;
    for (const reply of [
      await inject(t.app, holdingEndpoints.one, { params: { id: holding.id }, headers: other }),
      await inject(t.app, holdingEndpoints.update, { params: { id: holding.id }, body: { place: 'Mine now' }, headers: other }),
      await inject(t.app, holdingEndpoints.setState, {
        params: { id: holding.id },
        body: { state: 'missing', reason: 'x' },
        headers: other,
      }),
    ]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toBe('Copy not found');
    }
    expect((await inject(t.app, holdingEndpoints.one, { params: { id: holding.id }, headers: lib })).statusCode).toBe(200);
    expect((await inject(t.app, holdingEndpoints.list, { query: {}, headers: pub })).statusCode).toBe(403);
    expect((await inject(t.app, holdingEndpoints.list, { query: {} })).statusCode).toBe(401);
    expect((await list({ queryString: 'Mine now' }, other)).total).toBe(0);
  });

  it('a scan finds the book, the copies on the shelves and an order on its way; an accession number finds its copy', async () => {
    const lookup = (code: string, language = 'en') =>
      inject(t.app, holdingEndpoints.lookup, { query: { code }, headers: { ...lib, 'accept-language': language } });
    const onShelves = (await list({ queryString: kalpasutra.jsbn_number, state: 'available' })).total;
    const scanned = await lookup(`https://jsbn.example/jsbn/${formatJsbn(kalpasutra.jsbn_number)}`);
    expect(scanned.statusCode, scanned.body).toBe(200);
    expect(scanned.json().data).toMatchObject({
      kind: 'jsbn',
      book: { id: kalpasutra.id, jsbn_number: kalpasutra.jsbn_number, book_title: 'કલ્પસૂત્ર' },
      copies: onShelves,
      ordered: false,
    });
    expect((await lookup('HS/12')).json().data).toMatchObject({ kind: 'accession', holding: { title: 'ઉત્તરાધ્યયન સૂત્ર' } });
    expect((await lookup('978-81-7017-429-5')).json().data).toMatchObject({ kind: 'isbn', copies: 1 });
    const none = await lookup('NOPE-1', 'gu');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('NOPE-1 સાથે કંઈ મળતું નથી: ન નોંધાયેલું પુસ્તક, ન આપની ISBN કે પરિગ્રહણ ક્રમાંક');
  });

  it('a received order shelves its accepted copies, numbered on, and the library can undo it', async () => {
    const placed = await inject(t.app, orderEndpoints.create, {
      raw: true,
      body: {
        orders: [
          { publisherId: publisher.publisherId, bookId: kalpasutra.id, numberOfCopies: 2 },
          { publisherId: publisher.publisherId, bookId: yogashastra.id, numberOfCopies: 3 },
        ],
      },
      headers: lib,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data.orders[0].id as number;
    const ordered = await inject(t.app, holdingEndpoints.lookup, { query: { code: kalpasutra.jsbn_number }, headers: lib });
    expect(ordered.json().data.ordered).toBe(true);

    const accepted = await inject(t.app, orderEndpoints.setStatus, {
      raw: true,
      params: { id: orderId },
      body: { status: 'IN_PROGRESS' },
      headers: pub,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const dispatched = await inject(t.app, orderEndpoints.dispatch, {
      raw: true,
      body: form(
        { orderId, courierCompanyName: 'DTDC', trackingId: 'D12345678' },
        { orderImage: [await makeJpeg('proof', { width: 80, height: 80 }), 'p.jpg', 'image/jpeg'] },
      ),
      headers: pub,
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const next = Number((await inject(t.app, holdingEndpoints.nextAccession, { headers: lib })).json().data.accession_number);
    const before = (await list({ limit: '10' })).total;

    const received = await inject(t.app, orderEndpoints.setStatus, {
      raw: true,
      params: { id: orderId },
      body: { status: 'COMPLETED' },
      headers: { ...lib, 'accept-language': 'gu' },
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().message).toBe(`ઓર્ડર મળી ગયાનું નોંધ્યું; 5 નકલો છાજલી પર મુકાઈ: ${next}–${next + 4}`);
    const shelved = await list({ orderId });
    expect(shelved.total).toBe(5);
    // the whole list's total (the library's count of its copies) counts them
    expect((await list({ limit: '10' })).total).toBe(before + 5);
    expect(shelved.rows.map((row) => [row.accession_number, row.title]).reverse()).toEqual([
      [String(next), 'કલ્પસૂત્ર'],
      [String(next + 1), 'કલ્પસૂત્ર'],
      [String(next + 2), 'યોગશાસ્ત્ર'],
      [String(next + 3), 'યોગશાસ્ત્ર'],
      [String(next + 4), 'યોગશાસ્ત્ર'],
    ]);

    // the order says what it shelved; one copy lent meanwhile stays with its reader when the shelving is undone
    const numbers = Array.from({ length: 5 }, (_, index) => String(next + index));
    const shelving = () => inject(t.app, holdingEndpoints.orderShelving, { params: { orderId }, headers: lib });
    expect((await shelving()).json().data).toEqual({ count: 5, accession_numbers: numbers, on_shelves: 5, undone: 0 });
    expect((await inject(t.app, holdingEndpoints.orderShelving, { params: { orderId }, headers: other })).statusCode).toBe(404);
    expect((await inject(t.app, holdingEndpoints.orderShelving, { params: { orderId }, headers: pub })).statusCode).toBe(403);
    const [lentCopy] = await t.ctx.db
      .update(holdings)
      .set({ state: 'lent' })
      .where(and(eq(holdings.order_id, orderId), eq(holdings.accession_number, String(next + 4))))
      .returning({ id: holdings.id });
    expect(lentCopy).toBeDefined();

    expect((await inject(t.app, holdingEndpoints.unshelveOrder, { params: { orderId }, headers: other })).statusCode).toBe(404);
    const undone = await inject(t.app, holdingEndpoints.unshelveOrder, { params: { orderId }, headers: lib });
    expect(undone.json()).toMatchObject({ message: '4 copies taken off the shelves', data: { count: 4 } });
    expect((await list({ orderId, state: 'withdrawn' })).total).toBe(4);
    expect((await shelving()).json().data).toEqual({ count: 5, accession_numbers: numbers, on_shelves: 0, undone: 4 });
    // the numbers stay taken: the record keeps them
    expect((await inject(t.app, holdingEndpoints.nextAccession, { headers: lib })).json().data).toEqual({
      accession_number: String(next + 5),
    });
  });

  it('a search finding more than 1,000 copies says so, its pages go on past the bound; the whole list counts all (decision 080)', async () => {
    const big = await createLibrary(t.ctx, { name: 'Bench Gyan Bhandar' });
    const headers = await tokenHeader(t, big);
    // 1,030 copies of one described title, 10 of another: added in one statement (the API adds one at a time)
    await t.ctx.db.insert(holdings).values(
      Array.from({ length: 1_040 }, (_, index) => {
        const title = index < 1_030 ? `Upadesh Ratnakar ${index + 1}` : `Pravachan Sar ${index + 1}`;
        return {
          library_id: big.libraryId,
          title,
          accession_number: String(index + 1),
          accession_no: index + 1,
          search_text: title.toLowerCase(),
          created_at: new Date(Date.UTC(2026, 0, 1) + index * 60_000),
        };
      }),
    );
    // the library's count of its copies, as addHolding and shelveOrder keep it (decision 080)
    await t.ctx.db.update(libraries).set({ holdings_count: 1_040 }).where(eq(libraries.id, big.libraryId));
    const page = async (query: Record<string, unknown>) => {
      const reply = await inject(t.app, holdingEndpoints.list, { raw: true, query, headers });
      expect(reply.statusCode, reply.body).toBe(200);
      const data = reply.json().data as { rows: { accession_number: string }[]; total: number; total_capped: boolean };
      return { first: data.rows[0]?.accession_number, count: data.rows.length, total: data.total, capped: data.total_capped };
    };
    expect(await page({ queryString: 'upadesh', limit: '25' })).toEqual({ first: '1030', count: 25, total: 1_000, capped: true });
    expect(await page({ queryString: 'upadesh', limit: '25', pageNo: 40 })).toEqual({ first: '55', count: 25, total: 1_000, capped: true });
    // the page past the bound counts on from its own first copy
    expect(await page({ queryString: 'upadesh', limit: '25', pageNo: 41 })).toEqual({
      first: '30',
      count: 25,
      total: 1_030,
      capped: false,
    });
    expect(await page({ queryString: 'upadesh', limit: '25', pageNo: 42 })).toEqual({ first: '5', count: 5, total: 1_030, capped: false });
    expect(await page({ queryString: 'upadesh', limit: '25', pageNo: 43 })).toEqual({
      first: undefined,
      count: 0,
      total: 1_030,
      capped: false,
    });
    expect(await page({ queryString: 'pravachan', limit: '25' })).toEqual({ first: '1040', count: 10, total: 10, capped: false });
    // the list unfiltered, or filtered by state, counts every copy; 'All' shows every copy
    expect(await page({ limit: '25', pageNo: 3 })).toEqual({ first: '990', count: 25, total: 1_040, capped: false });
    expect(await page({ state: 'available', limit: '10' })).toMatchObject({ total: 1_040, capped: false });
    // a copy added counts on in the whole list's total
    const added = await add({ book: { title: 'Upadesh Ratnakar 1041' } }, headers);
    expect(added.statusCode, added.body).toBe(201);
    expect(await page({ limit: '25' })).toEqual({ first: '1041', count: 25, total: 1_041, capped: false });
    expect(await page({ queryString: 'pravachan', limit: '25' })).toEqual({ first: '1040', count: 10, total: 10, capped: false });
    expect(await page({ queryString: 'upadesh', limit: 'all' })).toEqual({ first: '1041', count: 1_031, total: 1_031, capped: false });
  });

  it('a copy is found by its book’s text as the book changes: an edit, a new search recipe (decision 080)', async () => {
    const book = registered(await createBook(t.ctx, publisher.publisherId, { book_title: 'ઉપદેશમાલા', book_e_title: 'Updeshmala' }));
    const mine = (await add({ jsbn: book.jsbn_number })).json().data.holding.accession_number as string;
    const theirs = (await add({ jsbn: book.jsbn_number }, other)).json().data.holding.accession_number as string;
    const found = async (query: string, headers: Headers = lib) =>
      (await list({ queryString: query }, headers)).rows.map((row) => [row.accession_number, row.title]);
    expect(await found('उपदेशमाला')).toEqual([[mine, 'ઉપદેશમાલા']]);
    expect(await found('updeshmala', other)).toEqual([[theirs, 'ઉપદેશમાલા']]);

    const edited = await inject(t.app, bookEndpoints.update, {
      params: { id: book.id },
      headers: pub,
      body: form({ ...BOOK_FORM_FIELDS, book_title: 'દશવૈકાલિક સૂત્ર', book_e_title: 'Dashavaikalik Sutra' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await found('उपदेशमाला')).toEqual([]);
    expect(await found('दशवैकालिक')).toEqual([[mine, 'દશવૈકાલિક સૂત્ર']]);
    expect(await found('dashavaikalik', other)).toEqual([[theirs, 'દશવૈકાલિક સૂત્ર']]);

    // a copy whose text fell behind (made before migration 0040, say) takes its book's when the
    // book is indexed again by a newer recipe
    await t.ctx.db.update(holdings).set({ search_text: '' }).where(eq(holdings.book_id, book.id));
    expect(await found('दशवैकालिक')).toEqual([]);
    await t.ctx.db.update(books).set({ search_version: 0 }).where(eq(books.id, book.id));
    expect(await reindexSearch(t.ctx)).toBe(1);
    expect(await found('દશવૈકાલિક')).toEqual([[mine, 'દશવૈકાલિક સૂત્ર']]);
    expect(await found('dashavaikalik', other)).toEqual([[theirs, 'દશવૈકાલિક સૂત્ર']]);
  });
});
