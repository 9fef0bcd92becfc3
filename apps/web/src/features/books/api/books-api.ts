import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuthorTypeOption, BookByNumber, BookDto, BookRegistrationResult, LanguageOption, SubjectOption, SwaroopOption } from '@jsbn/shared';
import { apiUrl, get, request, type QueryValue } from '../../../api/client';

const lookup = <T,>(key: string, path: string, field: string) => ({
  queryKey: ['lookups', key],
  queryFn: ({ signal }: { signal: AbortSignal }) => get<Record<string, T[]>>(path, undefined, signal),
  select: (data: Record<string, T[]>) => data[field] ?? [],
  staleTime: Infinity,
});

export const useLanguages = () => useQuery(lookup<LanguageOption>('languages', '/book/language', 'languages'));
export const useSubjects = () => useQuery(lookup<SubjectOption>('subjects', '/book/subject', 'subjects'));
export const useAuthorTypes = () => useQuery(lookup<AuthorTypeOption>('author-types', '/book/author-type', 'authorTypes'));
export const useSwaroops = () => useQuery(lookup<SwaroopOption>('swaroops', '/book/swaroop', 'swaroops'));

/** GET /api/book/book-jsbn-number — the publisher's next ids (prefilled, locked). */
export function useNextJsbnIds() {
  return useQuery({
    queryKey: ['books', 'next-jsbn'],
    queryFn: ({ signal }) => get<{ publisher_no: string; publisher_jsbn_id: string | number }>('/book/book-jsbn-number', undefined, signal),
    staleTime: 0,
  });
}

export const createBook = (body: FormData) => request<BookRegistrationResult>('/book', { method: 'POST', body });

export const setBookAvailability = (id: number, isAvailable: boolean) => request<null>(`/book/${id}`, { method: 'PATCH', body: { isAvailable } });

export interface BookList {
  books: BookDto[];
  total: number;
  publisherName?: string;
}

/** GET /api/book (search and lists). */
export function useBookList(query: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: ['books', 'list', query],
    queryFn: ({ signal }) => get<BookList>('/book', query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/book/publisher/:id */
export function usePublisherBookList(publisherId: number | undefined, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['books', 'publisher', publisherId, query],
    queryFn: ({ signal }) => get<BookList>(`/book/publisher/${publisherId}`, query, signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(publisherId),
  });
}

/** GET /api/book/listing/jsbn/:jsbn */
export function useBookByJsbn(jsbn: string) {
  return useQuery({
    queryKey: ['books', 'jsbn', jsbn],
    queryFn: ({ signal }) => get<BookByNumber>(`/book/listing/jsbn/${encodeURIComponent(jsbn)}`, undefined, signal),
    enabled: Boolean(jsbn),
  });
}

/** The JPEG download of a book's QR code. */
export const qrDownloadUrl = (jsbn: string) => apiUrl(`/book/listing/jsbn/${encodeURIComponent(jsbn)}/qrcode.jpg`);
