import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { bookEndpoints, lookupEndpoints } from '@jsbn/shared/core';
import type { AuthorNameOption, UploadUrlsRequest } from '@jsbn/shared';
import { call, endpointUrl, type QueryValue } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useApiMutation, type EndpointHooks } from '../../../api/mutations';

/** A lookup list, kept for the page's life. */
const lookup = <T>(key: string, load: (signal: AbortSignal, client: QueryClient) => Promise<T[]>) =>
  queryOptions({ queryKey: queryKeys.lookups.of(key), queryFn: ({ signal, client }) => load(signal, client), staleTime: Infinity });

export const useLanguages = () =>
  useQuery(lookup('languages', async (signal, client) => (await call(lookupEndpoints.languages, { signal, client })).data.languages));
export const useSubjects = () =>
  useQuery(lookup('subjects', async (signal, client) => (await call(lookupEndpoints.subjects, { signal, client })).data.subjects));
export const useAuthorTypes = () =>
  useQuery(
    lookup('author-types', async (signal, client) => (await call(lookupEndpoints.authorTypes, { signal, client })).data.authorTypes),
  );
/** The swaroops (book types) lookup; the book page reads it. */
export const swaroopsQuery = lookup(
  'swaroops',
  async (signal, client) => (await call(lookupEndpoints.swaroops, { signal, client })).data.swaroops,
);
export const useSwaroops = () => useQuery(swaroopsQuery);

/** GET /api/book/book-jsbn-number — the publisher's next ids (prefilled, locked). */
export function useNextJsbnIds() {
  return useQuery({
    queryKey: queryKeys.books.nextJsbn,
    queryFn: async ({ signal, client }) => (await call(bookEndpoints.nextIds, { signal, client })).data,
    staleTime: 0,
  });
}

/** POST /api/book (multipart: the fields and `book_cover`) → the new book's id, JSBN and QR code. */
export const useCreateBook = (hooks: EndpointHooks<typeof bookEndpoints.register, FormData> = {}) =>
  useApiMutation((body) => call(bookEndpoints.register, { body }), hooks);

/** PATCH /api/book/:id `{ isAvailable }` — the book available for printing or not. */
export const useBookAvailability = (hooks: EndpointHooks<typeof bookEndpoints.update, { id: number; isAvailable: boolean }>) =>
  useApiMutation(({ id, isAvailable }) => call(bookEndpoints.update, { params: { id }, body: { isAvailable } }), hooks);

/** GET /api/book (search and lists). */
export function useBookList(query: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: queryKeys.books.list(query),
    queryFn: async ({ signal, client }) => (await call(bookEndpoints.list, { query, signal, client })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/book/publisher/:id */
export function usePublisherBookList(publisherId: number | undefined, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: queryKeys.books.ofPublisher(publisherId, query),
    queryFn: async ({ signal, client }) =>
      (await call(bookEndpoints.ofPublisher, { params: { publisherId: publisherId! }, query, signal, client })).data,
    placeholderData: keepPreviousData,
    enabled: Boolean(publisherId),
  });
}

/** The JPEG download of a book's QR code. */
export const qrDownloadUrl = (jsbn: string) => endpointUrl(bookEndpoints.qrJpeg, { params: { jsbnNo: jsbn } });

/** GET /api/book/:id (the owner also gets its private PDF link). */
export function useBook(id: number | null) {
  return useQuery({
    queryKey: queryKeys.books.one(id),
    queryFn: async ({ signal, client }) => (await call(bookEndpoints.one, { params: { id: id! }, signal, client })).data,
    enabled: id !== null,
    staleTime: 0,
    meta: { silent: true },
  });
}

/** PATCH /api/book/:id (multipart): the fields, an optional new cover, `removed_images`. */
export const useUpdateBook = (id: number, hooks: EndpointHooks<typeof bookEndpoints.update, FormData> = {}) =>
  useApiMutation((body) => call(bookEndpoints.update, { params: { id }, body }), hooks);

/** GET /api/book/check-jsbn-number — the duplicate check; the message says which. */
export const checkDuplicate = (query: { publisher_no: string; publisher_jsbn_id: string; book_title: string }) =>
  call(bookEndpoints.checkDuplicate, { query });

/** POST /api/book/:id/upload-urls → one signed PUT address per file, in order. */
export const requestUploadUrls = (id: number, files: UploadUrlsRequest['files']) =>
  call(bookEndpoints.uploadUrls, { params: { id }, body: { files } });

/** POST /api/book/:id/finalise → `{ message, attached }` (attaches every uploaded file). */
export const finaliseBook = (id: number) => call(bookEndpoints.finalise, { params: { id } });

/** GET /api/book/catalog/:publisher_no → the link of the generated catalogue PDF. */
export const getCatalogue = async (publisherNo: string) =>
  (await call(bookEndpoints.catalogue, { params: { publisher_no: publisherNo } })).data;

/**
 * GET /api/book/author-name?queryString= → known authors whose name holds `queryString` (at most
 * 20, names starting with it first). Off while `queryString` is shorter than 2 characters.
 */
export function useAuthorNames(queryString: string) {
  const query = queryString.trim();
  return useQuery<AuthorNameOption[]>({
    queryKey: queryKeys.lookups.authorNames(query),
    queryFn: async ({ signal, client }) =>
      (await call(bookEndpoints.authorNames, { query: { queryString: query }, signal, client })).data.authorNames,
    enabled: query.length >= 2,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
