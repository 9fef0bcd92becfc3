/**
 * The results of a search found a window at a time, and cached until any book changes
 * (docs/decisions/021). A visitor who asks for page 1 of 'सूत्र' and then pages 2, 3 … costs the
 * database the first window and a short step now and then, not a new search a page: the first
 * RESULT_WINDOW results (five pages of 20) are found at once, as Solr's `queryResultWindowSize`
 * does, and a later page past them continues from where the last step stopped instead of
 * reading again every result before it.
 *
 * Three ways of finding results, chosen as decisions 012 and 024 say (`listBooks`):
 * - **from the word index** (a search of one word and nothing else, however many books hold
 *   it): the first rows of each vocabulary word containing it, in the rank's order, merged
 *   (`rankByWords`); a window at a time, the total exact for one word or few rows, else the
 *   vocabulary's estimate;
 * - **ranked whole**: every match ranked in one statement — best rank first, then the shorter
 *   title, then the newest; the total is exact;
 * - **broad** (a search alone that matches more books than it is worth ranking): the matches
 *   among the newest books where about RANKED_MATCHES of them are, ranked; then older matches
 *   newest first, each step a range of the `created_at` index read from where the previous one
 *   stopped. The total is the vocabulary's estimate until the last match has been found. When
 *   BROAD_READ_BUDGET books read newest first hold fewer than a window of matches, the matches
 *   are rare after all and are ranked whole instead.
 * Both read books through a `LIMIT` the planner cannot look through, so no plan reads every
 * match of a common word, whatever the statistics say.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../../db/client.js';
import { executeNamed } from '../../db/named.js';
import { books } from '../../db/schema.js';
import type { TextQuery, WordPattern } from './search.js';

/**
 * Results a broad search finds at a time past its ranked part: three pages of 20 (a later
 * page past them finds as many again, each step reading about this many matches' worth of books).
 */
export const RESULT_WINDOW = 60;

/** Results a ranked-whole search keeps from its one ranking: 25 pages of 20 (ranking them costs the same as ranking 20). */
export const WHOLE_WINDOW = 500;

/**
 * How many of a broad search's matches are ranked (the rest follow newest first): the first
 * five pages of 20 (decision 012).
 */
export const RANKED_MATCHES = 100;

/** Most books one step of a broad search reads (a step finding fewer matches than it wanted goes on). */
const MAX_STEP_ROWS = 20_000;

/**
 * Books a broad search reads newest first before it gives up on finding its window that way:
 * fewer matches among them than the window wants means the matches are rare (the vocabulary's
 * estimate was far too high — two common words seldom found together, 'jain sutra'), so
 * ranking all of them through the trigram index costs less than reading on (a whole catalogue
 * read newest first took 4–5 s for a million books).
 */
export const BROAD_READ_BUDGET = 20_000;

/** Where a newest-first reading of the books stopped: the last book read, as the `created_at` index orders them. */
export interface ScanPosition {
  /** `created_at` as PostgreSQL writes it (microseconds kept). */
  at: string;
  id: number;
}

/** What is known of a search's results. */
export interface ResultWindow {
  /** The search's condition and rank (what the vocabulary said; not asked again for later pages). */
  text: TextQuery;
  /** The first results, best first. */
  ids: number[];
  /** How many results there are: exact, or an estimate (`estimated`). */
  total: number;
  estimated: boolean;
  /**
   * How to find more: `rankAgain` (a ranked-whole search: rank again for a larger window),
   * the position a broad search's next step starts from, or null when `ids` holds every result.
   */
  next: 'rankAgain' | ScanPosition | null;
  /** How many books a broad search has read so far (how dense its matches are); 0 for a ranked-whole search. */
  read: number;
}

/** How a search is made: ranked whole (with the search's other filters), or broad among the newest books. */
export type SearchPlan = { kind: 'whole'; filters: SQL[]; joinPublishers: boolean } | { kind: 'broad'; catalogue: number };

/** `count` rounded up to whole windows of RESULT_WINDOW. */
const windowsFor = (count: number) => Math.max(1, Math.ceil(count / RESULT_WINDOW)) * RESULT_WINDOW;

/**
 * Finds at least `needed` results of a search (all of them when there are fewer), starting
 * from `known` (what earlier pages found) when there is one.
 * @param readBudget books a broad search reads newest first in one call before it ranks every
 *   match instead (its first window) or stops (a later one): BROAD_READ_BUDGET
 */
export async function findResults(
  db: DbOrTx,
  text: TextQuery,
  plan: SearchPlan,
  needed: number,
  known?: ResultWindow,
  readBudget = BROAD_READ_BUDGET,
): Promise<ResultWindow> {
  if (known && (known.ids.length >= needed || known.next === null)) return known;
  /** Every match ranked in one statement (a broad search whose matches turned out rare, too). */
  const whole = async (filters: SQL[], joinPublishers: boolean): Promise<ResultWindow> => {
    const limit = Math.max(byWordIndex(text, filters) ? WORD_INDEX_WINDOW : WHOLE_WINDOW, windowsFor(needed));
    const ranked = await rankMatches(db, text, filters, limit, joinPublishers);
    const more = ranked.estimated ? ranked.ids.length >= limit : ranked.ids.length < ranked.matches;
    return { text, ids: ranked.ids, total: ranked.matches, estimated: ranked.estimated, next: more ? 'rankAgain' : null, read: 0 };
  };
  if (plan.kind === 'whole') return whole(plan.filters, plan.joinPublishers);
  if (known?.next === 'rankAgain') return whole([], false);
  let window = known ?? (await rankNewest(db, text, plan.catalogue));
  const wanted = windowsFor(needed);
  const readBefore = known?.read ?? 0;
  while (window.ids.length < wanted && window.next !== null && window.next !== 'rankAgain') {
    if (window.read - readBefore >= readBudget) {
      // rare after all: the first window ranks every match instead of reading on; a later page
      // (whose earlier pages were given newest first) shows what this request found, and the
      // next request reads on from there
      if (known === undefined || known.ids.length < RESULT_WINDOW) return whole([], false);
      break;
    }
    window = await stepOlder(db, window, wanted - window.ids.length, plan.catalogue);
  }
  return window;
}

/** The first ids of a ranking, best first, and how many books match: exact, or (`estimated`) not counted. */
export interface Ranked {
  ids: number[];
  matches: number;
  estimated: boolean;
}

/** Whether a search is ranked from the word index: one word (`TextQuery.words`) and no other filter (decision 024). */
export const byWordIndex = (text: TextQuery, filters: SQL[]): text is TextQuery & { words: WordPattern[] } =>
  filters.length === 0 && text.words !== undefined;

/**
 * Results a search ranked from the word index finds at a time (five pages of 20): its cost is
 * what it reads of each word, so a later page past them ranks again for a larger window.
 */
export const WORD_INDEX_WINDOW = 100;

/**
 * The first `limit` ids of the books matching the search `text` and `filters`, best rank first
 * (then the shorter title, then the newest), and how many match: from the word index when the
 * search is one word and nothing else (`rankByWords`; its count may be the vocabulary's
 * estimate), else from the books (`rankWhole`).
 * @param joinPublishers whether `filters` ask about the publisher
 */
export async function rankMatches(db: DbOrTx, text: TextQuery, filters: SQL[], limit: number, joinPublishers = false): Promise<Ranked> {
  if (byWordIndex(text, filters)) {
    const ranked = await rankByWords(db, text.words, limit);
    // fewer than asked for: every match is there
    if (ranked.matches !== undefined || ranked.ids.length < limit)
      return { ids: ranked.ids, matches: ranked.matches ?? ranked.ids.length, estimated: false };
    return { ids: ranked.ids, matches: Math.max(text.estimate, ranked.ids.length), estimated: true };
  }
  return { ...(await rankWhole(db, and(text.where, ...filters)!, text.rank, limit, joinPublishers)), estimated: false };
}

/**
 * The first `limit` ids of the books meeting `where`, best `rank` first (then the shorter
 * title, then the newest), and how many meet it: one statement that reads no more of a book
 * than the ranking needs.
 * @param joinPublishers whether `where` asks about the publisher
 */
export async function rankWhole(
  db: DbOrTx,
  where: SQL,
  rank: SQL,
  limit: number,
  joinPublishers = false,
): Promise<{ ids: number[]; matches: number }> {
  const result = await db.execute(sql`
    select ${books.id} as id, count(*) over ()::int as matches
    from ${books} ${joinPublishers ? sql`join publishers on publishers.id = ${books.publisher_id}` : sql``}
    where ${where}
    order by ${rank} desc, length(${books.book_title}), ${books.created_at} desc, ${books.id} desc
    limit ${limit}`);
  const rows = (result as { rows: { id: number; matches: number }[] }).rows;
  return { ids: rows.map((row) => Number(row.id)), matches: Number(rows[0]?.matches ?? 0) };
}

/**
 * Rows of the word index (books holding the words containing the query, counted once a word)
 * up to which a search of several such words counts its matches exactly (a book holding two
 * of them is one match: counting them reads every row, about a microsecond each); above it the
 * total is the vocabulary's estimate. One word's count is the vocabulary's, always exact.
 */
export const EXACT_COUNT_ROWS = 5_000;

/**
 * What `rankWhole` finds for a one-word query (`words`: its patterns, `TextQuery.words`), from
 * the word index alone (decision 024): the vocabulary's words containing a pattern, and of each
 * the first `limit` books in the rank's order (`search_postings`' index, read in order, no page
 * of the table); the best `limit` of those are the best `limit` of all (a book ranks as its
 * best word, and each word's first `limit` hold every book that could beat them). Each book
 * ranks by the best pattern a word of its title contains, then the shorter title, then the
 * newest. `matches`: exact for one word (the vocabulary's count) or up to `exactCountRows`
 * rows; undefined (not counted) above.
 */
export async function rankByWords(
  db: DbOrTx,
  words: WordPattern[],
  limit: number,
  exactCountRows = EXACT_COUNT_ROWS,
): Promise<{ ids: number[]; matches: number | undefined }> {
  // the patterns are words of a query: no LIKE wildcard or escape is in them (wordsOf splits at ASCII punctuation)
  const [row] = await executeNamed<{ ids: number[] | string; matches: number | null }>(
    db,
    'search_by_words',
    sql`
    with known as materialized (
      select known.word, max(pattern.title_rank) as title_rank, max(known.books) as books
      from unnest(${sql.param(words.map((word) => word.pattern))}::text[], ${sql.param(words.map((word) => word.titleRank))}::int[]) as pattern(text, title_rank)
      cross join lateral (select word, books from search_words where books > 0 and word like '%' || pattern.text || '%') as known
      group by known.word
    ), best as (
      select posting.book_id as id, max(case when posting.in_title then known.title_rank else 0 end) as rank,
        min(posting.title_length) as len, max(posting.created_at) as created_at
      from known cross join lateral (
        select book_id, in_title, title_length, created_at from search_postings
        where search_postings.word = known.word
        -- exactly the index's order (its DESC columns are NULLS LAST): read in order, not sorted
        order by in_title desc nulls last, title_length, created_at desc nulls last, book_id desc nulls last
        limit ${limit}
      ) as posting
      group by posting.book_id
    )
    select
      array(select id from best order by rank desc, len, created_at desc, id desc limit ${limit}) as ids,
      case
        when (select count(*) from known) <= 1 then (select coalesce(sum(books), 0) from known)
        when (select sum(books) from known) <= ${exactCountRows} then (
          -- each word's rows through the index (OFFSET 0: never a join that reads the whole index)
          select count(distinct posting.book_id) from known
          cross join lateral (select book_id from search_postings where search_postings.word = known.word offset 0) as posting)
      end::int as matches`,
  );
  return {
    ids: typeof row!.ids === 'string' ? parseIntArray(row!.ids) : row!.ids.map(Number),
    matches: row!.matches === null ? undefined : Number(row!.matches),
  };
}

/** One reading of `rows` books newest first after `from`: the matches among them (ranked, or newest first), how many were read, and the last. */
async function readNewest(db: DbOrTx, text: TextQuery, from: ScanPosition | null, rows: number, ranked: boolean) {
  const after = from ? sql`where (${books.created_at}, ${books.id}) < (${from.at}::timestamptz, ${from.id})` : sql``;
  const order = ranked ? sql`rank desc, len, created_at desc, id desc` : sql`created_at desc, id desc`;
  // the LIMIT inside the materialised CTE is a fence: the books are read in index order and no
  // further, whatever the planner thinks of the condition (no bitmap of every match)
  const result = await db.execute(sql`
    with scanned as materialized (
      select ${books.id} as id, ${books.created_at} as created_at, ${text.where} as hit,
        ${ranked ? text.rank : sql`0`} as rank, length(${books.book_title}) as len
      from ${books} ${after}
      order by ${books.created_at} desc, ${books.id} desc
      limit ${rows}
    )
    select
      (select coalesce(array_agg(id order by ${order}), '{}') from scanned where hit) as ids,
      (select count(*)::int from scanned) as scanned,
      last.at as last_at, last.id as last_id
    from (select 1) as one
    left join (select created_at::text as at, id from scanned order by scanned.created_at, scanned.id limit 1) as last on true`);
  const [row] = (result as { rows: { ids: number[] | string; scanned: number; last_at: string | null; last_id: number | null }[] }).rows;
  const ids = typeof row!.ids === 'string' ? parseIntArray(row!.ids) : row!.ids.map(Number);
  const read = Number(row!.scanned);
  // fewer books than asked for: the oldest has been read, nothing is left
  const next = read < rows || row!.last_at === null ? null : { at: row!.last_at, id: Number(row!.last_id) };
  return { ids, read, next };
}

/** A PostgreSQL int[] in its text form ('{1,2,3}'), as some drivers return it. */
const parseIntArray = (text: string) => (text === '{}' ? [] : text.slice(1, -1).split(',').map(Number));

/**
 * A broad search's first window (decision 012): the newest books among which about
 * RANKED_MATCHES match (all of them when the vocabulary could not tell), their matches ranked.
 */
async function rankNewest(db: DbOrTx, text: TextQuery, catalogue: number): Promise<ResultWindow> {
  const span = Math.max(RANKED_MATCHES, Math.ceil((RANKED_MATCHES * catalogue) / text.estimate));
  const read = await readNewest(db, text, null, span, true);
  // the vocabulary's estimate, or what the newest books suggest when it could not tell
  const estimate = Number.isFinite(text.estimate) ? text.estimate : Math.round((read.ids.length / Math.max(1, read.read)) * catalogue);
  return withTotal({ text, ids: read.ids, total: estimate, estimated: true, next: read.next, read: read.read });
}

/**
 * A broad search's next step: about `wanted` more matches, newest first, read from where the
 * last step stopped. It reads as many books as the matches found so far among the books read
 * say hold `wanted` of them, and half as many again (the vocabulary's estimate before any
 * was found), at most MAX_STEP_ROWS.
 */
async function stepOlder(db: DbOrTx, window: ResultWindow, wanted: number, catalogue: number): Promise<ResultWindow> {
  const density =
    window.ids.length > 0 && window.read > 0 ? window.ids.length / window.read : Math.max(window.total, 1) / Math.max(catalogue, 1);
  const rows = Math.min(MAX_STEP_ROWS, Math.max(wanted, Math.ceil((wanted / Math.min(1, density)) * 1.5)));
  const read = await readNewest(db, window.text, window.next as ScanPosition, rows, false);
  return withTotal({ ...window, ids: [...window.ids, ...read.ids], next: read.next, read: window.read + read.read });
}

/** A broad search's total: the estimate while matches may be left (never fewer than found), exact once all are found. */
function withTotal(window: ResultWindow): ResultWindow {
  if (window.next === null) return { ...window, total: window.ids.length, estimated: false };
  return { ...window, total: Math.max(window.total, window.ids.length) };
}

/**
 * The result windows of recent searches, by the search's key, forgotten at any change of any
 * book or publisher (`clear`, called by the public page cache: docs/decisions/010). One search's
 * windows are found one step at a time: a request for page 7 while page 6's step runs waits
 * for it and then, most often, finds its page already there.
 */
export class SearchResults {
  private readonly windows = new LRUCache<string, ResultWindow>({ max: 2_000 });
  /** The step under way, by key. */
  private readonly busy = new Map<string, Promise<ResultWindow>>();
  /** Bumped by every change: a window found before one is served but not cached. */
  private generation = 0;

  /**
   * The window of `key` after `find` (given what is cached, or undefined) has made it, one
   * `find` at a time per key.
   * @throws whatever `find` throws (nothing is kept then)
   */
  async update(key: string, find: (known: ResultWindow | undefined) => Promise<ResultWindow>): Promise<ResultWindow> {
    const before = this.busy.get(key);
    const step = (before ? before.catch(() => undefined) : Promise.resolve()).then(async () => {
      const started = this.generation;
      const window = await find(this.windows.get(key));
      if (this.generation === started) this.windows.set(key, window);
      return window;
    });
    this.busy.set(key, step);
    try {
      return await step;
    } finally {
      if (this.busy.get(key) === step) this.busy.delete(key);
    }
  }

  /** Forgets every window (a book or publisher changed). */
  clear(): void {
    this.generation++;
    this.windows.clear();
  }

  /** Number of searches kept (tests). */
  get size(): number {
    return this.windows.size;
  }
}
