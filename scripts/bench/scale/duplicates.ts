/**
 * Part `duplicates` of `npm run bench:scale` (decision 044, only when asked for): the check for
 * books like the one being registered (`similarBooks`, what GET /api/book/similar and each row of
 * a bulk preview run) on the catalogue of N books, in this process on the catalogue database,
 * one check at a time as a publisher's form asks:
 * - hits: a catalogue book's title in the other script or romanised (its Latin key), with its
 *   first author — the titles of the generated catalogue repeat (667 real titles), so each has
 *   hundreds of books of the same words: the check's worst case;
 * - misspelt: the romanised title with a letter dropped from its longest word;
 * - misses: titles no book has;
 * then 1,000 checks back to back, as a bulk preview of 1,000 rows runs them.
 * Prints p50/p95/max of each and how many checks found a book. Asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../../../apps/api/src/db/client.js';
import { similarBooks } from '../../../apps/api/src/modules/books/duplicates.js';
import { latinKey, otherScript } from '../../../apps/api/src/modules/books/search.js';

export interface DuplicatesBench {
  /** The catalogue database. */
  url: string;
  percentiles(times: number[]): string;
}

/** Checks of each kind. */
const CHECKS = 300;

export async function measureDuplicates({ url, percentiles }: DuplicatesBench): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const { rows } = await pool.query<{ title: string; e_title: string; author: string | null }>(
    `SELECT b.book_title AS title, b.book_e_title AS e_title, (SELECT author_name FROM book_authors a WHERE a.book_id = b.id ORDER BY position LIMIT 1) AS author
     FROM books b TABLESAMPLE SYSTEM (1) LIMIT ${CHECKS * 4}`,
  );
  await pool.end();
  const books = rows.filter((row) => row.author).slice(0, CHECKS);
  const database = await openDatabase({ databaseUrl: url });
  try {
    const check = async (title: string, author: string) => {
      const started = performance.now();
      const found = await similarBooks(database.db, { title, authors: [author] });
      return { ms: performance.now() - started, found: found.length > 0 };
    };
    // warm the statements once
    await check(books[0]!.title, books[0]!.author!);

    const run = async (name: string, probes: { title: string; author: string }[]) => {
      const times: number[] = [];
      let found = 0;
      for (const probe of probes) {
        const result = await check(probe.title, probe.author);
        times.push(result.ms);
        if (result.found) found++;
      }
      console.log(`duplicate check, ${name} (${probes.length}, one at a time): ${percentiles(times)}; found a book for ${found}`);
      return times;
    };
    const hits = books.map((book, index) => ({ title: index % 2 ? (otherScript(book.title) ?? latinKey(book.title)) : latinKey(book.title), author: book.author! }));
    await run('a catalogue title in the other script or romanised, with its author', hits);
    const misspelt = books.map((book) => {
      const words = latinKey(book.title).split(' ');
      const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
      const dropped = longest.length > 5 ? longest.slice(0, 3) + longest.slice(4) : longest;
      return { title: words.map((word) => (word === longest ? dropped : word)).join(' '), author: book.author! };
    });
    await run('the romanised title misspelt (a letter dropped)', misspelt);
    await run('a title no book has', books.map((book, index) => ({ title: `Zzyqx Vrumple ${index} Granth`, author: book.author! })));
    const started = performance.now();
    for (let i = 0; i < 1000; i++) {
      const book = books[i % books.length]!;
      await similarBooks(database.db, { title: book.title, authors: [book.author!] }, { limit: 1 });
    }
    console.log(`duplicate checks of a 1,000-row bulk preview, back to back: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}
