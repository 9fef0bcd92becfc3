/**
 * API tests name their routes through the endpoint table (decision 046, decision 069), as the
 * web's `call` does: `inject(t.app, interestEndpoints.followPublisher, { params: { publisherId },
 * headers })` fills the path, and the compiler holds `params`, `query` and `body` to the
 * endpoint's contract — a route renamed in the table moves its tests with it. A test of input the
 * API must refuse sends it with `raw`: the path still from the table, the parts as they come.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { fillPath, type Endpoint } from '@jsbn/shared/core';
import type { CallInput, ContractOf } from '@jsbn/shared';

/** The request's own headers (a signed-in test's `authorization`, `accept-language` …) and client address. */
type Headers = { readonly headers?: Record<string, string>; readonly remoteAddress?: string };

/** The contract's parts, typed; or, with `raw: true`, any parts (a test of refused input). */
type InjectInput<C> =
  | (CallInput<C> & Headers & { readonly raw?: false })
  | (Headers & {
      readonly raw: true;
      readonly params?: Record<string, unknown>;
      readonly query?: Record<string, unknown>;
      readonly body?: unknown;
    });

/** The input is optional when the endpoint needs none. */
type InjectArgs<C> = Partial<CallInput<C>> extends CallInput<C> ? [input?: InjectInput<C>] : [input: InjectInput<C>];

/** One query value as text (a number, a yes/no; anything else as its JSON). */
const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);

/** A query's values as a URL carries them (numbers and lists of them as text). */
function queryOf(query: Record<string, unknown>): Record<string, string | string[]> {
  const strings: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    strings[key] = Array.isArray(value) ? value.map(textOf) : textOf(value);
  }
  return strings;
}

/**
 * `endpoint`'s address under `/api` with `params` filled in (`/api/book/listing/jsbn/AHMJS-00006-P`),
 * for a test that requests it over a real socket rather than through `inject`.
 * @throws Error naming the part when `params` lacks one (`fillPath`)
 */
export function apiPath<E extends Endpoint>(endpoint: E, params?: Record<string, unknown>): string {
  return `/api${fillPath(endpoint.path, params)}`;
}

/**
 * Sends `endpoint`'s request to `app` (Fastify's `inject`): its method, `/api` and its path with
 * `params` filled in, `query`, and `body` — JSON, `FormData` (multipart) or a `Blob` (bytes,
 * with its type as the content type); `remoteAddress` as the client's address.
 * @returns Fastify's response: `statusCode`, `headers`, `body`, `json()`
 */
export async function inject<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  ...[input]: InjectArgs<ContractOf<E>>
): Promise<LightMyRequestResponse> {
  const { params, query, body, headers, remoteAddress } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    headers?: Record<string, string>;
    remoteAddress?: string;
  };
  const bytes = body instanceof Blob ? Buffer.from(await body.arrayBuffer()) : undefined;
  return app.inject({
    method: endpoint.method,
    url: apiPath(endpoint, params),
    ...(query ? { query: queryOf(query) } : {}),
    ...(bytes ? { payload: bytes } : body !== undefined ? { payload: body as object } : {}),
    headers: { ...(bytes && (body as Blob).type ? { 'content-type': (body as Blob).type } : {}), ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}
