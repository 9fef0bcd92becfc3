/**
 * What a visitor may see of the catalogue (decision 043): a withdrawn book and every book of a
 * suspended publisher leave search, lists, directories and exports; a withdrawn book's page
 * answers 410 with when and why, a suspended publisher's book page answers as an unknown one
 * (404). Orders already placed keep their books (they read books by id, not through these).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { formatJsbn } from '@jsbn/shared';
import type { DbOrTx } from '../../db/client.js';
import { books } from '../../db/schema.js';
import { GoneError, notFound } from '../../lib/errors.js';
import { exportDate } from '../../lib/excel.js';

/**
 * The ids of the publishers whose account is suspended, as an array: uncorrelated, so
 * PostgreSQL computes it once per statement (an InitPlan), not once per book.
 */
export const SUSPENDED_PUBLISHERS: SQL = sql`array(select sp.id from publishers sp join accounts sa on sa.id = sp.account_id where sa.suspended_at is not null)`;

/** A book a visitor may find: not withdrawn, its publisher not suspended (a condition on `books`). */
export const VISIBLE_BOOK: SQL = sql`(${books.withdrawn_at} is null and not (${books.publisher_id} = any(${SUSPENDED_PUBLISHERS})))`;

/** Whether the book's publisher is suspended (a column of a select from `books`). */
export const PUBLISHER_SUSPENDED = sql<boolean>`(${books.publisher_id} = any(${SUSPENDED_PUBLISHERS}))`;

/**
 * How many books visitors may not see: the suspended publishers' (their `book_count`, kept by
 * triggers) and the others' withdrawn ones. Subtracted from the catalogue's size so a plain
 * list's total stays a sum of counts (decision 025) rather than a count of every book.
 */
export async function hiddenBookCount(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`
    select (select coalesce(sum(sp.book_count), 0) from publishers sp join accounts sa on sa.id = sp.account_id where sa.suspended_at is not null)
      + (select count(*) from books hb where hb.withdrawn_at is not null and not (hb.publisher_id = any(${SUSPENDED_PUBLISHERS}))) as n`);
  const [row] = (result as { rows: { n: number | string }[] }).rows;
  return Number(row?.n ?? 0);
}

/** The facts of a withdrawal as the 410 reply gives them. */
export interface WithdrawnFacts {
  /** The withdrawn book's title as registered (its page names the book it was). */
  book_title: string;
  /** ISO time of the withdrawal. */
  withdrawn_at: string;
  reason: string;
  /** The JSBN (formatted) of the book this one duplicates, else null. */
  see_jsbn: string | null;
}

/** 'This JSBN was withdrawn on DD/MM/YYYY: <reason>' (the date in India's time). */
export const withdrawnMessage = (facts: Pick<WithdrawnFacts, 'withdrawn_at' | 'reason'>) =>
  `This JSBN was withdrawn on ${exportDate(facts.withdrawn_at)}: ${facts.reason}`;

/** The book columns the check below reads. */
type Shown = Pick<typeof books.$inferSelect, 'book_title' | 'withdrawn_at' | 'withdrawn_reason' | 'duplicate_of'>;

/**
 * Refuses the public page of a book a visitor may not see.
 * @throws GoneError 410 'This JSBN was withdrawn on DD/MM/YYYY: <reason>' with `WithdrawnFacts`
 *   for a withdrawn book; AppError 404 'Book not found' for a book of a suspended publisher
 */
export async function refuseHidden(db: DbOrTx, book: Shown, publisherSuspended: boolean): Promise<void> {
  if (publisherSuspended) throw notFound('Book');
  if (!book.withdrawn_at) return;
  const [other] =
    book.duplicate_of === null ? [] : await db.select({ jsbn: books.jsbn_number }).from(books).where(eq(books.id, book.duplicate_of));
  const facts: WithdrawnFacts = {
    book_title: book.book_title,
    withdrawn_at: book.withdrawn_at.toISOString(),
    reason: book.withdrawn_reason ?? '',
    see_jsbn: other ? formatJsbn(other.jsbn) : null,
  };
  throw new GoneError(withdrawnMessage(facts), { ...facts });
}
