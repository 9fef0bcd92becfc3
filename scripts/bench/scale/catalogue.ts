/**
 * Builds a large catalogue for `npm run bench:scale` straight into a migrated
 * PostgreSQL database, in bulk (`INSERT … SELECT FROM unnest(…)` batches), from the 667 real
 * records of ../shared/data/books.jsonl with realistic variation:
 * - titles combine the words of two real titles and often a part number ('भाग 3'), in the
 *   record's Devanagari, in Gujarati (60 % Devanagari, 30 % Gujarati, 10 % Latin only);
 * - one publisher per 200 books, named after a real publisher and a city; authors are the real
 *   authors of the records;
 * - `search_text` / `title_text` come from the app's own `searchColumnsOf`, so the search
 *   columns and indexes are exactly what registration writes.
 * The search indexes (trigram, word index) are dropped during the load and rebuilt after it
 * (much faster than keeping them up to date row by row), then the tables are analysed.
 */
import { readFileSync } from 'node:fs';
import sanscriptModule from '@indic-transliteration/sanscript';
import type pg from 'pg';
import { makeJsbn } from '@jsbn/shared';
import { searchColumnsOf } from '../../../apps/api/src/modules/books/search.js';
import type { CatalogueRecord } from '../../../apps/api/src/modules/books/import.js';

type Transliterator = { t(data: string, from: string, to: string): string };
const Sanscript: Transliterator =
  (sanscriptModule as unknown as { default?: Transliterator }).default ?? (sanscriptModule as unknown as Transliterator);

/** A record of books.jsonl, as the importer reads it. */
type SourceRecord = CatalogueRecord;

export const BOOKS_JSONL = new URL('../../../../shared/data/books.jsonl', import.meta.url);
const BOOKS_PER_PUBLISHER = 200;
const CITIES = [
  'Ahmedabad',
  'Surat',
  'Palitana',
  'Mumbai',
  'Jaipur',
  'Indore',
  'Pune',
  'Vadodara',
  'Bhavnagar',
  'Udaipur',
  'Ujjain',
  'Rajkot',
];
const BATCH = 2_000;

/** The real records that have a title in an Indic script and an English title. */
export function sourceRecords(): SourceRecord[] {
  return readFileSync(BOOKS_JSONL, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SourceRecord)
    .filter((record) => record.title && record.title_en);
}

/** A five-character publisher_no for publisher number `index` (base 36, not colliding with real ones: starts with 'Z'). */
const publisherNo = (index: number) => `Z${index.toString(36).toUpperCase().padStart(4, '0')}`;

/** What one generated book is made of (before the search columns). */
export interface GeneratedBook {
  publisherIndex: number;
  seq: number;
  title: string;
  eTitle: string;
  language: string;
  year: number;
  pages: number;
  authors: string[];
}

/** Book number `i` of the generated catalogue. */
export function generatedBook(records: SourceRecord[], publishers: number, i: number): GeneratedBook {
  const a = records[i % records.length]!;
  const b = records[(i * 7919 + 13) % records.length]!;
  const part = i % 3 === 0 ? 0 : 1 + (i % 9);
  const words = [...a.title!.split(/\s+/), b.title!.split(/\s+/)[0]!];
  let title = (part ? [...words, 'भाग', String(part)] : words).join(' ');
  const variant = i % 10;
  if (variant >= 6 && variant <= 8) title = Sanscript.t(title, 'devanagari', 'gujarati');
  const eWords = [...a.title_en!.split(/\s+/), b.title_en!.split(/\s+/)[0]!];
  const eTitle = (part ? [...eWords, 'Part', String(part)] : eWords).join(' ');
  if (variant === 9) title = eTitle;
  return {
    publisherIndex: i % publishers,
    seq: Math.floor(i / publishers) + 1,
    title,
    eTitle,
    language: a.language ?? 'Sanskrit',
    year: a.year ?? 1950 + (i % 70),
    pages: a.pages ?? 100 + (i % 400),
    authors: (a.authors ?? []).map((author) => author.name).slice(0, 3),
  };
}

/**
 * Loads `count` books (and their publishers and authors) into the migrated, empty database
 * behind `pool`. `progress(done)` is called after each batch.
 * @returns the JSBNs of every 1000th book (query material for the benchmark)
 */
export async function buildCatalogue(pool: pg.Pool, count: number, progress: (done: number) => void = () => {}): Promise<string[]> {
  const records = sourceRecords();
  const publisherCount = Math.max(1, Math.ceil(count / BOOKS_PER_PUBLISHER));
  const realPublishers = [...new Set(records.map((record) => record.publisher).filter((name): name is string => Boolean(name)))];
  const names = Array.from({ length: publisherCount }, (_, index) =>
    `${realPublishers[index % realPublishers.length]} ${CITIES[index % CITIES.length]} ${Math.floor(index / realPublishers.length) || ''}`.trim(),
  );
  const { rows: accountRows } = await pool.query<{ id: number }>(
    `INSERT INTO accounts (email, role, password_hash, email_verified_at)
     SELECT 'bench-' || n || '@scale.jsbn.invalid', 'PUBLISHER', '!unusable', now() FROM generate_series(1, $1::int) AS n RETURNING id`,
    [publisherCount],
  );
  const { rows: publisherRows } = await pool.query<{ id: number }>(
    `INSERT INTO publishers (account_id, publisher_no, publisher_name, publisher_type, last_jsbn_seq)
     SELECT account_id, publisher_no, publisher_name, 'Trust', $4::int
     FROM unnest($1::int[], $2::text[], $3::text[]) AS t(account_id, publisher_no, publisher_name) RETURNING id`,
    [accountRows.map((row) => row.id), names.map((_, index) => publisherNo(index)), names, Math.ceil(count / publisherCount)],
  );
  const publisherIds = publisherRows.map((row) => row.id);

  await pool.query('DROP INDEX IF EXISTS books_search_text_trgm_idx');
  await pool.query('DROP INDEX IF EXISTS books_title_text_trgm_idx');
  await pool.query('DROP INDEX IF EXISTS books_title_words_idx');
  await pool.query('DROP INDEX IF EXISTS search_postings_rank_idx');
  await pool.query('DROP INDEX IF EXISTS search_postings_title_newest_idx');
  const samples: string[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const end = Math.min(count, start + BATCH);
    const columns = {
      publisher_id: [] as number[],
      seq: [] as number[],
      jsbn: [] as string[],
      title: [] as string[],
      e_title: [] as string[],
      language: [] as string[],
      year: [] as number[],
      pages: [] as number[],
      search_text: [] as string[],
      title_text: [] as string[],
    };
    const authorRows: { index: number; position: number; name: string }[] = [];
    for (let i = start; i < end; i++) {
      const book = generatedBook(records, publisherCount, i);
      const jsbn = makeJsbn(publisherNo(book.publisherIndex), book.seq);
      const search = searchColumnsOf({
        book_title: book.title,
        book_e_title: book.eTitle,
        authors: book.authors,
        publisher_name: names[book.publisherIndex]!,
        jsbn,
      });
      columns.publisher_id.push(publisherIds[book.publisherIndex]!);
      columns.seq.push(book.seq);
      columns.jsbn.push(jsbn);
      columns.title.push(book.title);
      columns.e_title.push(book.eTitle);
      columns.language.push(book.language);
      columns.year.push(book.year);
      columns.pages.push(book.pages);
      columns.search_text.push(search.search_text);
      columns.title_text.push(search.title_text);
      book.authors.forEach((name, position) => authorRows.push({ index: i - start, position, name }));
      if (i % 1000 === 0) samples.push(jsbn);
    }
    const { rows: bookRows } = await pool.query<{ id: number }>(
      `INSERT INTO books (publisher_id, publisher_jsbn_id, jsbn_number, book_title, book_e_title, language, publication_year, pages, search_text, title_text, search_version, is_available, book_published, readers)
       SELECT p, s, j, t, e, l, y, pg, st, tt, $11::int, true, true, 'No'
       FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::int[], $9::text[], $10::text[]) AS t(p, s, j, t, e, l, y, pg, st, tt)
       RETURNING id`,
      [
        columns.publisher_id,
        columns.seq,
        columns.jsbn,
        columns.title,
        columns.e_title,
        columns.language,
        columns.year,
        columns.pages,
        columns.search_text,
        columns.title_text,
        searchVersion(),
      ],
    );
    // one author record per name (decision 014), made when a batch first names it
    await pool.query(
      `INSERT INTO authors (author_name) SELECT DISTINCT n FROM unnest($1::text[]) AS n ON CONFLICT (author_name) DO NOTHING`,
      [authorRows.map((row) => row.name)],
    );
    await pool.query(
      `INSERT INTO book_authors (book_id, position, author_type_id, author_id, author_name)
       SELECT b, p, 1, a.id, n FROM unnest($1::int[], $2::int[], $3::text[]) AS t(b, p, n) JOIN authors a ON a.author_name = t.n`,
      [authorRows.map((row) => bookRows[row.index]!.id), authorRows.map((row) => row.position), authorRows.map((row) => row.name)],
    );
    progress(end);
  }
  return samples;
}

/** The search recipe version the app writes (so the app does not re-index the generated rows). */
function searchVersion(): number {
  return searchColumnsOf({ book_title: 'x', book_e_title: 'x', authors: [], publisher_name: 'x', jsbn: 'ZZZZZ00001' }).search_version;
}

/**
 * Builds the search indexes dropped during the load, and vacuums and analyses as autovacuum
 * would after such a load (planner statistics; the visibility map index-only scans need).
 */
export async function finishCatalogue(pool: pg.Pool): Promise<void> {
  await pool.query('CREATE INDEX IF NOT EXISTS books_search_text_trgm_idx ON books USING gin (search_text gin_trgm_ops)');
  // as migration 0024 makes it
  await pool.query('CREATE INDEX IF NOT EXISTS books_title_text_trgm_idx ON books USING gin (title_text gin_trgm_ops)');
  // as migration 0026 makes it
  await pool.query('CREATE INDEX IF NOT EXISTS books_title_words_idx ON books USING gin (jsbn_title_words(title_text))');
  // as migration 0016 makes it
  await pool.query(
    'CREATE INDEX IF NOT EXISTS search_postings_rank_idx ON search_postings (word, in_title DESC NULLS LAST, title_length, created_at DESC NULLS LAST, book_id DESC NULLS LAST)',
  );
  // as migration 0027 makes it
  await pool.query(
    'CREATE INDEX IF NOT EXISTS search_postings_title_newest_idx ON search_postings (word, created_at DESC NULLS LAST, book_id DESC NULLS LAST) WHERE in_title',
  );
  await pool.query('VACUUM ANALYZE');
}

/** `count` words of the catalogue's search vocabulary of four letters or more, shuffled (rare and common alike): searches never asked before. */
export async function catalogueWords(pool: pg.Pool, count: number): Promise<string[]> {
  const { rows } = await pool.query<{ word: string }>(
    'SELECT word FROM search_words WHERE books > 0 AND char_length(word) >= 4 ORDER BY md5(word) LIMIT $1',
    [count],
  );
  return rows.map((row) => row.word);
}
