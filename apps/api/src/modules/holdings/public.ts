/**
 * 'Who holds this' (decision 077): a library may show readers what it holds (off by default). A
 * book's public page then lists, in its cached reply, the libraries that show their holdings and
 * have a copy on the shelves (`readAt`); a library's own page lists its books
 * (`libraryHoldingsPage`); SRU records carry them as 852 (`publicHoldings852`). Nothing of a library
 * that does not show its holdings is read here: its page is a 404. Each change of who holds a
 * book forgets the book's cached pages (`holdingsChanged`), and a change of a library's setting or
 * of what readers read of it forgets every page (`bookPagesChanged` without books).
 */
import { MSG, placeLine, type ReadAtLibrary, type libraryHoldingsQuery, type publicHoldingsSettings } from '@jsbn/shared';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { accounts, books, book_authors, holdings, libraries } from '../../db/schema.js';
import { changedFields, record } from '../../lib/audit.js';
import { notFound, validationError } from '../../lib/errors.js';
import { bookPagesChanged } from '../../lib/public-pages.js';
import { cityInState, cityName, stateName } from '../lookups/geo.js';
import { libraryKey } from './search-text.js';
import type { LibraryActor } from './service.js';

/** A library readers may see: it shows its holdings, its e-mail is verified, it is not suspended (as the libraries list). */
const shown = and(eq(libraries.holdings_public, true), isNotNull(accounts.email_verified_at), isNull(accounts.suspended_at));

/** The columns of a library as readers see it. */
const libraryColumns = {
  id: libraries.id,
  name: libraries.name,
  address: libraries.address,
  city_id: libraries.city_id,
  state_id: libraries.state_id,
  pincode: libraries.pincode,
  mobile_no: libraries.mobile_no,
  opening_hours: libraries.opening_hours,
};

type LibraryRow = { [K in keyof typeof libraryColumns]: (typeof libraries.$inferSelect)[K] };

/** A library row as readers read it, with `copies`. */
const readerView = (row: LibraryRow, copies: number): ReadAtLibrary => ({
  id: row.id,
  name: row.name,
  address: row.address,
  city_name: cityName(row.city_id) || null,
  state_name: stateName(row.state_id) || null,
  pincode: row.pincode,
  mobile_no: row.mobile_no,
  opening_hours: row.opening_hours,
  copies,
});

/**
 * The libraries that show their holdings and have a copy of book `bookId` on the shelves
 * (state available), each with how many, by name (a reader's page orders them nearest first).
 */
export async function readAt(db: DbOrTx, bookId: number): Promise<ReadAtLibrary[]> {
  const rows = await db
    .select({ ...libraryColumns, copies: sql<number>`count(*)::int` })
    .from(holdings)
    .innerJoin(libraries, eq(libraries.id, holdings.library_id))
    .innerJoin(accounts, eq(accounts.id, libraries.account_id))
    .where(and(eq(holdings.book_id, bookId), eq(holdings.state, 'available'), shown))
    .groupBy(libraries.id)
    .orderBy(asc(libraries.name), asc(libraries.id));
  return rows.map((row) => readerView(row, row.copies));
}

/** `readAt` of each of `bookIds` at once (SRU's records), by book id. */
export async function readAtBooks(db: DbOrTx, bookIds: number[]): Promise<Map<number, ReadAtLibrary[]>> {
  const found = new Map<number, ReadAtLibrary[]>();
  if (bookIds.length === 0) return found;
  const rows = await db
    .select({ ...libraryColumns, book_id: holdings.book_id, copies: sql<number>`count(*)::int` })
    .from(holdings)
    .innerJoin(libraries, eq(libraries.id, holdings.library_id))
    .innerJoin(accounts, eq(accounts.id, libraries.account_id))
    .where(and(inArray(holdings.book_id, bookIds), eq(holdings.state, 'available'), shown))
    .groupBy(holdings.book_id, libraries.id)
    .orderBy(asc(libraries.name), asc(libraries.id));
  for (const row of rows) found.set(row.book_id!, [...(found.get(row.book_id!) ?? []), readerView(row, row.copies)]);
  return found;
}

/**
 * MARC 852 of each library that shows a copy of a book on its shelves: ‡a the library, ‡e its
 * address (street, city, state, PIN), ‡z its opening hours and how many copies.
 */
export function publicHoldings852(libraryList: ReadAtLibrary[]): string[][] {
  return libraryList.map((library) => [
    '852',
    '  ',
    'a',
    library.name,
    'e',
    placeLine(library),
    ...(library.opening_hours ? ['z', `Open: ${library.opening_hours}`] : []),
    't',
    String(library.copies),
  ]);
}

/**
 * Announces, in the transaction `tx` that changed copies of `bookIds` of library `libraryId`,
 * that those books' public pages changed — when the library shows its holdings (else readers
 * never saw them and nothing is forgotten).
 */
export async function holdingsChanged(ctx: AppContext, tx: DbOrTx, libraryId: number, bookIds: (number | null)[]): Promise<void> {
  const ids = [...new Set(bookIds.filter((id): id is number => id !== null))];
  if (ids.length === 0) return;
  const [library] = await tx.select({ shown: libraries.holdings_public }).from(libraries).where(eq(libraries.id, libraryId));
  if (!library?.shown) return;
  const rows = await tx.select({ jsbn: books.jsbn_number }).from(books).where(inArray(books.id, ids));
  await bookPagesChanged(
    tx,
    ctx.publicPages,
    rows.map((row) => row.jsbn),
  );
}

type Settings = z.output<typeof publicHoldingsSettings>;

/** The library's public holdings settings. @throws AppError 404 */
export async function holdingsSettings(ctx: AppContext, libraryId: number) {
  const [row] = await ctx.db
    .select({
      holdings_public: libraries.holdings_public,
      opening_hours: libraries.opening_hours,
      pincode: libraries.pincode,
      state_id: libraries.state_id,
      city_id: libraries.city_id,
    })
    .from(libraries)
    .where(eq(libraries.id, libraryId));
  if (!row) throw notFound('Library');
  return row;
}

/**
 * Saves whether readers see the library's holdings and its opening hours and place, with the
 * change in the record; when readers saw or now see them, every cached page is forgotten (the
 * library appears, goes, or reads otherwise on its books' pages).
 * @throws AppError 400 naming `city_id` when the city is not of the state
 */
export async function saveHoldingsSettings(ctx: AppContext, actor: LibraryActor, input: Settings) {
  const values = {
    holdings_public: input.holdings_public,
    opening_hours: input.opening_hours ?? null,
    pincode: input.pincode ?? null,
    state_id: input.state_id ?? null,
    city_id: input.city_id ?? null,
  };
  if (values.city_id !== null && (values.state_id === null || !cityInState(values.city_id, values.state_id)))
    throw validationError([{ field: 'city_id', message: MSG.cityOfState }]);
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(libraries).where(eq(libraries.id, actor.libraryId)).for('update');
    if (!before) throw notFound('Library');
    const changes = changedFields(before, values);
    if (Object.keys(changes).length === 0) return;
    await tx
      .update(libraries)
      .set({ ...values, updated_at: ctx.clock() })
      .where(eq(libraries.id, actor.libraryId));
    await record(tx, {
      actor: { accountId: actor.accountId, role: 'LIBRARY' },
      subject: 'library',
      subjectId: actor.libraryId,
      action: 'updated',
      changes,
    });
    if (before.holdings_public || values.holdings_public) await bookPagesChanged(tx, ctx.publicPages);
  });
  return holdingsSettings(ctx, actor.libraryId);
}

/**
 * A library's page for readers: the library and a page of the books it holds (copies on the
 * shelves or lent), by title — registered books by their JSBN, books described by hand by title.
 * @throws AppError 404 'Library not found' when it does not show its holdings (or does not exist)
 */
export async function libraryHoldingsPage(ctx: AppContext, libraryId: number, query: z.output<typeof libraryHoldingsQuery>) {
  const [library] = await ctx.db
    .select(libraryColumns)
    .from(libraries)
    .innerJoin(accounts, eq(accounts.id, libraries.account_id))
    .where(and(eq(libraries.id, libraryId), shown));
  if (!library) throw notFound('Library');
  const held = and(eq(holdings.library_id, libraryId), inArray(holdings.state, ['available', 'lent']));
  const title = sql<string>`coalesce(${books.book_title}, ${holdings.title})`.as('title');
  const typed = query.queryString?.normalize('NFC').toLowerCase();
  const where = typed
    ? and(held, libraryKey(libraryId), sql`${holdings.search_text} like ${`%${typed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`)
    : held;
  const limit = query.limit === 'all' ? 10_000 : Number(query.limit);
  const grouped = ctx.db
    .select({
      jsbn_number: books.jsbn_number,
      title,
      author: sql<
        string | null
      >`coalesce((select string_agg(${book_authors.author_name}, ', ' order by ${book_authors.position}) from ${book_authors} where ${book_authors.book_id} = ${books.id}), max(${holdings.author}))`.as(
        'author',
      ),
      copies: sql<number>`count(*)::int`.as('copies'),
    })
    .from(holdings)
    .leftJoin(books, eq(books.id, holdings.book_id))
    .where(where)
    .groupBy(books.id, books.jsbn_number, sql`coalesce(${books.book_title}, ${holdings.title})`)
    .as('grouped');
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(grouped)
      .orderBy(asc(grouped.title), asc(grouped.jsbn_number))
      .limit(limit)
      .offset((query.pageNo - 1) * limit),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(grouped),
  ]);
  return { library: readerView(library, 0), books: rows, total: counted?.total ?? 0 };
}
