/**
 * Opens the database: a node-postgres pool when a connection string is given, otherwise
 * embedded PGlite (ARCHITECTURE.md), and applies the committed migrations — on PostgreSQL under an
 * advisory lock, so several API copies starting together migrate once.
 */
import { mkdirSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

/** The Drizzle database both engines give (queries written once for both). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; data functions take `Db | Tx`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  /** Which engine is behind `db`. */
  engine: 'pglite' | 'postgres';
  /** Resolves when the database answers `SELECT 1`; rejects otherwise (readiness). */
  ping(): Promise<void>;
  /**
   * Calls `onMessage` with the payload of every `NOTIFY channel` (from any copy of the API);
   * on PostgreSQL through a connection of its own that reconnects every second after a loss,
   * calling `onReconnect` once it listens again (what was sent meanwhile is lost).
   * `channel` must be a plain identifier. The listener ends with `close()`.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<void>;
  /**
   * Runs raw SQL for a library that brings its own (the job queue, lib/jobs.ts): with `values`
   * one parameterised statement, without them any number of statements (the last one's rows).
   */
  execute(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** The PostgreSQL pool's connections and waiting requests now (metrics); null on PGlite. */
  poolState(): { max: number; total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

/** Limits of the PostgreSQL pool (milliseconds; see config.ts `DATABASE_*`). */
export interface PoolLimits {
  max: number;
  idleTimeoutMs: number;
  /** Opening a connection (TCP + start-up) or waiting for a free one in a full pool. */
  connectTimeoutMs: number;
  /** Server side: a statement running longer is cancelled (SQLSTATE 57014). */
  statementTimeoutMs: number;
}

const DEFAULT_LIMITS: PoolLimits = { max: 10, idleTimeoutMs: 30_000, connectTimeoutMs: 5_000, statementTimeoutMs: 5_000 };

/**
 * Client side: a query gets no answer for this long past the statement timeout → the driver
 * gives up ('Query read timeout', a 503). It bounds what the server-side timeout cannot: a
 * network partition that silently drops packets, where the server never hears the cancel.
 */
export const QUERY_TIMEOUT_MARGIN_MS = 1_000;

/** Key of the advisory lock held while migrating (any constant; "JSBN" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x4a53424e;

/** Milliseconds between attempts to listen again after the listening connection was lost. */
const LISTEN_RETRY_MS = 1_000;

/** One `LISTEN` on a PostgreSQL connection of its own, kept up until `stop()`. */
class Listener {
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  private listenedBefore = false;

  constructor(
    private readonly connectionString: string,
    private readonly connectTimeoutMs: number,
    private readonly channel: string,
    private readonly onMessage: (payload: string) => void,
    private readonly onReconnect: (() => void) | undefined,
    private readonly onConnectionError: ((error: Error) => void) | undefined,
  ) {}

  /** Listens once; a failure schedules retries instead of throwing. */
  async start(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.connectionString,
      connectionTimeoutMillis: this.connectTimeoutMs,
      keepAlive: true,
      application_name: 'jsbn-listen',
    });
    client.on('error', (error) => {
      this.onConnectionError?.(error);
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.onMessage(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (this.stopped) {
        await client.end(); // closed while connecting
        return;
      }
      this.client = client;
      if (this.listenedBefore) this.onReconnect?.();
      this.listenedBefore = true;
    } catch {
      this.lost(client);
    }
  }

  private lost(client: pg.Client): void {
    if (this.client === client) this.client = null;
    client.end().catch(() => {});
    if (this.stopped || this.retry) return;
    this.listenedBefore = true;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.start();
    }, LISTEN_RETRY_MS);
    this.retry.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}

/** Migrations live beside the source (apps/api/src/db/migrations) in both src and dist runs. */
const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

/**
 * Applies the migrations on a connection of its own while holding `pg_advisory_lock`, so a
 * second copy starting at the same moment waits and then finds nothing left to do. The
 * migration connection has no statement or query timeout (an index build may take a while).
 */
async function migrateLocked(connectionString: string, connectTimeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: connectTimeoutMs, application_name: 'jsbn-migrate' });
  client.on('error', () => {}); // a failure reaches the awaited query below as well
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/**
 * Makes `pool` end, instead of lending again, a connection on which a query got no answer
 * within `query_timeout`. node-postgres gives up on such a query but keeps the connection,
 * whose state is then unknown: after a partition heals, a `BEGIN` that timed out may still
 * reach the server while the `ROLLBACK` behind it was dropped, and the next borrower would
 * run inside that stale transaction and never commit. (`pool.query` already discards a
 * connection whose query failed; transactions borrow with `pool.connect` and release without
 * an error, so they need this.)
 */
function endUnansweredConnections(pool: pg.Pool): void {
  const unanswered = new WeakSet<pg.PoolClient>();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && /query read timeout/i.test(error.message)) unanswered.add(client);
        });
      }
      return result;
    };
  });
  // ending the client here makes the pool remove it (it checks for an ending client next)
  pool.on('release', (error, client) => {
    if (!error && unanswered.has(client)) void client.end();
  });
}

/**
 * Gives `db` transactions that always hand their connection back to `pool`. Drizzle's own
 * pool transactions release the borrowed connection in a `finally` that is entered only after
 * `BEGIN` succeeded, so a `BEGIN` that fails (a terminated backend, a partition's read
 * timeout) leaks the connection and the pool is one short for good; after `max` such failures
 * every request would wait for a connection and answer 503 until a restart. Here the
 * transaction borrows the connection itself and runs Drizzle's transaction on it.
 */
function releasingTransactions(db: Db, pool: pg.Pool): Db {
  // one Drizzle handle per pooled connection, made when it is first borrowed: making one reads
  // the whole schema's relations and indexes again (7 % of an order's CPU when made each time)
  const handles = new WeakMap<pg.PoolClient, Db>();
  const transaction: Db['transaction'] = async (work, config) => {
    const client = await pool.connect();
    try {
      let handle = handles.get(client);
      if (!handle) {
        handle = drizzlePg(client, { schema });
        handles.set(client, handle);
      }
      return await handle.transaction(work, config);
    } finally {
      client.release();
    }
  };
  return Object.assign(db, { transaction });
}

/**
 * A transaction whose statements answer on a later turn of the event loop (`YieldingPGlite`).
 * The transaction keeps its lock meanwhile: other statements wait for it, other requests run.
 */
function yieldingTransaction(tx: Transaction): Transaction {
  return {
    query: async <T>(query: string, params?: unknown[], options?: QueryOptions) => afterATurn(tx.query<T>(query, params, options)),
    sql: async <T>(strings: TemplateStringsArray, ...params: unknown[]) => afterATurn(tx.sql<T>(strings, ...params)),
    exec: async (query: string, options?: QueryOptions) => afterATurn(tx.exec(query, options)),
    rollback: () => tx.rollback(),
    listen: (channel, callback) => tx.listen(channel, callback),
    get closed() {
      return tx.closed;
    },
  };
}

/** `result`'s value or error, delivered on a later turn of the event loop (`YieldingPGlite`). */
async function afterATurn<T>(result: Promise<T>): Promise<T> {
  try {
    return await result;
  } finally {
    await nextTurn();
  }
}

/**
 * PGlite whose statements answer on a later turn of the event loop, as a driver's over a
 * socket do. PGlite runs in this process and resolves a statement's promise at once, so a
 * request's statements and everything awaiting them ran as one chain of microtasks: no
 * timer, no socket, no other request was served until every request in flight had finished
 * (the health check waited for four whole searches at once; decision 064). After each
 * statement other requests get their turn, and a wait is one statement long, not a request.
 */
class YieldingPGlite extends PGlite {
  override async query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return afterATurn(super.query<T>(query, params, options));
  }

  override async exec(query: string, options?: QueryOptions): Promise<Results[]> {
    return afterATurn(super.exec(query, options));
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => callback(yieldingTransaction(tx)));
  }
}

/**
 * Opens and migrates the database.
 * @param options.databaseUrl PostgreSQL connection string; when absent PGlite is used
 * @param options.pgliteDir   PGlite data directory (created if missing); absent → in memory
 * @param options.pgliteLoadDataDir a tarball of a PGlite data directory (`PGlite.dumpDataDir`)
 *   to start from, in memory, instead of `pgliteDir`: the tests start each app so from the
 *   database migrated once a run, without copying its 1,300 files (decision 055)
 * @param options.limits      PostgreSQL pool size and timeouts (ms); defaults 10 / 30 s / 5 s / 5 s
 * @param options.onConnectionError told about every error a pooled connection emits — idle or
 *   checked out (server restart, `pg_terminate_backend`, fail-over, a dropped network). Without
 *   a listener node-postgres re-throws them as an unhandled 'error' event that ends the process;
 *   a query running on such a connection fails by itself (→ 503), so telling is all that is left.
 * @throws the driver's error when PostgreSQL cannot be reached or a migration fails
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  /** The role migrations run as (DATABASE_MIGRATION_URL); absent → `databaseUrl`. */
  migrationUrl?: string;
  pgliteDir?: string;
  pgliteLoadDataDir?: Blob;
  limits?: Partial<PoolLimits>;
  onConnectionError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    const limits = { ...DEFAULT_LIMITS, ...options.limits };
    await migrateLocked(options.migrationUrl ?? options.databaseUrl, limits.connectTimeoutMs);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: limits.max,
      idleTimeoutMillis: limits.idleTimeoutMs,
      connectionTimeoutMillis: limits.connectTimeoutMs,
      statement_timeout: limits.statementTimeoutMs,
      query_timeout: limits.statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS,
      // a peer that vanished (server host gone, NAT entry dropped) is noticed by the kernel
      keepAlive: true,
      application_name: 'jsbn-api',
    });
    // every connection gets a listener for its whole life, idle or checked out; the pool's
    // own 'error' event repeats what that listener already told for idle ones
    pool.on('connect', (client) => client.on('error', (error) => options.onConnectionError?.(error)));
    pool.on('error', () => {});
    endUnansweredConnections(pool);
    const db = releasingTransactions(drizzlePg(pool, { schema }), pool);
    let closed = false;
    const listeners: Listener[] = [];
    return {
      db,
      engine: 'postgres',
      ping: async () => {
        await pool.query('SELECT 1');
      },
      execute: (text, values) => pool.query(text, values),
      poolState: () => ({ max: limits.max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: async (channel, onMessage, onReconnect) => {
        const listener = new Listener(
          options.databaseUrl!,
          limits.connectTimeoutMs,
          channel,
          onMessage,
          onReconnect,
          options.onConnectionError,
        );
        listeners.push(listener);
        await listener.start();
      },
      close: async () => {
        if (closed) return;
        closed = true;
        await Promise.all(listeners.map((listener) => listener.stop()));
        await pool.end();
      },
    };
  }
  const { pgliteDir, pgliteLoadDataDir } = options;
  if (pgliteDir && !pgliteLoadDataDir) mkdirSync(pgliteDir, { recursive: true });
  const client = pgliteLoadDataDir
    ? new YieldingPGlite('memory://', { loadDataDir: pgliteLoadDataDir, extensions: { pg_trgm } })
    : new YieldingPGlite(pgliteDir ?? 'memory://', { extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    engine: 'pglite',
    ping: async () => {
      await client.query('SELECT 1');
    },
    execute: async (text, values) => {
      if (values?.length) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (error) {
        // statements after a failed one are not run: a transaction they opened must not stay open
        // on the one connection everything shares (PostgreSQL's pool drops such a connection)
        if (/^\s*begin\b/i.test(text)) await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    listen: async (channel, onMessage) => {
      await client.listen(channel, onMessage);
    },
    poolState: () => null,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
