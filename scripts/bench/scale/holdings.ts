/**
 * Part `holdings` of `npm run bench:scale` (decisions 071 and 080, only when asked for): a
 * library's search of its own copies ('Find on our shelves', `listHoldings`) on the catalogue of
 * N books, in this process on the catalogue database, one search at a time as the shelves page
 * asks. Before the first run it adds (stored for the next run, marked by `bench_holdings_done`):
 * one library of `--copies` copies (default 100,000) and `--other-libraries` libraries of 5,000
 * copies each (default 200: a million copies beside it), the copies of books of the catalogue
 * picked uniformly at random, one in twenty a book described by hand, one in twenty lent; each copy's `search_text` as the
 * application writes it (its registered book's, modules/holdings/search-text.ts). Part `read-at`
 * (index.ts) uses the same libraries and copies.
 *
 * The searches: words of titles in Devanagari and Gujarati, the other script, romanised, misspelt,
 * an author, a publisher, an accession number, a JSBN, a place and a state filter, and the whole
 * list; each its pages 1–3 (25 a page), `--rounds` times. The baseline, in the same run on the same
 * searches: the list with the exact count of every copy found (as it was before the search's
 * count was bounded, decision 080), and the search as it was before migration 0040 (the copy's
 * registered book's `search_text` read through the join, `coalesce(books.search_text,
 * holdings.search_text)`). Prints p50/p95/max of each and the ratios. Asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { formatJsbn, normalizeJsbn } from '@jsbn/shared';
import { openDatabase, type DbOrTx } from '../../../apps/api/src/db/client.js';
import { book_authors, books, holdings, publishers } from '../../../apps/api/src/db/schema.js';
import { latinKey, otherScript } from '../../../apps/api/src/modules/books/search.js';
import { listCondition, listHoldings } from '../../../apps/api/src/modules/holdings/service.js';

export interface HoldingsBench {
  /** The catalogue database. */
  url: string;
  copies: number;
  otherLibraries: number;
  rounds: number;
  percentiles: (times: number[]) => string;
}

/** Copies of each other library. */
const OTHER_COPIES = 5_000;

/**
 * Adds the bench's libraries (their holdings public, their accounts verified: readers see them)
 * and their copies once, stored for the next run; returns the big library's id.
 */
export async function benchLibraries(url: string, copies: number, otherLibraries: number): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const done = await pool.query("SELECT 1 FROM pg_class WHERE relname = 'bench_holdings_done'");
    if (done.rowCount === 0) {
      const started = performance.now();
      await pool.query(`DELETE FROM holdings WHERE library_id IN (SELECT id FROM libraries WHERE name LIKE 'Bench Gyan Bhandar %')`);
      await pool.query(`DELETE FROM libraries WHERE name LIKE 'Bench Gyan Bhandar %'`);
      await pool.query(`DELETE FROM accounts WHERE email LIKE 'bench-library-%@bench.jsbn'`);
      const accounts = await pool.query<{ id: number }>(
        `INSERT INTO accounts (email, role, password_hash, email_verified_at)
         SELECT 'bench-library-' || g || '@bench.jsbn', 'LIBRARY', 'x', now() FROM generate_series(0, $1::int) g ORDER BY g RETURNING id`,
        [otherLibraries],
      );
      const libraries = await pool.query<{ id: number }>(
        `INSERT INTO libraries (account_id, name, sanchalak_name, sanchalak_address, address, mobile_no, whatsapp_no, sangh_trust, holdings_public)
         SELECT id, 'Bench Gyan Bhandar ' || row_number() OVER (ORDER BY id), 'Sanchalak', 'Palitana', 'Main Bazaar, Palitana',
                '9825098250', '9825098250', 'Bench Sangh', true
         FROM unnest($1::int[]) AS id ORDER BY id RETURNING id`,
        [accounts.rows.map((row) => row.id)],
      );
      const ids = libraries.rows.map((row) => row.id);
      // the copies of one library, numbered 1…count, newest last; one in twenty described by hand,
      // one in twenty lent; each other copy a book of the catalogue picked uniformly (a random index
      // into the array of the books' ids, picked per row), with its book's search_text as addHolding
      // writes it. (A pick of `id >= low + random() * span … LIMIT 1` repeated: 100,000 copies fell
      // on 1,969 books.)
      const addCopies = (libraryId: number, count: number) =>
        pool.query(
          `WITH ids AS MATERIALIZED (SELECT array_agg(id) AS a FROM books)
           INSERT INTO holdings (library_id, book_id, title, author, accession_number, accession_no, place, state, source, search_text, created_at)
           SELECT $1, book.id,
                  CASE WHEN g % 20 = 7 THEN 'हस्तलिखित प्रत ' || g END, CASE WHEN g % 20 = 7 THEN 'अज्ञात' END,
                  g::text, g, 'Almirah ' || (g % 40), CASE WHEN g % 20 = 3 THEN 'lent' ELSE 'available' END, 'bought',
                  CASE WHEN g % 20 = 7 THEN 'हस्तलिखित प्रत ' || g || ' • હસ્તલિખિત પ્રત ' || g || ' • hastalikhita prata ' || g || ' • अज्ञात' ELSE book.search_text END,
                  now() - (($2 - g) * interval '1 minute')
           FROM (SELECT g, CASE WHEN g % 20 <> 7 THEN ids.a[1 + floor(random() * cardinality(ids.a))::int] END AS book_id
                 FROM generate_series(1, $2::int) g CROSS JOIN ids) pick
           LEFT JOIN books book ON book.id = pick.book_id`,
          [libraryId, count],
        );
      // the indexes migration 0040 adds are made once after the load (much faster than kept up to date row by row)
      await pool.query('DROP INDEX IF EXISTS holdings_library_search_trgm_idx');
      await pool.query('DROP INDEX IF EXISTS holdings_book_idx');
      await addCopies(ids[0]!, copies);
      for (const [index, id] of ids.slice(1).entries()) {
        await addCopies(id, OTHER_COPIES);
        if (process.stdout.isTTY) process.stdout.write(`\rother libraries' copies: ${index + 1}/${otherLibraries}`);
      }
      await pool.query("SET maintenance_work_mem = '256MB'");
      await pool.query(
        'CREATE INDEX IF NOT EXISTS holdings_library_search_trgm_idx ON holdings USING gin ((array[library_id]), search_text gin_trgm_ops)',
      );
      await pool.query('CREATE INDEX IF NOT EXISTS holdings_book_idx ON holdings (book_id) WHERE book_id IS NOT NULL');
      // each library's count of its copies, as addHolding keeps it (migration 0042)
      await pool.query(
        `UPDATE libraries SET holdings_count = copies.count FROM (SELECT library_id, count(*)::int AS count FROM holdings GROUP BY library_id) copies WHERE copies.library_id = libraries.id`,
      );
      // a table at rest, as autovacuum leaves it: the visibility map set, so a count reads the index alone
      await pool.query('VACUUM ANALYZE holdings');
      await pool.query('CREATE TABLE bench_holdings_done (at timestamptz DEFAULT now())');
      console.log(
        `\n${(copies + otherLibraries * OTHER_COPIES).toLocaleString('en-IN')} copies of ${otherLibraries + 1} libraries added in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }
    const { rows } = await pool.query<{ id: number }>("SELECT id FROM libraries WHERE name = 'Bench Gyan Bhandar 1'");
    return rows[0]!.id;
  } finally {
    await pool.end();
  }
}

/** The search as it was before migration 0040: the registered book's text read through the join. */
async function baselineList(db: DbOrTx, libraryId: number, query: { queryString?: string; pageNo: number }): Promise<number> {
  const filters: SQL[] = [eq(holdings.library_id, libraryId)];
  if (query.queryString) {
    const typed = query.queryString;
    const text = typed.normalize('NFC').trim().toLowerCase();
    const forms = [...new Set([text, otherScript(text), latinKey(text)].filter((form): form is string => Boolean(form)))];
    const searched = sql`coalesce(${books.search_text}, ${holdings.search_text})`;
    const conditions: SQL[] = [
      eq(holdings.accession_number, typed.trim().toUpperCase()),
      ...forms.map((form) => sql`${searched} like ${`%${form.replace(/[\\%_]/g, (character) => `\\${character}`)}%`}`),
    ];
    const jsbn = normalizeJsbn(typed);
    if (jsbn) conditions.push(eq(books.jsbn_number, jsbn));
    filters.push(or(...conditions)!);
  }
  const where = and(...filters);
  const rows = await db
    .select({ id: holdings.id, title: books.book_title })
    .from(holdings)
    .leftJoin(books, eq(books.id, holdings.book_id))
    .where(where)
    .orderBy(desc(holdings.created_at), desc(holdings.id))
    .limit(25)
    .offset((query.pageNo - 1) * 25);
  await db
    .select({ total: sql<number>`count(*)::int` })
    .from(holdings)
    .leftJoin(books, eq(books.id, holdings.book_id))
    .where(where);
  return rows.length;
}

/**
 * The list as it was before the search's count was bounded (decision 080): the same page, then
 * an exact `count(*)` of every copy the filters find.
 */
async function exactCountList(
  db: DbOrTx,
  libraryId: number,
  query: { queryString?: string; state?: 'lent'; place?: string; pageNo: number },
): Promise<number> {
  const where = listCondition(libraryId, query);
  const rows = await db
    .select({
      holding: holdings,
      book_jsbn: books.jsbn_number,
      book_title: books.book_title,
      book_authors: sql<
        string | null
      >`(select string_agg(${book_authors.author_name}, ', ' order by ${book_authors.position}) from ${book_authors} where ${book_authors.book_id} = ${books.id})`,
      book_publisher: publishers.publisher_name,
    })
    .from(holdings)
    .leftJoin(books, eq(books.id, holdings.book_id))
    .leftJoin(publishers, eq(publishers.id, books.publisher_id))
    .where(where)
    .orderBy(desc(holdings.created_at), desc(holdings.id))
    .limit(25)
    .offset((query.pageNo - 1) * 25);
  await db
    .select({ total: sql<number>`count(*)::int` })
    .from(holdings)
    .where(where);
  return rows.length;
}

/** Measures the library's search of its copies, and the baselines beside it. */
export async function measureHoldings({ url, copies, otherLibraries, rounds, percentiles }: HoldingsBench): Promise<void> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    const libraryId = await benchLibraries(url, copies, otherLibraries);
    const { db } = database;
    const [held] = await db
      .select({ jsbn: books.jsbn_number })
      .from(holdings)
      .innerJoin(books, eq(books.id, holdings.book_id))
      .where(eq(holdings.library_id, libraryId))
      .limit(1);
    const searches: { name: string; queryString?: string; state?: 'lent'; place?: string }[] = [
      { name: 'सूत्र (Devanagari, in many titles)', queryString: 'सूत्र' },
      { name: 'કલ્પસૂત્ર (Gujarati for Devanagari titles)', queryString: 'કલ્પસૂત્ર' },
      { name: 'Kalpasutra (romanised)', queryString: 'Kalpasutra' },
      { name: 'Kalpsutra (misspelt: no match)', queryString: 'Kalpsutra' },
      { name: 'Hemchandracharya (an author)', queryString: 'Hemchandracharya' },
      { name: 'a publisher (Gyanpith)', queryString: 'Gyanpith' },
      { name: 'हस्तलिखित (books described by hand)', queryString: 'हस्तलिखित' },
      { name: 'an accession number (54321)', queryString: '54321' },
      { name: 'a JSBN of a held book', queryString: formatJsbn(held!.jsbn) },
      { name: 'the place Almirah 12', place: 'Almirah 12' },
      { name: 'the state lent', state: 'lent' },
      { name: 'the whole list', queryString: undefined },
    ];
    const now: number[] = [];
    /** The searches the baseline makes too (not the place or state filters): the ratio's. */
    const comparable: number[] = [];
    const before: number[] = [];
    /** The same searches with the exact count (the list before the bounded count), in the same run. */
    const exactAll: number[] = [];
    const perSearch: string[] = [];
    for (const search of searches) {
      const mine: number[] = [];
      const theirs: number[] = [];
      const exact: number[] = [];
      let total = '';
      for (let round = 0; round < rounds; round++) {
        for (const pageNo of [1, 2, 3]) {
          let started = performance.now();
          const page = await listHoldings(db, libraryId, {
            pageNo,
            limit: '25',
            queryString: search.queryString,
            state: search.state,
            place: search.place,
          });
          mine.push(performance.now() - started);
          if (!search.state && !search.place) comparable.push(mine.at(-1)!);
          if (pageNo === 1) total = `${page.total_capped ? 'more than ' : ''}${page.total.toLocaleString('en-IN')}`;
          started = performance.now();
          await exactCountList(db, libraryId, { ...search, pageNo });
          exact.push(performance.now() - started);
          if (!search.state && !search.place) {
            started = performance.now();
            await baselineList(db, libraryId, { queryString: search.queryString, pageNo });
            theirs.push(performance.now() - started);
          }
        }
      }
      now.push(...mine);
      before.push(...theirs);
      exactAll.push(...exact);
      perSearch.push(
        `| ${search.name} | ${total} | ${percentiles(mine)} | ${percentiles(exact)} | ${theirs.length ? percentiles(theirs) : '—'} |`,
      );
    }
    console.log(
      `\nA library's search of its own ${copies.toLocaleString('en-IN')} copies (${otherLibraries} other libraries of ${OTHER_COPIES.toLocaleString('en-IN')} beside it), pages 1–3 of 25, ${rounds} rounds, one at a time:\n`,
    );
    console.log('| search | copies found (page 1) | now | with the exact count | before migration 0040 (baseline) |');
    console.log('|---|---|---|---|---|');
    for (const line of perSearch) console.log(line);
    const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(0.95 * times.length)]!;
    console.log(
      `| all of them | | ${percentiles(now)} | ${percentiles(exactAll)} | ${percentiles(before)} (the same searches' p95 now ÷ before ${(p95(comparable) / p95(before)).toFixed(3)}×; now ÷ the exact count ${(p95(now) / p95(exactAll)).toFixed(3)}×) |`,
    );
  } finally {
    await database.close();
  }
}
