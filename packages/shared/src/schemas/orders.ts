/**
 * Orders: creating orders from the cart, status changes, dispatch and the list — spec
 * docs/api.md.
 */
import { z } from 'zod';
import { MSG, ORDER_MSG, PAYMENT_MSG } from '../messages.js';
import { UTR_PATTERN } from '../payments.js';
import { ORDER_STATUSES, PARTIAL_ACCEPT_REASONS, RECEIVED_AS } from '../constants.js';
import { normalizePhone } from '../phone.js';
import { isIndiaPost, isIndiaPostArticle } from '../couriers.js';
import { id, listQuery, noControlCharacters, optionalNumber, optionalText, sortField } from './common.js';

/** Columns the order lists sort on (docs/api.md: a whitelist). */
export const ORDER_SORT_FIELDS = ['order_date', 'createdAt', 'status', 'library_name', 'publisher_name'] as const;

/** One cart line sent to POST /api/book/order-book. */
export const orderItemInput = z.object({
  publisherId: id,
  bookId: id,
  numberOfCopies: z.coerce.number({ error: MSG.orderQuantity }).int(MSG.orderQuantity).min(1, MSG.orderQuantity).max(100_000),
  bookTitle: z.string().max(500).optional(),
});

/** POST /api/book/order-book (header Idempotency-Key) → one order per publisher. */
export const createOrdersBody = z.object({
  orders: z.array(orderItemInput, { error: MSG.noItems }).min(1, MSG.noItems).max(500),
});
export type CreateOrdersInput = z.infer<typeof createOrdersBody>;

/** The longest reason or note a partial accept or a receipt short or damaged takes. */
export const ORDER_NOTE_MAX = 500;

/**
 * PATCH /api/book/order-book/:id. A partial accept names its reason (`partialReason`, with words in
 * `partialNote`, required for 'other'; whether the accept is partial the server decides from the
 * counts); a receipt may be `receivedAs` 'short_or_damaged' with a required `receivedNote`.
 */
export const orderStatusBody = z
  .object({
    status: z.enum(['IN_PROGRESS', 'CANCELLED', 'DISPATCHED', 'COMPLETED']),
    orderItems: z.array(z.object({ id: id, PartialBook: z.coerce.number().int().min(0).max(100_000) })).optional(),
    /** Postage stated when accepting an order whose terms are 'as actual', major units of its currency (decision 070). */
    postage: optionalNumber('Postage', 0, 1_000_000),
    partialReason: z.enum(PARTIAL_ACCEPT_REASONS, { error: ORDER_MSG.partialReasonChoice }).optional(),
    partialNote: optionalText(ORDER_NOTE_MAX, 'Reason in words', 'multi'),
    receivedAs: z.enum(RECEIVED_AS, { error: ORDER_MSG.receivedAs }).optional(),
    receivedNote: optionalText(ORDER_NOTE_MAX, 'Note', 'multi'),
  })
  .superRefine((body, ctx) => {
    if (body.partialReason === 'other' && !body.partialNote)
      ctx.addIssue({ code: 'custom', path: ['partialNote'], message: ORDER_MSG.partialNote });
    if (body.status === 'COMPLETED' && body.receivedAs === 'short_or_damaged' && !body.receivedNote)
      ctx.addIssue({ code: 'custom', path: ['receivedNote'], message: ORDER_MSG.receivedNote });
  });
export type UpdateOrderStatusInput = z.infer<typeof orderStatusBody>;
/** What a client sends to PATCH /api/book/order-book/:id (`postage` may be left out). */
export type OrderStatusRequest = z.input<typeof orderStatusBody>;

/** The fields of POST /api/book/create-dispatch, before the check that ties the tracking id to its courier. */
export const dispatchObject = z.object({
  orderId: id,
  courierCompanyName: optionalText(200, 'Courier company name'),
  courierCompanyNumber: z
    .string()
    .trim()
    .optional()
    .transform((value) => (!value || Number(value) <= 0 ? undefined : normalizePhone(value)))
    .pipe(
      z
        .string()
        .regex(/^\d{10}$/, MSG.invalidCourierNumber)
        .check(noControlCharacters('Courier company number'))
        .optional(),
    ),
  trackingId: optionalText(100, 'Tracking id'),
  /** Postage the library pays, in the order's currency, major units; optional. */
  postage: optionalNumber('Postage', 0, 1_000_000),
});

/** An India Post tracking id must be a valid UPU S10 article number (a typo would send the library to nothing). */
export function checkTrackingId(fields: { courierCompanyName?: string; trackingId?: string }, ctx: z.RefinementCtx) {
  if (fields.trackingId && isIndiaPost(fields.courierCompanyName) && !isIndiaPostArticle(fields.trackingId))
    ctx.addIssue({ code: 'custom', path: ['trackingId'], message: MSG.indiaPostTrackingId });
}

/** POST /api/book/create-dispatch (multipart; optional `orderImage` file). */
export const dispatchFields = dispatchObject.superRefine(checkTrackingId);
export type DispatchOrderInput = z.infer<typeof dispatchFields>;

/** A day as YYYY-MM-DD (ISO 8601). */
const isoDay = z.iso.date(PAYMENT_MSG.paidOn);

/**
 * POST /api/book/order-book/:id/payment (library): the payment it made — the UPI reference (UTR,
 * exactly 12 digits; spaces are taken away), the day and the amount in rupees (decision 070).
 */
export const paymentRecordBody = z.object({
  utr: z
    .string({ error: PAYMENT_MSG.utr })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(UTR_PATTERN, PAYMENT_MSG.utr)),
  paid_on: z.string({ error: PAYMENT_MSG.paidOn }).trim().pipe(isoDay),
  amount: z.coerce
    .number({ error: PAYMENT_MSG.paymentAmount })
    .positive(PAYMENT_MSG.paymentAmount)
    .max(100_000_000, PAYMENT_MSG.paymentAmount),
});
export type PaymentRecordInput = z.infer<typeof paymentRecordBody>;

/** PATCH /api/book/order-book/:id/payment (publisher): the payment recorded was received, or it was not (decision 070). */
export const paymentAnswerBody = z.object({
  state: z.enum(['confirmed', 'queried'], { error: 'State must be confirmed or queried' }),
});
export type PaymentAnswerInput = z.infer<typeof paymentAnswerBody>;

/** GET /api/book/order-book */
export const orderListQuery = listQuery.extend({
  orderStatus: z.enum(ORDER_STATUSES).optional(),
  sortedField: sortField(ORDER_SORT_FIELDS),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

/** POST /api/publisher/generate-pdf — the order summary (letter) PDF; `sendWhatsapp` also sends it to the publisher. */
export const orderLetterBody = z.object({ orderId: id, sendWhatsapp: z.boolean().default(false) });
