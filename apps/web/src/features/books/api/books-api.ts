import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AuthorNameOption,
  AuthorTypeOption,
  BookDto,
  BookList,
  BookRegistrationResult,
  DuplicateCheckResult,
  FinaliseResult,
  LanguageOption,
  NextJsbnIds,
  PublisherCatalog,
  SubjectOption,
  SwaroopOption,
  UploadUrl,
  UploadUrlsRequest,
} from '@jsbn/shared';
import { apiUrl, get, request, type QueryValue } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

const lookup = <T,>(key: string, path: string, field: string) => ({
  queryKey: queryKeys.lookups.of(key),
  queryFn: ({ signal }: { signal: AbortSignal }) => get<Record<string, T[]>>(path, undefined, signal),
  select: (data: Record<string, T[]>) => data[field] ?? [],
  staleTime: Infinity,
});

export const useLanguages = () => useQuery(lookup<LanguageOption>('languages', '/book/language', 'languages'));
export const useSubjects = () => useQuery(lookup<SubjectOption>('subjects', '/book/subject', 'subjects'));
export const useAuthorTypes = () => useQuery(lookup<AuthorTypeOption>('author-types', '/book/author-type', 'authorTypes'));
/** The swaroops (book types) lookup; the book page reads it. */
export const swaroopsQuery = lookup<SwaroopOption>('swaroops', '/book/swaroop', 'swaroops');
export const useSwaroops = () => useQuery(swaroopsQuery);

/** GET /api/book/book-jsbn-number — the publisher's next ids (prefilled, locked). */
export function useNextJsbnIds() {
  return useQuery({
    queryKey: queryKeys.books.nextJsbn,
    queryFn: ({ signal }) => get<NextJsbnIds>('/book/book-jsbn-number', undefined, signal),
    staleTime: 0,
  });
}

export const createBook = (body: FormData) => request<BookRegistrationResult>('/book', { method: 'POST', body });

export const setBookAvailability = (id: number, isAvailable: boolean) => request<null>(`/book/${id}`, { method: 'PATCH', body: { isAvailable } });

/** GET /api/book (search and lists). */
export function useBookList(query: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: queryKeys.books.list(query),
    queryFn: ({ signal }) => get<BookList>('/book', query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/book/publisher/:id */
export function usePublisherBookList(publisherId: number | undefined, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: queryKeys.books.ofPublisher(publisherId, query),
    queryFn: ({ signal }) => get<BookList>(`/book/publisher/${publisherId}`, query, signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(publisherId),
  });
}

/** The JPEG download of a book's QR code. */
export const qrDownloadUrl = (jsbn: string) => apiUrl(`/book/listing/jsbn/${encodeURIComponent(jsbn)}/qrcode.jpg`);

/** GET /api/book/:id (the owner also gets its private PDF link). */
export function useBook(id: number | null) {
  return useQuery({
    queryKey: queryKeys.books.one(id),
    queryFn: ({ signal }) => get<{ book: BookDto }>(`/book/${id}`, undefined, signal),
    enabled: id !== null,
    staleTime: 0,
    meta: { silent: true },
  });
}

/** PATCH /api/book/:id (multipart): the fields, an optional new cover, `removed_images`. */
export const updateBook = (id: number, body: FormData) => request<null>(`/book/${id}`, { method: 'PATCH', body });

/** GET /api/book/check-jsbn-number — the duplicate check; the message says which. */
export const checkDuplicate = (query: { publisher_no: string; publisher_jsbn_id: string; book_title: string }) =>
  request<DuplicateCheckResult>('/book/check-jsbn-number', { query });

/** POST /api/book/:id/upload-urls → one signed PUT address per file, in order. */
export const requestUploadUrls = (id: number, files: UploadUrlsRequest['files']) =>
  request<UploadUrl[]>(`/book/${id}/upload-urls`, { method: 'POST', body: { files } });

/** POST /api/book/:id/finalise → `{ message, attached }` (attaches every uploaded file). */
export const finaliseBook = (id: number) => request<FinaliseResult>(`/book/${id}/finalise`, { method: 'POST' });

/** GET /api/book/catalog/:publisher_no → the link of the generated catalogue PDF. */
export const getCatalogue = (publisherNo: string) => get<PublisherCatalog>(`/book/catalog/${encodeURIComponent(publisherNo)}`);

/**
 * GET /api/book/author-name?queryString= → known authors whose name holds `queryString` (at most
 * 20, names starting with it first). Off while `queryString` is shorter than 2 characters.
 */
export function useAuthorNames(queryString: string) {
  const query = queryString.trim();
  return useQuery<AuthorNameOption[]>({
    queryKey: queryKeys.lookups.authorNames(query),
    queryFn: ({ signal }) => get<{ authorNames: AuthorNameOption[] }>('/book/author-name', { queryString: query }, signal).then((data) => data.authorNames),
    enabled: query.length >= 2,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
