/**
 * Which new books a library hears of (decision 073). A book matches a library's interests when
 * its publisher is followed, or one of its authors is, or — when the library named any language,
 * subject or swaroop — it fits every kind the library named: one of its languages (a book in
 * 'Gujarati, Sanskrit' is in both), one of its subjects, one of its swaroops. Only books a visitor
 * may see (books/visibility.ts) registered in the digest's window are looked at, and none the
 * library already knows of (`ALREADY_KNOWN`).
 */
import { and, asc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { books, publishers } from '../../db/schema.js';
import { VISIBLE_BOOK } from '../books/visibility.js';

/**
 * The books the library `libraryId` already knows of, as a condition on `books` — the one place
 * that says so: books it has ordered (an order not cancelled), books an earlier digest named
 * (including those it said were not for it) and books it holds a copy of (decision 071).
 */
export function alreadyKnown(libraryId: number): SQL {
  return sql`(exists (select 1 from order_items oi join orders o on o.id = oi.order_id
      where o.library_id = ${libraryId} and oi.book_id = ${books.id} and o.status <> 'CANCELLED')
    or exists (select 1 from digest_books dbk where dbk.library_id = ${libraryId} and dbk.book_id = ${books.id})
    or exists (select 1 from holdings h where h.library_id = ${libraryId} and h.book_id = ${books.id}))`;
}

/** Whether a book (a row of `books`) matches the interests and follows of `libraryId` (see above). */
export function matchesInterests(libraryId: number): SQL {
  return sql`(${books.publisher_id} in (select fp.publisher_id from followed_publishers fp where fp.library_id = ${libraryId})
    or exists (select 1 from book_authors ba join followed_authors fa on fa.author_id = ba.author_id
      where ba.book_id = ${books.id} and fa.library_id = ${libraryId})
    or exists (select 1 from library_interests li where li.library_id = ${libraryId}
      and cardinality(li.languages) + cardinality(li.subject_ids) + cardinality(li.swaroops) > 0
      and (cardinality(li.languages) = 0 or regexp_split_to_array(${books.language}, '\\s*,\\s*') && li.languages)
      and (cardinality(li.subject_ids) = 0 or exists (select 1 from book_subjects bs where bs.book_id = ${books.id} and bs.subject_id = any(li.subject_ids)))
      and (cardinality(li.swaroops) = 0 or ${books.type} = any(li.swaroops))))`;
}

/** A book as a digest names it. */
export interface DigestBook {
  id: number;
  jsbn: string;
  title: string;
  publisherId: number;
  publisher: string;
  priceKind: 'priced' | 'nominal' | 'free';
  priceMinor: number | null;
  currency: string;
  coverKey: string | null;
}

const digestColumns = {
  id: books.id,
  jsbn: books.jsbn_number,
  title: books.book_title,
  publisherId: books.publisher_id,
  publisher: publishers.publisher_name,
  priceKind: books.price_kind,
  priceMinor: books.price_minor,
  currency: books.currency,
  coverKey: books.cover_key,
};

/**
 * The new books for `libraryId` registered after `since` and up to `until`, oldest first, at
 * most `limit` (index `books_created_idx` bounds the window).
 */
export function newBooksFor(db: DbOrTx, libraryId: number, since: Date, until: Date, limit: number): Promise<DigestBook[]> {
  return db
    .select(digestColumns)
    .from(books)
    .innerJoin(publishers, eq(publishers.id, books.publisher_id))
    .where(
      and(
        gt(books.created_at, since),
        lte(books.created_at, until),
        VISIBLE_BOOK,
        matchesInterests(libraryId),
        sql`not ${alreadyKnown(libraryId)}`,
      ),
    )
    .orderBy(asc(books.created_at), asc(books.id))
    .limit(limit);
}

/** The books of a digest (`bookIds`, in that order) as it names them; a book withdrawn since is left out. */
export async function digestBooks(db: DbOrTx, bookIds: number[]): Promise<DigestBook[]> {
  if (bookIds.length === 0) return [];
  const rows = await db
    .select(digestColumns)
    .from(books)
    .innerJoin(publishers, eq(publishers.id, books.publisher_id))
    .where(and(sql`${books.id} = any(${sql.param(bookIds)}::int[])`, VISIBLE_BOOK));
  return bookIds.flatMap((id) => rows.filter((row) => row.id === id));
}
