/**
 * The book calls more than one feature makes (a book's public page, a private PDF's request, a
 * reader's order): here, so no feature imports another (decision 045).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bookEndpoints } from '@jsbn/shared/core';
import type { BookPdfRequest, ReaderOrder } from '@jsbn/shared';
import { call } from './client';
import { queryKeys } from './query-keys';
import { useApiMutation, type EndpointHooks } from './mutations';

/** The query key of a book by its JSBN as the path holds it; the server-made page seeds it (decision 011). */
export const bookByJsbnKey = queryKeys.books.byJsbn;

/** GET /api/book/listing/jsbn/:jsbn — a book's public page. */
export const bookByJsbnQuery = (jsbn: string) =>
  queryOptions({
    queryKey: bookByJsbnKey(jsbn),
    queryFn: async ({ signal, client }) => (await call(bookEndpoints.byJsbn, { params: { jsbnNo: jsbn }, signal, client })).data,
    enabled: Boolean(jsbn),
  });

export const useBookByJsbn = (jsbn: string) => useQuery(bookByJsbnQuery(jsbn));

/** POST /api/book/book-request/:id — request for a private PDF (wire names as the spec writes them). */
export const useBookPdfRequest = (id: number, hooks: EndpointHooks<typeof bookEndpoints.pdfRequest, BookPdfRequest>) =>
  useApiMutation((body) => call(bookEndpoints.pdfRequest, { params: { id }, body }), hooks);

/** POST /api/book/reader/order */
export const useReaderOrder = (hooks: EndpointHooks<typeof bookEndpoints.readerOrder, ReaderOrder>) =>
  useApiMutation((body) => call(bookEndpoints.readerOrder, { body }), hooks);
