/**
 * Orders: creating orders from the cart, status changes, dispatch and the list — spec
 * books-and-orders §3, §4, §5, §7.
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { ORDER_STATUSES } from '../constants.js';
import { normalizePhone } from '../phone.js';
import { id, listQuery, noControlCharacters, optionalNumber, optionalText, sortField } from './common.js';

/** Columns the order lists sort on (DESIGN §3: a whitelist). */
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

/** PATCH /api/book/order-book/:id */
export const orderStatusBody = z.object({
  status: z.enum(['IN_PROGRESS', 'CANCELLED', 'DISPATCHED', 'COMPLETED']),
  orderItems: z.array(z.object({ id: id, PartialBook: z.coerce.number().int().min(0).max(100_000) })).optional(),
});
export type UpdateOrderStatusInput = z.infer<typeof orderStatusBody>;

/** POST /api/book/create-dispatch (multipart; optional `orderImage` file). */
export const dispatchFields = z.object({
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
export type DispatchOrderInput = z.infer<typeof dispatchFields>;

/** GET /api/book/order-book */
export const orderListQuery = listQuery.extend({
  orderStatus: z.enum(ORDER_STATUSES).optional(),
  sortedField: sortField(ORDER_SORT_FIELDS),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

/** POST /api/publisher/generate-pdf — the order summary (letter) PDF; `sendWhatsapp` also sends it to the publisher. */
export const orderLetterBody = z.object({ orderId: id, sendWhatsapp: z.boolean().default(false) });
