/**
 * Orders that do not go silent (docs/decisions/019-order-reminders.md): how
 * long an order has waited in its status, the library's reminder to the publisher (an order
 * waiting on the publisher for more than 3 days, at most one a day) and the scheduled reminder
 * of an order untouched for 7 days (once per status). Each reminder is one conditional UPDATE
 * of the order — so two requests, or two API copies running the schedule at once, never send
 * twice — and its history row, marked for the publisher's next notice digest: its reminders and
 * new orders of the last few minutes reach it as one e-mail and one WhatsApp text (notices.ts,
 * decision 033).
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import {
  AUTO_REMINDER_AFTER_DAYS,
  MSG,
  REMINDABLE_STATUSES,
  REMINDER_AFTER_DAYS,
  REMINDER_EVERY_HOURS,
  type OrderStatus,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { order_events, orders } from '../../db/schema.js';
import { record, SYSTEM_ACTOR } from '../../lib/audit.js';
import { actorOf } from '../../lib/record-of.js';
import type { Actor } from '../../lib/auth.js';
import { AppError, notFound } from '../../lib/errors.js';
import { scheduleOrderNotices } from './notice-queue.js';

const DAY_MS = 24 * 60 * 60_000;
const REMIND_AFTER_MS = REMINDER_AFTER_DAYS * DAY_MS;
const REMIND_EVERY_MS = REMINDER_EVERY_HOURS * 60 * 60_000;
const AUTO_REMIND_AFTER_MS = AUTO_REMINDER_AFTER_DAYS * DAY_MS;
/** Orders the scheduled job reminds about in one transaction (the next run takes the rest). */
const AUTO_REMINDERS_PER_RUN = 500;

const isRemindable = (status: OrderStatus) => (REMINDABLE_STATUSES as readonly OrderStatus[]).includes(status);

/** Whole days between `since` and `now` (0 for less than a day). */
export const daysBetween = (since: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));

/**
 * How an order stands towards reminders at `now`, as the order DTO tells it.
 * @returns `waiting_days` (null once Completed or Cancelled) and `can_remind` (only for the ordering library)
 */
export function waitingState(
  order: { status: OrderStatus; status_since: Date; reminded_at: Date | null },
  actor: Actor,
  now: Date,
): { waiting_days: number | null; can_remind: boolean } {
  const waiting = order.status !== 'COMPLETED' && order.status !== 'CANCELLED';
  return {
    waiting_days: waiting ? daysBetween(order.status_since, now) : null,
    can_remind:
      actor.role === 'LIBRARY' &&
      isRemindable(order.status) &&
      now.getTime() - order.status_since.getTime() > REMIND_AFTER_MS &&
      (order.reminded_at === null || now.getTime() - order.reminded_at.getTime() >= REMIND_EVERY_MS),
  };
}

/** The conditions of a reminder allowed at `now` besides the order's own (status, wait, one a day). */
function remindable(now: Date, waitedMs: number): SQL {
  return and(
    inArray(orders.status, [...REMINDABLE_STATUSES]),
    lt(orders.status_since, new Date(now.getTime() - waitedMs)),
    or(isNull(orders.reminded_at), lte(orders.reminded_at, new Date(now.getTime() - REMIND_EVERY_MS))),
  )!;
}

/**
 * The library's reminder about one of its orders (POST /book/order-book/:id/reminder).
 * @returns the message to show ('Reminder sent to the publisher')
 * @throws AppError 404 (not the library's order), 409 (not waiting on the publisher, or not yet
 *   3 days), 429 with Retry-After (a reminder went out in the last day)
 */
export async function sendReminder(ctx: AppContext, actor: Actor & { libraryId: number }, orderId: number): Promise<string> {
  const now = ctx.clock();
  const owned = and(eq(orders.id, orderId), eq(orders.library_id, actor.libraryId));
  const publisherId = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ reminded_at: now })
      .where(and(owned, remindable(now, REMIND_AFTER_MS)))
      .returning({
        id: orders.id,
        status: orders.status,
        status_since: orders.status_since,
        library_id: orders.library_id,
        publisher_id: orders.publisher_id,
      });
    if (!order) {
      const [current] = await tx
        .select({ status: orders.status, status_since: orders.status_since, reminded_at: orders.reminded_at })
        .from(orders)
        .where(owned);
      if (!current) throw notFound('Order');
      if (!isRemindable(current.status)) throw new AppError('CONFLICT', MSG.reminderNotWaiting);
      if (now.getTime() - current.status_since.getTime() <= REMIND_AFTER_MS) throw new AppError('CONFLICT', MSG.reminderTooEarly);
      const retryAfterMs = current.reminded_at ? current.reminded_at.getTime() + REMIND_EVERY_MS - now.getTime() : 0;
      throw new AppError('TOO_MANY_REQUESTS', MSG.reminderToday, undefined, {
        'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
      });
    }
    await tx.insert(order_events).values({
      order_id: order.id,
      kind: 'reminder',
      from_status: order.status,
      to_status: order.status,
      actor_account_id: actor.accountId,
      actor_role: actor.role,
      created_at: now,
      notice_pending: true,
    });
    await record(tx, { actor: actorOf(actor), subject: 'order', subjectId: order.id, action: 'reminded', changes: {} });
    return order.publisher_id;
  });
  await scheduleOrderNotices(ctx, [publisherId]);
  return MSG.reminderSent;
}

/**
 * The scheduled reminder (job `orderReminders`, every 15 minutes on whichever copy takes it):
 * every order waiting on its publisher for 7 days or more since its last status change, not
 * yet reminded by the job in this status, and not reminded in the last day, reminds the
 * publisher once. Copies running it at once take disjoint orders (`SKIP LOCKED`), and the
 * UPDATE's own conditions make a second run a no-op.
 * @returns how many orders were reminded about
 */
export async function remindLateOrders(ctx: AppContext): Promise<number> {
  const now = ctx.clock();
  const due = and(remindable(now, AUTO_REMIND_AFTER_MS - 1), isNull(orders.auto_reminded_at));
  const reminded = await ctx.db.transaction((tx) =>
    markOrdersReminded(tx, {
      due,
      set: { reminded_at: now, auto_reminded_at: now },
      kind: 'auto_reminder',
      now,
      limit: AUTO_REMINDERS_PER_RUN,
      noticePending: true,
    }),
  );
  await scheduleOrderNotices(
    ctx,
    reminded.map((order) => order.publisher_id),
  );
  return reminded.length;
}

/** What `markOrdersReminded` marks: which orders, the columns it sets, the history row's kind. */
interface ReminderBatch {
  /** The condition an order must meet, checked again by the UPDATE (a second run is a no-op). */
  readonly due: SQL | undefined;
  /** The order's columns the reminder sets (its `…reminded_at`). */
  readonly set: Partial<typeof orders.$inferInsert>;
  readonly kind: 'auto_reminder' | 'payment_reminder';
  readonly now: Date;
  /** At most this many orders; the next run takes the rest. */
  readonly limit: number;
  /** The history row waits for the publisher's next notice digest (notices.ts). */
  readonly noticePending?: boolean;
}

/**
 * One scheduled reminder run's orders, inside the caller's transaction: up to `limit` orders
 * meeting `due`, longest waiting first, locked with `SKIP LOCKED` (copies running at once take
 * disjoint orders), each updated with `set`, given a history row of `kind` by the system and a
 * record entry 'reminded'.
 * @returns the orders marked, as their rows after the update
 */
export async function markOrdersReminded(tx: DbOrTx, batch: ReminderBatch) {
  const { due, set, kind, now, limit, noticePending = false } = batch;
  const locked = tx
    .select({ id: orders.id })
    .from(orders)
    .where(due)
    .orderBy(asc(orders.status_since))
    .limit(limit)
    .for('update', { skipLocked: true });
  const marked = await tx
    .update(orders)
    .set(set)
    .where(and(inArray(orders.id, locked), due))
    .returning();
  if (marked.length === 0) return marked;
  await tx.insert(order_events).values(
    marked.map((order) => ({
      order_id: order.id,
      kind,
      from_status: order.status,
      to_status: order.status,
      actor_account_id: null,
      actor_role: 'SYSTEM',
      created_at: now,
      notice_pending: noticePending,
    })),
  );
  await record(
    tx,
    ...marked.map((order) => ({
      actor: SYSTEM_ACTOR,
      subject: 'order' as const,
      subjectId: order.id,
      action: 'reminded' as const,
      changes: {},
    })),
  );
  return marked;
}
