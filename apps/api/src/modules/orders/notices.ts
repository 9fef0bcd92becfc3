/**
 * What a publisher is told of its orders, as one message (decision 033): the new orders and the
 * reminders about waiting ones (the library's, and the scheduled one after 7 days) that arrived
 * since its last notice, sent together ORDER_NOTICE_DIGEST_SECONDS after the first of them
 * (notice-queue.ts) — an e-mail, and a WhatsApp text when the publisher has a WhatsApp number,
 * in the publisher's language. One new order alone is told as before, with its order letter
 * attached; one reminder alone likewise; several are listed in one digest. What is told is the
 * order events marked `notice_pending`; the digest clears the marks in the transaction that
 * queues its messages, so two copies running it at once tell each event once.
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { orderNumber, type InterfaceLanguage, type OrderEventKind, type OrderStatus } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { accounts, libraries, order_events, order_items, orders, publishers } from '../../db/schema.js';
import type { Actor } from '../../lib/auth.js';
import { noticeText } from '../../lib/notices.js';
import { enqueueMessage } from '../../lib/outbox.js';
import { orderLetterKey } from './documents.js';
import { daysBetween } from './reminders.js';

/** One thing the publisher is told of: a new order, or a reminder about a waiting one. */
interface Notice {
  kind: 'new' | 'reminder' | 'auto_reminder';
  orderId: number;
  library: string;
  /** The status the order waited in (a reminder) and since when. */
  status: OrderStatus;
  statusSince: Date;
  /** When the order was placed or the reminder sent. */
  at: Date;
  /** A new order's copies and books. */
  copies: number;
  books: number;
}

/** The events of the publisher's orders waiting to be told, with what the digest reads of their order. */
const pendingColumns = {
  eventId: order_events.id,
  kind: order_events.kind,
  fromStatus: order_events.from_status,
  toStatus: order_events.to_status,
  at: order_events.created_at,
  orderId: orders.id,
  orderStatus: orders.status,
  statusSince: orders.status_since,
  libraryId: orders.library_id,
};

/** What an event pending a notice tells the publisher; payment steps are told at once, never in a digest. */
const kindOf = (event: { kind: OrderEventKind; fromStatus: string | null }): Notice['kind'] | null =>
  event.kind === 'status'
    ? event.fromStatus === null
      ? 'new'
      : null
    : event.kind === 'reminder' || event.kind === 'auto_reminder'
      ? event.kind
      : null;

/**
 * Sends the notices waiting for `publisherId` as one message (the job `orderNotices`). A new
 * order already moved on (accepted, cancelled) or a reminder about an order no longer waiting
 * in that status is left out: the publisher has seen it.
 * @returns how many notices it told (0 when none were waiting)
 */
export async function sendOrderNotices(ctx: AppContext, publisherId: number): Promise<number> {
  const [publisher] = await ctx.db
    .select({ accountId: publishers.account_id, whatsapp: publishers.whatsapp_no, email: accounts.email, lng: accounts.preferred_language })
    .from(publishers)
    .innerJoin(accounts, eq(accounts.id, publishers.account_id))
    .where(eq(publishers.id, publisherId));
  if (!publisher) return 0;
  const waiting = and(eq(orders.publisher_id, publisherId), eq(order_events.notice_pending, true));
  // a lone new order carries its letter: made before the transaction (a PDF takes tens of ms)
  const peek = await ctx.db
    .select(pendingColumns)
    .from(order_events)
    .innerJoin(orders, eq(orders.id, order_events.order_id))
    .where(waiting);
  const lone = peek.length === 1 && kindOf(peek[0]!) === 'new' && peek[0]!.orderStatus === 'REQUESTED' ? peek[0]!.orderId : null;
  const actor: Actor = { accountId: publisher.accountId, role: 'PUBLISHER', email: publisher.email, publisherId, libraryId: null };
  // a notice without its letter (the publisher opens it in Received Orders) beats no notice
  const letterKey = lone === null ? null : await orderLetterKey(ctx, actor, lone).catch(() => null);

  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .update(order_events)
      .set({ notice_pending: false })
      .from(orders)
      .where(and(eq(orders.id, order_events.order_id), waiting))
      .returning(pendingColumns);
    const events = claimed.flatMap((event) => {
      const kind = kindOf(event);
      const current = kind === 'new' ? event.orderStatus === 'REQUESTED' : kind !== null && event.orderStatus === event.toStatus;
      return kind && current ? [{ ...event, kind }] : [];
    });
    if (events.length === 0) return 0;
    const orderIds = [...new Set(events.map((event) => event.orderId))];
    const [names, lines] = await Promise.all([
      tx
        .select({ id: libraries.id, name: libraries.name })
        .from(libraries)
        .where(inArray(libraries.id, [...new Set(events.map((event) => event.libraryId))])),
      tx
        .select({
          orderId: order_items.order_id,
          copies: sql<number>`sum(${order_items.number_of_copies})::int`,
          books: sql<number>`count(*)::int`,
        })
        .from(order_items)
        .where(inArray(order_items.order_id, orderIds))
        .groupBy(order_items.order_id),
    ]);
    const notices: Notice[] = events
      .sort((a, b) => a.orderId - b.orderId || a.eventId - b.eventId)
      .map((event) => {
        const counted = lines.find((line) => line.orderId === event.orderId);
        return {
          kind: event.kind,
          orderId: event.orderId,
          library: names.find((library) => library.id === event.libraryId)?.name ?? '',
          status: event.toStatus as OrderStatus,
          statusSince: event.statusSince,
          at: event.at,
          copies: counted?.copies ?? 0,
          books: counted?.books ?? 0,
        };
      });
    const attach = notices.length === 1 && notices[0]!.orderId === lone ? letterKey : null;
    const { subject, text } = compose(publisher.lng, notices, `${ctx.config.publicUrl}/booked-orders`, attach !== null);
    await enqueueMessage(tx, { channel: 'email', to: publisher.email, subject, text, ...(attach ? { attachmentKey: attach } : {}) });
    if (publisher.whatsapp)
      await enqueueMessage(tx, {
        channel: 'whatsapp',
        to: publisher.whatsapp,
        subject,
        text,
        ...(attach ? { attachmentKey: attach } : {}),
      });
    if (attach) await tx.update(orders).set({ letter_sent_at: ctx.clock() }).where(eq(orders.id, lone!));
    return notices.length;
  });
}

/** The subject and text of `notices` in `lng`; `letter` when the lone new order's letter is attached. */
function compose(lng: InterfaceLanguage, notices: Notice[], link: string, letter: boolean): { subject: string; text: string } {
  const say = (key: string, values: Record<string, unknown> = {}) => noticeText(lng, key, values);
  // Hindi declines a counted noun before a postposition ('2 पुस्तकों की कुल 7 प्रतियों का'):
  // the single notices put both before one, the digest's line only the books
  const values = (notice: Notice, copiesContext?: 'oblique') => ({
    order: orderNumber(notice.orderId),
    library: notice.library,
    copies: say('copies', { count: notice.copies, ...(copiesContext ? { context: copiesContext } : {}) }),
    books: say('books', { count: notice.books, context: 'oblique' }),
    status: say(`status.${notice.status}`),
    days: say('days', { count: daysBetween(notice.statusSince, notice.at) }),
  });
  if (notices.length === 1) {
    const notice = notices[0]!;
    if (notice.kind === 'new') {
      const key = letter ? 'orderLetter' : 'newOrder';
      return { subject: say(`${key}.subject`, values(notice)), text: say(`${key}.text`, { ...values(notice, 'oblique'), link }) };
    }
    return {
      subject: say('reminder.subject', values(notice)),
      text: [say(notice.kind === 'reminder' ? 'reminder.byLibrary' : 'reminder.auto', values(notice)), say('reminder.open', { link })].join(
        '\n',
      ),
    };
  }
  const fresh = notices.filter((notice) => notice.kind === 'new');
  const reminders = notices.filter((notice) => notice.kind !== 'new');
  const section = (heading: string, list: Notice[], line: (notice: Notice) => string) =>
    list.length ? [say(heading), ...list.map((notice) => `- ${line(notice)}`), ''] : [];
  return {
    subject: say('digest.subject', { count: notices.length }),
    text: [
      ...section('digest.newOrders', fresh, (notice) => say('digest.newOrder', values(notice))),
      ...section('digest.reminders', reminders, (notice) =>
        say(notice.kind === 'reminder' ? 'digest.reminder' : 'digest.autoReminder', values(notice)),
      ),
      say('digest.open', { link }),
    ].join('\n'),
  };
}

/**
 * Sends the notices of every publisher with one waiting longer than twice
 * ORDER_NOTICE_DIGEST_SECONDS — a digest whose job could not be queued (run by the 15-minute
 * order schedule, lib/jobs.ts).
 * @returns how many notices it told
 */
export async function sendOverdueOrderNotices(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.clock().getTime() - 2 * ctx.config.ORDER_NOTICE_DIGEST_SECONDS * 1000);
  const overdue = await ctx.db
    .selectDistinct({ publisherId: orders.publisher_id })
    .from(order_events)
    .innerJoin(orders, eq(orders.id, order_events.order_id))
    .where(and(eq(order_events.notice_pending, true), lt(order_events.created_at, cutoff)))
    .orderBy(asc(orders.publisher_id));
  let told = 0;
  for (const { publisherId } of overdue) told += await sendOrderNotices(ctx, publisherId);
  return told;
}
