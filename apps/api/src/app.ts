/**
 * Builds the Fastify instance (ARCHITECTURE.md and docs/api.md) by composing its parts: the context
 * (`open-context.ts`), what every request goes through (`plugins.ts`), the jobs' handlers,
 * every module's routes under /api, the metrics, the library protocols, the dev mailbox outside
 * production and the built web app with history fallback. `server.ts` only listens.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { openContext } from './open-context.js';
import { addRequestHooks, addSecurityHeaders, fastifyOptions, registerPlugins, requestId } from './plugins.js';
import { ClientGuard, clientLimitsOf } from './lib/client-limits.js';
import { CachedPageResponder, cachedPageServer, staticHeaders } from './lib/cached-page-responder.js';
import { metricsRoutes, metricsServer } from './lib/metrics.js';
import { configuredTransports, createOutboxWorker, type OutboxWorker } from './lib/outbox-worker.js';
import { scheduleHousekeeping } from './housekeeping.js';
import { authRoutes } from './modules/auth/routes.js';
import { forgotPassword } from './modules/auth/service.js';
import { makeDocument } from './modules/books/documents.js';
import { marcRoutes } from './modules/books/marc-routes.js';
import { bulkRoutes } from './modules/books/bulk-routes.js';
import { bookRoutes } from './modules/books/routes.js';
import { bookQueueRoutes } from './modules/books/queue-routes.js';
import { runDuplicateScan } from './modules/books/duplicates.js';
import { duplicatesRoutes } from './modules/operator/duplicates-routes.js';
import { messagesRoutes } from './modules/operator/messages-routes.js';
import { reportsRoutes } from './modules/operator/reports-routes.js';
import { devApiRoutes, devPageRoutes } from './modules/dev/routes.js';
import { contactRoutes } from './modules/contact/routes.js';
import { documentRoutes } from './modules/documents/routes.js';
import { kohaOrderRoutes } from './modules/interop/koha-order.js';
import { oaiRoutes } from './modules/interop/oai-routes.js';
import { sruRoutes } from './modules/interop/sru-routes.js';
import { operatorDashboardRoutes } from './modules/operator/dashboard.js';
import { healthRoutes } from './modules/site/health-routes.js';
import { siteRoutes } from './modules/site/routes.js';
import { fileRoutes } from './modules/files/routes.js';
import { libraryRoutes } from './modules/libraries/routes.js';
import { lookupRoutes } from './modules/lookups/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { historyRoutes } from './modules/operator/history-routes.js';
import { remindLateOrders } from './modules/orders/reminders.js';
import { remindUnpaidOrders } from './modules/orders/payments.js';
import { sendOrderNotices, sendOverdueOrderNotices } from './modules/orders/notices.js';
import { publisherRoutes } from './modules/publishers/routes.js';
import { interestRoutes } from './modules/interests/routes.js';
import { holdingRoutes } from './modules/holdings/routes.js';
import { lendingRoutes } from './modules/lending/routes.js';
import { runInterestDigests, scheduleInterestDigests } from './modules/interests/digest.js';
import { runLoanReminders, scheduleLoanReminders } from './modules/lending/reminders.js';
import { feedRoutes } from './modules/interests/feeds.js';
import { moderationRoutes } from './modules/operator/moderation-routes.js';
import { webRoutes } from './modules/web/routes.js';

/** Where the built web app is (apps/web/dist), from apps/api/src or apps/api/dist. */
const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** The outbox worker of this copy (started when the app is ready, stopped on close). */
  worker: OutboxWorker;
  /** What the HTTP server answers from the public page cache before Fastify (decision 022). */
  cachedPageResponder: CachedPageResponder;
  /** The limits on slow clients and on one address (decision 035). */
  clientGuard: ClientGuard;
  /** The METRICS_PORT server once the app is ready (null without METRICS_PORT). */
  metricsServer(): Server | null;
}

/**
 * Builds the app on a freshly opened context. The outbox worker and the job queue start when
 * the app is ready; closing the app (after requests in flight finish) stops them, then closes
 * the storage and the database pool.
 * @param options.webDist folder of the built web app; null to serve none (API tests)
 * @param options.clock     the time source (tests move it)
 * @param options.logStream where the JSON log lines go instead of stdout (tests read them)
 * @param options.pgliteLoadDataDir PGlite in memory, started from this data directory tarball (`openContext`; the tests)
 */
export async function buildApp(
  config: Config,
  options: { webDist?: string | null; clock?: () => Date; logStream?: NodeJS.WritableStream; pgliteLoadDataDir?: Blob } = {},
): Promise<BuiltApp> {
  // cached public pages are answered before Fastify once the context is open (decision 022)
  const door: { current?: CachedPageResponder } = {};
  // slow clients and one address's connections are limited before anything else (decision 035)
  const clientGuard = new ClientGuard(clientLimitsOf(config));
  const app = Fastify({
    serverFactory: cachedPageServer(() => door.current?.answer, clientGuard),
    ...fastifyOptions(config, options.logStream),
  });
  const { ctx, database } = await openContext(config, { clock: options.clock, log: app.log, pgliteLoadDataDir: options.pgliteLoadDataDir });
  const { transports, close: closeTransports } = configuredTransports(ctx);
  const worker = createOutboxWorker(ctx, transports, app.log, closeTransports);
  const { closing } = addRequestHooks(app, ctx);
  ctx.jobs.handle('document', (job) => makeDocument(ctx, job));
  ctx.jobs.handle('orderReminders', async () => {
    const reminded = await remindLateOrders(ctx);
    if (reminded) app.log.info({ reminded }, 'publishers reminded of orders waiting 7 days');
    const unpaid = await remindUnpaidOrders(ctx);
    if (unpaid) app.log.info({ unpaid }, 'libraries reminded of orders unpaid a week after dispatch');
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
  ctx.jobs.handle('interestDigest', async () => {
    // the next run first: a run that fails does not end the chain (decision 073)
    await scheduleInterestDigests(ctx);
    const told = await runInterestDigests(ctx);
    if (told.digests) app.log.info(told, 'interest digests sent');
  });
  ctx.jobs.handle('loanReminders', async () => {
    // the next run first: a run that fails does not end the chain (decision 076)
    await scheduleLoanReminders(ctx);
    const reminded = await runLoanReminders(ctx);
    if (reminded) app.log.info({ reminded }, 'members reminded of loans due or overdue');
  });
  let metricsPort: Server | null = null;
  app.addHook('onReady', async () => {
    worker.start();
    await ctx.jobs.start();
    await scheduleInterestDigests(ctx);
    await scheduleLoanReminders(ctx);
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

  const securityHeaders = addSecurityHeaders(app, config);
  const cachedPageResponder = new CachedPageResponder(ctx.publicPages, {
    securityHeaders: staticHeaders(securityHeaders),
    requestId: (headers) => requestId(headers['x-request-id']),
    closing,
    log: config.LOG_LEVEL === 'silent' ? undefined : app.log,
    ...(config.METRICS_REQUESTS === 'on'
      ? { observe: (route: string, status: number, seconds: number) => ctx.metrics.http.observe({ method: 'GET', route, status }, seconds) }
      : {}),
  });
  ctx.metrics.sources.cachedPageResponder = () => ({ hits: cachedPageResponder.answered, misses: cachedPageResponder.missed });
  await registerPlugins(app);

  await app.register(
    async (api) => {
      authRoutes(api, ctx);
      publisherRoutes(api, ctx);
      libraryRoutes(api, ctx);
      lookupRoutes(api);
      bookRoutes(api, ctx, cachedPageResponder);
      marcRoutes(api, ctx);
      kohaOrderRoutes(api, ctx);
      bulkRoutes(api, ctx);
      orderRoutes(api, ctx);
      fileRoutes(api, ctx);
      documentRoutes(api, ctx);
      contactRoutes(api, ctx);
      siteRoutes(api, ctx);
      operatorDashboardRoutes(api, ctx);
      historyRoutes(api, ctx);
      moderationRoutes(api, ctx);
      bookQueueRoutes(api, ctx);
      duplicatesRoutes(api, ctx);
      reportsRoutes(api, ctx);
      messagesRoutes(api, ctx);
      interestRoutes(api, ctx);
      holdingRoutes(api, ctx);
      lendingRoutes(api, ctx);
      if (!config.isProduction) devApiRoutes(api, ctx);
      healthRoutes(api, ctx, database);
    },
    { prefix: '/api' },
  );
  metricsRoutes(app, ctx.metrics, config.METRICS_TOKEN);
  if (!config.isProduction) devPageRoutes(app, ctx);
  // library systems' protocols at the paths their clients are configured with (decision 034)
  sruRoutes(app, ctx);
  oaiRoutes(app, ctx);
  // Atom feeds of new books, cached like the public pages (decision 073)
  feedRoutes(app, ctx);

  const webDist = options.webDist === undefined ? WEB_DIST : options.webDist;
  if (webDist !== null && existsSync(join(webDist, 'index.html'))) {
    await webRoutes(app, ctx, webDist, cachedPageResponder);
  } else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ statusCode: 404, message: 'Not found', error: 'NOT_FOUND' }));
  }
  door.current = cachedPageResponder;
  return { app, ctx, database, worker, cachedPageResponder, clientGuard, metricsServer: () => metricsPort };
}
