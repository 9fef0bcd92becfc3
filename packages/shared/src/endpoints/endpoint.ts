/**
 * The endpoint table's zod-free half (decision 046): each endpoint's method and path under
 * `/api`, by area and name. Its request and reply schemas are the entry of the same area and
 * name in `contracts/` (zod), which the compiler holds to the same names. The browser's first
 * load imports this half only (`@jsbn/shared/core`); the API registers its routes from both
 * (`route` in apps/api/src/lib/route.ts) and the web calls them through `call` (apps/web/src/api/client.ts).
 */
import { plainText } from '../plain-text.js';

/** The HTTP methods of the API's routes. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an endpoint answers: the JSON envelope `{ statusCode, message, data }`, or a file's bytes. */
export type ReplyKind = 'json' | 'file';

/**
 * One endpoint: `area` and `name` (the keys of its contract), `method`, `path` under `/api`
 * in Fastify's form (`/book/order-book/:id`: each `:part` is a path parameter) and what it
 * answers (`reply`).
 */
export interface Endpoint<Area extends string = string, Name extends string = string> {
  readonly area: Area;
  readonly name: Name;
  readonly method: HttpMethod;
  readonly path: string;
  readonly reply: ReplyKind;
}

/** One area's endpoints as written: name → `[method, path]` (JSON) or `[method, path, 'file']`. */
export type EndpointRows = Record<string, readonly [HttpMethod, string] | readonly [HttpMethod, string, 'file']>;

/** The endpoints `endpointTable` makes of `Rows`, each knowing its area, name, method, path and reply. */
export type EndpointTable<Area extends string, Rows extends EndpointRows> = {
  readonly [Name in keyof Rows & string]: Endpoint<Area, Name> & {
    readonly method: Rows[Name][0];
    readonly path: Rows[Name][1];
    readonly reply: Rows[Name] extends readonly [HttpMethod, string, 'file'] ? 'file' : 'json';
  };
};

/**
 * An area's endpoints from `rows` (name → `[method, path]`, or `[method, path, 'file']` for
 * one answering a file), e.g. `endpointTable('orders', { one: ['GET', '/book/order-book/:id'] })`.
 */
export function endpointTable<const Area extends string, const Rows extends EndpointRows>(
  area: Area,
  rows: Rows,
): EndpointTable<Area, Rows> {
  const table: Record<string, Endpoint> = {};
  for (const [name, [method, path, reply = 'json']] of Object.entries(rows)) table[name] = { area, name, method, path, reply };
  return table as EndpointTable<Area, Rows>;
}

/**
 * `path` with each `:part` replaced by `params[part]`, URI-encoded
 * (`fillPath('/book/:id/history', { id: 7 })` → `/book/7/history`).
 * @throws Error naming the part when `params` lacks it (a caller's mistake, never user input)
 */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, part: string) => {
    const value = params[part];
    if (value === undefined || value === null || value === '') throw new Error(`${path}: the path parameter '${part}' is missing`);
    return encodeURIComponent(plainText(value));
  });
}
