/**
 * When a publisher hears of its new orders and reminders (decision 033): the change that
 * causes a notice marks its order event `notice_pending` in its own transaction, then queues
 * the publisher's digest here — a job of queue `orderNotices` that starts
 * ORDER_NOTICE_DIGEST_SECONDS later, one waiting job per publisher (its singleton key), so
 * whatever else arrives meanwhile goes out with it (notices.ts sends it).
 */
import type { AppContext } from '../../context.js';

/**
 * Queues the digest of each publisher of `publisherIds`, unless one is waiting already. Call
 * it after the transaction that marked the notices commits. A digest that cannot be queued
 * (the job queue logs why) is sent by the 15-minute sweep (`sendOverdueOrderNotices`) instead,
 * so the caller's change stands either way.
 */
export async function scheduleOrderNotices(ctx: AppContext, publisherIds: Iterable<number>): Promise<void> {
  for (const publisherId of new Set(publisherIds)) {
    await ctx.jobs
      .send(
        'orderNotices',
        { publisherId },
        { singletonKey: String(publisherId), startAfterSeconds: ctx.config.ORDER_NOTICE_DIGEST_SECONDS },
      )
      .catch(() => undefined);
  }
}
