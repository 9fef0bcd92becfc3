/**
 * Opens the database: node-postgres when a connection string is given, otherwise embedded
 * PGlite (DESIGN §4), and applies the committed migrations.
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
  close(): Promise<void>;
}

/** Migrations live beside the source (apps/api/src/db/migrations) in both src and dist runs. */
const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

/**
 * Opens and migrates the database.
 * @param options.databaseUrl PostgreSQL connection string; when absent PGlite is used
 * @param options.pgliteDir   PGlite data directory (created if missing); absent → in memory
 */
export async function openDatabase(options: { databaseUrl?: string; pgliteDir?: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, idleTimeoutMillis: 30_000 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return { db, engine: 'postgres', close: () => pool.end() };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create(options.pgliteDir ?? 'memory://', { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { db, engine: 'pglite', close: () => client.close() };
}
