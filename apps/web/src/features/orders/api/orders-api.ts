/** Calls of the order screens — docs/api.md (orders, status, dispatch, letters, exports, labels). */
import { useQuery } from '@tanstack/react-query';
import { MSG, holdingEndpoints, orderEndpoints } from '@jsbn/shared/core';
import type { OrderStatus, OrderStatusRequest } from '@jsbn/shared';
import { call, toFormData, type ApiFile, type QueryValue } from '../../../api/client';
import type { SortState } from '../../../components/data-table';
import { queryKeys } from '../../../api/query-keys';
import { useApiMutation, type EndpointHooks } from '../../../api/mutations';
import { sameStatusPlaceholder } from './list-placeholder';

/** Order lists default to order_date descending (packages/shared/src/constants.ts). */
export const ORDER_DEFAULT_SORT: SortState = { field: 'order_date', order: 'desc' };

/** GET /api/book/order-book?orderStatus=… → `{ orderBooks, total }`. */
export function useOrders(status: OrderStatus, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: queryKeys.orders.list(status, query),
    queryFn: async ({ signal, client }) =>
      (await call(orderEndpoints.list, { query: { ...query, orderStatus: status }, signal, client })).data,
    placeholderData: sameStatusPlaceholder(status),
  });
}

/** GET /api/book/order-book/:id → the order with its history (Order Details). */
export function useOrder(id: number | null) {
  return useQuery({
    queryKey: queryKeys.orders.one(id),
    queryFn: async ({ signal, client }) => (await call(orderEndpoints.one, { params: { id: id! }, signal, client })).data.orderBook,
    enabled: Boolean(id),
  });
}

/**
 * PATCH /api/book/order-book/:id — accept, partial accept, reject, cancel, receive; the orders,
 * then the dashboard and the library's copies (a receipt shelves the order's), are read again after.
 */
export const useOrderStatusChange = (hooks: EndpointHooks<typeof orderEndpoints.setStatus, { id: number; body: OrderStatusRequest }>) =>
  useApiMutation(({ id, body }) => call(orderEndpoints.setStatus, { params: { id }, body }), hooks, [
    queryKeys.orders.all,
    queryKeys.dashboard.all,
    queryKeys.holdings.all,
  ]);

/**
 * GET /api/library/holdings/order/:orderId (the ordering library) → what the order's receipt put
 * on the shelves: `{ count, accession_numbers, on_shelves, undone }` (decision 071); read only
 * when `enabled` (a received order, shown to its library).
 */
export function useOrderShelving(orderId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.holdings.order(orderId),
    queryFn: async ({ signal, client }) =>
      (await call(holdingEndpoints.orderShelving, { params: { orderId: orderId! }, signal, client })).data,
    enabled: enabled && Boolean(orderId),
  });
}

/**
 * POST /api/library/holdings/order/:orderId/unshelve — takes the order's copies still on the
 * shelves off them (withdrawn, their numbers kept); the library's copies, the order's among
 * them, are read again after.
 */
export const useUndoShelving = (hooks: EndpointHooks<typeof holdingEndpoints.unshelveOrder, number>) =>
  useApiMutation((orderId) => call(holdingEndpoints.unshelveOrder, { params: { orderId } }), hooks, [queryKeys.holdings.all]);

/** What the publisher fills in when dispatching an order. */
export interface DispatchValues {
  courierCompanyName?: string;
  courierCompanyNumber?: string;
  trackingId?: string;
  /** Postage in the order's currency, major units. */
  postage?: number;
  orderImage: File | null;
}

/**
 * POST /api/book/create-dispatch (multipart: the courier's details and the optional `orderImage`);
 * the orders, then the dashboard, are read again after.
 */
export const useOrderDispatch = (hooks: EndpointHooks<typeof orderEndpoints.dispatch, { orderId: number; values: DispatchValues }>) =>
  useApiMutation(
    ({ orderId, values: { orderImage, courierCompanyName, courierCompanyNumber, trackingId, postage } }) =>
      call(orderEndpoints.dispatch, {
        body: toFormData({ orderId, courierCompanyName, courierCompanyNumber, trackingId, postage }, { orderImage }),
      }),
    hooks,
    [queryKeys.orders.all, queryKeys.dashboard.all],
  );

/**
 * POST /api/book/order-book/:id/reminder (library) — reminds the publisher of an order waiting
 * on it for more than 3 days; fails with ApiError 409 (too early, not waiting) or 429 (sent today).
 */
export const useOrderReminder = (hooks: EndpointHooks<typeof orderEndpoints.remind, number>) =>
  useApiMutation((id) => call(orderEndpoints.remind, { params: { id } }), hooks, [queryKeys.orders.all]);

/**
 * POST /api/publisher/generate-pdf — the order letter (order summary) PDF. With `sendWhatsapp`
 * (the library, right after ordering) the server also sends it to the publisher.
 * @throws Error 'Error while generating pdf' when the reply is empty
 */
export async function orderLetter(orderId: number, sendWhatsapp: boolean): Promise<ApiFile> {
  const file = await call(orderEndpoints.letter, { body: { orderId, sendWhatsapp } });
  if (file.blob.size === 0) throw new Error(MSG.pdfError);
  return file;
}

/** GET /api/book/order-book/export.xlsx?ids=… — the chosen orders as a spreadsheet. */
export const exportOrders = (query: { ids: string }) => call(orderEndpoints.exportXlsx, { query });

/** GET /api/book/order-book/addresses.pdf?ids=… — the chosen orders' address labels (publisher). */
export const orderAddressLabels = (query: { ids: string }) => call(orderEndpoints.addressLabels, { query });

/**
 * POST /api/book/order-book/:id/payment (library) — records the payment it made: UTR (12 digits),
 * day (YYYY-MM-DD) and amount in rupees (decision 070); 400 naming the field, 409 when not payable.
 */
export const useRecordPayment = (
  hooks: EndpointHooks<typeof orderEndpoints.recordPayment, { id: number; body: { utr: string; paid_on: string; amount: string } }>,
) => useApiMutation(({ id, body }) => call(orderEndpoints.recordPayment, { params: { id }, body }), hooks, [queryKeys.orders.all]);

/** PATCH /api/book/order-book/:id/payment (publisher) — the recorded payment was received ('confirmed') or not ('queried'). */
export const useAnswerPayment = (
  hooks: EndpointHooks<typeof orderEndpoints.answerPayment, { id: number; state: 'confirmed' | 'queried' }>,
) =>
  useApiMutation(({ id, state }) => call(orderEndpoints.answerPayment, { params: { id }, body: { state } }), hooks, [queryKeys.orders.all]);
