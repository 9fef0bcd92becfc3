/**
 * Every query key of the web app, made in one place: a query and the mutations that refresh it
 * name the same key, and refreshing a whole area (`queryKeys.books.all`) reaches every query of
 * it. The keys are arrays TanStack Query matches by prefix; the server-made page seeds the
 * book-by-JSBN and site keys (decision 011), so their values stay as they are.
 */
import type { OrderStatus, VerificationState } from '@jsbn/shared';
import type { QueryValue } from './client';

type ListQuery = Record<string, QueryValue>;

export const queryKeys = {
  site: ['site'] as const,
  gallery: ['media', 'images'] as const,
  dashboard: {
    all: ['dashboard'] as const,
    of: (userKey: string | null) => ['dashboard', userKey] as const,
  },
  lookups: {
    /** A lookup list by its name (languages, subjects, swaroops …). */
    of: (name: string) => ['lookups', name] as const,
    states: ['lookups', 'states'] as const,
    /** A state's cities, named in `lng` (the API answers in the request's language). */
    cities: (stateId: number | string | undefined, lng: string) => ['lookups', 'cities', stateId, lng] as const,
    authorNames: (query: string) => ['lookups', 'author-names', query] as const,
  },
  books: {
    all: ['books'] as const,
    list: (query: ListQuery) => ['books', 'list', query] as const,
    ofPublisher: (publisherId: number | null | undefined, query: ListQuery) => ['books', 'publisher', publisherId, query] as const,
    one: (id: number | null) => ['books', 'one', id] as const,
    byJsbn: (jsbn: string) => ['books', 'jsbn', jsbn] as const,
    nextJsbn: ['books', 'next-jsbn'] as const,
    /** A book's record of changes (operators and its publisher). */
    history: (bookId: number) => ['books', 'history', bookId] as const,
  },
  publishers: {
    all: ['publishers'] as const,
    list: (query: ListQuery) => ['publishers', 'list', query] as const,
    one: (id: number | null) => ['publishers', 'one', id] as const,
  },
  libraries: {
    all: ['libraries'] as const,
    list: (query: ListQuery) => ['libraries', 'list', query] as const,
    one: (id: number | null) => ['libraries', 'one', id] as const,
  },
  orders: {
    all: ['orders'] as const,
    list: (status: OrderStatus, query: ListQuery) => ['orders', status, query] as const,
    one: (id: number | null) => ['orders', 'one', id] as const,
  },
  profile: {
    all: ['profile'] as const,
    of: (modelType: string, id: number | undefined) => ['profile', modelType, id] as const,
  },
  letterhead: ['library', 'logo-text'] as const,
  interests: {
    /** The signed-in library's interests and follows. */
    mine: ['interests', 'mine'] as const,
    /** A page of the signed-in publisher's counts. */
    reach: (query: ListQuery) => ['interests', 'reach', query] as const,
  },
  /** The signed-in library's copies (decision 071). */
  holdings: {
    all: ['holdings'] as const,
    list: (query: Record<string, unknown>) => ['holdings', 'list', query] as const,
    next: ['holdings', 'next-accession'] as const,
    /** What a received order put on the shelves (the order's details). */
    order: (orderId: number | null) => ['holdings', 'order', orderId] as const,
  },
  /** The lending desk (features/lending): members, loans and the loan period. */
  lending: {
    all: ['lending'] as const,
    members: (query: Record<string, unknown>) => ['lending', 'members', query] as const,
    loans: (query: Record<string, unknown>) => ['lending', 'loans', query] as const,
    settings: ['lending', 'settings'] as const,
  },
  /** The back office's lists (features/operator, api/history.ts): every one under `operator.all`. */
  operator: {
    all: ['operator'] as const,
    dashboard: ['operator', 'dashboard'] as const,
    /** One of the queues an operator answers in. */
    queue: (list: 'duplicates' | 'reports' | 'messages') => ['operator', list] as const,
    verification: (state: VerificationState) => ['operator', 'publishers', state] as const,
    claims: ['operator', 'claims'] as const,
    book: (jsbn: string) => ['operator', 'book', jsbn] as const,
    history: (filters: Record<string, string | undefined>) => ['operator', 'history', filters] as const,
  },
};
