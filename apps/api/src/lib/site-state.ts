/**
 * The figures every API copy shares — the outbox's pending and failed messages and its oldest
 * pending one, the job queues, the books — read from the database at most once every
 * `SHARED_FIGURES_MS` per copy and cached, whoever asks: each Prometheus scrape of each copy and
 * every `/api/ready` probe of the load balancer (decision 038). Several asking at once share
 * one read.
 */
import type { Database } from '../db/client.js';
import type { SharedFigures } from './metrics.js';

/** How long one read of the shared figures is cached, ms. */
export const SHARED_FIGURES_MS = 15_000;

/** Failed jobs counted are those failed within this long (pg-boss keeps them a week). */
const FAILED_JOBS_WINDOW = '1 day';

interface Row {
  [column: string]: unknown;
}

const number = (value: unknown) => Number(value ?? 0);
const time = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date).getTime());

/** The shared figures of one database, cached `SHARED_FIGURES_MS`. */
export class SiteState {
  private cached: { at: number; figures: SharedFigures } | null = null;
  private reading: Promise<SharedFigures> | null = null;

  /**
   * @param database the app's database (raw SQL: the job queue's tables are pg-boss's)
   * @param clock    the app's time (tests move it past the keeping time)
   */
  constructor(
    private readonly database: Pick<Database, 'execute'>,
    private readonly clock: () => Date,
  ) {}

  /**
   * The figures, read again when the cached ones are `SHARED_FIGURES_MS` old.
   * @throws the database's error when it cannot be read (nothing cached is served then past its time)
   */
  async read(): Promise<SharedFigures> {
    const now = this.clock().getTime();
    if (this.cached && now - this.cached.at < SHARED_FIGURES_MS) return this.cached.figures;
    this.reading ??= this.load().finally(() => (this.reading = null));
    const figures = await this.reading;
    this.cached = { at: now, figures };
    return figures;
  }

  /** The figures cached, however old, or null before the first read (readiness while the database is down). */
  last(): SharedFigures | null {
    return this.cached?.figures ?? null;
  }

  private async load(): Promise<SharedFigures> {
    // the index (status, next_attempt_at) serves both statuses; sent messages are never counted
    const outbox = (
      await this.database.execute(
        `SELECT channel, status, count(*)::int AS count, min(created_at) AS oldest
         FROM outbox WHERE status IN ('pending', 'failed') GROUP BY channel, status`,
        [],
      )
    ).rows as Row[];
    const books = (await this.database.execute('SELECT coalesce(sum(book_count), 0)::bigint AS books FROM publishers', [])).rows as Row[];
    let queues: Row[] = [];
    // pg-boss's own queues (its cron's) are left out
    try {
      queues = (
        await this.database.execute(
          `SELECT q.name,
             count(j.id) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now())::int AS waiting,
             count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
             count(j.id) FILTER (WHERE j.state = 'failed')::int AS failed,
             min(j.start_after) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now()) AS oldest
           FROM pgboss.queue q
           LEFT JOIN pgboss.job j ON j.name = q.name
             AND (j.state < 'completed' OR (j.state = 'failed' AND j.completed_on > now() - interval '${FAILED_JOBS_WINDOW}'))
           WHERE left(q.name, 10) <> '__pgboss__'
           GROUP BY q.name ORDER BY q.name`,
          [],
        )
      ).rows as Row[];
    } catch (error) {
      // before the job queue's first start its schema does not exist yet
      if ((error as { code?: string }).code !== '42P01' && (error as { code?: string }).code !== '3F000') throw error;
    }
    const oldestPending: Record<string, number> = {};
    for (const row of outbox) {
      const oldest = time(row.oldest);
      if (row.status === 'pending' && oldest !== null) oldestPending[String(row.channel)] = oldest;
    }
    return {
      outbox: outbox.map((row) => ({ channel: String(row.channel), status: String(row.status), count: number(row.count) })),
      oldestPending,
      queues: queues.map((row) => ({
        name: String(row.name),
        waiting: number(row.waiting),
        active: number(row.active),
        failed: number(row.failed),
        oldestWaitingAt: time(row.oldest),
      })),
      books: number(books[0]?.books),
    };
  }
}
