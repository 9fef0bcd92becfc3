/**
 * 'Who holds this' (decision 077): a library's setting 'Show our holdings to readers' is off by
 * default; when on, a book's public reply lists the library under `read_at` (address, contact,
 * opening hours, copies on the shelves) — not a copy lent, missing or withdrawn, nothing of a
 * library that does not show its holdings; the cached reply is refreshed when a copy changes or
 * a library flips the setting; the library's page lists its books, a 404 while it hides them; SRU
 * records carry the libraries as 852; 'nearest first' by PIN code, city or state.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJsbn, nearestFirst, placeLine } from '@jsbn/shared';
import { bookEndpoints, holdingEndpoints } from '@jsbn/shared/core';
import { holdings } from '../../db/schema.js';
import { cityIdByName, stateIdByName } from '../lookups/geo.js';
import { createBook, createLibrary, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';

type Headers = { authorization: string };

describe.each(ENGINES)('public holdings on %s', (engine) => {
  let t: TestApp;
  let ahmedabad: Headers;
  let surat: Headers;
  let hidden: Headers;
  let suratId: number;
  let jsbn: string;
  let bookId: number;
  /** The copy of the Surat library. */
  let suratCopy: number;
  const gujarat = stateIdByName('Gujarat')!;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const publisher = await createPublisher(t.ctx, { publisher_no: 'PHL01', publisher_name: 'શ્રી જૈન સાહિત્ય મંદિર' });
    const book = await createBook(t.ctx, publisher.publisherId, { book_title: 'કલ્પસૂત્ર', book_e_title: 'Kalpasutra' }, { cover: false });
    jsbn = formatJsbn(book.jsbn_number);
    bookId = book.id;
    const [a, s, h] = await Promise.all([
      createLibrary(t.ctx, { name: 'શ્રી આત્માનંદ જ્ઞાન ભંડાર' }),
      createLibrary(t.ctx, { name: 'Shri Surat Gyan Bhandar' }),
      createLibrary(t.ctx, { name: 'A private Bhandar' }),
    ]);
    suratId = s.libraryId;
    [ahmedabad, surat, hidden] = await Promise.all([tokenHeader(t, a), tokenHeader(t, s), tokenHeader(t, h)]);
    for (const headers of [ahmedabad, surat, surat, hidden]) {
      const added = await inject(t.app, holdingEndpoints.add, { raw: true, body: { jsbn, place: 'Shelf 1' }, headers });
      expect(added.statusCode, added.body).toBe(201);
      if (headers === surat) suratCopy = added.json().data.holding.id;
    }
  });
  afterAll(() => t.close());

  const readAt = async () => {
    const reply = await inject(t.app, bookEndpoints.byJsbn, { raw: true, params: { jsbnNo: jsbn } });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().data.read_at as { name: string; copies: number; pincode: string | null; city_name: string | null }[];
  };
  const show = (headers: Headers, body: Record<string, unknown>, language = 'en') =>
    inject(t.app, holdingEndpoints.saveSettings, { raw: true, body, headers: { ...headers, 'accept-language': language } });

  it('is off by default: the book’s page lists no library, the library’s page is a 404', async () => {
    expect((await inject(t.app, holdingEndpoints.settings, { headers: surat })).json().data).toEqual({
      holdings_public: false,
      opening_hours: null,
      pincode: null,
      state_id: null,
      city_id: null,
    });
    expect(await readAt()).toEqual([]);
    for (const headers of [{}, ahmedabad]) {
      const page = await inject(t.app, holdingEndpoints.ofLibrary, { params: { id: suratId }, query: {}, headers });
      expect(page.statusCode).toBe(404);
      expect(page.json().message).toBe('Library not found');
    }
  });

  it('when on, lists the library with address, contact, opening hours and copies; the cached page is refreshed', async () => {
    expect(await readAt()).toEqual([]); // cached now
    const saved = await show(surat, {
      holdings_public: true,
      opening_hours: 'Daily 9–12 and 4–7',
      pincode: '395003',
      state_id: gujarat,
      city_id: cityIdByName(gujarat, 'Surat'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Readers now see the books on your shelves');
    expect(await readAt()).toEqual([
      {
        id: suratId,
        name: 'Shri Surat Gyan Bhandar',
        address: 'Jain Upashray, Main Bazaar, Palitana 364270',
        city_name: 'Surat',
        state_name: 'Gujarat',
        pincode: '395003',
        mobile_no: '9123456780',
        opening_hours: 'Daily 9–12 and 4–7',
        copies: 2,
      },
    ]);
    const ahmedabadCity = cityIdByName(gujarat, 'Ahmedabad');
    expect(
      (await show(ahmedabad, { holdings_public: true, pincode: '380001', state_id: gujarat, city_id: ahmedabadCity })).statusCode,
    ).toBe(200);
    expect((await readAt()).map((library) => library.name)).toEqual(['Shri Surat Gyan Bhandar', 'શ્રી આત્માનંદ જ્ઞાન ભંડાર']);

    const badPin = await show(surat, { holdings_public: true, pincode: '0123' }, 'gu');
    expect(badPin.statusCode).toBe(400);
    expect(badPin.json().details).toEqual([{ field: 'pincode', message: 'પિન કોડ: 6 અંક' }]);
    const otherState = await show(surat, { holdings_public: true, state_id: stateIdByName('Maharashtra'), city_id: ahmedabadCity }, 'hi');
    expect(otherState.statusCode).toBe(400);
    expect(otherState.json().details).toEqual([{ field: 'city_id', message: 'चुने गए राज्य का शहर चुनें' }]);
  });

  it('leaves out a copy withdrawn or lent, and refreshes the cached page when a copy changes', async () => {
    expect((await readAt()).find((library) => library.name === 'Shri Surat Gyan Bhandar')?.copies).toBe(2);
    const withdrawn = await inject(t.app, holdingEndpoints.setState, {
      params: { id: suratCopy },
      body: { state: 'withdrawn', reason: 'Torn' },
      headers: surat,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await readAt()).find((library) => library.name === 'Shri Surat Gyan Bhandar')?.copies).toBe(1);
    // the other copy is lent (a loan sets it): the library has none on the shelves
    await t.ctx.db
      .update(holdings)
      .set({ state: 'lent' })
      .where(and(eq(holdings.book_id, bookId), eq(holdings.library_id, suratId), eq(holdings.state, 'available')));
    t.ctx.publicPages.clear();
    expect((await readAt()).map((library) => library.name)).toEqual(['શ્રી આત્માનંદ જ્ઞાન ભંડાર']);
    // back on the shelves by the library: listed again at once
    await inject(t.app, holdingEndpoints.setState, { params: { id: suratCopy }, body: { state: 'available' }, headers: surat });
    expect((await readAt()).find((library) => library.name === 'Shri Surat Gyan Bhandar')?.copies).toBe(1);
    // a new copy is counted at once
    await inject(t.app, holdingEndpoints.add, { body: { jsbn }, headers: surat });
    expect((await readAt()).find((library) => library.name === 'Shri Surat Gyan Bhandar')?.copies).toBe(2);
  });

  it('a library’s page lists what it holds; turned off, the library leaves every page at once', async () => {
    const page = await inject(t.app, holdingEndpoints.ofLibrary, { params: { id: suratId }, query: {} });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toMatchObject({
      library: { name: 'Shri Surat Gyan Bhandar', opening_hours: 'Daily 9–12 and 4–7', pincode: '395003' },
      books: [{ jsbn_number: jsbn.replace(/-/g, ''), title: 'કલ્પસૂત્ર', copies: 3 }],
      total: 1,
    });
    const found = await inject(t.app, holdingEndpoints.ofLibrary, { params: { id: suratId }, query: { queryString: 'કલ્પ' } });
    expect(found.json().data.total).toBe(1);
    const none = await inject(t.app, holdingEndpoints.ofLibrary, { params: { id: suratId }, query: { queryString: 'yogashastra' } });
    expect(none.json().data.total).toBe(0);

    const off = await show(surat, { holdings_public: false });
    expect(off.json().message).toBe('Your holdings are hidden from readers');
    expect((await readAt()).map((library) => library.name)).toEqual(['શ્રી આત્માનંદ જ્ઞાન ભંડાર']);
    expect((await inject(t.app, holdingEndpoints.ofLibrary, { params: { id: suratId }, query: {} })).statusCode).toBe(404);
  });

  it('SRU records of the book carry the libraries that show a copy as 852', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/sru',
      query: { operation: 'searchRetrieve', version: '1.2', query: `bath.isbn=${jsbn}` },
    });
    expect(reply.statusCode).toBe(200);
    const fields = [...reply.body.matchAll(/<datafield tag="852"[^>]*>([\s\S]*?)<\/datafield>/g)].map((match) =>
      [...match[1]!.matchAll(/<subfield code="(.)">(.*?)<\/subfield>/g)].map(([, code, value]) => `$${code} ${value}`).join(' '),
    );
    expect(fields).toEqual(['$a શ્રી આત્માનંદ જ્ઞાન ભંડાર $e Jain Upashray, Main Bazaar, Palitana 364270, Ahmedabad, Gujarat, 380001 $t 1']);
  });

  it('orders libraries nearest first: the same PIN, then the same city or district, then the same state or region', () => {
    const libraries = [
      { id: 1, name: 'Mumbai', pincode: '400001', city_name: 'Mumbai', state_name: 'Maharashtra' },
      { id: 2, name: 'Surat', pincode: '395003', city_name: 'Surat', state_name: 'Gujarat' },
      { id: 3, name: 'Ahmedabad', pincode: '380001', city_name: 'Ahmedabad', state_name: 'Gujarat' },
      { id: 4, name: 'Palitana', pincode: null, city_name: null, state_name: null },
    ];
    const names = (near: string | null) => nearestFirst(libraries, near).map((library) => library.name);
    expect(names(null)).toEqual(['Ahmedabad', 'Mumbai', 'Palitana', 'Surat']);
    expect(names('395003')).toEqual(['Surat', 'Ahmedabad', 'Mumbai', 'Palitana']);
    expect(names('395007')).toEqual(['Surat', 'Ahmedabad', 'Mumbai', 'Palitana']);
    expect(names('390001')).toEqual(['Surat', 'Ahmedabad', 'Mumbai', 'Palitana']);
    expect(names('surat')).toEqual(['Surat', 'Ahmedabad', 'Mumbai', 'Palitana']);
    expect(names('Maharashtra')).toEqual(['Mumbai', 'Ahmedabad', 'Palitana', 'Surat']);
    // the place line leaves out what the address says already
    expect(placeLine({ address: 'Main Bazaar, Palitana 364270', city_name: 'Palitana', state_name: 'Gujarat', pincode: '364270' })).toBe(
      'Main Bazaar, Palitana 364270, Gujarat',
    );
  });
});
