/**
 * Lists and search of books — docs/api.md and decision 001: a page of the
 * catalogue or of one publisher's books, filtered, sorted or searched (ranked by `search.ts`,
 * cached a window at a time by `search-results.ts`), with its total; and the catalogue's size.
 * A visitor sees only what `visibility.ts` lets it see (decision 043).
 */
import { and, asc, desc, eq, exists, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { BookList, BookListQuery } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { book_authors, book_subjects, books, publishers } from '../../db/schema.js';
import { ALL_LIMIT, containsPattern, likeLiteral } from '../../lib/pagination.js';
import { rowsInOrder, selectBooks, toDtos, visibleRow, type BookRow } from './book-reads.js';
import { jsbnCondition, textQuery, type TextQuery } from './search.js';
import { RANKED_MATCHES, byWordIndex, findResults, rankMatches, type SearchPlan } from './search-results.js';
import { VISIBLE_BOOK, hiddenBookCount } from './visibility.js';

/** Sortable columns of book lists (the whitelist BOOK_SORT_FIELDS of the shared schema). */
const SORTS = {
  createdAt: books.created_at,
  book_title: books.book_title,
  book_e_title: books.book_e_title,
  publication_year: books.publication_year,
  jsbn_number: books.jsbn_number,
  publisher_name: publishers.publisher_name,
  language: books.language,
  pages: books.pages,
} as const;

/** What listBooks takes: a page, an optional sort and any of the search filters. */
export type BookListInput = Pick<BookListQuery, 'pageNo' | 'limit'> & Partial<Omit<BookListQuery, 'pageNo' | 'limit'>>;

/** Who reads a list, when it is not a visitor's. */
export interface ListViewer {
  /**
   * The signed-in publisher asking for its own withdrawn books too (My Books, decision 050):
   * when the list is of its books (`publisherId`), they are listed with their `withdrawn`
   * facts, and its private PDF links given; any other list is a visitor's.
   */
  ownerId?: number;
}

/**
 * Searches and lists books (GET /book, GET /book/publisher/:id) — docs/api.md.
 * `queryString` matches any part of a title in any script (also across Gujarati, Devanagari
 * and Latin), despite a small misspelling, an author, the publisher or a JSBN with or without
 * hyphens, ranked best first (see search.ts); the other filters narrow the result. A
 * `sortedField` overrides the ranking; without either, newest first.
 *
 * A search's results are found a window at a time and cached until any book changes
 * (search-results.ts, decision 021): the pages after the first cost no new search. A search
 * alone (no other filter, no sort) of one word is ranked from the word index, a window at a
 * time (decision 024); its total is the vocabulary's estimate when counting would read too
 * much. Another search alone that matches more books than it would cost to rank them all
 * (`rankingLimit`) ranks the matches among the newest books where about RANKED_MATCHES of them
 * are, then lists the older ones newest first; its total is the vocabulary's estimate
 * (decision 012). Nothing then reads every matching book.
 * @returns one page of books (limit 10|20|25|50|100|all) and the total
 */
export async function listBooks(ctx: AppContext, query: BookListInput, viewer: ListViewer = {}): Promise<BookList> {
  if (!query.queryString) return findBooks(ctx, query, viewer);
  // a search's time, for the metrics (lib/metrics.ts)
  const started = performance.now();
  try {
    return await findBooks(ctx, query, viewer);
  } finally {
    ctx.metrics.search.observe({ kind: 'books' }, (performance.now() - started) / 1000);
  }
}

/** `listBooks` without its timing. */
async function findBooks(ctx: AppContext, query: BookListInput, viewer: ListViewer): Promise<BookList> {
  // the publisher's own list shows its withdrawn books too; every other list what a visitor may see (decision 050)
  const owner = viewer.ownerId !== undefined && viewer.ownerId === query.publisherId ? viewer.ownerId : undefined;
  const shown = owner === undefined ? VISIBLE_BOOK : undefined;
  const keep = (rows: BookRow[]) => (owner === undefined ? rows.filter(visibleRow) : rows);
  const dtos = (rows: BookRow[]) => toDtos(ctx, rows, owner);
  const filters: SQL[] = [];
  if (query.book_title) filters.push(ilike(books.title_text, containsPattern(query.book_title.toLowerCase())));
  if (query.author_name) {
    filters.push(
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(book_authors)
          .where(and(eq(book_authors.book_id, books.id), ilike(book_authors.author_name, containsPattern(query.author_name)))),
      ),
    );
  }
  // the language as written, in any case (a typed `%` or `\` is a character, not a pattern)
  if (query.language) filters.push(ilike(books.language, likeLiteral(query.language)));
  if (query.publisher) filters.push(ilike(publishers.publisher_name, containsPattern(query.publisher)));
  if (query.jsbn_number) filters.push(jsbnCondition(query.jsbn_number) ?? sql`false`);
  if (query.subject?.length) {
    filters.push(
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(book_subjects)
          .where(and(eq(book_subjects.book_id, books.id), inArray(book_subjects.subject_id, query.subject))),
      ),
    );
  }
  if (query.publisherId) filters.push(eq(books.publisher_id, query.publisherId));

  const sortColumn = query.sortedField ? SORTS[query.sortedField] : undefined;
  const page =
    query.limit === 'all'
      ? { limit: ALL_LIMIT, offset: 0 }
      : { limit: Number(query.limit), offset: (query.pageNo - 1) * Number(query.limit) };
  // ties by id in the sort's direction: a page is a range of the column's index (books_title_idx …)
  const order = sortColumn ? (query.sortedOrder === 'asc' ? [asc(sortColumn), asc(books.id)] : [desc(sortColumn), desc(books.id)]) : NEWEST;
  const typed = query.queryString;
  if (!typed || sortColumn) {
    const text = typed ? await textQuery(ctx.db, typed) : undefined;
    // (sortedPage keeps withdrawn books and suspended publishers' out of a visitor's list, decision 043)
    if (text?.estimate === 0) return { books: [], total: 0 };
    const found = await sortedPage(ctx.db, { where: and(text?.where, ...filters), shown, order, page });
    return { books: await dtos(found.rows), total: found.total };
  }
  const joinPublishers = Boolean(query.publisher);
  if (query.limit === 'all') {
    // every match at once (ranked whole, not cached)
    const text = onlyShown(await textQuery(ctx.db, typed), shown);
    if (text.estimate === 0) return { books: [], total: 0 };
    const ranked = await rankMatches(ctx.db, text, filters, ALL_LIMIT, joinPublishers);
    return {
      books: await dtos(keep(await rowsInOrder(ctx.db, ranked.ids))),
      total: ranked.matches,
      ...(ranked.estimated ? { totalIsEstimate: true } : {}),
    };
  }
  // a search, ranked: its results as far as earlier pages found them, found further when needed
  const needed = page.offset + page.limit;
  const key = JSON.stringify([
    typed.normalize('NFC').trim().toLowerCase(),
    query.book_title,
    query.author_name,
    query.language,
    query.publisher,
    query.jsbn_number,
    query.subject,
    query.publisherId,
    owner !== undefined,
  ]);
  const window = await ctx.searchResults.update(key, async (known) => {
    if (known && (known.ids.length >= needed || known.next === null)) return known;
    const text = known?.text ?? onlyShown(await textQuery(ctx.db, typed), shown);
    if (text.estimate === 0) return { text, ids: [], total: 0, estimated: false, next: null, read: 0 };
    // a one-word search is ranked from the word index however many books hold it (decision 024)
    const broad = filters.length === 0 && !byWordIndex(text, filters) && text.catalogue > 0 && text.estimate > rankingLimit(text.catalogue);
    const plan: SearchPlan = broad ? { kind: 'broad', catalogue: text.catalogue } : { kind: 'whole', filters, joinPublishers };
    return findResults(ctx.db, text, plan, needed, known);
  });
  // a search ranked from the word index reads no book: its hidden matches are left out here (decision 043)
  const rows = keep(await rowsInOrder(ctx.db, window.ids.slice(page.offset, needed)));
  // (a broad search's last pages may find fewer matches than its estimate promised)
  const total = window.estimated ? Math.max(window.total, page.offset + rows.length) : window.total;
  return { books: await dtos(rows), total, ...(window.estimated ? { totalIsEstimate: true } : {}) };
}

/** The search `text` finding only the books `shown` lets the reader see (a visitor: `VISIBLE_BOOK`, decision 043). */
const onlyShown = (text: TextQuery, shown: SQL | undefined): TextQuery => (shown ? { ...text, where: and(text.where, shown)! } : text);

/** A page of book rows and the total of the list. */
interface RowPage {
  rows: BookRow[];
  total: number;
}

/** Newest first, then by id: the order of lists, and of broad searches past their ranked part. */
const NEWEST = [desc(books.created_at), desc(books.id)];

/** Which page of which books `sortedPage` reads. */
interface SortedPageOf {
  where: SQL | undefined;
  /** What the reader may see: `VISIBLE_BOOK` for a visitor (decision 043), none for a publisher's own list (decision 050). */
  shown: SQL | undefined;
  order: SQL[];
  page: { limit: number; offset: number };
}

/** A page of the books the reader may see meeting `where` in `order`, and how many there are. */
async function sortedPage(db: DbOrTx, { where, shown, order, page }: SortedPageOf): Promise<RowPage> {
  const [rows, total] = await Promise.all([
    selectBooks(db)
      .where(and(where, shown))
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    countBooks(db, where, shown),
  ]);
  return { rows, total };
}

/** How many books the catalogue holds: the sum of the publishers' `book_count` (kept by triggers, migration 0017; decision 025). */
export async function catalogueSize(db: DbOrTx): Promise<number> {
  const [all] = await db.select({ n: sql<number>`coalesce(sum(${publishers.book_count}), 0)`.mapWith(Number) }).from(publishers);
  return all?.n ?? 0;
}

/**
 * How many books the reader may see (`shown`) meet `where`; every book a visitor may see (no
 * `where`): the sum of the publishers' `book_count` (kept by triggers, migration 0017) less the
 * hidden ones, not a count of the catalogue.
 */
async function countBooks(db: DbOrTx, where: SQL | undefined, shown: SQL | undefined): Promise<number> {
  if (where === undefined && shown === VISIBLE_BOOK) {
    const [all, hidden] = await Promise.all([catalogueSize(db), hiddenBookCount(db)]);
    return all - hidden;
  }
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(books)
    .innerJoin(publishers, eq(publishers.id, books.publisher_id))
    .where(and(where, shown));
  return row?.n ?? 0;
}

/**
 * Matches above which a search is broad: ranking all of them would read more books than
 * finding RANKED_MATCHES of them among the newest (the two costs meet at
 * √(RANKED_MATCHES · catalogue): 10,000 matches in a catalogue of a million).
 */
export const rankingLimit = (catalogue: number) => Math.max(RANKED_MATCHES, Math.sqrt(RANKED_MATCHES * catalogue));
