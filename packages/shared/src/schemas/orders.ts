/**
 * Orders: creating orders from the cart, status changes, dispatch and the list — spec
 * books-and-orders §3, §4, §5, §7.
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { ORDER_STATUSES, type ModelType, type OrderStatus } from '../constants.js';
import { id, listQuery, optionalText, sortField } from './common.js';

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
export const createOrders = z.object({
  orders: z.array(orderItemInput, { error: MSG.noItems }).min(1, MSG.noItems).max(500),
});
export type CreateOrdersInput = z.infer<typeof createOrders>;
/** POST /api/book/order-book → data (spec books §7: data.message and the orders made, one per publisher). */
export interface CreatedOrders {
  message: string;
  orders: { id: number; orderId: string; publisherId: number }[];
}

/** PATCH /api/book/order-book/:id */
export const updateOrderStatus = z.object({
  status: z.enum(['IN_PROGRESS', 'CANCELLED', 'DISPATCHED', 'COMPLETED']),
  orderItems: z
    .array(z.object({ id: id, PartialBook: z.coerce.number().int().min(0).max(100_000) }))
    .optional(),
});
export type UpdateOrderStatusInput = z.infer<typeof updateOrderStatus>;

/** POST /api/book/create-dispatch (multipart; optional `orderImage` file). */
export const dispatchOrder = z.object({
  orderId: id,
  courierCompanyName: optionalText(200),
  courierCompanyNumber: z
    .string()
    .trim()
    .optional()
    .transform((value) => (!value || Number(value) <= 0 ? undefined : value))
    .pipe(z.string().length(10, MSG.invalidCourierNumber).optional()),
  trackingId: optionalText(100),
});
export type DispatchOrderInput = z.infer<typeof dispatchOrder>;

/** GET /api/book/order-book */
export const orderListQuery = listQuery.extend({ orderStatus: z.enum(ORDER_STATUSES).optional(), sortedField: sortField(ORDER_SORT_FIELDS) });
export type OrderListQuery = z.infer<typeof orderListQuery>;

/** An order as the API returns it (spec books §3 "Order book"). */
export interface OrderDto {
  id: number;
  orderId: string;
  order_date: string;
  totalCopies: number;
  status: OrderStatus;
  library: { id: number; name: string; logoUrl: string | null; address: string; mobile_no: string; email: string };
  publisher: { id: number; publisher_name: string; logoUrl: string | null; address: string | null; mobile_no: string | null; email: string };
  OrderBookItem: {
    id: number;
    number_of_copies: number;
    accepted_book_copies: number | null;
    book: { id: number; book_title: string; jsbn_number: string; authors: string[] };
  }[];
  dispetchedOrder: {
    orderimage: string | null;
    courierCompanyName: string | null;
    courierCompanyNumber: string | null;
    trackingId: string | null;
  } | null;
  /** Every status change, oldest first: the new status, when (ISO 8601), who ('LIBRARY a@b') and the actor's role. */
  history: { status: OrderStatus; at: string; by: string; role: ModelType }[];
}

/** POST /api/publisher/generate-pdf — the order summary (letter) PDF; `sendWhatsapp` also sends it to the publisher. */
export const orderSummaryRequest = z.object({ orderId: id, sendWhatsapp: z.boolean().default(false) });
