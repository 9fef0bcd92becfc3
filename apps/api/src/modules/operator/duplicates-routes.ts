/**
 * The operators' queue of possible duplicates (decision 044): the pairs found at registration,
 * oldest first, both books side by side; an operator says they are not duplicates (an edition
 * or a reprint is legitimate) or withdraws one pointing to the other — with `withdrawBook`, in
 * the transaction that closes the pair — and every answer is on the record.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { operatorEndpoints, type DuplicatePairDto } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { duplicate_pairs } from '../../db/schema.js';
import { record, type AuditActor } from '../../lib/audit.js';
import { requireOperator } from '../../lib/auth.js';
import { AppError, notFound, validationError } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { queueBooks, storedReason } from '../books/duplicates.js';
import { withdrawBook } from '../books/withdrawal.js';

/** The reply to a pair another operator has already answered. */
export const PAIR_ANSWERED = 'This pair has already been answered';

/** Open pairs, oldest first (at most `limit`), each with both books. */
export async function openDuplicatePairs(ctx: AppContext, limit = 100): Promise<DuplicatePairDto[]> {
  const rows = await ctx.db
    .select()
    .from(duplicate_pairs)
    .where(eq(duplicate_pairs.status, 'OPEN'))
    .orderBy(asc(duplicate_pairs.created_at), asc(duplicate_pairs.id))
    .limit(limit);
  const found = await queueBooks(
    ctx.db,
    rows.flatMap((row) => [row.book_id, row.other_book_id]),
  );
  return rows.map((row) => ({
    id: row.id,
    similarity: row.similarity,
    publisher_reason: storedReason(row.publisher_reason),
    created_at: row.created_at.toISOString(),
    book: found.get(row.book_id)!,
    other: found.get(row.other_book_id)!,
  }));
}

/**
 * Closes the open pair `pairId` as `answer`: NOT_DUPLICATE, or WITHDRAWN with `bookId` (one of
 * the two) withdrawn pointing to the other, in one transaction with the record.
 * @throws AppError 404 'Pair not found'; 409 PAIR_ANSWERED; 400 `book_id` not one of the pair
 */
export async function answerDuplicatePair(
  ctx: AppContext,
  actor: AuditActor & { accountId: number },
  pairId: number,
  answer: { action: 'not-duplicate' } | { action: 'withdraw'; bookId: number; reason: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [pair] = await tx.select().from(duplicate_pairs).where(eq(duplicate_pairs.id, pairId)).for('update');
    if (!pair) throw notFound('Pair');
    if (pair.status !== 'OPEN') throw new AppError('CONFLICT', PAIR_ANSWERED);
    let status: 'NOT_DUPLICATE' | 'WITHDRAWN' = 'NOT_DUPLICATE';
    let reason: string | null = null;
    if (answer.action === 'withdraw') {
      const other = answer.bookId === pair.book_id ? pair.other_book_id : answer.bookId === pair.other_book_id ? pair.book_id : null;
      if (other === null) throw validationError([{ field: 'book_id', message: 'Choose one of the two books' }]);
      await withdrawBook(ctx, tx, { bookId: answer.bookId, reason: answer.reason, duplicateOf: other, actor });
      status = 'WITHDRAWN';
      reason = answer.reason;
    }
    await tx
      .update(duplicate_pairs)
      .set({ status, resolved_at: ctx.clock(), resolved_by: actor.accountId })
      .where(and(eq(duplicate_pairs.id, pair.id), eq(duplicate_pairs.status, 'OPEN')));
    await record(tx, {
      actor,
      subject: 'duplicate',
      subjectId: pair.id,
      action: status === 'WITHDRAWN' ? 'withdrawn' : 'not a duplicate',
      changes: { status: ['OPEN', status], ...(answer.action === 'withdraw' ? { withdrawn_book_id: [null, answer.bookId] } : {}) },
      reason,
    });
  });
}

export function duplicatesRoutes(app: FastifyInstance, ctx: AppContext) {
  const operator = async (request: Parameters<typeof requireOperator>[1]) => {
    const actor = await requireOperator(ctx, request);
    return { accountId: actor.accountId, role: 'OPERATOR' as const };
  };

  /** GET /api/operator/duplicates (operator) → `{ pairs }`: open pairs, oldest first, at most 100; 401 no token, 403 another role. */
  route(app, operatorEndpoints.duplicates, async (request) => {
    await operator(request);
    return ok({ pairs: await openDuplicatePairs(ctx) });
  });

  /** POST /api/operator/duplicates/:id/not-duplicate (operator): both books stay; 404 unknown pair, 409 already answered. */
  route(app, operatorEndpoints.notDuplicate, async (request) => {
    const actor = await operator(request);
    await answerDuplicatePair(ctx, actor, request.params.id, { action: 'not-duplicate' });
    return ok(null, 'Marked as not a duplicate');
  });

  /**
   * POST /api/operator/duplicates/:id/withdraw `{ book_id, reason }` (operator): withdraws that
   * book pointing to the other of the pair; 400 reason missing or book_id not of the pair, 404, 409.
   */
  route(app, operatorEndpoints.withdrawDuplicate, async (request) => {
    const actor = await operator(request);
    await answerDuplicatePair(ctx, actor, request.params.id, {
      action: 'withdraw',
      bookId: request.body.book_id,
      reason: request.body.reason,
    });
    return ok(null, 'The book was withdrawn');
  });
}
