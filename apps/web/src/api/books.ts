/**
 * The book calls more than one feature makes (a book's public page, a private PDF's request, a
 * reader's order): here, so no feature imports another (decision 045).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bookEndpoints } from '@jsbn/shared/core';
import type { BookPdfRequest, ReaderOrder } from '@jsbn/shared';
import { ApiError, call } from './client';
import { queryKeys } from './query-keys';
import { useApiMutation, type EndpointHooks } from './mutations';

/** The query key of a book by its JSBN as the path holds it; the server-made page seeds it (decision 011). */
export const bookByJsbnKey = queryKeys.books.byJsbn;

/** A query's error is a withdrawn book's 410 (decision 043): final, as the book stays withdrawn. */
const withdrawn = (query: { state: { error: unknown } }) => query.state.error instanceof ApiError && query.state.error.status === 410;

/**
 * GET /api/book/listing/jsbn/:jsbn — a book's public page. A withdrawn book's 410 is not asked
 * again when the page mounts (`retryOnMount`): the query holds that error (from the server's
 * first pass, or seeded in the browser), and a query asked again on mount without data reads as
 * loading — the server's second pass and the hydrated page showed 'Loading…' instead of the
 * notice (decision 072).
 */
export const bookByJsbnQuery = (jsbn: string) =>
  queryOptions({
    queryKey: bookByJsbnKey(jsbn),
    queryFn: async ({ signal, client }) => (await call(bookEndpoints.byJsbn, { params: { jsbnNo: jsbn }, signal, client })).data,
    enabled: Boolean(jsbn),
    retryOnMount: (query) => !withdrawn(query),
  });

export const useBookByJsbn = (jsbn: string) => useQuery(bookByJsbnQuery(jsbn));

/** POST /api/book/book-request/:id — request for a private PDF (wire names as the spec writes them). */
export const useBookPdfRequest = (id: number, hooks: EndpointHooks<typeof bookEndpoints.pdfRequest, BookPdfRequest>) =>
  useApiMutation((body) => call(bookEndpoints.pdfRequest, { params: { id }, body }), hooks);

/** POST /api/book/reader/order */
export const useReaderOrder = (hooks: EndpointHooks<typeof bookEndpoints.readerOrder, ReaderOrder>) =>
  useApiMutation((body) => call(bookEndpoints.readerOrder, { body }), hooks);
