/**
 * The cached-page responder: a public page already in the public page cache is answered by the HTTP
 * server before Fastify sees the request (docs/decisions/022). A repeated QR scan is
 * a lookup in memory; through Fastify it also ran eight hooks, the validation of its params,
 * the route's handler and three plugins' `onSend`, which cost four times the lookup and its
 * write. The cached-page responder answers only what it can answer exactly as Fastify would — the same
 * status, bytes and headers (cached-page-responder.test.ts compares them) — and hands everything else to
 * Fastify untouched: a signed-in caller (a token, or the session cookie of the pages rendered for
 * a signed-in user, decision 047), a query string, a client that does not take brotli,
 * a page not cached or due to be made again, a server that is closing.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { ClientGuard } from './client-limits.js';
import type { PublicPageCache } from './public-pages.js';
import { sessionToken } from './session-cookie.js';

/** A request handler that answers (true) or leaves the request alone (false). */
type Answerer = (request: IncomingMessage, response: ServerResponse) => boolean;

/** One cached public page route as the cached-page responder knows it. */
export interface CachedPageRoute {
  /**
   * The public page cache's key of a GET of `path` (no query string) with `headers`, or null
   * when the route would not answer it from the cache as it is (another path, a redirect).
   */
  key: (path: string, headers: IncomingHttpHeaders) => string | null;
  /** The reply's headers besides the security headers and the page's own (ETag, encoding). */
  headers: OutgoingHttpHeaders;
  /** The route template Fastify would name for `path` (the metrics' `route` label, never the raw path). */
  template: (path: string) => string;
}

export interface CachedPageResponderOptions {
  /** The security headers every reply carries (helmet's, made once). */
  securityHeaders: OutgoingHttpHeaders;
  /** The request id of a request with these headers (as Fastify's `genReqId`). */
  requestId(headers: IncomingHttpHeaders): string;
  /** True while the app is closing (Fastify then answers 503 and closes connections). */
  closing(): boolean;
  /** Told of each reply at `info`, as Fastify's request logger would be (Fastify's is off when not given). */
  log?: FastifyBaseLogger;
  /** Told of each reply: its route template, status and seconds taken (the request metrics). */
  observe?(route: string, status: number, seconds: number): void;
}

/** The cached public pages answered before Fastify; routes are added as the modules register theirs. */
export class CachedPageResponder {
  /** The routes, each with its fixed headers as [name, value, name, value …] (made once). */
  private readonly routes: { key: CachedPageRoute['key']; template: CachedPageRoute['template']; fixed: string[] }[] = [];
  /** Replies given by the cached-page responder (tests and metrics). */
  answered = 0;
  /** Requests a route knew but the cached-page responder handed to Fastify (the page not ready, no brotli) (metrics). */
  missed = 0;

  constructor(
    private readonly cache: PublicPageCache,
    private readonly options: CachedPageResponderOptions,
  ) {}

  /** Adds a route whose cached pages the cached-page responder answers. */
  route(route: CachedPageRoute): void {
    const fixed = Object.entries({ ...this.options.securityHeaders, ...route.headers }).flatMap(([name, value]) => [name, String(value)]);
    this.routes.push({ key: route.key, template: route.template, fixed });
  }

  /**
   * Answers `request` from the public page cache when it can (true), as brotli with its ETag,
   * or a 304 when `If-None-Match` names that ETag; else leaves it untouched (false). Never throws.
   */
  readonly answer: Answerer = (request, response) => {
    try {
      const started = performance.now();
      const { url = '', headers } = request;
      if (request.method !== 'GET' || headers.authorization !== undefined || url.includes('?') || this.options.closing()) return false;
      // a signed-in user's pages are rendered for them (decision 047)
      if (sessionToken(headers)) return false;
      for (const route of this.routes) {
        const key = route.key(url, headers);
        if (key === null) continue;
        const page = this.cache.ready(key);
        if (!page || negotiate(headers['accept-encoding'] ?? '', ['br']) !== 'br') {
          this.missed++;
          return false;
        }
        // headers as a flat list: Node takes it as it is (an object's would be listed again)
        const reqId = this.options.requestId(headers);
        const notModified = headers['if-none-match'] === page.etag;
        // (Fastify's 304 keeps the encoding and says a length of 0)
        const reply = [
          ...route.fixed,
          'x-request-id',
          reqId,
          'etag',
          page.etag,
          'content-encoding',
          'br',
          'content-length',
          notModified ? '0' : page.length,
        ];
        if (notModified) response.writeHead(304, reply).end();
        else response.writeHead(200, reply).end(page.br);
        this.answered++;
        this.options.observe?.(route.template(url), notModified ? 304 : 200, (performance.now() - started) / 1000);
        this.options.log?.info(
          { reqId, req: { method: 'GET', url }, res: { statusCode: notModified ? 304 : 200 } },
          'request completed from the cached-page responder',
        );
        return true;
      }
      return false;
    } catch {
      return false; // Fastify answers it, and reports what went wrong
    }
  };
}

/**
 * The last segment of `path` after `prefix` when it is one a JSBN route takes as it is: at
 * most 40 letters, digits and hyphens (anything else, an encoded space say, goes to Fastify).
 */
export function jsbnSegment(prefix: string, path: string): string | null {
  if (!path.startsWith(prefix)) return null;
  const segment = path.slice(prefix.length);
  return /^[A-Za-z0-9-]{1,40}$/.test(segment) ? segment : null;
}

/**
 * Fastify's `serverFactory`: the HTTP/1.1 server Fastify would make (its keep-alive time,
 * idle time and limits), whose requests go first to `guard` — the limits on slow clients and
 * on one address (decision 035) —, then to `door()` — the cached-page responder, once the app has made
 * it — and then to Fastify.
 */
export function cachedPageServer(door: () => Answerer | undefined, guard: ClientGuard): NonNullable<FastifyServerOptions['serverFactory']> {
  return (fastify, given): Server => {
    // Fastify's options with its defaults filled in
    const options = given as { http?: ServerOptions; keepAliveTimeout: number; connectionTimeout: number; maxRequestsPerSocket?: number };
    const server = createServer({ ...options.http, connectionsCheckingInterval: guard.checkingIntervalMs }, (request, response) => {
      if (guard.admit(request, response)) return;
      if (!door()?.(request, response)) fastify(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    guard.attach(server);
    return server;
  };
}

/**
 * The headers `middleware` (helmet's, which depend on nothing in the request) sets, read once
 * by running it on a stub response.
 */
export function staticHeaders(
  middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void,
): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  const response = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers[name.toLowerCase()] = value;
      return response;
    },
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  middleware({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}
