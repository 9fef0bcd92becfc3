/**
 * GET /api/health (liveness) and GET /api/ready (readiness): what a load balancer and the
 * deployment's probes ask (docs/api.md; docs/deploy.md).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { noData } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { UNAVAILABLE_MESSAGE } from '../../lib/errors.js';
import type { SharedFigures } from '../../lib/metrics.js';
import { replies } from '../../lib/reply.js';

/**
 * GET /api/ready → data: each part's state, and what routing cannot fix (said, never a 503):
 * the outbox and the job queues of the whole site as last read (at most 15 s old; null when
 * they could not be read). Ages in seconds, 0 when nothing waits.
 */
const readiness = z.object({
  database: z.enum(['ok', 'unavailable']),
  storage: z.enum(['ok', 'unavailable']),
  outbox: z.object({ pending: z.number().int(), failed: z.number().int(), oldestPendingSeconds: z.number() }).nullable(),
  queues: z
    .array(
      z.object({
        name: z.string(),
        waiting: z.number().int(),
        active: z.number().int(),
        failed: z.number().int(),
        oldestWaitingSeconds: z.number(),
      }),
    )
    .nullable(),
});

/** The outbox and queue part of /api/ready from the shared figures (null: not read). */
function sharedReadiness(figures: SharedFigures | null): Pick<z.infer<typeof readiness>, 'outbox' | 'queues'> {
  if (!figures) return { outbox: null, queues: null };
  const count = (status: string) => figures.outbox.filter((row) => row.status === status).reduce((sum, row) => sum + row.count, 0);
  const oldest = Object.values(figures.oldestPending);
  const age = (at: number | null) => (at === null ? 0 : Math.max(0, Math.round((Date.now() - at) / 1000)));
  return {
    outbox: { pending: count('pending'), failed: count('failed'), oldestPendingSeconds: age(oldest.length ? Math.min(...oldest) : null) },
    queues: figures.queues.map((queue) => ({
      name: queue.name,
      waiting: queue.waiting,
      active: queue.active,
      failed: queue.failed,
      oldestWaitingSeconds: age(queue.oldestWaitingAt),
    })),
  };
}

/** Time limit of each readiness probe (database, storage), ms. */
const READY_TIMEOUT_MS = 3_000;

/** Resolves with `promise`, or rejects after `ms` milliseconds. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Registers /health and /ready on `api` (the /api prefix); `database` is pinged by /ready. */
export function healthRoutes(api: FastifyInstance, ctx: AppContext, database: Pick<Database, 'ping'>): void {
  /** GET /api/health — the process is up (liveness). */
  api.get('/health', { schema: { response: replies(noData) } }, async () => ({ statusCode: 200, message: 'ok', data: null }));
  /**
   * GET /api/ready — 200 when the database and the storage answer (within 3 s each), else
   * 503: what a load balancer can route around. The outbox's and the queues' state is told
   * in the 200's data, never a 503 (every copy shares them; taking one out fixes nothing).
   */
  api.get('/ready', { schema: { response: replies(readiness) } }, async (request, reply) => {
    const [db, storage, figures] = await Promise.allSettled([
      within(database.ping(), READY_TIMEOUT_MS),
      within(ctx.storage.check(), READY_TIMEOUT_MS),
      within(ctx.siteState.read(), READY_TIMEOUT_MS),
    ]);
    const checks = {
      database: db.status === 'fulfilled' ? 'ok' : 'unavailable',
      storage: storage.status === 'fulfilled' ? 'ok' : 'unavailable',
    };
    if (db.status === 'rejected' || storage.status === 'rejected') {
      request.log.warn(
        {
          checks,
          database: db.status === 'rejected' ? String((db.reason as Error)?.message) : undefined,
          storage: storage.status === 'rejected' ? String((storage.reason as Error)?.name) : undefined,
        },
        'not ready',
      );
      return reply.status(503).send({
        statusCode: 503,
        message: UNAVAILABLE_MESSAGE,
        error: 'UNAVAILABLE',
        details: Object.entries(checks)
          .filter(([, state]) => state !== 'ok')
          .map(([field]) => ({ field, message: 'unavailable' })),
      });
    }
    return {
      statusCode: 200,
      message: 'ready',
      data: { ...checks, ...sharedReadiness(figures.status === 'fulfilled' ? figures.value : ctx.siteState.last()) },
    };
  });
}
