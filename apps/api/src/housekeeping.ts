/**
 * Clean-ups every API copy runs when it is ready and then hourly. Each is safe to run from
 * any number of copies at once, and a failing one does not stop the others or the process:
 * - books of an older search recipe are re-indexed (books/reindex.ts);
 * - uploads never finalised, with their files, after a day (books/uploads.ts);
 * - accounts never verified, with their profile and logo, after a day (auth/service.ts);
 * - the codes and reset links of outbox messages, after a day (lib/outbox.ts);
 * - rate-limit counters whose window ended over an hour ago (lib/rate-limit.ts);
 * - login addresses unused for 90 days (auth/service.ts);
 * - the progress of documents made or failed over a day ago (books/documents.ts).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { forgetOldSecrets } from './lib/outbox.js';
import { forgetOldLoginAddresses, removeUnverifiedAccounts } from './modules/auth/service.js';
import { forgetDocumentJobs } from './modules/books/documents.js';
import { reindexSearch } from './modules/books/reindex.js';
import { cleanupStrayUploads } from './modules/books/uploads.js';

/** How often the clean-ups run, ms. */
export const HOUSEKEEPING_EVERY_MS = 60 * 60_000;
/** Secrets in the outbox are forgotten this long after the message was queued, ms. */
const OUTBOX_SECRET_AGE_MS = 24 * 60 * 60_000;

/** Runs every clean-up once; failures are logged, never thrown. @returns what each did (counts) */
export async function runHousekeeping(ctx: AppContext, log: Pick<FastifyBaseLogger, 'error'>): Promise<Record<string, unknown>> {
  const jobs: Record<string, () => Promise<unknown>> = {
    reindexedBooks: () => reindexSearch(ctx),
    strayUploads: () => cleanupStrayUploads(ctx),
    unverifiedAccounts: () => removeUnverifiedAccounts(ctx),
    outboxSecrets: () => forgetOldSecrets(ctx.db, new Date(ctx.clock().getTime() - OUTBOX_SECRET_AGE_MS)),
    rateLimitCounters: () => ctx.limits.removeExpired(),
    loginAddresses: () => forgetOldLoginAddresses(ctx),
    documentJobs: () => forgetDocumentJobs(ctx),
  };
  const done: Record<string, unknown> = {};
  for (const [name, job] of Object.entries(jobs)) {
    try {
      done[name] = await job();
    } catch (error) {
      log.error({ err: error, job: name }, 'housekeeping failed');
    }
  }
  return done;
}

/** Runs the clean-ups when `app` is ready, then every hour until it closes. */
export function scheduleHousekeeping(app: FastifyInstance, ctx: AppContext): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await runHousekeeping(ctx, app.log);
    timer = setInterval(() => void runHousekeeping(ctx, app.log), HOUSEKEEPING_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
