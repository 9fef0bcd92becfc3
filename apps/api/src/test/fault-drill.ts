/**
 * The database fault drill: an API process on a fresh PostgreSQL database takes a
 * steady mixed load — search, the JSBN page, the current user, order creation in a
 * transaction — while every `killEveryMs` all of its connections are ended with
 * `pg_terminate_backend`, as a PostgreSQL restart or fail-over ends them. Used by
 * `production/faults.test.ts` (a short run) and `npm run fault:db` (a long one).
 *
 * Talks only to 127.0.0.1 and stops by itself after `durationMs`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openContext } from '../open-context.js';
import { loadConfig } from '../config.js';
import { createBook, createLibrary, createPublisher } from '../seed/factories.js';
import { createPgDatabase, startApiProcess, waitFor } from './servers.js';

export interface DrillOptions {
  /** PostgreSQL server to create the drill's database on (`postgres://…/postgres`). */
  adminUrl: string;
  /** How long the load runs, ms. */
  durationMs: number;
  /** Pause between two rounds of `pg_terminate_backend`, ms. */
  killEveryMs: number;
  /** Requests in flight at once. */
  concurrency: number;
}

export interface DrillReport {
  /** Responses by HTTP status. */
  byStatus: Record<number, number>;
  /** Requests that got no HTTP answer at all (connection refused or reset). */
  noAnswer: number;
  /** Rounds of `pg_terminate_backend`, and connections they ended. */
  rounds: number;
  terminated: number;
  /** The API process was running when the load stopped. */
  alive: boolean;
  /**
   * After the drill, a signed-in read that queries the database answered 200 again (within
   * 15 s). Not search: the drill's own searches may have used up the address's search limit.
   */
  recovered: boolean;
  /** What the process wrote to stderr (a crash leaves its stack here). */
  stderr: string;
}

const SECRETS = {
  JWT_SECRET: 'test-only JWT secret of the fault drill, 0123456789',
  FILE_SIGNING_SECRET: 'test-only file-link secret of the fault drill, ABCDEF',
};

/**
 * Runs the drill and reports what the clients saw. Never throws for what the API does; throws
 * only when the drill cannot be set up (PostgreSQL unreachable, the process does not start).
 */
export async function runConnectionKillDrill(options: DrillOptions): Promise<DrillReport> {
  const database = await createPgDatabase(options.adminUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'jsbn-drill-'));
  const env = {
    ...SECRETS,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'https://jsbn.test',
  };
  const { ctx, database: setup } = await openContext(loadConfig(env));
  const publisher = await createPublisher(ctx);
  const books = [
    await createBook(ctx, publisher.publisherId, { book_title: 'કલ્પસૂત્ર', book_e_title: 'Kalpasutra' }),
    await createBook(ctx, publisher.publisherId),
  ];
  const library = await createLibrary(ctx);
  await setup.close();

  const api = await startApiProcess(env);
  const admin = new pg.Client({ connectionString: options.adminUrl });
  admin.on('error', () => {});
  await admin.connect();
  const report: DrillReport = { byStatus: {}, noAnswer: 0, rounds: 0, terminated: 0, alive: false, recovered: false, stderr: '' };
  try {
    const login = await fetch(`${api.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: library.email, password: library.password, modelType: 'LIBRARY' }),
    });
    const token = ((await login.json()) as { data: { accessToken: { access_token: string } } }).data.accessToken.access_token;
    const auth = { authorization: `Bearer ${token}` };
    const requests: (() => Promise<Response>)[] = [
      () => fetch(`${api.url}/api/book?queryString=${encodeURIComponent('કલ્પ')}`),
      () => fetch(`${api.url}/api/book/listing/jsbn/${books[0]!.jsbn_number}`),
      () => fetch(`${api.url}/api/user/me`, { headers: auth }),
      () =>
        fetch(`${api.url}/api/book/order-book`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': Math.random().toString(36).slice(2) },
          body: JSON.stringify({ orders: [{ publisherId: publisher.publisherId, bookId: books[1]!.id, numberOfCopies: 1 }] }),
        }),
    ];
    const deadline = Date.now() + options.durationMs;
    const worker = async (offset: number) => {
      for (let n = offset; Date.now() < deadline; n++) {
        try {
          const response = await requests[n % requests.length]!();
          await response.arrayBuffer();
          report.byStatus[response.status] = (report.byStatus[response.status] ?? 0) + 1;
        } catch {
          report.noAnswer++;
        }
      }
    };
    const killer = async () => {
      while (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, options.killEveryMs));
        const { rows } = await admin.query<{ n: number }>(
          "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'jsbn-api'",
          [database.name],
        );
        report.rounds++;
        report.terminated += rows[0]!.n;
      }
    };
    await Promise.all([killer(), ...Array.from({ length: options.concurrency }, (_, index) => worker(index))]);
    report.alive = api.process.exitCode === null && api.process.signalCode === null;
    report.recovered = await waitFor(
      async () => (await fetch(`${api.url}/api/user/me`, { headers: auth }).catch(() => null))?.status === 200,
      15_000,
      'the API to answer again',
    ).then(
      () => true,
      () => false,
    );
  } finally {
    report.stderr = api.err();
    if (api.process.exitCode === null) {
      api.process.kill('SIGKILL');
      await api.exited;
    }
    await admin.end().catch(() => {});
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return report;
}

/** One line a status: `200 ×1234`. */
export function formatStatuses(byStatus: Record<number, number>): string {
  return Object.entries(byStatus)
    .map(([status, n]) => `${status} ×${n}`)
    .join(', ');
}
