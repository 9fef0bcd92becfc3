/**
 * Possible duplicates (decision 044): a book whose title and author closely match a book
 * already registered — by any publisher, in any script or spelling ('કલ્પસૂત્ર' ~ 'Kalpasutra'
 * ~ 'kalpsutra') — is queued in `duplicate_pairs` for an operator.
 *
 * Finding the candidates is the search's own matching (`textQuery`, decision 012) on the titles
 * alone: the books whose `title_text` (their titles as written, in the other Indic script and
 * romanised, search.ts) holds every word of the new title's Latin key, as typed or as the known
 * word a misspelling meant — through the titles' word index (`jsbn_title_words`, migration
 * 0026: the lists of the title's words intersected, decision 054) — whose titles hold each
 * number of the title as a word, and whose search text holds one of the author's words; the
 * English titles of the nearest length first, at most CANDIDATES. Each candidate is then scored
 * here: the trigram similarity of the titles' Latin keys (as pg_trgm computes it) and of the
 * authors' names without honorifics; different part numbers ('भाग 1', 'भाग 2') are different
 * books.
 *
 * The form's check runs before its registration's transaction (`formDuplicates`) and the pair is
 * queued in that transaction with the publisher's reason (`queueFoundPairs`); a bulk upload's
 * chunk and a catalogue import's batch queue a `duplicateScan` job after their commit, so
 * registering a thousand books does not wait for a thousand checks.
 */
import { and, asc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { formatJsbn, type BookFields, type DuplicateReason, type QueueBook } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { authors as authorsTable, book_authors, books, duplicate_pairs, publishers } from '../../db/schema.js';
import { containsPattern } from '../../lib/pagination.js';
import { latinKey, textQuery } from './search.js';

/** Title similarity (trigrams of the Latin keys, 0–1) from which two books are a possible duplicate. */
export const TITLE_SIMILARITY = 0.6;
/** Author-name similarity (trigrams of the Latin keys without honorifics) from which two authors are the same. */
export const AUTHOR_SIMILARITY = 0.5;
/**
 * Most books read as candidates for one check, the closest titles first (the scores keep at most
 * SIMILAR_MAX); 50 since the titles' word index made finding them cheap (decision 054: a few more
 * books' details, a wider net among titles that share every word).
 */
const CANDIDATES = 50;
/** Books the form's check answers with, at most. */
export const SIMILAR_MAX = 5;

/** Titles of respect that many authors' names share: they say nothing about who wrote a book. */
const HONORIFICS = new Set([
  'shri',
  'sri',
  'shree',
  'acharya',
  'acharyashri',
  'acharyadev',
  'muni',
  'munishri',
  'maharaj',
  'maharaja',
  'maharajsaheb',
  'saheb',
  'sadhvi',
  'sadhviji',
  'ji',
  'pujya',
  'pu',
  'gani',
  'ganivarya',
  'panyas',
  'pannyas',
  'upadhyay',
  'upadhyaya',
  'swami',
  'svami',
  'suri',
  'surishwarji',
  'surishvarji',
  'dr',
  'pt',
  'pandit',
  'bhagwan',
  'bhagavan',
]);

/** The words of a Latin key (letters and digits of any script). */
const wordsOf = (text: string) => text.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);

/** pg_trgm's trigrams of `text`: each word padded with two spaces before and one after. */
function trigrams(text: string): Set<string> {
  const found = new Set<string>();
  for (const word of wordsOf(text)) {
    const padded = `  ${word} `;
    for (let at = 0; at + 3 <= padded.length; at++) found.add(padded.slice(at, at + 3));
  }
  return found;
}

/** pg_trgm's `similarity`: shared trigrams over all trigrams of both (0–1). */
export function trigramSimilarity(a: string, b: string): number {
  const left = trigrams(a);
  const right = trigrams(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const gram of left) if (right.has(gram)) shared++;
  return shared / (left.size + right.size - shared);
}

/** An author's name as compared: its Latin key without honorifics ('P.P. Acharya Shri Hemchandrasuri' → 'hemchandrasuri'). */
export const authorKey = (name: string) =>
  wordsOf(latinKey(name))
    .filter((word) => !HONORIFICS.has(word) && word.length > 1)
    .join(' ');

/** The numbers of a title (a part, a volume): two titles naming different ones are different books. */
const numbersOf = (key: string) =>
  (key.match(/\d+/g) ?? [])
    .map(Number)
    .sort((a, b) => a - b)
    .join(',');

/** What a book is compared by. */
export interface DuplicateProbe {
  title: string;
  eTitle?: string | null;
  authors: string[];
}

/**
 * How like the probe a book is: its title similarity when the titles are close, the numbers
 * in them the same and an author alike (or neither has an author), else null.
 */
export function duplicateSimilarity(
  probe: DuplicateProbe,
  book: { book_title: string; book_e_title: string; authors: string[] },
): number | null {
  const mine = [...new Set([probe.title, probe.eTitle].filter((title): title is string => Boolean(title?.trim())).map(latinKey))];
  const theirs = [...new Set([book.book_title, book.book_e_title].filter(Boolean).map(latinKey))];
  let best = 0;
  for (const a of mine) for (const b of theirs) if (numbersOf(a) === numbersOf(b)) best = Math.max(best, trigramSimilarity(a, b));
  if (best < TITLE_SIMILARITY) return null;
  const myAuthors = probe.authors.map(authorKey).filter(Boolean);
  const theirAuthors = book.authors.map(authorKey).filter(Boolean);
  if (myAuthors.length > 0 && theirAuthors.length > 0) {
    const alike = myAuthors.some((a) => theirAuthors.some((b) => a === b || trigramSimilarity(a, b) >= AUTHOR_SIMILARITY));
    if (!alike) return null;
  }
  return Math.round(best * 100) / 100;
}

/**
 * The books of `ids` as the queues show them (titles, authors in order, publisher, year,
 * JSBN formatted, withdrawn or not), keyed by id; unknown ids are left out.
 */
export async function queueBooks(db: DbOrTx, ids: number[]): Promise<Map<number, QueueBook>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: books.id,
      jsbn: books.jsbn_number,
      book_title: books.book_title,
      book_e_title: books.book_e_title,
      publisher_id: books.publisher_id,
      publisher_name: publishers.publisher_name,
      publication_year: books.publication_year,
      withdrawn_at: books.withdrawn_at,
      authors: sql<
        string[]
      >`coalesce((select array_agg(${book_authors.author_name} order by ${book_authors.position}) from ${book_authors} where ${book_authors.book_id} = ${books.id}), '{}')`,
    })
    .from(books)
    .innerJoin(publishers, eq(publishers.id, books.publisher_id))
    .where(inArray(books.id, [...new Set(ids)]));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        jsbn_number: formatJsbn(row.jsbn),
        book_title: row.book_title,
        book_e_title: row.book_e_title,
        authors: row.authors,
        publisher_id: row.publisher_id,
        publisher_name: row.publisher_name,
        publication_year: row.publication_year,
        withdrawn_at: row.withdrawn_at ? new Date(row.withdrawn_at).toISOString() : null,
      },
    ]),
  );
}

/** The author words a candidate's search text must hold one of: each name's words without honorifics, in its Latin key and as typed. */
export function authorPatterns(authors: string[]): string[] {
  const words = new Set<string>();
  for (const name of authors) {
    for (const word of wordsOf(authorKey(name))) if (word.length >= 3 && !/\d/.test(word)) words.add(word);
    for (const word of wordsOf(name.normalize('NFC').toLowerCase()))
      if (word.length >= 3 && !HONORIFICS.has(latinKey(word))) words.add(word);
  }
  return [...words];
}

/**
 * What the vocabulary is asked for a title: the words of its Latin key of three letters or
 * more that are not numbers — a shorter word ('ni') says little and matches inside most titles'
 * words; a number is asked for in each of its written forms on its own ('001' is part '01':
 * `numbersOf`, and the score compares them: 'भाग 1' is not 'भाग 2') — or all its words when it
 * has no such one.
 */
function probeKey(title: string): string {
  const words = wordsOf(latinKey(title));
  const long = words.filter((word) => word.length >= 3 && !/^\d+$/.test(word));
  return (long.length ? long : words).join(' ');
}

/**
 * The registered books closest to `probe` (not withdrawn; only books older than `olderThan`
 * when given — a new book is compared with those before it), best first, at most `limit`.
 * One statement to the vocabulary (`textQuery` with `titles`: the known words a misspelt word
 * meant), one to the books through the titles' word index (decision 054) — every word of the
 * title's Latin key, as typed or corrected, and every number of it, a word of `title_text`,
 * checked again on the rows found; an author's word in the search text, checked on
 * the rows found (`strpos`, which no index serves, so the planner never reads the search
 * text's large index for it); the titles holding its whole Latin key first, then the English
 * titles of the nearest length (the fewest words beyond the probe's) — and one for the
 * candidates' details.
 */
export async function similarBooks(
  db: DbOrTx,
  probe: DuplicateProbe,
  options: { olderThan?: number; limit?: number } = {},
): Promise<(QueueBook & { similarity: number })[]> {
  const key = probeKey(probe.title);
  if (!key) return [];
  const query = await textQuery(db, key, { titles: true });
  if (query.estimate === 0) return [];
  const patterns = authorPatterns(probe.authors);
  const numbers = numbersOf(latinKey(probe.title)).split(',').filter(Boolean);
  // the words of the titles' word index (migration 0026) a matching title holds one of: for
  // each word of the title, the vocabulary's words containing one of its patterns (as typed,
  // corrected), and the patterns themselves (a number or a word the vocabulary does not count
  // is a word of the titles as it is); for each number, its written forms ('1', '01', '001')
  const held = [
    ...(query.terms ?? []).map(
      (term) =>
        sql`array(select word from search_words where books > 0 and (${sql.join(
          term.patterns.map((pattern) => sql`word like ${containsPattern(pattern)}`),
          sql` or `,
        )})) || ${sql.param(term.patterns)}::text[]`,
    ),
    ...numbers.map((number) => sql`${sql.param([number, `0${number}`, `00${number}`])}::text[]`),
  ];
  const conditions: (SQL | undefined)[] = [
    // through the titles' word index: an intersection of its lists, the rarest read first
    ...held.map((words) => sql`jsbn_title_words(${books.title_text}) && (${words})`),
    // then on each row found: each word of the title in the titles (strpos, which no index
    // serves: the planner never adds the titles' trigram index to the word index's reading)
    ...(query.terms ?? []).map(
      (term) =>
        sql`(${sql.join(
          term.patterns.map((pattern) => sql`strpos(${books.title_text}, ${pattern}) > 0`),
          sql` or `,
        )})`,
    ),
    // the title's numbers, each as a word of the titles: a part 6 is looked for among parts
    // 6, not crowded out by parts 1 to 5
    ...numbers.map((number) => sql`regexp_like(${books.title_text}, ${`\\m0*${number}\\M`})`),
    isNull(books.withdrawn_at),
    options.olderThan === undefined ? undefined : lt(books.id, options.olderThan),
    patterns.length
      ? sql`(${sql.join(
          patterns.map((word) => sql`strpos(${books.search_text}, ${word}) > 0`),
          sql` or `,
        )})`
      : undefined,
  ];
  const candidates = await db
    .select({ id: books.id })
    .from(books)
    .where(and(...conditions))
    // the titles holding the title's whole Latin key first (the same title in any script), then
    // the English titles nearest its length: the fewest words beyond it, whatever script its own
    // title is in (title_text is longer for an Indic title, with its other forms)
    .orderBy(
      sql`(${books.title_text} like ${containsPattern(wordsOf(latinKey(probe.title)).join(' '))}) desc`,
      sql`abs(length(${books.book_e_title}) - ${key.length})`,
      asc(books.id),
    )
    .limit(CANDIDATES);
  const found = await queueBooks(
    db,
    candidates.map((row) => row.id),
  );
  return [...found.values()]
    .flatMap((book) => {
      const similarity = duplicateSimilarity(probe, book);
      return similarity === null ? [] : [{ ...book, similarity }];
    })
    .sort((a, b) => b.similarity - a.similarity || a.id - b.id)
    .slice(0, options.limit ?? SIMILAR_MAX);
}

/** A book found like another, to be queued as a pair with it. */
export type FoundBook = { id: number; similarity: number };

/** Books a new book is queued with, at most (the closest). */
const PAIRS_MAX = 3;

/**
 * The form's check of a book about to be registered (POST /api/book): the registered books
 * like `fields` (its titles, and its authors' names — those named by id read from `authors`),
 * at most PAIRS_MAX. Run before the registration's transaction, so the publisher's row (locked
 * while its next JSBN is taken) and the connection are not held while it reads; the pairs are
 * queued in that transaction by `queueFoundPairs`. Two registrations of one book at the same
 * moment do not see each other — as when the check ran inside the transaction, where neither
 * saw the other's uncommitted book.
 */
export async function formDuplicates(
  db: DbOrTx,
  fields: Pick<BookFields, 'book_title' | 'book_e_title' | 'authors'>,
): Promise<FoundBook[]> {
  const ids = fields.authors.flatMap((author) => (author.authorId === undefined ? [] : [author.authorId]));
  const named = ids.length
    ? new Map(
        (
          await db.select({ id: authorsTable.id, name: authorsTable.author_name }).from(authorsTable).where(inArray(authorsTable.id, ids))
        ).map((row) => [row.id, row.name]),
      )
    : new Map<number, string>();
  const names = fields.authors.flatMap((author) => {
    const name = author.authorId === undefined ? author.author_name : named.get(author.authorId);
    return name ? [name] : [];
  });
  const similar = await similarBooks(db, { title: fields.book_title, eTitle: fields.book_e_title, authors: names }, { limit: PAIRS_MAX });
  return similar.map((book) => ({ id: book.id, similarity: book.similarity }));
}

/**
 * Queues `bookId` (just registered) with each of `found` in `duplicate_pairs` (book_id the new
 * book, other_book_id the existing one; a pair already queued is left as it is), with the
 * publisher's `reason` when it gave one (the form).
 */
export async function queueFoundPairs(db: DbOrTx, bookId: number, found: FoundBook[], reason?: DuplicateReason): Promise<void> {
  const others = found.filter((other) => other.id !== bookId);
  if (others.length === 0) return;
  await db
    .insert(duplicate_pairs)
    .values(
      others.map((other) => ({ book_id: bookId, other_book_id: other.id, similarity: other.similarity, publisher_reason: reason ?? null })),
    )
    .onConflictDoNothing();
}

/**
 * Compares each of `bookIds` with the books registered before it and queues each close pair
 * in `duplicate_pairs` (book_id the new book, other_book_id the existing one; a pair already
 * queued is left as it is), with the publisher's `reason` when it gave one.
 * @returns the pairs queued
 */
export async function queueDuplicatePairs(
  db: DbOrTx,
  bookIds: number[],
  reason?: DuplicateReason,
): Promise<{ bookId: number; otherBookId: number; similarity: number }[]> {
  const found = await queueBooks(db, bookIds);
  const pairs: { bookId: number; otherBookId: number; similarity: number }[] = [];
  for (const book of found.values()) {
    if (book.withdrawn_at) continue;
    const similar = await similarBooks(
      db,
      { title: book.book_title, eTitle: book.book_e_title, authors: book.authors },
      { olderThan: book.id, limit: PAIRS_MAX },
    );
    for (const other of similar) pairs.push({ bookId: book.id, otherBookId: other.id, similarity: other.similarity });
  }
  if (pairs.length === 0) return [];
  await db
    .insert(duplicate_pairs)
    .values(
      pairs.map((pair) => ({
        book_id: pair.bookId,
        other_book_id: pair.otherBookId,
        similarity: pair.similarity,
        publisher_reason: reason ?? null,
      })),
    )
    .onConflictDoNothing();
  return pairs;
}

/** Books a `duplicateScan` job compares at most (a bulk chunk, an import batch). */
export const SCAN_BATCH = 1_000;

/**
 * Queues a `duplicateScan` job for books just registered by a bulk upload or an import (after
 * their commit). A job that cannot be queued is logged, never fails the registration: the
 * books are registered, only their check is missing (decision 044).
 */
export async function scheduleDuplicateScan(
  ctx: AppContext,
  bookIds: number[],
  log: { warn(object: object, message: string): void },
): Promise<void> {
  for (let at = 0; at < bookIds.length; at += SCAN_BATCH) {
    const ids = bookIds.slice(at, at + SCAN_BATCH);
    await ctx.jobs
      .send('duplicateScan', { bookIds: ids })
      .catch((error: unknown) => log.warn({ err: error, books: ids.length }, 'duplicate check not queued'));
  }
}

/** The `duplicateScan` job: the books' pairs, queued in one transaction. */
export async function runDuplicateScan(ctx: AppContext, bookIds: number[]): Promise<number> {
  return ctx.db.transaction(async (tx) => (await queueDuplicatePairs(tx, bookIds)).length);
}

/** The form's reason as stored: only the reasons it offers. */
export const storedReason = (reason: string | null): DuplicateReason | null =>
  reason === 'NEW_EDITION' || reason === 'REPRINT' || reason === 'DIFFERENT_BOOK' ? reason : null;
