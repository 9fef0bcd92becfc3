import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MSG } from '@jsbn/shared/core';
import type { BookList, CreateOrdersInput, CreatedOrders } from '@jsbn/shared';
import { get, request, requestBlob, type QueryValue } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export function useOrderableBooks(publisherId: number | null, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: publisherId ? queryKeys.books.ofPublisher(publisherId, query) : queryKeys.books.list(query),
    queryFn: ({ signal }) => get<BookList>(publisherId ? `/book/publisher/${publisherId}` : '/book', query, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/book/order-book with an Idempotency-Key made once per cart submission. */
export const createOrders = (body: CreateOrdersInput, idempotencyKey: string) =>
  request<CreatedOrders>('/book/order-book', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/**
 * POST /api/publisher/generate-pdf `{ orderId, sendWhatsapp: true }` for an order just created:
 * the server makes the order letter and sends it to the publisher by e-mail and WhatsApp.
 * @throws Error 'Error while generating pdf' when the reply is empty
 */
export async function sendOrderLetter(orderId: number): Promise<void> {
  const file = await requestBlob('/publisher/generate-pdf', { method: 'POST', body: { orderId, sendWhatsapp: true } });
  if (file.blob.size === 0) throw new Error(MSG.pdfError);
}

export const BOOK_EXPORT_PATH = '/book/export.xlsx';
export const PUBLISHER_EXPORT_PATH = '/publisher/export.xlsx';
