/**
 * How the SRU target reads the books a query finds at a million books (decision 034, 'Speed'):
 * three ways, each one statement, chosen by `findBooks` (sru.ts) from what the vocabulary said.
 * - **From the word index alone** (a query of one word on title or anywhere): the vocabulary's
 *   words containing it and the first rows of each in `search_postings` (decision 024's
 *   `rankByWords`, with only title words for a title), ranked as the product's search ranks them.
 * - **Among candidates**: the books holding one word of the query (its rows in the word index,
 *   up to CANDIDATE_ROWS), each checked against the whole condition — no trigram index read,
 *   and the count and the page from one reading.
 * - **Newest first**: books read in `created_at` order and checked one by one, stopping at the
 *   page's last match or at a budget of books (a query many books match: the page is among the
 *   newest).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { executeNamed } from '../../db/named.js';
import { books } from '../../db/schema.js';
import { containsPattern } from '../../lib/pagination.js';
import type { WordPattern } from '../books/search.js';
import { VISIBLE_BOOK } from '../books/visibility.js';

/**
 * Matches up to which a result is counted exactly and ranked whole (best first); beyond, the
 * matches are listed newest first and `numberOfRecords` is the search's estimate (decision 034).
 */
export const RANKED_RESULTS = 1000;

/**
 * One word of a query as the word index knows it: the vocabulary patterns a book holding it
 * holds (`TextQuery.words`: as typed, its Latin key, its corrections), whether only the words
 * of a book's title count, and about how many books hold them (the vocabulary's count).
 */
export interface WordSource {
  patterns: WordPattern[];
  titleOnly: boolean;
  estimate: number;
}

/** A page of a result (book ids in order) and how many books the result holds: a count, or past RANKED_RESULTS an estimate. */
export interface FoundPage {
  ids: number[];
  total: number;
  /**
   * When another page of the same search may say more than `total` (an estimate, where this
   * page's reading found the last match), the most it may say: a `startRecord` up to it is
   * answered without records rather than with diagnostic 61 (decision 056).
   */
  ceiling?: number;
}

/**
 * A PostgreSQL array as the driver gives it: an array, or its text form ('{1,2,3}', '{jain,"a b"}')
 * from some drivers; null is empty. Its elements hold no commas or braces (ids; vocabulary words,
 * which the vocabulary splits at punctuation).
 */
const pgArray = <T>(value: T[] | string | null): (T | string)[] =>
  value === null
    ? []
    : typeof value === 'string'
      ? value === '{}'
        ? []
        : value
            .slice(1, -1)
            .split(',')
            .map((item) => item.replace(/^"|"$/g, ''))
      : value;

/** A PostgreSQL int[] (`pgArray`). */
const intArray = (value: number[] | string | null): number[] => pgArray(value).map(Number);

/**
 * A one-word query alone (title or anywhere), from the word index (decision 024): the
 * vocabulary's words containing a pattern, the first `offset + count` rows of each in the
 * index's order (only title words for a title: the rank is above 0 exactly when a title word
 * holds a pattern), grouped by book and ranked — best pattern in the title, shorter title,
 * newest — then the page's books that visitors may see (decision 043). The total is counted
 * (visible books) when the word index holds at most RANKED_RESULTS rows of those words, else
 * it is the vocabulary's `estimate`.
 */
export async function rankFromWordIndex(db: DbOrTx, source: WordSource, offset: number, count: number): Promise<FoundPage> {
  const limit = offset + count;
  const title = source.titleOnly ? sql`and search_postings.in_title` : sql``;
  const [row] = await executeNamed<{ ids: number[] | string | null; matches: number | null }>(
    db,
    source.titleOnly ? 'sru_title_words' : 'sru_any_words',
    sql`
    with known as materialized (
      select known.word, max(pattern.title_rank) as title_rank
      from unnest(${sql.param(source.patterns.map((word) => word.pattern))}::text[], ${sql.param(source.patterns.map((word) => word.titleRank))}::int[]) as pattern(text, title_rank)
      cross join lateral (select word from search_words where books > 0 and word like '%' || pattern.text || '%') as known
      group by known.word
    ), best as (
      select posting.book_id as id, max(case when posting.in_title then known.title_rank else 0 end) as rank,
        min(posting.title_length) as len, max(posting.created_at) as created_at
      from known cross join lateral (
        select book_id, in_title, title_length, created_at from search_postings
        where search_postings.word = known.word ${title}
        -- the index's own order (its DESC columns are NULLS LAST): read in order and no further
        order by in_title desc nulls last, title_length, created_at desc nulls last, book_id desc nulls last
        limit ${sql.param(limit)}::int
      ) as posting
      group by posting.book_id
    ), top as (
      select id, rank, len, created_at from best order by rank desc, len, created_at desc, id desc limit ${sql.param(limit)}::int
    ), sample as materialized (
      -- up to RANKED_RESULTS + 1 rows of the words (OFFSET 0: each word through the index, never a join reading it whole)
      select posting.book_id from known
      cross join lateral (select book_id from search_postings where search_postings.word = known.word ${title} offset 0) as posting
      limit ${RANKED_RESULTS + 1}
    )
    select
      array(select top.id from top join ${books} on ${books.id} = top.id where ${VISIBLE_BOOK}
        order by top.rank desc, top.len, top.created_at desc, top.id desc offset ${sql.param(offset)}::int) as ids,
      case when (select count(*) from sample) <= ${RANKED_RESULTS} then (
        select count(distinct sample.book_id) from sample join ${books} on ${books.id} = sample.book_id where ${VISIBLE_BOOK}
      ) end::int as matches`,
  );
  const ids = intArray(row?.ids ?? null).slice(0, count);
  return { ids, total: row?.matches ?? Math.max(RANKED_RESULTS + 1, Math.round(source.estimate)) };
}

/** The rows of the word index of the words of `source`: a book holding several comes once a word, with its `created_at`. */
function holders(source: WordSource): SQL {
  const title = source.titleOnly ? sql`and search_postings.in_title` : sql``;
  const patterns = sql.join(
    source.patterns.map((word) => sql`known.word like ${containsPattern(word.pattern)}`),
    sql` or `,
  );
  return sql`select posting.book_id, posting.created_at from search_words known
    cross join lateral (select book_id, created_at from search_postings where search_postings.word = known.word ${title} offset 0) as posting
    where known.books > 0 and (${patterns})`;
}

/**
 * Rows of the word index up to which a query's candidates are read (index-only, about 0.1 µs
 * a row warm); more, and the query is left to a newest-first reading of the books.
 */
export const CANDIDATE_ROWS = 100_000;

/** About how many rows of the word index `candidates` have (the vocabulary's count of books holding each word: at most that for a title). */
export const candidateRows = (candidates: WordSource[]) => candidates.reduce((rows, source) => rows + source.estimate, 0);

/**
 * Candidate rows checked at first, newest first, for each match a page needs (a first reading
 * finding too few reads every candidate): sorting only that many of them (a bounded sort) costs
 * a fraction of sorting them all — 60,000 rows of a common title word took most of a search.
 */
const CHECKED_PER_MATCH = 20;

/**
 * The page of the books among `candidates` (every match holds a word of one of them) that meet
 * `where` and visitors may see, and how many do — or null when the candidates' rows in the
 * word index are more than CANDIDATE_ROWS. One statement (two when the first checked too few):
 * the candidates from the word index (their `created_at` with them) newest first, each book
 * read by its key and checked in that order. At most RANKED_RESULTS candidate rows: every one
 * is checked, the matches ranked (best `rank`, then newest) and counted. More: the matches are
 * listed newest first and the reading stops at the page's last one; the total is then the
 * matches found scaled to all candidate rows (a count when the reading reached the last one).
 */
export async function findAmongCandidates(
  db: DbOrTx,
  candidates: WordSource[],
  where: SQL,
  rank: SQL,
  offset: number,
  count: number,
): Promise<FoundPage | null> {
  const wanted = offset + Math.max(count, 1);
  const read = async (top: number | null) => {
    const result = await db.execute(sql`
      with raw as materialized (
        select * from (${sql.join(candidates.map(holders), sql` union all `)}) as rows limit ${CANDIDATE_ROWS + 1}
      ), counted as materialized (
        select count(*) as rows from raw
      ), hit as materialized (
        select newest.book_id as id, newest.created_at, newest.position, checked.rank
        from (
          -- the newest candidate rows (a bounded sort), a book once, in that order
          select book_id, created_at, row_number() over (order by created_at desc, book_id desc) as position
          from (
            select distinct on (created_at, book_id) book_id, created_at from (
              select book_id, created_at from raw where (select rows from counted) <= ${CANDIDATE_ROWS}
              order by created_at desc, book_id desc
              limit (select case when rows <= ${RANKED_RESULTS} then null else ${top}::bigint end from counted)
            ) as top
            order by created_at desc, book_id desc
          ) as distinct_books
        ) as newest
        -- OFFSET 0: each candidate read by its key, in turn (never joined to a bitmap of the search text's trigram index)
        cross join lateral (select ${rank} as rank from ${books} where ${books.id} = newest.book_id and ${where} and ${VISIBLE_BOOK} offset 0) as checked
        -- the order the candidates come in (no sort of the checked books: the reading stops at the limit)
        order by newest.created_at desc, newest.book_id desc
        limit (select case when rows <= ${RANKED_RESULTS} then null else ${wanted}::bigint end from counted)
      )
      select
        (select rows from counted)::int as rows,
        (select count(*) from hit)::int as found, (select coalesce(max(position), 0) from hit)::int as read,
        array(select id from hit order by case when (select rows from counted) <= ${RANKED_RESULTS} then hit.rank else 0 end desc, created_at desc, id desc
          limit ${count} offset ${offset}) as ids`);
    const [row] = (result as { rows: { rows: number; found: number; read: number; ids: number[] | string | null }[] }).rows;
    return { rows: Number(row?.rows ?? 0), found: Number(row?.found ?? 0), read: Number(row?.read ?? 0), ids: intArray(row?.ids ?? null) };
  };
  const top = wanted * CHECKED_PER_MATCH;
  let found = await read(top);
  if (found.rows > CANDIDATE_ROWS) return null;
  // too few matches among the newest candidates, and more candidates left: check every one
  if (found.rows > RANKED_RESULTS && found.found < wanted && found.rows > top) found = await read(null);
  // the reading stopped at the page's last match: scale what it found to every candidate row
  const total =
    found.rows > RANKED_RESULTS && found.found >= wanted && found.read > 0
      ? Math.max(found.found, Math.round((found.found / found.read) * found.rows))
      : found.found;
  // another page may have scaled its matches up to every candidate row (decision 056)
  return { ids: found.ids, total, ...(found.rows > RANKED_RESULTS ? { ceiling: found.rows } : {}) };
}

/**
 * Most vocabulary words whose title rows `findAmongTitleRows` merges in one statement (a branch
 * of it each); a query whose patterns more words hold is left to the other ways.
 */
export const MERGED_WORDS = 64;

/**
 * The page of the books meeting `where` that visitors may see among title candidates (every
 * source `titleOnly`: every match holds one of their words in its title), newest first, from the
 * title rows of the word index in newest-first order (`search_postings_title_newest_idx`,
 * migration 0027; decision 056). Two statements: the vocabulary's words holding a pattern (with
 * the books each is in) and whether more than RANKED_RESULTS title rows hold them (a count that
 * stops there); then the lists of those words merged newest first, a book once, each read by its
 * key and checked in that order, the reading stopping at the first match after the page — rows
 * read in proportion to the page, not to how many books hold the words.
 *
 * Null when not read so: more than MERGED_WORDS words hold the patterns, or at most
 * RANKED_RESULTS title rows (`findAmongCandidates` then ranks and counts them whole).
 * The total is the count when no match follows the page (the reading reached the last
 * candidate); else an estimate: the matches per title row read, times the books the vocabulary
 * says hold the words (a book once per word on both sides) — at most that number (the
 * `ceiling`), which also counts a book holding a word elsewhere (its publisher's name, an
 * author) and so overrates a little; never less than found.
 */
export async function findAmongTitleRows(
  db: DbOrTx,
  candidates: WordSource[],
  where: SQL,
  offset: number,
  count: number,
): Promise<FoundPage | null> {
  const patterns = [...new Set(candidates.flatMap((source) => source.patterns.map((word) => word.pattern)))];
  const [known] = await executeNamed<{ words: string[] | string | null; books: number | null; rows: number }>(
    db,
    'sru_title_known',
    sql`
    with known as materialized (
      select distinct known.word, known.books from unnest(${sql.param(patterns)}::text[]) as pattern(text)
      cross join lateral (select word, books from search_words where books > 0 and word like '%' || pattern.text || '%') as known
    )
    select
      (select case when count(*) <= ${MERGED_WORDS} then array_agg(word order by word) end from known) as words,
      (select sum(books) from known)::int as books,
      -- title rows up to RANKED_RESULTS + 1 (each word through the index; the count stops there)
      (select count(*) from (
        select 1 from known cross join lateral (select 1 from search_postings where search_postings.word = known.word and search_postings.in_title offset 0) as posting
        limit ${RANKED_RESULTS + 1}
      ) as rows)::int as rows`,
  );
  const rows = Number(known?.rows ?? 0);
  if (rows === 0) return { ids: [], total: 0, ceiling: 0 };
  const words = known?.words === null || known?.words === undefined ? null : pgArray(known.words).map(String);
  if (!words || rows <= RANKED_RESULTS) return null;
  const holding = Number(known?.books ?? 0);
  const wanted = offset + Math.max(count, 1);
  // each word's title rows newest first (one range of the index each, in its own order: its DESC
  // columns are NULLS LAST), merged in that order (a Merge Append, read only as far as the
  // reading goes), a book holding several words once
  const lists = sql.join(
    words.map(
      (word) =>
        sql`(select book_id, created_at from search_postings where word = ${word} and in_title order by created_at desc nulls last, book_id desc nulls last)`,
    ),
    sql` union all `,
  );
  const result = await db.execute(sql`
    with hit as materialized (
      select newest.book_id as id, newest.created_at, newest.position
      from (
        -- a book once, with the rows read up to it (a row a word it holds, as the vocabulary counts books)
        select distinct on (created_at, book_id) book_id, created_at, position from (
          select book_id, created_at, row_number() over (order by created_at desc nulls last, book_id desc nulls last) as position
          from (${lists}) as rows
        ) as numbered
        order by created_at desc nulls last, book_id desc nulls last
      ) as newest
      -- OFFSET 0: each candidate read by its key, in turn (never joined to a bitmap of a trigram index)
      cross join lateral (select 1 from ${books} where ${books.id} = newest.book_id and ${where} and ${VISIBLE_BOOK} offset 0) as checked
      order by newest.created_at desc nulls last, newest.book_id desc nulls last
      -- one more than the page needs: whether a match follows it
      limit ${wanted + 1}
    )
    select (select count(*) from hit)::int as found, (select coalesce(max(position), 0) from hit)::int as read,
      array(select id from hit order by created_at desc, id desc limit ${count} offset ${offset}) as ids`);
  const [row] = (result as { rows: { found: number; read: number; ids: number[] | string | null }[] }).rows;
  const found = Number(row?.found ?? 0);
  const read = Number(row?.read ?? 0);
  const ids = intArray(row?.ids ?? null);
  // matches per row read, times the rows (the vocabulary's books holding each word): a book
  // holding several of the words ('tattvartha', 'tattvarthasutra' …) counts once per word on both sides
  const ceiling = Math.max(holding, found);
  // no match after the page: every candidate was read, the count is exact
  if (found <= wanted) return { ids, total: found, ceiling };
  return { ids, total: Math.min(ceiling, Math.max(found, Math.round((found / read) * holding))), ceiling };
}

/**
 * The page (`count` from `offset`, at least one) of the books meeting `where` that visitors may
 * see, newest first, read from the newest book on and checked one at a time; null when the
 * `budget` newest books hold fewer (the matches are rarer than the estimate said, or the page
 * is past the last). The LIMIT inside is a fence: the planner cannot turn the reading into a
 * bitmap of every match, and the reading stops at the page's last match.
 */
export async function newestPage(db: DbOrTx, where: SQL, offset: number, count: number, budget: number): Promise<number[] | null> {
  const wanted = Math.max(count, 1);
  const result = await db.execute(sql`
    select id from (
      select ${books.id} as id, ${books.created_at} as created_at, (${where} and ${VISIBLE_BOOK}) as hit
      from ${books} order by ${books.created_at} desc, ${books.id} desc limit ${budget}
    ) as scanned
    where hit order by created_at desc, id desc limit ${wanted} offset ${offset}`);
  const ids = (result as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
  return ids.length < wanted ? null : ids.slice(0, count);
}
