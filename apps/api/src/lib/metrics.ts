/**
 * What the people running the site see (docs/deploy.md "Metrics and alerts", decision 038):
 * Prometheus metrics through prom-client, in its text format at `GET /metrics` — on the main
 * port only with `Authorization: Bearer METRICS_TOKEN`, or on METRICS_PORT without one.
 *
 * Each API copy exposes its own figures: requests by route template and status with their
 * latency (Fastify's and the cached-page responder's), the cached-page responder's and the page cache's hits and
 * misses, search latency, the database pool, rate-limit refusals, uploads, JSBNs registered,
 * order status changes, this copy's outbox deliveries and jobs, and Node's process metrics.
 * Figures that are the same for every copy (the outbox's pending messages, the job queues,
 * the books) are read from the database by `SiteState` at most every 15 s and kept.
 *
 * The hot path only adds to numbers: the cached-page responder and the page cache count in plain fields
 * read at scrape time; a request's latency is one histogram observation.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds: the request latency buckets (the QR page's alert is at 0.25 s). */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: the search latency buckets. */
const SEARCH_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Node's process metrics (event-loop lag, heap, GC, CPU), one set per process however many apps it builds (tests build many). */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Counts kept in plain fields on the hot path, read when Prometheus scrapes. */
export interface HitCounts {
  hits: number;
  misses: number;
}

/** The database pool as node-postgres reports it (PGlite has none). */
export interface PoolState {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

/** The figures every copy shares, read from the database (`SiteState`). */
export interface SharedFigures {
  /** Messages pending and failed by channel. */
  outbox: { channel: string; status: string; count: number }[];
  /** Per channel, when its oldest pending message was queued (ms since the epoch). */
  oldestPending: Record<string, number>;
  /** Per job queue: jobs due and not taken, running, failed in the last day, and when the oldest due one became due (ms since the epoch, null without one). */
  queues: { name: string; waiting: number; active: number; failed: number; oldestWaitingAt: number | null }[];
  /** Books registered in all. */
  books: number;
}

/** Where the scrape reads the figures it does not count itself (set as the app is built). */
export interface MetricSources {
  cachedPageResponder?: () => HitCounts;
  pageCache?: () => HitCounts;
  pool?: () => PoolState | null;
  shared?: () => Promise<SharedFigures | null>;
}

/**
 * One API copy's metrics. Services count through the named instruments; `sources` are read at
 * scrape time.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly sources: MetricSources = {};

  /** Requests by method, route template (never the raw path) and status, seconds. */
  readonly http = new Histogram({
    name: 'jsbn_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status: latency in seconds (the cached-page responder included)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });
  /** Searches by kind (`books` the catalogue search), seconds. */
  readonly search = new Histogram({
    name: 'jsbn_search_duration_seconds',
    help: 'Catalogue searches (a query given): seconds to find the page of results',
    labelNames: ['kind'] as const,
    buckets: SEARCH_BUCKETS,
    registers: [this.registry],
  });
  /** Requests refused by a rate limit, by the limit's name (lib/rate-limit.ts). */
  readonly rateLimitRefusals = new Counter({
    name: 'jsbn_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit, by limit',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });
  /** Bytes of files stored, by kind of upload. */
  readonly uploadBytes = new Counter({
    name: 'jsbn_upload_bytes_total',
    help: 'Bytes of uploaded files stored, by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  /** Upload requests refused for a file's size or type (413, 415), by route template. */
  readonly uploadRefusals = new Counter({
    name: 'jsbn_upload_refusals_total',
    help: 'Upload requests refused for a file too big or of a wrong type (413, 415), by route template',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });
  /** JSBNs given to new books (the form, Excel and the importer). */
  readonly jsbnsRegistered = new Counter({
    name: 'jsbn_jsbns_registered_total',
    help: 'JSBNs registered (books created) by this copy',
    registers: [this.registry],
  });
  /** Order status changes, by the status an order entered (`requested` for a new order). */
  readonly orderStatusChanges = new Counter({
    name: 'jsbn_order_status_changes_total',
    help: 'Orders placed and moved, by the status they entered',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });
  /** Outbox messages this copy delivered, by channel. */
  readonly outboxSent = new Counter({
    name: 'jsbn_outbox_sent_total',
    help: 'Outbox messages delivered by this copy, by channel',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });
  /** Delivery attempts that failed and will be tried again, by channel. */
  readonly outboxRetries = new Counter({
    name: 'jsbn_outbox_retries_total',
    help: 'Outbox delivery attempts that failed and will be retried, by channel',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });
  /** Messages given up (marked failed), by channel. */
  readonly outboxFailed = new Counter({
    name: 'jsbn_outbox_failed_total',
    help: 'Outbox messages given up as failed by this copy, by channel',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });
  /** Jobs this copy finished, by queue and outcome (`completed`, `failed`). */
  readonly jobs = new Counter({
    name: 'jsbn_jobs_total',
    help: 'Background jobs run by this copy, by queue and outcome',
    labelNames: ['queue', 'outcome'] as const,
    registers: [this.registry],
  });
  /** Database errors: `connection` (a pooled connection lost), `unavailable` (a request answered 503). */
  readonly dbErrors = new Counter({
    name: 'jsbn_db_errors_total',
    help: 'Database errors: lost connections and requests answered 503',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  constructor() {
    const sources = this.sources;
    const hitCounter = (name: string, help: string, read: () => HitCounts | undefined) =>
      new Counter({
        name,
        help,
        labelNames: ['result'] as const,
        registers: [this.registry],
        collect() {
          const counts = read();
          this.reset();
          this.inc({ result: 'hit' }, counts?.hits ?? 0);
          this.inc({ result: 'miss' }, counts?.misses ?? 0);
        },
      });
    hitCounter('jsbn_front_door_total', 'Public pages answered before Fastify (hit) or handed on though their route matched (miss)', () =>
      sources.cachedPageResponder?.(),
    );
    hitCounter('jsbn_page_cache_total', 'Public page cache lookups: cached (hit) or made (miss)', () => sources.pageCache?.());
    new Gauge({
      name: 'jsbn_db_pool_connections',
      help: 'PostgreSQL pool of this copy: connections by state (in_use, idle, max) and requests waiting for one (waiting)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const pool = sources.pool?.();
        this.reset();
        if (!pool) return;
        this.set({ state: 'in_use' }, pool.total - pool.idle);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
        this.set({ state: 'max' }, pool.max);
      },
    });
    // the shared figures: read at most every 15 s and cached by SiteState, one read for all these gauges
    const figures = (): Promise<SharedFigures | null> => (sources.shared?.() ?? Promise.resolve(null)).catch(() => null);
    new Gauge({
      name: 'jsbn_outbox_messages',
      help: 'Outbox messages pending or failed, by channel and status (the whole site; read at most every 15 s)',
      labelNames: ['channel', 'status'] as const,
      registers: [this.registry],
      async collect() {
        const read = await figures();
        this.reset();
        for (const row of read?.outbox ?? []) this.set({ channel: row.channel, status: row.status }, row.count);
      },
    });
    new Gauge({
      name: 'jsbn_outbox_oldest_pending_seconds',
      help: 'Age of the oldest pending outbox message by channel, seconds (0 when none; the whole site)',
      labelNames: ['channel'] as const,
      registers: [this.registry],
      async collect() {
        const read = await figures();
        this.reset();
        if (!read) return;
        for (const channel of ['email', 'whatsapp']) this.set({ channel }, ageSeconds(read.oldestPending[channel] ?? null));
      },
    });
    new Gauge({
      name: 'jsbn_queue_jobs',
      help: 'Background job queues (pg-boss): jobs waiting (due, not taken), active, and failed in the last day, by queue (the whole site)',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        const read = await figures();
        this.reset();
        for (const queue of read?.queues ?? []) {
          this.set({ queue: queue.name, state: 'waiting' }, queue.waiting);
          this.set({ queue: queue.name, state: 'active' }, queue.active);
          this.set({ queue: queue.name, state: 'failed' }, queue.failed);
        }
      },
    });
    new Gauge({
      name: 'jsbn_queue_oldest_waiting_seconds',
      help: 'Age of the oldest job due and not taken, by queue, seconds (0 when none; the whole site)',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        const read = await figures();
        this.reset();
        for (const queue of read?.queues ?? []) this.set({ queue: queue.name }, ageSeconds(queue.oldestWaitingAt));
      },
    });
    new Gauge({
      name: 'jsbn_books',
      help: 'Books registered on the site (the whole site)',
      registers: [this.registry],
      async collect() {
        const read = await figures();
        this.reset();
        if (read) this.set(read.books);
      },
    });
  }

  /** The text Prometheus reads: this copy's figures, then the process's. */
  async text(): Promise<string> {
    return `${await this.registry.metrics()}\n${await processMetrics().metrics()}`;
  }

  /** The content type of `text()`. */
  get contentType(): string {
    return this.registry.contentType;
  }
}

/** Seconds since `at` (ms since the epoch), 0 for none. */
function ageSeconds(at: number | null): number {
  return at === null ? 0 : Math.max(0, (Date.now() - at) / 1000);
}

/** True when `header` is exactly `Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The METRICS_PORT server: `GET /metrics` answers `metrics.text()`, anything else 404. It is
 * meant for a network only Prometheus reaches, so it asks for no token.
 */
export function metricsServer(metrics: Metrics): Server {
  return createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
}

/**
 * GET /metrics on the main port — this copy's Prometheus metrics (text format 0.0.4), only with
 * `Authorization: Bearer <token>` (METRICS_TOKEN): 401 with a wrong or missing token, 404 when
 * no token is configured (then only METRICS_PORT answers them). Not in the OpenAPI document.
 */
export function metricsRoutes(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) return reply.status(404).send({ statusCode: 404, message: 'Not found', error: 'NOT_FOUND' });
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ statusCode: 401, message: 'The metrics need the bearer token of METRICS_TOKEN', error: 'UNAUTHORIZED' });
    }
    return reply
      .type(metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.text());
  });
}
