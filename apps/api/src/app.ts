/**
 * Builds the Fastify instance: plugins, the error table, every route under /api, the dev
 * mailbox outside production and the built web app with history fallback (DESIGN §1–§3).
 * `server.ts` only listens.
 */
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_PDF_BYTES, noData } from '@jsbn/shared';
import { z } from 'zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import { PublicPageCache, listenForChanges } from './lib/public-pages.js';
import { ClientGuard, clientLimitsOf } from './lib/client-limits.js';
import { FrontDoor, frontDoorServer, staticHeaders } from './lib/front-door.js';
import { kohaOrderRoutes } from './modules/interop/koha-order.js';
import { oaiRoutes } from './modules/interop/oai-routes.js';
import { sruRoutes } from './modules/interop/sru-routes.js';
import { type AppError, ThrottledError, UNAVAILABLE_MESSAGE, errorHandler, inputError, inputProblem, isUnavailable } from './lib/errors.js';
import { createJobs } from './lib/jobs.js';
import { Metrics, bearerMatches, metricsServer, type SharedFigures } from './lib/metrics.js';
import { SiteState } from './lib/site-state.js';
import { requestLanguage, translateReply } from './lib/i18n.js';
import { configuredTransports, createOutboxWorker, type OutboxWorker } from './lib/outbox-worker.js';
import { openRateLimits } from './lib/rate-limit.js';
import { replySerializerCompiler } from './lib/serializer.js';
import { REVALIDATE, replies } from './lib/reply.js';
import { scheduleHousekeeping } from './housekeeping.js';
import { S3Storage } from './lib/s3-storage.js';
import { loadSecrets, type Secrets } from './lib/secrets.js';
import { LocalStorage, type Storage } from './lib/storage.js';
import { authRoutes } from './modules/auth/routes.js';
import { forgotPassword } from './modules/auth/service.js';
import { makeDocument } from './modules/books/documents.js';
import { marcRoutes } from './modules/books/marc-routes.js';
import { bulkRoutes } from './modules/books/bulk-routes.js';
import { PublisherInfos } from './modules/publishers/publisher-infos.js';
import { bookRoutes } from './modules/books/routes.js';
import { bookQueueRoutes } from './modules/books/queue-routes.js';
import { runDuplicateScan } from './modules/books/duplicates.js';
import { duplicatesRoutes } from './modules/operator/duplicates-routes.js';
import { messagesRoutes } from './modules/operator/messages-routes.js';
import { reportsRoutes } from './modules/operator/reports-routes.js';
import { SearchResults } from './modules/books/search-results.js';
import { devApiRoutes, devPageRoutes } from './modules/dev/routes.js';
import { contactRoutes } from './modules/contact/routes.js';
import { documentRoutes } from './modules/documents/routes.js';
import { siteRoutes } from './modules/site/routes.js';
import { fileRoutes } from './modules/files/routes.js';
import { libraryRoutes } from './modules/libraries/routes.js';
import { lookupRoutes } from './modules/lookups/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { remindLateOrders } from './modules/orders/reminders.js';
import { sendOrderNotices, sendOverdueOrderNotices } from './modules/orders/notices.js';
import { publisherRoutes } from './modules/publishers/routes.js';
import { webRoutes } from './modules/web/routes.js';

/** Where the built web app is (apps/web/dist), from apps/api/src or apps/api/dist. */
/** Replies smaller than this many bytes are sent uncompressed (compressing them saves nothing). */
const COMPRESS_THRESHOLD_BYTES = 1024;

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** The outbox worker of this copy (started when the app is ready, stopped on close). */
  worker: OutboxWorker;
  /** What the HTTP server answers from the public page cache before Fastify (decision 022). */
  frontDoor: FrontDoor;
  /** The limits on slow clients and on one address (decision 035). */
  clientGuard: ClientGuard;
  /** The METRICS_PORT server once the app is ready (null without METRICS_PORT). */
  metricsServer(): Server | null;
}

/**
 * TRUST_PROXY as Fastify takes it: a hop count becomes the function proxy-addr would make of it
 * (trust the nearest `hops` addresses), which Fastify's types do not accept as a number.
 */
function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * GET /api/ready → data: each part's state, and what routing cannot fix (said, never a 503):
 * the outbox and the job queues of the whole site as last read (at most 15 s old; null when
 * they could not be read). Ages in seconds, 0 when nothing waits.
 */
const readiness = z.object({
  database: z.enum(['ok', 'unavailable']),
  storage: z.enum(['ok', 'unavailable']),
  outbox: z.object({ pending: z.number().int(), failed: z.number().int(), oldestPendingSeconds: z.number() }).nullable(),
  queues: z.array(z.object({ name: z.string(), waiting: z.number().int(), active: z.number().int(), failed: z.number().int(), oldestWaitingSeconds: z.number() })).nullable(),
});

/** The outbox and queue part of /api/ready from the shared figures (null: not read). */
function sharedReadiness(figures: SharedFigures | null): Pick<z.infer<typeof readiness>, 'outbox' | 'queues'> {
  if (!figures) return { outbox: null, queues: null };
  const count = (status: string) => figures.outbox.filter((row) => row.status === status).reduce((sum, row) => sum + row.count, 0);
  const oldest = Object.values(figures.oldestPending);
  const age = (at: number | null) => (at === null ? 0 : Math.max(0, Math.round((Date.now() - at) / 1000)));
  return {
    outbox: { pending: count('pending'), failed: count('failed'), oldestPendingSeconds: age(oldest.length ? Math.min(...oldest) : null) },
    queues: figures.queues.map((queue) => ({ name: queue.name, waiting: queue.waiting, active: queue.active, failed: queue.failed, oldestWaitingSeconds: age(queue.oldestWaitingAt) })),
  };
}

/** Time limit of each readiness probe (database, storage), ms. */
const READY_TIMEOUT_MS = 3_000;

/** A request id from the caller's `x-request-id` when it is a sane token, else a new UUID. */
function requestId(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && /^[A-Za-z0-9._:-]{1,100}$/.test(value) ? value : randomUUID();
}

/** The storage `config` asks for: an S3 bucket when S3_BUCKET is set, else DATA_DIR/files. */
export function openStorage(config: Config, secrets: Secrets): Storage {
  if (config.useS3) {
    return new S3Storage({
      endpoint: config.S3_ENDPOINT,
      publicEndpoint: config.S3_PUBLIC_URL,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: config.S3_FORCE_PATH_STYLE === 'true',
      getTtlSeconds: config.S3_URL_TTL_SECONDS,
      tmpDir: join(config.dataDir, 'tmp'),
      signingSecret: secrets.fileSigningSecret,
    });
  }
  return new LocalStorage(join(config.dataDir, 'files'), secrets.fileSigningSecret);
}

/**
 * Opens the database (migrating it), the file storage, the rate limits, the job queue (not yet
 * started) and the secrets of `config` — what the server, the importer, the scripts and the
 * tests share.
 * `database.close()` also closes the storage's and the rate limits' connections.
 * @param options.clock the time source of expiry decisions (tests move it)
 * @param options.log   told about failed database connections and an unreachable Redis
 * @throws Error when secrets are missing in production or the database cannot be opened
 */
export async function openContext(
  config: Config,
  options: { clock?: () => Date; log?: Pick<FastifyBaseLogger, 'warn' | 'error'> } = {},
): Promise<{ ctx: AppContext; database: Database }> {
  const secrets = loadSecrets(config);
  const metrics = new Metrics();
  const opened = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: join(config.dataDir, 'db'),
    limits: {
      max: config.DATABASE_POOL_MAX,
      idleTimeoutMs: config.DATABASE_IDLE_TIMEOUT_MS,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    onConnectionError: (error) => {
      metrics.dbErrors.inc({ kind: 'connection' });
      options.log?.warn({ err: { message: error.message, code: (error as { code?: string }).code } }, 'database connection failed');
    },
  });
  const storage = countedUploads(openStorage(config, secrets), metrics);
  const limits = openRateLimits(config, opened.db, options.log);
  const database: Database = {
    ...opened,
    close: async () => {
      storage.close();
      await limits.close();
      await opened.close();
    },
  };
  const publicPages = new PublicPageCache();
  metrics.sources.pool = () => opened.poolState();
  metrics.sources.pageCache = () => publicPages;
  // search results are kept until any book or publisher changes, as the search pages are
  const searchResults = new SearchResults();
  publicPages.onChange(() => searchResults.clear());
  const publisherInfos = new PublisherInfos();
  publicPages.onChange(() => publisherInfos.clear());
  await listenForChanges(opened, publicPages);
  const jobs = createJobs(opened, options.log ?? { error: () => undefined }, (queue, outcome) => metrics.jobs.inc({ queue, outcome }));
  const clock = options.clock ?? (() => new Date());
  const siteState = new SiteState(opened, clock);
  metrics.sources.shared = () => siteState.read();
  const ctx: AppContext = { config, db: database.db, storage, limits, secrets, jobs, publicPages, searchResults, publisherInfos, metrics, siteState, clock };
  return { ctx, database };
}

/** `storage` counting the bytes of every file stored through `put` by folder (metrics). */
function countedUploads(storage: Storage, metrics: Metrics): Storage {
  const put = storage.put.bind(storage);
  storage.put = async (source, rule) => {
    const stored = await put(source, rule);
    metrics.uploadBytes.inc({ kind: rule.folder }, stored.size);
    return stored;
  };
  return storage;
}

/** Counts what `error` refused in the metrics: a rate limit, or the database or storage unavailable. */
function countRefusal(metrics: Metrics, error: FastifyError | AppError): void {
  if (error instanceof ThrottledError) metrics.rateLimitRefusals.inc({ limit: error.limit });
  else if (isUnavailable(error)) metrics.dbErrors.inc({ kind: 'unavailable' });
}

/** Resolves with `promise`, or rejects after `ms` milliseconds. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Builds the app on a freshly opened context. The outbox worker and the job queue start when
 * the app is ready; closing the app (after requests in flight finish) stops them, then closes
 * the storage and the database pool.
 * @param options.webDist folder of the built web app; null to serve none (API tests)
 * @param options.clock     the time source (tests move it)
 * @param options.logStream where the JSON log lines go instead of stdout (tests read them)
 */
export async function buildApp(config: Config, options: { webDist?: string | null; clock?: () => Date; logStream?: NodeJS.WritableStream } = {}): Promise<BuiltApp> {
  // cached public pages are answered before Fastify once the context is open (decision 022)
  const door: { current?: FrontDoor } = {};
  // slow clients and one address's connections are limited before anything else (decision 035)
  const clientGuard = new ClientGuard(clientLimitsOf(config));
  const app = Fastify({
    serverFactory: frontDoorServer(() => door.current?.answer, clientGuard),
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_MS,
    // structured JSON lines (pino) with the request id (`reqId`) on every line of a request
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            // query strings can carry reset tokens and signed-link signatures: never log them;
            // headers (Authorization, cookies) are not logged at all
            serializers: { req: (request: { method: string; url: string; ip?: string }) => ({ method: request.method, url: request.url.split('?')[0], ip: request.ip }) },
            redact: { paths: ['password', '*.password', 'token', '*.token', 'otp', '*.otp', 'authorization', '*.authorization'], censor: '[redacted]' },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    genReqId: (request) => requestId(request.headers['x-request-id']),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  const { ctx, database } = await openContext(config, { clock: options.clock, log: app.log });
  // while shutting down, answers to requests still in flight close their keep-alive
  // connection, so the server can finish closing as soon as they are done
  let closing = false;
  const { transports, close: closeTransports } = configuredTransports(ctx);
  const worker = createOutboxWorker(ctx, transports, app.log, closeTransports);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler(!config.isProduction));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    countRefusal(ctx.metrics, error);
    return errorHandler(error, request, reply);
  });
  // every request Fastify answers, by its route template (never the raw path: no user data in
  // a label); the front door reports its own answers the same way
  const timeRequests = config.METRICS_REQUESTS === 'on';
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    const status = reply.statusCode;
    if (timeRequests && route !== '/metrics') ctx.metrics.http.observe({ method: request.method, route: route ?? 'unmatched', status }, reply.elapsedTime / 1000);
    // a file too big or of the wrong type, whichever part refused it (a route, a body parser)
    if (status === 413 || status === 415) ctx.metrics.uploadRefusals.inc({ route: route ?? 'unmatched' });
    done();
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // before validation and before any route looks at it (authentication included): a NUL
  // anywhere, or a body nested deeper than 32 levels, is a 400 naming the field
  app.addHook('preValidation', async (request) => {
    for (const [value, root] of [[request.params, 'params'], [request.query, 'query'], [request.body, 'body']] as const) {
      const problem = inputProblem(value, root);
      if (problem) throw inputError(problem);
    }
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    if (closing) reply.header('connection', 'close');
    // a signed-in request's logger names the account (lib/auth.ts); the line Fastify writes
    // when the request completes is the reply's, so it gets the same one
    if (reply.log !== request.log) reply.log = request.log;
  });
  // API messages in the caller's language (decision 016): every JSON reply object on
  // its way to the serializer; cached replies (strings) carry no message to translate
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/')) return payload;
    const lng = requestLanguage(request);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language').header('content-language', lng);
    return translateReply(payload, lng);
  });
  ctx.jobs.handle('document', (job) => makeDocument(ctx, job));
  ctx.jobs.handle('orderReminders', async () => {
    const reminded = await remindLateOrders(ctx);
    if (reminded) app.log.info({ reminded }, 'publishers reminded of orders waiting 7 days');
    const overdue = await sendOverdueOrderNotices(ctx);
    if (overdue) app.log.warn({ notices: overdue }, 'order notices sent by the sweep: their digest was not queued');
  });
  ctx.jobs.handle('orderNotices', async ({ publisherId }) => {
    await sendOrderNotices(ctx, publisherId);
  });
  ctx.jobs.handle('passwordReset', (request) => forgotPassword(ctx, request));
  ctx.jobs.handle('duplicateScan', async ({ bookIds }) => {
    await runDuplicateScan(ctx, bookIds);
  });
  let metricsPort: Server | null = null;
  app.addHook('onReady', async () => {
    worker.start();
    await ctx.jobs.start();
    if (config.METRICS_PORT !== undefined) {
      const server = metricsServer(ctx.metrics);
      await new Promise<void>((done, fail) => server.once('error', fail).listen(config.METRICS_PORT, config.HOST, done));
      metricsPort = server;
    }
  });
  scheduleHousekeeping(app, ctx);
  app.addHook('onClose', async () => {
    if (metricsPort) await new Promise((done) => metricsPort!.close(done));
    await ctx.jobs.stop();
    await worker.stop();
    await database.close();
  });
  if (!config.useSmtp) app.log.info('SMTP_URL is not set: e-mail stays in the outbox (dev mailbox)');
  if (!config.useWhatsapp) app.log.info('WHATSAPP_TOKEN/WHATSAPP_PHONE_ID are not set: WhatsApp messages are not delivered');

  // with S3, browsers PUT to and read from the bucket's public endpoint
  const s3Origin = config.useS3 && (config.S3_PUBLIC_URL ?? config.S3_ENDPOINT) ? [new URL((config.S3_PUBLIC_URL ?? config.S3_ENDPOINT)!).origin] : [];
  // Security headers by helmet, made once: @fastify/helmet builds helmet's middleware (and
  // parses the policy) again for every request, a tenth of a cached QR scan's time
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...s3Origin],
        mediaSrc: ["'self'", ...s3Origin],
        objectSrc: ["'none'"],
        frameSrc: ["'self'", ...s3Origin],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", ...s3Origin],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: config.isProduction,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
  const frontDoor = new FrontDoor(ctx.publicPages, {
    securityHeaders: staticHeaders(securityHeaders),
    requestId: (headers) => requestId(headers['x-request-id']),
    closing: () => closing,
    log: config.LOG_LEVEL === 'silent' ? undefined : app.log,
    ...(timeRequests ? { observe: (route: string, status: number, seconds: number) => ctx.metrics.http.observe({ method: 'GET', route, status }, seconds) } : {}),
  });
  ctx.metrics.sources.frontDoor = () => ({ hits: frontDoor.answered, misses: frontDoor.missed });
  // Replies above 1 KiB are compressed for browsers that ask (brotli at a quality that costs
  // little CPU, or gzip); files already compressed (the built assets' twins, images, PDFs) are
  // left alone. Every GET reply gets an ETag so a revalidating browser or proxy gets a 304.
  await app.register(compress, { threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(etag);
  // API replies are revalidated, never reused blind; routes that may be kept longer
  // (share images) say so themselves. Replies to a signed-in caller are for that browser only.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('cache-control')) return;
    reply.header('cache-control', request.headers.authorization ? `private, ${REVALIDATE}` : REVALIDATE);
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_PDF_BYTES, files: 10, fields: 300, fieldSize: 100_000, parts: 310 },
  });

  await app.register(swagger, {
    openapi: { info: { title: 'JSBN API', version: '0.1.0', description: 'Spec: ../shared/spec; reference: docs/api.md' } },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      authRoutes(api, ctx);
      publisherRoutes(api, ctx);
      libraryRoutes(api, ctx);
      lookupRoutes(api);
      bookRoutes(api, ctx, frontDoor);
      marcRoutes(api, ctx);
      kohaOrderRoutes(api, ctx);
      bulkRoutes(api, ctx);
      orderRoutes(api, ctx);
      fileRoutes(api, ctx);
      documentRoutes(api, ctx);
      contactRoutes(api, ctx);
      siteRoutes(api, ctx);
      bookQueueRoutes(api, ctx);
      duplicatesRoutes(api, ctx);
      reportsRoutes(api, ctx);
      messagesRoutes(api, ctx);
      if (!config.isProduction) devApiRoutes(api, ctx);
      /** GET /api/health — the process is up (liveness). */
      api.get('/health', { schema: { response: replies(noData) } }, async () => ({ statusCode: 200, message: 'ok', data: null }));
      /**
       * GET /api/ready — 200 when the database and the storage answer (within 3 s each), else
       * 503: what a load balancer can route around. The outbox's and the queues' state is told
       * in the 200's data, never a 503 (every copy shares them; taking one out fixes nothing).
       */
      api.get('/ready', { schema: { response: replies(readiness) } }, async (request, reply) => {
        const [db, storage, figures] = await Promise.allSettled([within(database.ping(), READY_TIMEOUT_MS), within(ctx.storage.check(), READY_TIMEOUT_MS), within(ctx.siteState.read(), READY_TIMEOUT_MS)]);
        const checks = { database: db.status === 'fulfilled' ? 'ok' : 'unavailable', storage: storage.status === 'fulfilled' ? 'ok' : 'unavailable' };
        if (db.status === 'rejected' || storage.status === 'rejected') {
          request.log.warn({ checks, database: db.status === 'rejected' ? String((db.reason as Error)?.message) : undefined, storage: storage.status === 'rejected' ? String((storage.reason as Error)?.name) : undefined }, 'not ready');
          return reply.status(503).send({ statusCode: 503, message: UNAVAILABLE_MESSAGE, error: 'UNAVAILABLE', details: Object.entries(checks).filter(([, state]) => state !== 'ok').map(([field]) => ({ field, message: 'unavailable' })) });
        }
        return { statusCode: 200, message: 'ready', data: { ...checks, ...sharedReadiness(figures.status === 'fulfilled' ? figures.value : ctx.siteState.last()) } };
      });
    },
    { prefix: '/api' },
  );
  /**
   * GET /metrics — this copy's Prometheus metrics (text format 0.0.4), only with
   * `Authorization: Bearer METRICS_TOKEN`: 401 with a wrong or missing token, 404 when no token
   * is configured (then only METRICS_PORT answers them). Not in the OpenAPI document.
   */
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = config.METRICS_TOKEN;
    if (!token) return reply.status(404).send({ statusCode: 404, message: 'Not found', error: 'NOT_FOUND' });
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({ statusCode: 401, message: 'The metrics need the bearer token of METRICS_TOKEN', error: 'UNAUTHORIZED' });
    }
    return reply.type(ctx.metrics.contentType).header('cache-control', 'no-store').send(await ctx.metrics.text());
  });
  if (!config.isProduction) devPageRoutes(app, ctx);
  // library systems' protocols at the paths their clients are configured with (decision 034)
  sruRoutes(app, ctx);
  oaiRoutes(app, ctx);

  const webDist = options.webDist === undefined ? WEB_DIST : options.webDist;
  if (webDist !== null && existsSync(join(webDist, 'index.html'))) {
    await webRoutes(app, ctx, webDist, frontDoor);
  } else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ statusCode: 404, message: 'Not found', error: 'NOT_FOUND' }));
  }
  door.current = frontDoor;
  return { app, ctx, database, worker, frontDoor, clientGuard, metricsServer: () => metricsPort };
}
