/** The API beside the browser: what another party does meanwhile (a library's order) and what was stored, read back. */
import { expect } from 'vitest';

export type AccountKind = 'LIBRARY' | 'PUBLISHER';

/** Logs `account` in through POST /api/user/login; returns its access token (fails the step on any other status than 200). */
export async function apiToken(baseUrl: string, account: { email: string; password: string }, modelType: AccountKind): Promise<string> {
  const reply = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, modelType }),
  });
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { data: { accessToken: { access_token: string } } }).data.accessToken.access_token;
}

/**
 * `method` `path` (under /api) with `token` and a JSON `body`; returns the status and the reply's `data`.
 * `headers` are added (an Idempotency-Key).
 */
export async function apiCall<T>(
  baseUrl: string,
  path: string,
  options: { token?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; data: T }> {
  const { token, method = 'GET', body, headers = {} } = options;
  const reply = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await reply.json()) as { data: T };
  return { status: reply.status, data: json.data };
}

/** A public book as GET /api/book/listing/jsbn/:jsbn gives it (the fields the journeys read). */
export interface ListedBook {
  id: number;
  jsbn_number: string;
  book_title: string;
  language: string;
  type: string | null;
  height: number | null;
  width: number | null;
  subjects: { subject_name: string }[];
  authors: { author_name: string; author_type: string }[];
  publisher: { id: number };
}

/** The book whose JSBN is `jsbn` (formatted or not), through the public listing. */
export async function bookByJsbn(baseUrl: string, jsbn: string): Promise<ListedBook> {
  const { status, data } = await apiCall<{ book: ListedBook }>(baseUrl, `/book/listing/jsbn/${encodeURIComponent(jsbn)}`);
  expect(status).toBe(200);
  return data.book;
}

/** A library orders `copies` of `book` (POST /api/book/order-book, one Idempotency-Key); returns the order's id and number ('ORD-…'). */
export async function placeOrder(
  baseUrl: string,
  libraryToken: string,
  book: ListedBook,
  copies: number,
): Promise<{ id: number; orderId: string }> {
  const { status, data } = await apiCall<{ orders: { id: number; orderId: string }[] }>(baseUrl, '/book/order-book', {
    token: libraryToken,
    method: 'POST',
    headers: { 'idempotency-key': `e2e-${book.id}-${Date.now()}` },
    body: { orders: [{ publisherId: book.publisher.id, bookId: book.id, numberOfCopies: copies, bookTitle: book.book_title }] },
  });
  expect(status).toBe(201);
  return data.orders[0]!;
}
