/**
 * Withdraw, never delete (decision 043): a withdrawn book keeps its JSBN forever and its QR page
 * answers 410 with the date and the reason ('See JSBN …' when it duplicates another); it leaves
 * search, lists, directories and new orders, while orders already placed keep it. Reinstating
 * undoes a withdrawal made by mistake. Both are on the record with who and why.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { books } from '../../db/schema.js';
import { record, type AuditActor } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { publicPagesChanged } from '../../lib/public-pages.js';

/** What a withdrawal says on the book's page. */
export interface Withdrawal {
  bookId: number;
  /** Shown on the QR page after 'This JSBN was withdrawn on DD/MM/YYYY: '. */
  reason: string;
  /** The book this one duplicates, when that is why it is withdrawn. */
  duplicateOf?: number | null;
  actor: AuditActor;
}

/**
 * Withdraws a book within `tx` (the caller's transaction: the operator's decision on a report
 * or a duplicate pair is written with it) and records who and why.
 * @returns false when the book was already withdrawn (nothing changes)
 * @throws AppError 404 'Book not found' for an unknown book
 */
export async function withdrawBook(ctx: AppContext, tx: Tx, withdrawal: Withdrawal): Promise<boolean> {
  const [book] = await tx
    .select({ id: books.id, publisherId: books.publisher_id, withdrawnAt: books.withdrawn_at })
    .from(books)
    .where(eq(books.id, withdrawal.bookId));
  if (!book) throw notFound('Book');
  const now = ctx.clock();
  const changed = await tx
    .update(books)
    .set({ withdrawn_at: now, withdrawn_reason: withdrawal.reason, duplicate_of: withdrawal.duplicateOf ?? null, updated_at: now })
    .where(and(eq(books.id, book.id), isNull(books.withdrawn_at)))
    .returning({ id: books.id });
  if (changed.length === 0) return false;
  await record(tx, {
    actor: withdrawal.actor,
    subject: 'book',
    subjectId: book.id,
    action: 'withdrawn',
    changes: { withdrawn_at: [null, now.toISOString()], duplicate_of: [null, withdrawal.duplicateOf ?? null] },
    reason: withdrawal.reason,
  });
  await publicPagesChanged(tx, ctx.publicPages, book.publisherId);
  return true;
}

/**
 * Reinstates a withdrawn book within `tx`, recording who and why.
 * @returns false when the book was not withdrawn
 * @throws AppError 404 'Book not found' for an unknown book
 */
export async function reinstateBook(ctx: AppContext, tx: Tx, bookId: number, actor: AuditActor, reason: string): Promise<boolean> {
  const [book] = await tx
    .select({ id: books.id, publisherId: books.publisher_id, withdrawnAt: books.withdrawn_at })
    .from(books)
    .where(eq(books.id, bookId));
  if (!book) throw notFound('Book');
  const now = ctx.clock();
  const changed = await tx
    .update(books)
    .set({ withdrawn_at: null, withdrawn_reason: null, duplicate_of: null, updated_at: now })
    .where(and(eq(books.id, book.id), isNotNull(books.withdrawn_at)))
    .returning({ id: books.id });
  if (changed.length === 0) return false;
  await record(tx, {
    actor,
    subject: 'book',
    subjectId: book.id,
    action: 'reinstated',
    changes: { withdrawn_at: [book.withdrawnAt?.toISOString() ?? null, null] },
    reason,
  });
  await publicPagesChanged(tx, ctx.publicPages, book.publisherId);
  return true;
}
