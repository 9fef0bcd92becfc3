/**
 * Opens the database: a node-postgres pool when a connection string is given, otherwise
 * embedded PGlite (DESIGN §4), and applies the committed migrations — on PostgreSQL under an
 * advisory lock, so several API copies starting together migrate once.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
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
  close(): Promise<void>;
}

/** Limits of the PostgreSQL pool (milliseconds; see config.ts `DATABASE_*`). */
export interface PoolLimits {
  max: number;
  idleTimeoutMs: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
}

const DEFAULT_LIMITS: PoolLimits = { max: 10, idleTimeoutMs: 30_000, connectTimeoutMs: 5_000, statementTimeoutMs: 15_000 };

/** Key of the advisory lock held while migrating (any constant; "JSBN" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x4a53424e;

/** Migrations live beside the source (apps/api/src/db/migrations) in both src and dist runs. */
const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

/**
 * Applies the migrations on one connection of `pool` while holding `pg_advisory_lock`, so a
 * second copy starting at the same moment waits and then finds nothing left to do. The
 * migration connection has no statement timeout (an index build may take a while).
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    // the session changed its statement timeout: do not hand it back to the pool
    client.release(true);
  }
}

/**
 * Opens and migrates the database.
 * @param options.databaseUrl PostgreSQL connection string; when absent PGlite is used
 * @param options.pgliteDir   PGlite data directory (created if missing); absent → in memory
 * @param options.limits      PostgreSQL pool size and timeouts (ms); defaults 10 / 30 s / 5 s / 15 s
 * @param options.onPoolError called with errors of idle pooled connections (server restart …),
 *   which would otherwise crash the process
 * @throws the driver's error when PostgreSQL cannot be reached or a migration fails
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir?: string;
  limits?: Partial<PoolLimits>;
  onPoolError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    const limits = { ...DEFAULT_LIMITS, ...options.limits };
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: limits.max,
      idleTimeoutMillis: limits.idleTimeoutMs,
      connectionTimeoutMillis: limits.connectTimeoutMs,
      statement_timeout: limits.statementTimeoutMs,
      application_name: 'jsbn-api',
    });
    pool.on('error', (error) => options.onPoolError?.(error));
    try {
      await migrateLocked(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    let closed = false;
    return {
      db,
      engine: 'postgres',
      ping: async () => {
        await pool.query('SELECT 1');
      },
      close: async () => {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create(options.pgliteDir ?? 'memory://', { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    engine: 'pglite',
    ping: async () => {
      await client.query('SELECT 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
