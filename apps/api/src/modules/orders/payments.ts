/**
 * Money on the order (decision 070): the amount an order is due, how the library pays it (a
 * `upi://pay` link, or NEFT), and the payment's steps — the library records its UPI reference
 * (UTR), the publisher confirms it received the money or queries it. No money passes through
 * JSBN; each step is a conditional update with its history row and its record entry.
 */
import { and, eq, exists, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  PAYMENT_MSG,
  amountDue,
  formatMoney,
  orderNumber,
  toMinor,
  upiPayUri,
  type AmountDue,
  type OrderDto,
  type OrderStatus,
  type PaymentAnswerInput,
  type PaymentRecordInput,
  type PaymentState,
  type PricedLine,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { accounts, libraries, order_events, order_items, orders, publishers } from '../../db/schema.js';
import type { Actor } from '../../lib/auth.js';
import { record } from '../../lib/audit.js';
import { AppError, notFound, validationError } from '../../lib/errors.js';
import { noticeText } from '../../lib/notices.js';
import { enqueueMessage } from '../../lib/outbox.js';
import { markOrdersReminded } from './reminders.js';
import { actorOf } from '../../lib/record-of.js';

/** The statuses in which an order can be paid: accepted (its copies known), dispatched or completed. */
export const PAYABLE_STATUSES: readonly OrderStatus[] = ['IN_PROGRESS', 'DISPATCHED', 'COMPLETED'];

/** An order's amount due (`amountDue` of @jsbn/shared) from its row and its priced lines. */
export const orderAmountDue = (
  order: Pick<typeof orders.$inferSelect, 'postage_terms' | 'postage_rate_minor' | 'postage_minor' | 'currency'>,
  lines: PricedLine[],
): AmountDue =>
  amountDue(lines, { terms: order.postage_terms, rate_minor: order.postage_rate_minor, stated_minor: order.postage_minor }, order.currency);

/**
 * The payment part of an order for its two parties: the state and what the library recorded,
 * the payee, the `upi://pay` link (when the publisher has a UPI ID, the order is in rupees and
 * accepted, and its amount is known) and the bank details for NEFT.
 */
export function paymentOf(
  order: typeof orders.$inferSelect,
  publisher: Pick<
    typeof publishers.$inferSelect,
    'publisher_name' | 'upi_vpa' | 'upi_payee_name' | 'bank_account_name' | 'bank_account_no' | 'bank_ifsc'
  >,
  due: AmountDue,
): OrderDto['payment'] {
  const payee = publisher.upi_payee_name ?? publisher.publisher_name;
  const payable =
    publisher.upi_vpa !== null &&
    due.amount_minor !== null &&
    due.amount_minor > 0 &&
    due.currency === 'INR' &&
    PAYABLE_STATUSES.includes(order.status) &&
    order.payment_state !== 'confirmed';
  return {
    state: order.payment_state,
    utr: order.payment_utr,
    paid_on: order.payment_paid_on,
    amount_minor: order.payment_amount_minor,
    payee: publisher.upi_vpa ? payee : null,
    vpa: publisher.upi_vpa,
    upi_uri: payable
      ? upiPayUri({ vpa: publisher.upi_vpa!, payee, amount_minor: due.amount_minor!, reference: orderNumber(order.id) })
      : null,
    bank:
      publisher.bank_account_no && publisher.bank_ifsc
        ? { account_name: publisher.bank_account_name, account_no: publisher.bank_account_no, ifsc: publisher.bank_ifsc }
        : null,
  };
}

/** Who may take a payment step from which states to which. */
const STEPS = {
  record: { by: 'LIBRARY', from: ['due', 'queried'], to: 'paid' },
  confirmed: { by: 'PUBLISHER', from: ['paid'], to: 'confirmed' },
  queried: { by: 'PUBLISHER', from: ['paid'], to: 'queried' },
} as const satisfies Record<string, { by: 'LIBRARY' | 'PUBLISHER'; from: PaymentState[]; to: PaymentState }>;
type Step = keyof typeof STEPS;

/** What each step answers. */
const DONE: Record<Step, string> = {
  record: PAYMENT_MSG.paymentRecorded,
  confirmed: PAYMENT_MSG.paymentConfirmed,
  queried: PAYMENT_MSG.paymentQueried,
};

/**
 * Moves an order's payment one step in a transaction: a conditional update on the order's
 * status and payment state, its history row (kind 'payment'), its record entry (decision 042)
 * and an e-mail to the other party in its language.
 * @throws 404 another account's order (or none); 409 an order not accepted yet, or a payment not in a state the step starts from
 */
async function paymentStep(ctx: AppContext, actor: Actor, orderId: number, step: Step, values: Partial<typeof orders.$inferInsert>) {
  const rule = STEPS[step];
  const owner = rule.by === 'LIBRARY' ? eq(orders.library_id, actor.libraryId ?? -1) : eq(orders.publisher_id, actor.publisherId ?? -1);
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), owner))
      .for('update');
    if (!before) throw notFound('Order');
    if (!PAYABLE_STATUSES.includes(before.status))
      throw new AppError('CONFLICT', 'This order can be paid once the publisher has accepted it');
    if (!(rule.from as readonly PaymentState[]).includes(before.payment_state))
      throw new AppError('CONFLICT', `The payment of this order is ${before.payment_state}; this step needs it ${rule.from.join(' or ')}.`);
    await tx
      .update(orders)
      .set({ ...values, payment_state: rule.to, updated_at: now })
      .where(and(eq(orders.id, orderId), inArray(orders.payment_state, [...rule.from])));
    await tx.insert(order_events).values({
      order_id: orderId,
      kind: 'payment',
      from_status: before.status,
      to_status: before.status,
      payment_state: rule.to,
      actor_account_id: actor.accountId,
      actor_role: actor.role,
      created_at: now,
    });
    await record(tx, {
      actor: actorOf(actor),
      subject: 'order',
      subjectId: orderId,
      action: 'payment',
      changes: {
        payment_state: [before.payment_state, rule.to],
        ...(values.payment_utr ? { payment_utr: [before.payment_utr, values.payment_utr] } : {}),
        ...(values.payment_paid_on ? { payment_paid_on: [before.payment_paid_on, values.payment_paid_on] } : {}),
        ...(values.payment_amount_minor ? { payment_amount_minor: [before.payment_amount_minor, values.payment_amount_minor] } : {}),
      },
    });
    await tellOtherParty(
      tx,
      ctx,
      before,
      step,
      values.payment_amount_minor ?? before.payment_amount_minor,
      values.payment_utr ?? before.payment_utr,
    );
  });
  return DONE[step];
}

/** E-mails the other party of a payment step, in its language. */
async function tellOtherParty(
  tx: DbOrTx,
  ctx: AppContext,
  order: typeof orders.$inferSelect,
  step: Step,
  amountMinor: number | null,
  utr: string | null,
) {
  const toPublisher = step === 'record';
  const [other] = toPublisher
    ? await tx
        .select({ email: accounts.email, language: accounts.preferred_language })
        .from(publishers)
        .innerJoin(accounts, eq(accounts.id, publishers.account_id))
        .where(eq(publishers.id, order.publisher_id))
    : await tx
        .select({ email: accounts.email, language: accounts.preferred_language })
        .from(libraries)
        .innerJoin(accounts, eq(accounts.id, libraries.account_id))
        .where(eq(libraries.id, order.library_id));
  if (!other) return;
  const [library] = await tx.select({ name: libraries.name }).from(libraries).where(eq(libraries.id, order.library_id));
  const [publisher] = await tx.select({ name: publishers.publisher_name }).from(publishers).where(eq(publishers.id, order.publisher_id));
  const lng = other.language;
  const values = {
    order: orderNumber(order.id),
    amount: amountMinor === null ? '' : formatMoney(amountMinor, order.currency),
    utr: utr ?? '',
    library: library?.name ?? '',
    publisher: publisher?.name ?? '',
  };
  const link = `${ctx.config.publicUrl}${toPublisher ? '/orders' : '/booked-orders'}`;
  await enqueueMessage(tx, {
    channel: 'email',
    to: other.email,
    subject: noticeText(lng, 'payment.subject', values),
    text: [noticeText(lng, `payment.${step}`, values), link].join('\n'),
  });
}

/**
 * The library records its payment of an order (POST /book/order-book/:id/payment): UTR, day
 * and amount; the payment is then 'paid', awaiting the publisher's confirmation.
 * @throws 400 naming `paid_on` for a day after today; 404; 409 (see `paymentStep`)
 */
export async function recordPayment(ctx: AppContext, actor: Actor, orderId: number, input: PaymentRecordInput): Promise<string> {
  const today = ctx.clock().toISOString().slice(0, 10);
  if (input.paid_on > today) throw validationError([{ field: 'paid_on', message: PAYMENT_MSG.paidOn }]);
  return paymentStep(ctx, actor, orderId, 'record', {
    payment_utr: input.utr,
    payment_paid_on: input.paid_on,
    payment_amount_minor: toMinor(input.amount, 'INR'),
  });
}

/**
 * The publisher answers a recorded payment (PATCH /book/order-book/:id/payment): received
 * ('confirmed') or not received ('queried': the library may record it again).
 * @throws 404; 409 (see `paymentStep`)
 */
export async function answerPayment(ctx: AppContext, actor: Actor, orderId: number, input: PaymentAnswerInput): Promise<string> {
  return paymentStep(ctx, actor, orderId, input.state, {});
}

/** A week after dispatch, an unpaid order's library is reminded (once). */
const PAYMENT_REMINDER_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many reminders to pay a run; the rest wait for the next run. */
const PAYMENT_REMINDERS_PER_RUN = 500;

/**
 * The reminder to pay (job `orderReminders`, decision 070): each order dispatched a week ago or
 * more whose payment is still due, of a publisher that has not turned reminders off, reminds
 * its library once — an e-mail through the outbox in the library's language, a history row
 * (kind 'payment_reminder') and a record entry. Copies running at once take disjoint orders
 * (`SKIP LOCKED`); `payment_reminded_at` makes a second run a no-op.
 * @returns how many libraries were reminded
 */
export async function remindUnpaidOrders(ctx: AppContext): Promise<number> {
  const now = ctx.clock();
  const due = and(
    eq(orders.status, 'DISPATCHED'),
    eq(orders.payment_state, 'due'),
    isNull(orders.payment_reminded_at),
    lte(orders.status_since, new Date(now.getTime() - PAYMENT_REMINDER_AFTER_MS)),
    exists(
      ctx.db
        .select({ one: sql`1` })
        .from(publishers)
        .where(and(eq(publishers.id, orders.publisher_id), eq(publishers.payment_reminders, true))),
    ),
  );
  return ctx.db.transaction(async (tx) => {
    const marked = await markOrdersReminded(tx, {
      due,
      set: { payment_reminded_at: now },
      kind: 'payment_reminder',
      now,
      limit: PAYMENT_REMINDERS_PER_RUN,
    });
    if (marked.length === 0) return 0;
    const ids = marked.map((order) => order.id);
    const [lines, parties] = await Promise.all([
      tx.select().from(order_items).where(inArray(order_items.order_id, ids)),
      tx
        .select({ id: orders.id, email: accounts.email, language: accounts.preferred_language, publisher: publishers.publisher_name })
        .from(orders)
        .innerJoin(libraries, eq(libraries.id, orders.library_id))
        .innerJoin(accounts, eq(accounts.id, libraries.account_id))
        .innerJoin(publishers, eq(publishers.id, orders.publisher_id))
        .where(inArray(orders.id, ids)),
    ]);
    for (const order of marked) {
      const party = parties.find((row) => row.id === order.id);
      if (!party) continue;
      const priced = lines
        .filter((line) => line.order_id === order.id)
        .map((line) => ({ ...line, copies: line.accepted_book_copies ?? line.number_of_copies }));
      const amount = orderAmountDue(order, priced).amount_minor;
      const values = {
        order: orderNumber(order.id),
        publisher: party.publisher,
        amount: amount === null ? '' : formatMoney(amount, order.currency),
      };
      await enqueueMessage(tx, {
        channel: 'email',
        to: party.email,
        subject: noticeText(party.language, 'payment.subject', values),
        text: [noticeText(party.language, 'payment.reminder', values), `${ctx.config.publicUrl}/booked-orders`].join('\n'),
      });
    }
    return marked.length;
  });
}
