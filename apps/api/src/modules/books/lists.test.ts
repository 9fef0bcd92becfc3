/**
 * Book lists at a national catalogue's size on both engines: the total of the whole
 * catalogue is the sum of the publishers' book counts, which triggers keep as books are
 * registered, imported, moved and deleted (migration 0017); a sorted list breaks ties by id
 * in the sort's own direction (so one index serves a page both ways). A publisher's own list
 * (My Books) shows its withdrawn books with when and why; every other list hides them.
 */
/* eslint-disable @typescript-eslint/no-unnecessary-type-assertion -- drizzle's execute on the PgQueryResultHKT base types its result unknown; the cast names the rows */
import { eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJsbn } from '@jsbn/shared';
import { bookEndpoints, operatorEndpoints } from '@jsbn/shared/core';
import { createBook, createLibrary, createOperator, createPublisher } from '../../seed/factories.js';
import { books, duplicate_pairs, publishers } from '../../db/schema.js';
import { ENGINES, createTestApp, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { importCatalogue } from './import.js';

describe.each(ENGINES)('book lists on %s', (engine) => {
  let t: TestApp;
  const list = async (query: Record<string, string>) => {
    const response = await inject(t.app, bookEndpoints.list, { raw: true, query: { limit: 'all', ...query } });
    expect(response.statusCode).toBe(200);
    return response.json().data as { books: { id: number; book_title: string; publisher_name: string }[]; total: number };
  };
  /** Each publisher's kept count beside the books it has. */
  const counts = async () =>
    (
      (await t.ctx.db.execute(
        sql`select p.id, p.book_count, (select count(*)::int from books b where b.publisher_id = p.id) as books from publishers p order by p.id`,
      )) as unknown as {
        rows: { id: number; book_count: number; books: number }[];
      }
    ).rows;

  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('counts the catalogue from the publishers as books are registered, imported, moved and deleted', async () => {
    const first = await createPublisher(t.ctx, { publisher_name: 'Shrut Prakashan' });
    const second = await createPublisher(t.ctx, { publisher_name: 'Agam Mandir' });
    const kept = await createBook(t.ctx, first.publisherId, { book_title: 'Same' }, { cover: false });
    const moved = await createBook(t.ctx, first.publisherId, { book_title: 'Same' }, { cover: false });
    const gone = await createBook(t.ctx, second.publisherId, { book_title: 'Same' }, { cover: false });
    const report = await importCatalogue(t.ctx, [
      {
        source_id: 'lists:1',
        title: 'अ',
        title_en: 'A',
        authors: [{ name: 'Muni', role: 'author' }],
        publisher: 'Agam Mandir',
        language: 'Sanskrit',
        year: 1950,
        pages: 10,
      },
      {
        source_id: 'lists:2',
        title: 'ब',
        title_en: 'B',
        authors: [{ name: 'Muni', role: 'author' }],
        publisher: 'Navu Prakashan',
        language: 'Sanskrit',
        year: 1950,
        pages: 10,
      },
    ]);
    expect(report.imported).toBe(2);
    await t.ctx.db.update(books).set({ publisher_id: second.publisherId, publisher_jsbn_id: 999 }).where(eq(books.id, moved.id));
    // the product never deletes a book (decision 043), but the counts hold if the database does:
    // the likeness its registration queued goes first (decision 044)
    await t.ctx.db.delete(duplicate_pairs).where(or(eq(duplicate_pairs.book_id, gone.id), eq(duplicate_pairs.other_book_id, gone.id)));
    await t.ctx.db.delete(books).where(eq(books.id, gone.id));

    for (const row of await counts()) expect(row.book_count, `publisher ${row.id}`).toBe(row.books);
    expect(
      (await t.ctx.db.select({ book_count: publishers.book_count }).from(publishers).where(eq(publishers.id, first.publisherId)))[0]!
        .book_count,
    ).toBe(1);
    const all = await list({});
    expect(all.total).toBe(4);
    expect(all.books.map((book) => book.id)).toContain(kept.id);
    // a filter counts the books it keeps
    expect((await list({ publisher: 'Agam' })).total).toBe(2);
  });

  it('breaks ties of a sorted list by id in the direction of the sort', async () => {
    const publisher = await createPublisher(t.ctx, { publisher_name: 'Agam Mandir' });
    for (let index = 0; index < 3; index++) await createBook(t.ctx, publisher.publisherId, { book_title: 'Same' }, { cover: false });
    const rows = await t.ctx.db.select({ id: books.id, book_title: books.book_title }).from(books);
    const byTitle = (a: { id: number; book_title: string }, b: { id: number; book_title: string }) =>
      a.book_title < b.book_title ? -1 : a.book_title > b.book_title ? 1 : a.id - b.id;
    const ascending = [...rows].sort(byTitle).map((row) => row.id);
    expect((await list({ sortedField: 'book_title', sortedOrder: 'asc' })).books.map((book) => book.id)).toEqual(ascending);
    expect((await list({ sortedField: 'book_title', sortedOrder: 'desc' })).books.map((book) => book.id)).toEqual([...ascending].reverse());
    // by publisher name: the publishers in order, each one's books by id
    const byPublisher = (await list({ sortedField: 'publisher_name', sortedOrder: 'asc' })).books;
    const keys = byPublisher.map((book) => [book.publisher_name, book.id] as const);
    expect(keys).toEqual([...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1])));
  });

  it("lists a withdrawn book in its publisher's own list with when and why, and in no one else's", async () => {
    const publisher = await createPublisher(t.ctx, { publisher_name: 'Shrut Deep' });
    const original = await createBook(t.ctx, publisher.publisherId, { book_title: 'પંચસૂત્ર', book_e_title: 'Panchsutra' }, { cover: false });
    const twice = await createBook(
      t.ctx,
      publisher.publisherId,
      { book_title: 'પંચસૂત્ર ભાગ', book_e_title: 'Panchsutra Bhag' },
      { cover: false },
    );
    const operator = await createOperator(t.ctx);
    const withdrawn = await inject(t.app, operatorEndpoints.withdrawBook, {
      params: { id: twice.id },
      headers: { authorization: `Bearer ${operator.token}` },
      body: { reason: 'Registered twice', duplicate_of_jsbn: original.jsbn_number },
    });
    expect(withdrawn.statusCode).toBe(200);
    const [row] = await t.ctx.db.select({ at: books.withdrawn_at }).from(books).where(eq(books.id, twice.id));
    const [owner, stranger, library] = await Promise.all([
      tokenHeader(t, publisher),
      tokenHeader(t, await createPublisher(t.ctx)),
      tokenHeader(t, await createLibrary(t.ctx)),
    ]);
    const own = async (headers: Record<string, string>, query: Record<string, string> = {}) => {
      const response = await inject(t.app, bookEndpoints.ofPublisher, {
        raw: true,
        params: { publisherId: publisher.publisherId },
        headers,
        query: { limit: '10', withdrawn: 'include', ...query },
      });
      expect(response.statusCode).toBe(200);
      return response.json().data as { books: { id: number; withdrawn?: unknown }[]; total: number };
    };

    const mine = await own(owner);
    expect(mine.total).toBe(2);
    expect(mine.books.map((book) => book.id)).toEqual([twice.id, original.id]);
    expect(mine.books[0]!.withdrawn).toEqual({
      withdrawn_at: row!.at!.toISOString(),
      reason: 'Registered twice',
      see_jsbn: formatJsbn(original.jsbn_number),
    });
    expect(mine.books[1]).not.toHaveProperty('withdrawn');
    // sorted and searched, it is still there for its publisher
    expect((await own(owner, { sortedField: 'book_title', sortedOrder: 'asc' })).books.map((book) => book.id)).toEqual([
      original.id,
      twice.id,
    ]);
    expect((await own(owner, { queryString: 'Bhag' })).books.map((book) => book.id)).toEqual([twice.id]);

    // another publisher, a library, a visitor, and the publisher's list without asking: not there
    for (const headers of [stranger, library, {}]) {
      const theirs = await own(headers);
      expect(theirs).toMatchObject({ total: 1, books: [{ id: original.id }] });
      expect(theirs.books[0]).not.toHaveProperty('withdrawn');
      expect((await own(headers, { queryString: 'Bhag' })).books).toEqual([]);
    }
    const plain = await inject(t.app, bookEndpoints.ofPublisher, {
      params: { publisherId: publisher.publisherId },
      headers: owner,
      query: { limit: '10' },
    });
    expect(plain.json().data).toMatchObject({ total: 1, books: [{ id: original.id }] });
    // nor in search after the publisher's own search found it
    expect((await list({ queryString: 'Bhag' })).books.map((book) => book.id)).not.toContain(twice.id);
    expect((await inject(t.app, bookEndpoints.list, { query: { queryString: 'Bhag' } })).json().data.books).toEqual([]);
  });
});
