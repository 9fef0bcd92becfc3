/**
 * The operators' dashboard (decision 041): the five queues of the back office with their counts
 * and the age of their oldest item, each tile leading to its page.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { operatorEndpoints, type OperatorDashboard, type OperatorQueueCount } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { requireOperator } from '../../lib/auth.js';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';

interface QueueRow {
  queue: string;
  count: number | string;
  oldest: Date | string | null;
}

/** `{ count, oldestAt, oldestAgeSeconds }` of a count and its oldest time, the age as of `now`. */
function queueCount(count: number, oldest: Date | string | null | undefined, now: Date): OperatorQueueCount {
  const at = oldest ? new Date(oldest) : null;
  return {
    count,
    oldestAt: at ? at.toISOString() : null,
    oldestAgeSeconds: at ? Math.max(0, Math.floor((now.getTime() - at.getTime()) / 1000)) : null,
  };
}

/**
 * The five queues (each answered from its status index, migration 0022):
 * - publishers: `verification` NEW or ASKED, oldest by `created_at` (registration);
 * - claims: neither `approved_at` nor `refused_at`, oldest by `created_at`;
 * - reports: book_reports OPEN; duplicates: duplicate_pairs OPEN — oldest by `created_at`;
 * - failures: outbox messages `failed` (the worker gave up after its tries), oldest by
 *   `created_at`, and background jobs that failed for good (pg-boss's state `failed` after their
 *   retries, kept 7 days in its job and archive tables), oldest by `completed_on`.
 */
export async function operatorQueues(ctx: AppContext): Promise<OperatorDashboard> {
  const now = ctx.clock();
  const result = await ctx.db.execute(sql`
    SELECT 'publishers' AS queue, count(*)::int AS count, min(created_at) AS oldest FROM publishers WHERE verification IN ('NEW', 'ASKED')
    UNION ALL SELECT 'claims', count(*)::int, min(created_at) FROM publisher_claims WHERE approved_at IS NULL AND refused_at IS NULL
    UNION ALL SELECT 'reports', count(*)::int, min(created_at) FROM book_reports WHERE status = 'OPEN'
    UNION ALL SELECT 'duplicates', count(*)::int, min(created_at) FROM duplicate_pairs WHERE status = 'OPEN'
    UNION ALL SELECT 'messages', count(*)::int, min(created_at) FROM outbox WHERE status = 'failed'`);
  const rows = new Map((result as { rows: QueueRow[] }).rows.map((row) => [row.queue, row]));
  let jobs: QueueRow = { queue: 'jobs', count: 0, oldest: null };
  try {
    const failed = await ctx.db.execute(sql`
      SELECT 'jobs' AS queue, count(*)::int AS count, min(completed_on) AS oldest FROM (
        SELECT completed_on FROM pgboss.job WHERE state = 'failed'
        UNION ALL SELECT completed_on FROM pgboss.archive WHERE state = 'failed') AS failed`);
    jobs = (failed as { rows: QueueRow[] }).rows[0] ?? jobs;
  } catch (error) {
    // before the job queue's first start its schema does not exist yet: no job has failed
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code !== '42P01' && code !== '3F000') throw error;
  }
  const of = (queue: string) => queueCount(Number(rows.get(queue)?.count ?? 0), rows.get(queue)?.oldest, now);
  const messages = of('messages');
  const failedJobs = queueCount(Number(jobs.count), jobs.oldest, now);
  const oldest = [messages.oldestAt, failedJobs.oldestAt].filter((at): at is string => at !== null).sort()[0] ?? null;
  return {
    publishers: of('publishers'),
    claims: of('claims'),
    reports: of('reports'),
    duplicates: of('duplicates'),
    failures: {
      ...queueCount(messages.count + failedJobs.count, oldest, now),
      undeliveredMessages: messages.count,
      failedJobs: failedJobs.count,
    },
  };
}

export function operatorDashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  /**
   * GET /api/operator/dashboard → OperatorDashboard: `{ publishers, claims, reports, duplicates,
   * failures }`, each `{ count, oldestAt, oldestAgeSeconds }` (failures also split into
   * `undeliveredMessages` and `failedJobs`). Operators only: 401 without a token, 403 for a
   * publisher or a library (decision 041).
   */
  route(app, operatorEndpoints.dashboard, async (request) => {
    await requireOperator(ctx, request);
    return ok(await operatorQueues(ctx));
  });
}
