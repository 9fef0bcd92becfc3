/**
 * The book calls more than one feature makes (a book's public page, a private PDF's request, a
 * reader's order): here, so no feature imports another (decision 045).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookByNumber, BookPdfRequest, ReaderOrder } from '@jsbn/shared';
import { get, request } from './client';
import { queryKeys } from './query-keys';

/** The query key of a book by its JSBN as the path holds it; the server-made page seeds it (decision 011). */
export const bookByJsbnKey = queryKeys.books.byJsbn;

/** GET /api/book/listing/jsbn/:jsbn — a book's public page. */
export const bookByJsbnQuery = (jsbn: string) =>
  queryOptions({
    queryKey: bookByJsbnKey(jsbn),
    queryFn: ({ signal }) => get<BookByNumber>(`/book/listing/jsbn/${encodeURIComponent(jsbn)}`, undefined, signal),
    enabled: Boolean(jsbn),
  });

export const useBookByJsbn = (jsbn: string) => useQuery(bookByJsbnQuery(jsbn));

/** POST /api/book/book-request/:id — request for a private PDF (wire names as the spec writes them). */
export const requestBookPdf = (id: number, body: BookPdfRequest) => request<null>(`/book/book-request/${id}`, { method: 'POST', body });

/** POST /api/book/reader/order */
export const placeReaderOrder = (body: ReaderOrder) => request<null>('/book/reader/order', { method: 'POST', body });
