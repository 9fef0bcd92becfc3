/**
 * Part `duplicates` of `npm run bench:scale` (decision 044, only when asked for): the check for
 * books like the one being registered (`similarBooks`, what GET /api/book/similar, each row of
 * a bulk preview and the form's registration run) on the catalogue of N books, in this process
 * on the catalogue database, one check at a time as a publisher's form asks:
 * - hits: a catalogue book's title in the other script or romanised (its Latin key), with its
 *   first author — the titles of the generated catalogue repeat (667 real titles), so each has
 *   hundreds of books of the same words: the check's worst case;
 * - misspelt: the romanised title with a letter dropped from its longest word;
 * - misses: titles no book has;
 * then 1,000 checks back to back, as a bulk preview of 1,000 rows runs them.
 *
 * The baseline, in the same run on the same probes (the first BASELINE_CHECKS of each kind): the
 * candidates found as before migration 0024 — the search's own matching (`textQuery`) on
 * `search_text` through its trigram index, then the same scoring. Prints p50/p95/max of each,
 * how many checks found a book, and the ratio of p50 and p95 to the baseline's. Asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { and, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../../apps/api/src/db/client.js';
import type { DbOrTx } from '../../../apps/api/src/db/client.js';
import { books } from '../../../apps/api/src/db/schema.js';
import {
  authorPatterns,
  duplicateSimilarity,
  queueBooks,
  similarBooks,
  type DuplicateProbe,
} from '../../../apps/api/src/modules/books/duplicates.js';
import { latinKey, otherScript, textQuery } from '../../../apps/api/src/modules/books/search.js';
import { containsPattern } from '../../../apps/api/src/lib/pagination.js';

export interface DuplicatesBench {
  /** The catalogue database. */
  url: string;
  percentiles: (times: number[]) => string;
}

/** Checks of each kind. */
const CHECKS = 300;
/** Checks of each kind the baseline makes (it took up to 2 s a check at a million books). */
const BASELINE_CHECKS = 100;

/** The check as it was before migration 0024 (decision 044's first version): candidates by `textQuery` on `search_text`. */
async function baselineSimilarBooks(db: DbOrTx, probe: DuplicateProbe): Promise<number> {
  const key = latinKey(probe.title)
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');
  if (!key) return 0;
  const query = await textQuery(db, key);
  if (query.estimate === 0) return 0;
  const patterns = authorPatterns(probe.authors);
  const candidates = await db
    .select({ id: books.id })
    .from(books)
    .where(
      and(
        query.where,
        isNull(books.withdrawn_at),
        patterns.length
          ? sql`(${sql.join(
              patterns.map((word) => sql`${books.search_text} like ${containsPattern(word)}`),
              sql` or `,
            )})`
          : undefined,
      ),
    )
    .limit(200);
  const found = await queueBooks(
    db,
    candidates.map((row) => row.id),
  );
  return [...found.values()].filter((book) => duplicateSimilarity(probe, book) !== null).length;
}

const at = (times: number[], q: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

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
    const timed = async (check: () => Promise<boolean>) => {
      const started = performance.now();
      const found = await check();
      return { ms: performance.now() - started, found };
    };
    const current = (title: string, author: string) =>
      timed(async () => (await similarBooks(database.db, { title, authors: [author] })).length > 0);
    const baseline = (title: string, author: string) =>
      timed(async () => (await baselineSimilarBooks(database.db, { title, authors: [author] })) > 0);
    // warm the statements once
    await current(books[0]!.title, books[0]!.author!);
    await baseline(books[0]!.title, books[0]!.author!);

    const run = async (name: string, probes: { title: string; author: string }[]) => {
      const before: number[] = [];
      let foundBefore = 0;
      for (const probe of probes.slice(0, BASELINE_CHECKS)) {
        const result = await baseline(probe.title, probe.author);
        before.push(result.ms);
        if (result.found) foundBefore++;
      }
      const times: number[] = [];
      let found = 0;
      let foundOfBaseline = 0;
      for (const [index, probe] of probes.entries()) {
        const result = await current(probe.title, probe.author);
        times.push(result.ms);
        if (result.found) {
          found++;
          if (index < BASELINE_CHECKS) foundOfBaseline++;
        }
      }
      console.log(`duplicate check, ${name} (${probes.length}, one at a time): ${percentiles(times)}; found a book for ${found}`);
      console.log(
        `  baseline (candidates from search_text, first ${before.length}): ${percentiles(before)}; found a book for ${foundBefore} (now ${foundOfBaseline} of the same); ` +
          `p50 ${(at(times, 0.5) / at(before, 0.5)).toFixed(3)}x, p95 ${(at(times, 0.95) / at(before, 0.95)).toFixed(3)}x of the baseline`,
      );
    };
    const hits = books.map((book, index) => ({
      title: index % 2 ? (otherScript(book.title) ?? latinKey(book.title)) : latinKey(book.title),
      author: book.author!,
    }));
    await run('a catalogue title in the other script or romanised, with its author', hits);
    const misspelt = books.map((book) => {
      const words = latinKey(book.title).split(' ');
      const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
      const dropped = longest.length > 5 ? longest.slice(0, 3) + longest.slice(4) : longest;
      return { title: words.map((word) => (word === longest ? dropped : word)).join(' '), author: book.author! };
    });
    await run('the romanised title misspelt (a letter dropped)', misspelt);
    await run(
      'a title no book has',
      books.map((book, index) => ({ title: `Zzyqx Vrumple ${index} Granth`, author: book.author! })),
    );
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
