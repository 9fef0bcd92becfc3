/** Calls of the order screens — spec books §7 (orders, status, dispatch, letters, exports, labels). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MSG } from '@jsbn/shared/core';
import type { OrderDto, OrderList, OrderStatus, UpdateOrderStatusInput } from '@jsbn/shared';
import { get, request, requestBlob, type ApiFile, type QueryValue } from '../../../api/client';
import type { SortState } from '../../../components/data-table';
import { queryKeys } from '../../../api/query-keys';

/** Order lists default to order_date descending (spec books §9). */
export const ORDER_DEFAULT_SORT: SortState = { field: 'order_date', order: 'desc' };

/** GET /api/book/order-book?orderStatus=… → `{ orderBooks, total }`. */
export function useOrders(status: OrderStatus, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: queryKeys.orders.list(status, query),
    queryFn: ({ signal }) => get<OrderList>('/book/order-book', { ...query, orderStatus: status }, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/book/order-book/:id → the order with its history (Order Details). */
export function useOrder(id: number | null) {
  return useQuery({
    queryKey: queryKeys.orders.one(id),
    queryFn: ({ signal }) => get<{ orderBook: OrderDto }>(`/book/order-book/${id}`, undefined, signal),
    select: (data) => data.orderBook,
    enabled: Boolean(id),
  });
}

/** PATCH /api/book/order-book/:id — accept, partial accept, reject, cancel, receive. */
export const updateOrderStatus = (id: number, body: UpdateOrderStatusInput) => request<{ message: string }>(`/book/order-book/${id}`, { method: 'PATCH', body });

/** POST /api/book/create-dispatch (multipart with the optional `orderImage`). */
export const dispatchOrder = (body: FormData) => request<null>('/book/create-dispatch', { method: 'POST', body });

/**
 * POST /api/publisher/generate-pdf — the order letter (order summary) PDF. With `sendWhatsapp`
 * (the library, right after ordering) the server also sends it to the publisher.
 * @throws Error 'Error while generating pdf' when the reply is empty
 */
export async function orderLetter(orderId: number, sendWhatsapp: boolean): Promise<ApiFile> {
  const file = await requestBlob('/publisher/generate-pdf', { method: 'POST', body: { orderId, sendWhatsapp } });
  if (file.blob.size === 0) throw new Error(MSG.pdfError);
  return file;
}

export const ORDER_EXPORT_PATH = '/book/order-book/export.xlsx';
export const ORDER_ADDRESSES_PATH = '/book/order-book/addresses.pdf';

/**
 * POST /api/book/order-book/:id/reminder (library) — reminds the publisher of an order waiting
 * on it for more than 3 days. @throws ApiError 409 too early or not waiting, 429 sent today
 */
export const sendReminder = (id: number) => request<{ message: string }>(`/book/order-book/${id}/reminder`, { method: 'POST' });
