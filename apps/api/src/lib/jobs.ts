/**
 * Background jobs (docs/decisions/013-background-jobs.md): work that takes longer
 * than a request should — the catalogue PDF of a big publisher — is queued in the database
 * through pg-boss and done by whichever API copy takes it first; a copy that dies mid-job
 * leaves it to be taken again when it expires. pg-boss runs on the app's own connections
 * (`Database.execute`), so the same code works on PostgreSQL and on the embedded PGlite, and
 * keeps its tables in the schema `pgboss`.
 *
 * Each copy does one job of each queue at a time (documents are CPU-bound and the QR page's
 * reads must keep their p99); a failed document job is retried twice, 10 s and then 20 s later.
 * Scheduled jobs (the 7-day order reminder) are sent by pg-boss's cron. A job
 * may be sent to start later, and with a singleton key: its queue (policy `short`) then holds at
 * most one waiting job per key — a publisher's notice digest (decision 033).
 */
import { setTimeout } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { InterfaceLanguage, ModelType } from '@jsbn/shared';
import type { Database } from '../db/client.js';

/** What each queue's jobs carry. */
export interface JobData {
  /** Make the generated document stored under `key` (books/documents.ts), in `language` (English for a job queued before documents had one). */
  document: { kind: 'catalog'; publisherId: number; language?: InterfaceLanguage; key: string };
  /**
   * Remind publishers of orders untouched for 7 days (orders/reminders.ts), and send the order
   * notices of any publisher whose digest is overdue (orders/notices.ts); runs on the schedule below.
   */
  orderReminders: Record<string, never>;
  /** Send the publisher's waiting order notices as one digest (orders/notices.ts). */
  orderNotices: { publisherId: number };
  /**
   * E-mail reset links to the accounts of `email` (auth/service.ts `forgotPassword`): done
   * here, not in the request, so a registered e-mail is answered after the same work as an
   * unknown one.
   */
  passwordReset: { email: string; modelType?: ModelType };
  /** Compare books just registered by a bulk upload or an import with those before them (books/duplicates.ts, decision 044). */
  duplicateScan: { bookIds: number[] };
  /**
   * Tell every library its new books matching its interests (interests/digest.ts, decision 073):
   * one waiting run at a time (singleton key), each run queueing the next INTEREST_DIGEST_SECONDS later.
   */
  interestDigest: Record<string, never>;
  /**
   * Remind members of the loans due soon or overdue (lending/reminders.ts, decision 076): one
   * waiting run at a time (singleton key), each run queueing the next LOAN_REMINDER_SECONDS later.
   */
  loanReminders: Record<string, never>;
}
export type JobName = keyof JobData;

/** The queues of this app and how their jobs are retried. */
const QUEUES: Record<JobName, PgBoss.Queue> = {
  document: { name: 'document', retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 15 * 60 },
  orderReminders: { name: 'orderReminders', retryLimit: 1, retryDelay: 60, expireInSeconds: 5 * 60 },
  // one waiting digest per publisher (its singleton key): a second notice joins the first's
  orderNotices: { name: 'orderNotices', policy: 'short', retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  passwordReset: { name: 'passwordReset', retryLimit: 2, retryDelay: 10, expireInSeconds: 5 * 60 },
  duplicateScan: { name: 'duplicateScan', retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 },
  // one waiting run (its singleton key): every copy queues it at start, only the first stays
  interestDigest: { name: 'interestDigest', policy: 'short', retryLimit: 2, retryDelay: 60, expireInSeconds: 30 * 60 },
  loanReminders: { name: 'loanReminders', policy: 'short', retryLimit: 2, retryDelay: 60, expireInSeconds: 30 * 60 },
};

/**
 * Queues that pg-boss fills by itself on a cron schedule (UTC). Every copy keeps the schedule;
 * pg-boss sends each tick's job once (its cron table is claimed by one copy per interval, and
 * the job carries a 60-second singleton key), and one copy takes it.
 */
const SCHEDULES: Partial<Record<JobName, string>> = {
  orderReminders: '*/15 * * * *',
};

/** Attempts at creating a queue two copies may be creating at once. */
const CREATE_ATTEMPTS = 5;

/**
 * Creates `queue` unless it exists. Copies starting together may all try, and pg-boss's
 * creation (a table partition per queue) can then deadlock in PostgreSQL; the copy that loses
 * finds the queue made when it looks again.
 * @throws the last attempt's error when the queue still does not exist
 */
async function ensureQueue(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(queue.name)) return;
    try {
      return await boss.createQueue(queue.name, queue);
    } catch (error) {
      if (attempt >= CREATE_ATTEMPTS) throw error;
      await setTimeout(50 * attempt + Math.random() * 100);
    }
  }
}

/** When a job starts, and the key that keeps one job waiting per key (see `Jobs.send`). */
export interface SendOptions {
  startAfterSeconds?: number;
  singletonKey?: string;
}

/** How often an idle copy looks for work, s (a copy that queues a job wakes its own worker at once). */
const POLL_SECONDS = 2;

export interface Jobs {
  /**
   * Registers the handler of `name`'s jobs in this copy. Call before `start`; a handler that
   * throws fails the attempt (retried as QUEUES says).
   */
  handle<N extends JobName>(name: N, handler: (data: JobData[N]) => Promise<void>): void;
  /**
   * Queues a job and wakes this copy's worker. With `startAfterSeconds` the job waits that long;
   * with a `singletonKey` on a queue of policy `short`, a job already waiting with the key is
   * kept and this one dropped.
   * @throws the database's error (logged here)
   */
  send<N extends JobName>(name: N, data: JobData[N], options?: SendOptions): Promise<void>;
  /** Creates or updates the queue tables, then starts the workers. */
  start(): Promise<void>;
  /** Stops taking jobs and waits (at most `timeoutMs`) for the ones running. */
  stop(timeoutMs?: number): Promise<void>;
  /** Jobs that failed after their retries, oldest first (at most `limit`): the operators' list (decision 044). */
  failed(limit: number): Promise<FailedJob[]>;
  /**
   * Takes a failed job again, with one more attempt, and wakes this copy's worker.
   * @returns false when no failed job has this id
   */
  retry(id: string): Promise<boolean>;
}

/** A job that failed after its retries. */
export interface FailedJob {
  id: string;
  queue: string;
  data: unknown;
  /** The last attempt's error message, when the job left one. */
  error: string | null;
  attempts: number;
  createdAt: Date;
  failedAt: Date | null;
}

/** pg-boss keeps a job's id as a UUID: anything else is no job. */
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The job queue of one API copy on `database`.
 * @param log told about pg-boss's own errors (a lost connection during a poll) and failed jobs
 * @param onOutcome told of each job this copy finished or failed (the metrics)
 */
export function createJobs(
  database: Pick<Database, 'execute'>,
  log: Pick<FastifyBaseLogger, 'error'>,
  onOutcome: (queue: JobName, outcome: 'completed' | 'failed') => void = () => {},
): Jobs {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.execute(text, values) },
    schema: 'pgboss',
    migrate: true,
    supervise: true,
    schedule: true,
    archiveCompletedAfterSeconds: 60 * 60,
    deleteAfterDays: 7,
  });
  // pg-boss reports a failed poll or maintenance round as an event; unheard, it would end the process
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const handlers = new Map<JobName, (data: never) => Promise<void>>();
  const workers = new Map<JobName, string>();
  let started = false;
  return {
    handle(name, handler) {
      handlers.set(name, handler);
    },
    async send(name, data, options = {}) {
      try {
        await boss.send(name, data as object, {
          ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
          ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        });
      } catch (error) {
        log.error({ err: error, job: name }, 'job not queued');
        throw error;
      }
      const worker = workers.get(name);
      if (worker && !options.startAfterSeconds) boss.notifyWorker(worker);
    },
    async start() {
      await boss.start();
      started = true;
      for (const queue of Object.values(QUEUES)) await ensureQueue(boss, queue);
      for (const [name, cron] of Object.entries(SCHEDULES)) await boss.schedule(name, cron, {}, { tz: 'UTC' });
      for (const [name, handler] of handlers) {
        const id = await boss.work<JobData[typeof name]>(name, { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS }, async ([job]) => {
          try {
            await handler(job!.data as never);
            onOutcome(name, 'completed');
          } catch (error) {
            onOutcome(name, 'failed');
            log.error({ err: error, job: name, id: job!.id }, 'job failed');
            throw error;
          }
        });
        workers.set(name, id);
      }
    },
    async failed(limit) {
      // the table of pg-boss 10 (schema `pgboss`); a copy that never started has none yet
      const { rows } = await database
        .execute(
          `SELECT id, name, data, output, retry_count, created_on, completed_on FROM pgboss.job WHERE state = 'failed' ORDER BY created_on, id LIMIT $1`,
          [limit],
        )
        .catch((error: { code?: string }) => {
          if (error.code === '42P01' || error.code === '3F000') return { rows: [] };
          throw error;
        });
      return (
        rows as {
          id: string;
          name: string;
          data: unknown;
          output: unknown;
          retry_count: number;
          created_on: Date | string;
          completed_on: Date | string | null;
        }[]
      ).map((row) => {
        const output = row.output as { message?: unknown } | null;
        return {
          id: row.id,
          queue: row.name,
          data: row.data,
          error: output && typeof output.message === 'string' ? output.message : output ? JSON.stringify(output).slice(0, 500) : null,
          attempts: row.retry_count + 1,
          createdAt: new Date(row.created_on),
          failedAt: row.completed_on ? new Date(row.completed_on) : null,
        };
      });
    },
    async retry(id) {
      if (!JOB_ID.test(id)) return false;
      // as pg-boss's own retry(), which does not say whether a job was taken again
      const { rows } = await database.execute(
        `UPDATE pgboss.job SET state = 'retry', retry_limit = retry_limit + 1, start_after = now() WHERE id = $1::uuid AND state = 'failed' RETURNING name`,
        [id],
      );
      const name = (rows[0] as { name?: string } | undefined)?.name;
      if (!name) return false;
      const worker = workers.get(name as JobName);
      if (worker) boss.notifyWorker(worker);
      return true;
    },
    async stop(timeoutMs = 10_000) {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}
