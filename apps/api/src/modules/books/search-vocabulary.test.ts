/**
 * Search at scale (decision 012) on both engines: the vocabulary the triggers keep
 * (`search_words`: every word of the books' search text and how many books hold it), what
 * search learns from it before reading a book (nothing matches; what a misspelt word meant),
 * and a broad search — a word most of the catalogue holds — which ranks the matches among the
 * newest books, lists the older ones after, pages through every match exactly once and says
 * its total is an estimate.
 */
/* eslint-disable @typescript-eslint/no-unnecessary-type-assertion -- drizzle's execute on the PgQueryResultHKT base types its result unknown; the cast names the rows */
import { bookEndpoints } from '@jsbn/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook, createPublisher } from '../../seed/factories.js';
import { books, search_words } from '../../db/schema.js';
import { ENGINES, createTestApp, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { importCatalogue, type CatalogueRecord } from './import.js';
import { BROAD_READ_BUDGET, findResults, rankByWords } from './search-results.js';
import { textQuery } from './search.js';
import { rankingLimit } from './listing.js';

/** Books in the catalogue of the broad search below, and how many of them hold 'sutra'. */
const CATALOGUE = 400;
const WITH_SUTRA = 300;

describe.each(ENGINES)('the search vocabulary on %s', (engine) => {
  let t: TestApp;
  const count = async (word: string) =>
    (await t.ctx.db.select({ books: search_words.books }).from(search_words).where(eq(search_words.word, word)))[0]?.books ?? 0;
  const search = async (query: Record<string, string>) => {
    const response = await inject(t.app, bookEndpoints.list, { query });
    expect(response.statusCode).toBe(200);
    return response.json().data as {
      books: { id: number; book_title: string; book_e_title: string }[];
      total: number;
      totalIsEstimate?: boolean;
    };
  };

  /** The word index's rows of book `id` (decision 024), by word. */
  const postings = async (id: number) =>
    (
      (await t.ctx.db.execute(
        sql`select word, in_title, title_length from search_postings where book_id = ${id} order by word`,
      )) as unknown as {
        rows: { word: string; in_title: boolean; title_length: number }[];
      }
    ).rows;

  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('counts the books holding each word as books are registered, edited and deleted', async () => {
    const publisher = await createPublisher(t.ctx, { publisher_name: 'Shrut Prakashan' });
    const first = await createBook(
      t.ctx,
      publisher.publisherId,
      { book_title: 'શ્રી ઉપદેશમાલા', book_e_title: 'Updeshmala (Part 1)' },
      { cover: false },
    );
    await createBook(t.ctx, publisher.publisherId, { book_title: 'ઉપદેશમાલા ભાગ ૨', book_e_title: 'Updeshmala Part 2' }, { cover: false });
    // each script's form and the Latin key, split at spaces and punctuation, lower case
    expect(await count('ઉપદેશમાલા')).toBe(2);
    expect(await count('उपदेशमाला')).toBe(2);
    expect(await count('updeshmala')).toBe(2);
    expect(await count('(part')).toBe(0);
    expect(await count('part')).toBe(2);
    // numbers and JSBNs are not words of the vocabulary
    expect(
      (
        await t.ctx.db
          .select()
          .from(search_words)
          .where(sql`${search_words.word} ~ '[0-9]'`)
      ).length,
    ).toBe(0);

    // the word index: each word of the book once, whether its title holds it, the title's length
    expect(await postings(first.id)).toEqual(
      expect.arrayContaining([
        { word: 'updeshmala', in_title: true, title_length: 14 },
        { word: 'ઉપદેશમાલા', in_title: true, title_length: 14 },
        { word: 'shrut', in_title: false, title_length: 14 },
      ]),
    );
    expect((await postings(first.id)).length).toBe(new Set((await postings(first.id)).map((row) => row.word)).size);
    expect((await postings(first.id)).some((row) => /[0-9]/.test(row.word))).toBe(false);

    await t.ctx.db.update(books).set({ search_text: 'navkar mahamantra' }).where(eq(books.id, first.id));
    expect(await count('updeshmala')).toBe(1);
    expect(await count('navkar')).toBe(1);
    expect(await postings(first.id)).toEqual([
      { word: 'mahamantra', in_title: false, title_length: 14 },
      { word: 'navkar', in_title: false, title_length: 14 },
    ]);
    await t.ctx.db.update(books).set({ book_title: 'નવકાર', title_text: 'નવકાર • navkar' }).where(eq(books.id, first.id));
    expect(await postings(first.id)).toEqual([
      { word: 'mahamantra', in_title: false, title_length: 5 },
      { word: 'navkar', in_title: true, title_length: 5 },
    ]);
    // an edit of what the rows do not hold leaves them as they are
    await t.ctx.db.update(books).set({ is_available: false }).where(eq(books.id, first.id));
    expect((await postings(first.id)).map((row) => row.word)).toEqual(['mahamantra', 'navkar']);
    await t.ctx.db.delete(books).where(eq(books.id, first.id));
    expect(await count('navkar')).toBe(0);
    expect(await count('updeshmala')).toBe(1);
    expect(await postings(first.id)).toEqual([]);
  });

  it('answers a search nothing matches from the vocabulary, and finds what a misspelt word meant', async () => {
    expect(await search({ queryString: 'qqqxxzzv' })).toEqual({ books: [], total: 0 });
    const found = await search({ queryString: 'Updeshmalaa' });
    expect(found.books.map((book) => book.book_e_title)).toEqual(['Updeshmala Part 2']);
    expect(found.total).toBe(1);
    expect(found.totalIsEstimate).toBeUndefined();
    // several words: each as typed or corrected; a word no book holds and none is like matches nothing
    expect((await search({ queryString: 'Updeshmalaa Part 2' })).books.map((book) => book.book_e_title)).toEqual(['Updeshmala Part 2']);
    expect(await search({ queryString: 'Updeshmalaa qqqxxzzv' })).toEqual({ books: [], total: 0 });
    expect(await search({ queryString: 'ઉપદેશમાલા Updeshmalaa' })).toMatchObject({ total: 1 });
  });

  it('ranks a broad search among the newest books, then lists the older ones, each match once; one word from the word index', async () => {
    const records: CatalogueRecord[] = Array.from({ length: CATALOGUE - 1 }, (_, index) => ({
      source_id: `scale:${index}`,
      // every fourth book is not about a sutra; of the others every tenth has 'Sutra' alone as its title
      title: index % 4 === 3 ? `स्तोत्र ${index}` : index % 10 === 0 ? 'सूत्र' : `सूत्र व्याख्या ${index}`,
      title_en: index % 4 === 3 ? `Stotra ${index}` : index % 10 === 0 ? 'Sutra' : `Sutra Vyakhya ${index}`,
      authors: [{ name: 'Muni Jambuvijay', role: 'author' }],
      publisher: 'Agam Prakashan Samiti',
      language: 'Sanskrit',
      year: 1950,
      pages: 100,
    }));
    const report = await importCatalogue(t.ctx, records);
    expect(report.imported).toBe(CATALOGUE - 1);
    await t.ctx.db.execute(sql`analyze books`);
    const holding = await count('सूत्र');
    expect(holding).toBe(WITH_SUTRA);
    expect(holding).toBeGreaterThan(rankingLimit(CATALOGUE));

    // two words (the other in every book): ranked among the newest books, older ones after;
    // one word: ranked whole from the word index (decision 024), its total counted
    for (const [query, estimated] of [
      ['सूत्र jambuvijay', true],
      ['सूत्र', false],
    ] as const) {
      t.ctx.searchResults.clear();
      const first = await search({ queryString: query, pageNo: '1', limit: '10' });
      expect(first.totalIsEstimate, query).toBe(estimated || undefined);
      expect(first.total).toBe(WITH_SUTRA);
      // the closest matches first: the books titled just 'Sutra', newest first
      expect(first.books.slice(0, 3).map((book) => book.book_e_title)).toEqual(['Sutra', 'Sutra', 'Sutra']);
      const seen = new Set<number>();
      for (let page = 1; page <= WITH_SUTRA / 10; page++) {
        const { books: found } = await search({ queryString: query, pageNo: String(page), limit: '10' });
        expect(found).toHaveLength(10);
        for (const book of found) {
          expect(book.book_e_title).toMatch(/^Sutra/);
          expect(seen.has(book.id), `book ${book.id} twice`).toBe(false);
          seen.add(book.id);
        }
      }
      expect(seen.size).toBe(WITH_SUTRA);
      expect((await search({ queryString: query, pageNo: String(WITH_SUTRA / 10 + 1), limit: '10' })).books).toEqual([]);
      // the last page found every match: the total is exact now
      expect((await search({ queryString: query, pageNo: String(WITH_SUTRA / 10), limit: '10' })).totalIsEstimate).toBeUndefined();
    }
    // several words of the vocabulary hold it (सूत्र, sutra): counted up to so many rows of the word index, else not
    const words = [
      { pattern: 'सूत्र', titleRank: 5 },
      { pattern: 'sutra', titleRank: 4 },
    ];
    expect(await rankByWords(t.ctx.db, words, 5, 2 * WITH_SUTRA)).toMatchObject({ matches: WITH_SUTRA });
    const uncounted = await rankByWords(t.ctx.db, words, 5, 2 * WITH_SUTRA - 1);
    expect([uncounted.ids.length, uncounted.matches]).toEqual([5, undefined]);
    // with another filter the search is not broad: every match is ranked and counted
    const filtered = await search({ queryString: 'सूत्र jambuvijay', language: 'Sanskrit', limit: '10' });
    expect([filtered.total, filtered.totalIsEstimate]).toEqual([WITH_SUTRA, undefined]);
  });

  it('gives a later page asked first the same books as paging there does', async () => {
    const paged: number[][] = [];
    t.ctx.searchResults.clear();
    for (let page = 1; page <= 25; page++)
      paged.push((await search({ queryString: 'सूत्र', pageNo: String(page), limit: '10' })).books.map((book) => book.id));
    // a visitor who jumps to page 25 (results found from the start in one go), then goes back
    t.ctx.searchResults.clear();
    expect((await search({ queryString: 'सूत्र', pageNo: '25', limit: '10' })).books.map((book) => book.id)).toEqual(paged[24]);
    expect((await search({ queryString: 'सूत्र', pageNo: '3', limit: '10' })).books.map((book) => book.id)).toEqual(paged[2]);
    // pages of another size cut the same order
    expect((await search({ queryString: 'सूत्र', pageNo: '2', limit: '25' })).books.map((book) => book.id)).toEqual([
      ...paged[2]!.slice(5),
      ...paged[3]!,
      ...paged[4]!,
    ]);
  });

  it('forgets what it found of a search when a book changes', async () => {
    const before = await search({ queryString: 'सूत्र', pageNo: '1', limit: '10' });
    expect(t.ctx.searchResults.size).toBeGreaterThan(0);
    const publisher = await createPublisher(t.ctx, { publisher_name: 'Navu Prakashan' });
    const added = await createBook(
      t.ctx,
      publisher.publisherId,
      { book_title: 'सूत्र', book_e_title: 'Sutra (new edition)' },
      { cover: false },
    );
    expect(t.ctx.searchResults.size).toBe(0);
    const after = await search({ queryString: 'सूत्र', pageNo: '1', limit: '10' });
    // the newest book titled just 'Sutra' comes first
    expect(after.books[0]!.id).toBe(added.id);
    expect(after.books.slice(1)).toEqual(before.books.slice(0, 9));
  });

  it('finds the words of a query apart and without its punctuation; a broad search whose words seldom meet is ranked whole', async () => {
    // the oldest of these holds both words, apart; the others only 'टीका' (Tika)
    const records: CatalogueRecord[] = Array.from({ length: 301 }, (_, index) => ({
      source_id: `tika:${index}`,
      title: index === 0 ? 'सूत्र वृत्ति टीका' : `टीका ${index}`,
      title_en: index === 0 ? 'Sutra Vritti Tika' : `Tika ${index}`,
      authors: [{ name: 'Acharya Malayagiri', role: 'commentator' }],
      publisher: 'Agam Prakashan Samiti',
      language: 'Sanskrit',
      year: 1940,
      pages: 80,
    }));
    expect((await importCatalogue(t.ctx, records)).imported).toBe(301);
    await t.ctx.db.execute(sql`analyze books`);
    const catalogue = Number(
      (
        (await t.ctx.db.execute(sql`select reltuples::float8 as n from pg_class where oid = 'books'::regclass`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );
    // both words are common, together they are rare: the search is broad by the vocabulary
    expect(Math.min(await count('सूत्र'), await count('टीका'))).toBeGreaterThan(rankingLimit(catalogue));

    for (const query of ['सूत्र टीका', 'Sutra Tika', 'टीका, सूत्र.', 'sutra-tika']) {
      const found = await search({ queryString: query, pageNo: '1', limit: '10' });
      expect(
        found.books.map((book) => book.book_e_title),
        query,
      ).toEqual(['Sutra Vritti Tika']);
    }
    expect((await search({ queryString: 'Kalpasutra.' })).books).toEqual([]);
    const numbered = (await search({ queryString: 'Vyakhya 12.' })).books.map((book) => book.book_e_title);
    expect(numbered[0]).toBe('Sutra Vyakhya 12');
    for (const title of numbered) expect(title).toMatch(/^Sutra Vyakhya \d*12\d*$/);

    // read newest first, a few books hold no window of matches: every match is ranked instead
    expect(BROAD_READ_BUDGET).toBe(20_000);
    const text = await textQuery(t.ctx.db, 'सूत्र टीका');
    const window = await findResults(t.ctx.db, text, { kind: 'broad', catalogue }, 10, undefined, 50);
    expect(window).toMatchObject({ total: 1, estimated: false, next: null });
    expect(window.ids).toHaveLength(1);
  });

  it('widens a rare spelling to the common word like it, not a common word to its neighbours', async () => {
    const titled = (title: string, count: number, id: string): CatalogueRecord[] =>
      Array.from({ length: count }, (_, index) => ({
        source_id: `${id}:${index}`,
        title: `${title} ${index}`,
        title_en: `${title} ${index}`,
        authors: [{ name: 'Shri Sangh', role: 'compiler' }],
        publisher: 'Vijay Prakashan',
        language: 'Gujarati',
        year: 1960,
        pages: 60,
      }));
    await importCatalogue(t.ctx, [
      ...titled('Jayavijay Charitra', 6, 'jaya'),
      ...titled('Dayavijay Charitra', 5, 'daya'),
      ...titled('Kalpsutra Vivechan', 1, 'misprint'),
      ...titled('Kalpasutra Vivechan', 6, 'kalpa'),
    ]);
    // 'dayavijay' is a name of its own: 'jayavijay', as common, is not what was meant
    const daya = await search({ queryString: 'Dayavijay', limit: '20' });
    expect([daya.total, ...new Set(daya.books.map((book) => book.book_e_title.split(' ')[0]))]).toEqual([5, 'Dayavijay']);
    // one book's misprint: the word six times as many books hold is found too
    const kalpa = await search({ queryString: 'Kalpsutra', limit: '20' });
    expect(kalpa.total).toBe(7);
  });
});
