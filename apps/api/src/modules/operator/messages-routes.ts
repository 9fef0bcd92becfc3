/**
 * Messages that could not be delivered and background jobs that failed (decision 044): the
 * outbox's failed e-mails and WhatsApp messages and pg-boss's failed jobs (with a document
 * job's own last error from `document_jobs`), each with a retry that puts it back in line with
 * a fresh set of attempts; every retry is on the record.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  LANGUAGE_NAMES,
  isInterfaceLanguage,
  operatorEndpoints,
  type FailedJobDto,
  type FailedMessageDto,
  type InterfaceLanguage,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { document_jobs, outbox } from '../../db/schema.js';
import { record, type AuditActor } from '../../lib/audit.js';
import { requireOperator } from '../../lib/auth.js';
import { AppError, notFound } from '../../lib/errors.js';
import { pageLanguage } from '../../lib/i18n.js';
import type { FailedJob } from '../../lib/jobs.js';
import { noticeText } from '../../lib/notices.js';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';

/** Most failed messages and failed jobs the list shows (the oldest first). */
const LIST_MAX = 200;

/**
 * A job's purpose in a few words of `lng` (notices.json `jobs.*`: 'catalogue of publisher 7
 * (ગુજરાતી)'), from its data (never an e-mail address's secret; the address is the operator's
 * to see); a queue without words is named by itself.
 */
function jobAbout(job: FailedJob, lng: InterfaceLanguage): string {
  const data = (job.data ?? {}) as Record<string, unknown>;
  const publisher = String(data.publisherId);
  switch (job.queue) {
    case 'document':
      return data.kind === 'catalog' && isInterfaceLanguage(data.language)
        ? noticeText(lng, 'jobs.catalog', { publisher, language: LANGUAGE_NAMES[data.language] })
        : noticeText(lng, 'jobs.document', { publisher });
    case 'orderNotices':
      return noticeText(lng, 'jobs.orderNotices', { publisher });
    case 'passwordReset':
      return noticeText(lng, 'jobs.passwordReset', { email: String(data.email) });
    case 'duplicateScan':
      return noticeText(lng, 'jobs.duplicateScan', { count: Array.isArray(data.bookIds) ? data.bookIds.length : 0 });
    default:
      return job.queue;
  }
}

/** The failed messages and jobs, oldest first; what each job was for in `lng`. */
export async function failedDeliveries(
  ctx: AppContext,
  lng: InterfaceLanguage = 'en',
): Promise<{ messages: FailedMessageDto[]; jobs: FailedJobDto[] }> {
  const messages = await ctx.db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      recipient: outbox.recipient,
      subject: outbox.subject,
      last_error: outbox.last_error,
      attempts: outbox.attempts,
      created_at: outbox.created_at,
      updated_at: outbox.updated_at,
    })
    .from(outbox)
    .where(eq(outbox.status, 'failed'))
    .orderBy(asc(outbox.updated_at), asc(outbox.id))
    .limit(LIST_MAX);
  const jobs = await ctx.jobs.failed(LIST_MAX);
  // a document job's handler keeps its own error beside the document's progress
  const keys = jobs.flatMap((job) =>
    job.queue === 'document' && typeof (job.data as { key?: unknown }).key === 'string' ? [(job.data as { key: string }).key] : [],
  );
  const documentErrors = new Map(
    keys.length
      ? (
          await ctx.db
            .select({ key: document_jobs.key, error: document_jobs.last_error })
            .from(document_jobs)
            .where(and(inArray(document_jobs.key, keys), eq(document_jobs.state, 'failed')))
        ).map((row) => [row.key, row.error])
      : [],
  );
  return {
    messages: messages.map((row) => ({ ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() })),
    jobs: jobs.map((job) => ({
      id: job.id,
      queue: job.queue,
      about: jobAbout(job, lng),
      last_error: job.error ?? documentErrors.get((job.data as { key?: string }).key ?? '') ?? null,
      attempts: job.attempts,
      created_at: job.createdAt.toISOString(),
      failed_at: job.failedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Puts the failed message `id` back in line: pending, due now, its attempts counted afresh.
 * @throws AppError 404 'Message not found'; 409 when it has not failed (sent, or already pending)
 */
export async function retryMessage(ctx: AppContext, actor: AuditActor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [message] = await tx
      .select({ id: outbox.id, status: outbox.status, attempts: outbox.attempts })
      .from(outbox)
      .where(eq(outbox.id, id))
      .for('update');
    if (!message) throw notFound('Message');
    if (message.status !== 'failed') throw new AppError('CONFLICT', 'This message has not failed');
    const now = ctx.clock();
    await tx.update(outbox).set({ status: 'pending', attempts: 0, next_attempt_at: now, updated_at: now }).where(eq(outbox.id, id));
    await record(tx, {
      actor,
      subject: 'message',
      subjectId: id,
      action: 'retried',
      changes: { status: ['failed', 'pending'], attempts: [message.attempts, 0] },
    });
  });
}

/**
 * The record's number for a job: its UUID's first 48 bits (the record numbers its subjects;
 * the whole UUID is in the entry's changes).
 */
const jobSubjectId = (uuid: string) => Number.parseInt(uuid.replace(/-/g, '').slice(0, 12), 16);

/**
 * Takes the failed job `id` again with one more attempt, and records it.
 * @throws AppError 404 'Job not found' when no failed job has this id
 */
export async function retryJob(ctx: AppContext, actor: AuditActor, id: string): Promise<void> {
  if (!(await ctx.jobs.retry(id))) throw notFound('Job');
  await record(ctx.db, {
    actor,
    subject: 'job',
    subjectId: jobSubjectId(id),
    action: 'retried',
    changes: { job_id: [null, id], state: ['failed', 'retry'] },
  });
}

export function messagesRoutes(app: FastifyInstance, ctx: AppContext) {
  const operator = async (request: Parameters<typeof requireOperator>[1]) => {
    const actor = await requireOperator(ctx, request);
    return { accountId: actor.accountId, role: 'OPERATOR' as const };
  };

  /** GET /api/operator/messages (operator) → `{ messages, jobs }`: failed e-mails/WhatsApp messages and failed jobs, oldest first, each job's purpose in the asker's language; 401/403. */
  route(app, operatorEndpoints.failures, async (request) => {
    await operator(request);
    return ok(await failedDeliveries(ctx, pageLanguage(request)));
  });

  /** POST /api/operator/messages/:id/retry (operator): pending again, due now, attempts from 0; 404 unknown, 409 not failed. */
  route(app, operatorEndpoints.retryMessage, async (request) => {
    const actor = await operator(request);
    await retryMessage(ctx, actor, request.params.id);
    return ok(null, 'The message will be sent again');
  });

  /** POST /api/operator/jobs/:id/retry (operator; id the job's UUID): taken again with one more attempt; 404 when no failed job has it. */
  route(app, operatorEndpoints.retryJob, async (request) => {
    const actor = await operator(request);
    await retryJob(ctx, actor, request.params.id);
    return ok(null, 'The job will be done again');
  });
}
