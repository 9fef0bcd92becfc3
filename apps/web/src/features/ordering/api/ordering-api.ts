import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BookDto, CreateOrdersInput, PublisherInfo } from '@jsbn/shared';
import { get, request, type QueryValue } from '../../../api/client';

/** GET /api/publisher row (docs/api.md). */
export interface PublisherListItem {
  id: number;
  publisher_no: string;
  publisher_name: string;
  publisher_type: string;
  city_name: string | null;
  state_name: string | null;
  logoUrl: string | null;
  total_books: number;
  last_book_published: string | null;
}

export function usePublishers(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['publishers', 'list', query],
    queryFn: ({ signal }) => get<{ publishers: PublisherListItem[]; total: number }>('/publisher', query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePublisherDetails(id: number | null) {
  return useQuery({
    queryKey: ['publishers', 'one', id],
    queryFn: ({ signal }) => get<{ publisher: PublisherInfo }>(`/publisher/${id}`, undefined, signal),
    select: (data) => data.publisher,
    enabled: Boolean(id),
  });
}

export interface BookList {
  books: BookDto[];
  total: number;
  publisherName?: string;
}

export function useOrderableBooks(publisherId: number | null, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['books', publisherId ? 'publisher' : 'list', publisherId, query],
    queryFn: ({ signal }) => get<BookList>(publisherId ? `/book/publisher/${publisherId}` : '/book', query, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/book/order-book with an Idempotency-Key made once per cart submission. */
export const createOrders = (body: CreateOrdersInput, idempotencyKey: string) =>
  request<{ id: number; orderId: string; publisherId: number }[]>('/book/order-book', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
