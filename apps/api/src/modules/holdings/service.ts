/**
 * A library's holdings (decision 071): its copies, each with an accession number unique within
 * the library. A copy is added by hand (a registered book by its JSBN, or a book described by
 * hand) or by the receipt of an order (`shelveOrder`); it leaves the shelves with a reason and is
 * never erased; every change is in the record (decision 042). Only the library's own accounts
 * read its copies: another library's copy is a 404.
 */
import {
  formatJsbn,
  normalizeJsbn,
  type HoldingDto,
  type HoldingLookup,
  type OrderShelving,
  type addHoldingBody,
  type holdingListQuery,
  type holdingStateBody,
  type updateHoldingBody,
} from '@jsbn/shared';
import { and, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { book_authors, books, holdings, libraries, order_items, orders, publishers } from '../../db/schema.js';
import { changedFields, record, type AuditActor } from '../../lib/audit.js';
import { AppError, isUniqueViolation, notFound, validationError } from '../../lib/errors.js';
import { pageOf } from '../../lib/pagination.js';
import { latinKey, otherScript } from '../books/search.js';
import { holdingsChanged } from './public.js';
import { bookSearchTextOf, libraryKey } from './search-text.js';

type AddHolding = z.output<typeof addHoldingBody>;
type UpdateHolding = z.output<typeof updateHoldingBody>;
type HoldingStateChange = z.output<typeof holdingStateBody>;
type HoldingList = z.output<typeof holdingListQuery>;

/** The library acting, and who it is in the record. */
export interface LibraryActor {
  libraryId: number;
  accountId: number;
}

const auditActor = (actor: LibraryActor): AuditActor => ({ accountId: actor.accountId, role: 'LIBRARY' });

/** The accession number as a number when it is all digits (the next number counts from the largest), else null. */
const accessionNo = (accession: string): number | null => (/^\d{1,15}$/.test(accession) ? Number(accession) : null);

/** A described book's `search_text`: its title, author and publisher in every form the catalogue's search matches. */
function describedSearchText(parts: (string | null | undefined)[]): string {
  const forms = new Set<string>();
  for (const part of parts) {
    const value = part?.normalize('NFC').trim().toLowerCase();
    if (!value) continue;
    forms.add(value);
    const other = otherScript(value);
    if (other) forms.add(other);
    forms.add(latinKey(value));
  }
  return [...forms].join(' \u2022 ');
}

/** `text` for a LIKE pattern: its `%`, `_` and `\` matched as themselves. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The condition for what a library typed into 'Find on our shelves': its accession number, a
 * JSBN, or words of the title, author or publisher in any of the forms the catalogue's search
 * matches (as typed, in the other Indic script, in Latin letters). Every part reads the copy's
 * own row — its `search_text` is its book's (search-text.ts) — so each is an index of the
 * library's copies and the database ORs their bitmaps (decision 080).
 */
function typedCondition(libraryId: number, typed: string): SQL {
  const text = typed.normalize('NFC').trim().toLowerCase();
  const forms = [...new Set([text, otherScript(text), latinKey(text)].filter((form): form is string => Boolean(form)))];
  // the library's key inside each form's condition: the planner then reads each form from the
  // GIN index (a BitmapOr) rather than every copy of the library filtered (8× longer at 14,000 matches)
  const conditions: SQL[] = [
    eq(holdings.accession_number, typed.trim().toUpperCase()),
    ...forms.map((form) => and(libraryKey(libraryId), sql`${holdings.search_text} like ${`%${likeEscaped(form)}%`}`)!),
  ];
  const jsbn = normalizeJsbn(typed);
  if (jsbn) conditions.push(sql`${holdings.book_id} = (select ${books.id} from ${books} where ${books.jsbn_number} = ${jsbn})`);
  return or(...conditions)!;
}

/** The columns a copy is read with: its own, its registered book's title, authors and publisher. */
function selectHoldings(db: DbOrTx) {
  return db
    .select({
      holding: holdings,
      book_jsbn: books.jsbn_number,
      book_title: books.book_title,
      book_language: books.language,
      book_year: books.publication_year,
      book_authors: sql<
        string | null
      >`(select string_agg(${book_authors.author_name}, ', ' order by ${book_authors.position}) from ${book_authors} where ${book_authors.book_id} = ${books.id})`,
      book_publisher: publishers.publisher_name,
    })
    .from(holdings)
    .leftJoin(books, eq(books.id, holdings.book_id))
    .leftJoin(publishers, eq(publishers.id, books.publisher_id));
}

type HoldingRow = Awaited<ReturnType<ReturnType<typeof selectHoldings>['execute']>>[number];

/** A copy as its library reads it. */
function toDto(row: HoldingRow): HoldingDto {
  const { holding } = row;
  const registered = holding.book_id !== null && row.book_jsbn !== null && row.book_title !== null;
  return {
    id: holding.id,
    accession_number: holding.accession_number,
    book: registered ? { id: holding.book_id!, jsbn_number: row.book_jsbn!, book_title: row.book_title! } : null,
    title: registered ? row.book_title! : (holding.title ?? ''),
    author: registered ? row.book_authors : holding.author,
    publisher_name: registered ? row.book_publisher : holding.publisher_name,
    publication_year: registered ? row.book_year : holding.publication_year,
    language: registered ? row.book_language : holding.language,
    isbn: holding.isbn,
    place: holding.place,
    condition: holding.condition,
    note: holding.note,
    source: holding.source,
    acquired_on: holding.acquired_on,
    order_id: holding.order_id,
    state: holding.state,
    state_reason: holding.state_reason,
    created_at: holding.created_at.toISOString(),
  };
}

/** The library's copy `id`. @throws AppError 404 when it is not this library's */
async function holdingOf(db: DbOrTx, libraryId: number, id: number): Promise<HoldingDto> {
  const [row] = await selectHoldings(db).where(and(eq(holdings.id, id), eq(holdings.library_id, libraryId)));
  if (!row) throw notFound('Copy');
  return toDto(row);
}

/**
 * Holds the library's row for the rest of transaction `tx`: a library's copies are numbered one
 * at a time, so two added at once never draw the same next number (and its `holdings_count`
 * counts each once: `countCopies`).
 */
async function lockLibrary(tx: DbOrTx, libraryId: number): Promise<void> {
  await tx.select({ id: libraries.id }).from(libraries).where(eq(libraries.id, libraryId)).for('update');
}

/** Adds `made` copies to the library's `holdings_count`, under its lock (`lockLibrary`) in the transaction that made them. */
async function countCopies(tx: DbOrTx, libraryId: number, made: number): Promise<void> {
  await tx
    .update(libraries)
    .set({ holdings_count: sql`${libraries.holdings_count} + ${made}` })
    .where(eq(libraries.id, libraryId));
}

/** The accession number the library's next copy gets: the largest all-digit number plus one (1 for the first). */
export async function nextAccessionNumber(db: DbOrTx, libraryId: number): Promise<string> {
  const [row] = await db
    .select({ largest: sql<string | null>`max(${holdings.accession_no})` })
    .from(holdings)
    .where(eq(holdings.library_id, libraryId));
  return String(Number(row?.largest ?? 0) + 1);
}

/** The 400 naming `accession_number` when another copy of the library has it. */
const accessionTaken = (accession: string) =>
  validationError([{ field: 'accession_number', message: `Accession number ${accession} is already used by another copy` }]);

/** Runs `work`, answering a unique violation of the accession number as the 400 naming the field. */
async function withAccession<T>(accession: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (accession && isUniqueViolation(error, 'holdings_library_accession_key')) throw accessionTaken(accession);
    throw error;
  }
}

/**
 * Adds a copy to the library's shelves: of the registered book `input.jsbn` (a withdrawn book
 * too: a library keeps what it has), or of the book `input.book` describes; with the library's
 * next accession number unless one is given. With `input.request_id` the add is idempotent per
 * library (decision 075): when a copy was already made with that id, nothing is added and that
 * copy is the answer (`created` false), whatever else the repeat says.
 * @returns the copy, and whether this call made it
 * @throws AppError 404 naming the JSBN when no book has it; 400 naming `accession_number` when another copy has it
 */
export async function addHolding(
  ctx: AppContext,
  actor: LibraryActor,
  input: AddHolding,
): Promise<{ holding: HoldingDto; created: boolean }> {
  return withAccession(input.accession_number, () =>
    ctx.db.transaction(async (tx) => {
      let bookId: number | null = null;
      if (input.jsbn) {
        const [book] = await tx.select({ id: books.id }).from(books).where(eq(books.jsbn_number, input.jsbn));
        if (!book) throw new AppError('NOT_FOUND', `No book is registered with JSBN ${formatJsbn(input.jsbn)}`);
        bookId = book.id;
      }
      await lockLibrary(tx, actor.libraryId);
      // under the library's lock: an add sent again (a scan queued offline) finds the copy it made
      if (input.request_id) {
        const [made] = await tx
          .select({ id: holdings.id })
          .from(holdings)
          .where(and(eq(holdings.library_id, actor.libraryId), eq(holdings.request_id, input.request_id)));
        if (made) return { holding: await holdingOf(tx, actor.libraryId, made.id), created: false };
      }
      const accession = input.accession_number ?? (await nextAccessionNumber(tx, actor.libraryId));
      const described = input.book;
      const [row] = await tx
        .insert(holdings)
        .values({
          library_id: actor.libraryId,
          book_id: bookId,
          title: described?.title ?? null,
          author: described?.author ?? null,
          publisher_name: described?.publisher_name ?? null,
          publication_year: described?.publication_year ?? null,
          language: described?.language ?? null,
          isbn: described?.isbn ?? null,
          accession_number: accession,
          accession_no: accessionNo(accession),
          place: input.place ?? null,
          condition: input.condition ?? 'good',
          note: input.note ?? null,
          source: input.source,
          acquired_on: input.acquired_on ?? ctx.clock().toISOString().slice(0, 10),
          search_text:
            bookId !== null
              ? bookSearchTextOf(bookId)
              : describedSearchText([described?.title, described?.author, described?.publisher_name, described?.isbn]),
          request_id: input.request_id ?? null,
        })
        .returning({ id: holdings.id });
      await countCopies(tx, actor.libraryId, 1);
      await record(tx, {
        actor: auditActor(actor),
        subject: 'holding',
        subjectId: row!.id,
        action: 'created',
        changes: {
          accession_number: [null, accession],
          ...(input.jsbn ? { jsbn: [null, input.jsbn] } : { title: [null, described!.title] }),
        },
      });
      await holdingsChanged(ctx, tx, actor.libraryId, [bookId]);
      return { holding: await holdingOf(tx, actor.libraryId, row!.id), created: true };
    }),
  );
}

/**
 * Changes the library's copy `id`: its accession number, place, condition, note or date (absent
 * fields unchanged), with the change in the record.
 * @throws AppError 404 when the copy is not the library's; 400 naming `accession_number` when another copy has it
 */
export async function updateHolding(ctx: AppContext, actor: LibraryActor, id: number, input: UpdateHolding): Promise<HoldingDto> {
  return withAccession(input.accession_number, () =>
    ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(holdings)
        .where(and(eq(holdings.id, id), eq(holdings.library_id, actor.libraryId)))
        .for('update');
      if (!before) throw notFound('Copy');
      const after = {
        accession_number: input.accession_number,
        place: input.place,
        condition: input.condition,
        note: input.note,
        acquired_on: input.acquired_on,
      };
      const changes = changedFields(before, after);
      if (Object.keys(changes).length > 0) {
        await tx
          .update(holdings)
          .set({
            ...after,
            ...(input.accession_number ? { accession_no: accessionNo(input.accession_number) } : {}),
            updated_at: ctx.clock(),
          })
          .where(eq(holdings.id, id));
        await record(tx, { actor: auditActor(actor), subject: 'holding', subjectId: id, action: 'updated', changes });
        await holdingsChanged(ctx, tx, actor.libraryId, [before.book_id]);
      }
      return holdingOf(tx, actor.libraryId, id);
    }),
  );
}

/**
 * Puts the library's copy `id` back on the shelves, or records it missing or withdrawn with the
 * reason. A lent copy comes back by its loan's return, not here.
 * @throws AppError 404 when the copy is not the library's; 409 when it is lent
 */
export async function setHoldingState(ctx: AppContext, actor: LibraryActor, id: number, input: HoldingStateChange): Promise<HoldingDto> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ state: holdings.state, book_id: holdings.book_id })
      .from(holdings)
      .where(and(eq(holdings.id, id), eq(holdings.library_id, actor.libraryId)))
      .for('update');
    if (!before) throw notFound('Copy');
    if (before.state === 'lent') throw new AppError('CONFLICT', 'This copy is lent: it comes back to the shelves when it is returned');
    if (before.state !== input.state) {
      const reason = input.state === 'available' ? null : (input.reason ?? null);
      await tx.update(holdings).set({ state: input.state, state_reason: reason, updated_at: ctx.clock() }).where(eq(holdings.id, id));
      await record(tx, {
        actor: auditActor(actor),
        subject: 'holding',
        subjectId: id,
        action: input.state === 'withdrawn' ? 'withdrawn' : 'status changed',
        changes: { state: [before.state, input.state] },
        reason,
      });
      await holdingsChanged(ctx, tx, actor.libraryId, [before.book_id]);
    }
    return holdingOf(tx, actor.libraryId, id);
  });
}

/** The library's copy `id`. @throws AppError 404 when it is not the library's */
export async function readHolding(ctx: AppContext, libraryId: number, id: number): Promise<HoldingDto> {
  return holdingOf(ctx.db, libraryId, id);
}

/** The condition of the library's copies that `query` finds: what was typed (`typedCondition`), place (any case), state, order. */
export function listCondition(libraryId: number, query: Partial<Pick<HoldingList, 'queryString' | 'state' | 'place' | 'orderId'>>): SQL {
  const filters: SQL[] = [eq(holdings.library_id, libraryId)];
  if (query.queryString) filters.push(typedCondition(libraryId, query.queryString));
  if (query.state) filters.push(eq(holdings.state, query.state));
  if (query.place) filters.push(sql`lower(${holdings.place}) = ${query.place.normalize('NFC').toLowerCase()}`);
  if (query.orderId) filters.push(eq(holdings.order_id, query.orderId));
  return and(...filters)!;
}

/**
 * Every copy of the library that the list's filters find (not a page), by accession number —
 * the all-digit ones in their order, then the others as text — for the exports.
 */
export async function allHoldings(
  ctx: AppContext,
  libraryId: number,
  query: Partial<Pick<HoldingList, 'queryString' | 'state' | 'place'>>,
): Promise<HoldingDto[]> {
  const rows = await selectHoldings(ctx.db)
    .where(listCondition(libraryId, query))
    .orderBy(sql`${holdings.accession_no} asc nulls last`, holdings.accession_number);
  return rows.map(toDto);
}

/**
 * How many copies a search counts before its total says 'more than' (decision 080): a common
 * word's every match need not be read again to number the pages. Pages past it count on to the
 * next multiple of it.
 */
export const SEARCH_COUNT_BOUND = 1_000;

/**
 * A page of the library's copies, newest first: found by what was typed (`typedCondition`), by
 * place (as typed, any case), state and the order that shelved them.
 *
 * `total` is exact for the list unfiltered (the library's `holdings_count`) or filtered by place,
 * state or order (an index-only count). A search counts at most the multiple of `SEARCH_COUNT_BOUND` that the page's end
 * reaches (1,000 for pages 1–40 of 25, 2,000 for page 41 …): when more match, `total` is that
 * bound and `total_capped` is true ('more than 1,000'), and the page after the bound's last counts
 * on. A page shorter than `limit` gives the total itself. The count is asked beside the page.
 * @returns `{ rows, total, total_capped }`
 */
export async function listHoldings(
  db: DbOrTx,
  libraryId: number,
  query: HoldingList,
): Promise<{ rows: HoldingDto[]; total: number; total_capped: boolean }> {
  const where = listCondition(libraryId, query);
  const { limit, offset } = pageOf(query);
  // the page's ids alone first, then their columns: with the joins beside it, the planner sorted
  // every copy a common word finds (25 ms) rather than walk the newest first and stop (4 ms)
  const page = db
    .select({ id: holdings.id })
    .from(holdings)
    .where(where)
    .orderBy(desc(holdings.created_at), desc(holdings.id))
    .limit(limit)
    .offset(offset);
  const counting = countFound(db, libraryId, query, where, offset + limit);
  const [rows, counted] = await Promise.all([
    selectHoldings(db)
      .where(inArray(holdings.id, page))
      .orderBy(desc(holdings.created_at), desc(holdings.id))
      .then((found) => found.map(toDto)),
    counting,
  ]);
  // a short page (not one past the end) is the last: the copies found are the offset and its rows
  if (rows.length < limit && (rows.length > 0 || offset === 0)) return { rows, total: offset + rows.length, total_capped: false };
  return { rows, ...counted };
}

/**
 * The total of `listHoldings`: the library's `holdings_count` for the list unfiltered, an exact
 * count for a filter, for a search a count up to the multiple of `SEARCH_COUNT_BOUND` that
 * `pageEnd` reaches. Asked beside the page (on a pool, another connection: the two at once).
 */
async function countFound(
  db: DbOrTx,
  libraryId: number,
  query: HoldingList,
  where: SQL,
  pageEnd: number,
): Promise<{ total: number; total_capped: boolean }> {
  if (!query.queryString && !query.state && !query.place && !query.orderId) {
    const [library] = await db.select({ count: libraries.holdings_count }).from(libraries).where(eq(libraries.id, libraryId));
    return { total: library?.count ?? 0, total_capped: false };
  }
  if (!query.queryString) {
    const [counted] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(holdings)
      .where(where);
    return { total: counted?.total ?? 0, total_capped: false };
  }
  const bound = Math.ceil(pageEnd / SEARCH_COUNT_BOUND) * SEARCH_COUNT_BOUND;
  const found = db
    .select({ one: sql`1`.as('one') })
    .from(holdings)
    .where(where)
    .limit(bound + 1)
    .as('found');
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(found);
  const total = counted?.total ?? 0;
  return total > bound ? { total: bound, total_capped: true } : { total, total_capped: false };
}

/**
 * What a scanned or typed code is, for the scan page: a JSBN (or its book page's address) — the
 * book, how many of its copies the library has on its shelves, whether an order of it is on its
 * way; an ISBN-13 — the library's copies with that ISBN; else the library's copy with that
 * accession number.
 * @throws AppError 404 naming the code when it is none of these
 */
export async function lookupCode(ctx: AppContext, libraryId: number, code: string): Promise<HoldingLookup> {
  const onShelves = and(eq(holdings.library_id, libraryId), ne(holdings.state, 'withdrawn'));
  const jsbn = normalizeJsbn(code.replace(/^.*\/jsbn\//, ''));
  if (jsbn) {
    const [book] = await ctx.db
      .select({ id: books.id, jsbn_number: books.jsbn_number, book_title: books.book_title, cover_key: books.cover_key })
      .from(books)
      .where(eq(books.jsbn_number, jsbn));
    if (book) {
      const [copies] = await ctx.db
        .select({ count: sql<number>`count(*)::int` })
        .from(holdings)
        .where(and(onShelves, eq(holdings.book_id, book.id)));
      const [ordered] = await ctx.db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(order_items, eq(order_items.order_id, orders.id))
        .where(
          and(
            eq(orders.library_id, libraryId),
            eq(order_items.book_id, book.id),
            inArray(orders.status, ['REQUESTED', 'IN_PROGRESS', 'DISPATCHED']),
          ),
        )
        .limit(1);
      return {
        kind: 'jsbn',
        book: { id: book.id, jsbn_number: book.jsbn_number, book_title: book.book_title, cover_url: ctx.storage.url(book.cover_key) },
        holding: null,
        copies: copies?.count ?? 0,
        ordered: Boolean(ordered),
      };
    }
  }
  const digits = code.replace(/[\s-]/g, '');
  if (/^97[89]\d{10}$/.test(digits)) {
    const [copies] = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(holdings)
      .where(and(onShelves, eq(holdings.isbn, digits)));
    return { kind: 'isbn', book: null, holding: null, copies: copies?.count ?? 0, ordered: false };
  }
  const [row] = await selectHoldings(ctx.db).where(
    and(eq(holdings.library_id, libraryId), eq(holdings.accession_number, code.normalize('NFC').trim().toUpperCase())),
  );
  if (row) return { kind: 'accession', book: null, holding: toDto(row), copies: 1, ordered: false };
  throw new AppError('NOT_FOUND', `Nothing matches ${code}: no registered book, ISBN or accession number of yours`);
}

/**
 * What the library reads when a received order's copies went on its shelves ('… 3 copies are on the shelves: 1041–1043');
 * with `short`, the receipt's own words come first: 'Order marked as received, short or damaged; …'.
 */
export const receivedAndShelvedMessage = (count: number, first: string, last: string, short = false) => {
  const received = short ? 'Order marked as received, short or damaged' : 'Order marked as received';
  return count === 1 ? `${received}; copy ${first} is on the shelves` : `${received}; ${count} copies are on the shelves: ${first}–${last}`;
};

/**
 * Shelves the copies of order `orderId` as it is received, in the receipt's transaction `tx`:
 * one copy for each accepted copy of each book, numbered on from the library's next accession
 * number, source 'order', dated the day of receipt; the books' public pages are refreshed when
 * the library shows its holdings (decision 077).
 * @returns how many copies were added, and the first and last accession numbers (null when none)
 */
export async function shelveOrder(
  ctx: AppContext,
  tx: DbOrTx,
  actor: LibraryActor,
  orderId: number,
  today: string,
): Promise<{ count: number; first: string | null; last: string | null }> {
  const items = await tx
    .select({
      book_id: order_items.book_id,
      copies: sql<number>`coalesce(${order_items.accepted_book_copies}, ${order_items.number_of_copies})`,
    })
    .from(order_items)
    .where(eq(order_items.order_id, orderId))
    .orderBy(order_items.id);
  const copies = items.flatMap((item) => Array.from({ length: Math.max(0, Number(item.copies)) }, () => item.book_id));
  if (copies.length === 0) return { count: 0, first: null, last: null };
  await lockLibrary(tx, actor.libraryId);
  const first = Number(await nextAccessionNumber(tx, actor.libraryId));
  const rows = await tx
    .insert(holdings)
    .values(
      copies.map((bookId, index) => ({
        library_id: actor.libraryId,
        book_id: bookId,
        accession_number: String(first + index),
        accession_no: first + index,
        source: 'order' as const,
        order_id: orderId,
        acquired_on: today,
        search_text: bookSearchTextOf(bookId),
      })),
    )
    .returning({ id: holdings.id, accession_number: holdings.accession_number });
  await countCopies(tx, actor.libraryId, rows.length);
  await record(
    tx,
    ...rows.map((row) => ({
      actor: auditActor(actor),
      subject: 'holding' as const,
      subjectId: row.id,
      action: 'created' as const,
      changes: { accession_number: [null, row.accession_number] as [unknown, unknown], order_id: [null, orderId] as [unknown, unknown] },
    })),
  );
  await holdingsChanged(ctx, tx, actor.libraryId, copies);
  return { count: rows.length, first: String(first), last: String(first + rows.length - 1) };
}

/** The reason an undone shelving writes on its copies: how `orderShelving` tells them from copies withdrawn by hand. */
const UNSHELVED_REASON = 'Shelving of the order undone';

/** The library's order `orderId`, or 404 'Order not found' when it is not the library's. */
async function ownOrder(db: DbOrTx, libraryId: number, orderId: number): Promise<void> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.library_id, libraryId)));
  if (!order) throw notFound('Order');
}

/**
 * What the library's order `orderId` put on its shelves when it was received: every copy it
 * shelved (by accession number, the all-digit ones by their number, then the others), how many are
 * still on the shelves, and how many an undo took off. An order not received, or received before
 * it shelved anything, answers a count of 0.
 * @throws AppError 404 when the order is not the library's
 */
export async function orderShelving(ctx: AppContext, libraryId: number, orderId: number): Promise<OrderShelving> {
  await ownOrder(ctx.db, libraryId, orderId);
  const rows = await ctx.db
    .select({ accession_number: holdings.accession_number, state: holdings.state, state_reason: holdings.state_reason })
    .from(holdings)
    .where(and(eq(holdings.library_id, libraryId), eq(holdings.order_id, orderId)))
    .orderBy(sql`${holdings.accession_no} nulls last`, holdings.accession_number);
  return {
    count: rows.length,
    accession_numbers: rows.map((row) => row.accession_number),
    on_shelves: rows.filter((row) => row.state === 'available').length,
    undone: rows.filter((row) => row.state === 'withdrawn' && row.state_reason === UNSHELVED_REASON).length,
  };
}

/**
 * Undoes the shelving of the library's received order `orderId`: its copies still on the
 * shelves (available) are withdrawn with the reason; their accession numbers
 * stay taken, as the record keeps them.
 * @returns how many copies were taken off the shelves
 * @throws AppError 404 when the order is not the library's
 */
export async function unshelveOrder(ctx: AppContext, actor: LibraryActor, orderId: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await ownOrder(tx, actor.libraryId, orderId);
    const reason = UNSHELVED_REASON;
    const taken = await tx
      .update(holdings)
      .set({ state: 'withdrawn', state_reason: reason, updated_at: ctx.clock() })
      .where(and(eq(holdings.library_id, actor.libraryId), eq(holdings.order_id, orderId), eq(holdings.state, 'available')))
      .returning({ id: holdings.id, book_id: holdings.book_id });
    await holdingsChanged(
      ctx,
      tx,
      actor.libraryId,
      taken.map((row) => row.book_id),
    );
    await record(
      tx,
      ...taken.map((row) => ({
        actor: auditActor(actor),
        subject: 'holding' as const,
        subjectId: row.id,
        action: 'withdrawn' as const,
        changes: { state: ['available', 'withdrawn'] as [unknown, unknown] },
        reason,
      })),
    );
    return taken.length;
  });
}
