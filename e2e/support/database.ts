/**
 * The journeys' servers on PostgreSQL when `TEST_DATABASE_URL` is set (as `.ci/run` sets it):
 * `global-setup.ts` migrates and seeds one database, and each journey's server runs on a copy
 * made by `CREATE DATABASE … TEMPLATE` (as the API tests' harness does), the production engine
 * instead of the embedded one, at a fraction of its CPU (decision 084). Without it they run on
 * PGlite, each on a copy of the prepared data directory.
 */
import pg from 'pg';

/** The PostgreSQL server the journeys may use (`TEST_DATABASE_URL`), or undefined. */
export const ADMIN_URL = process.env.TEST_DATABASE_URL || undefined;

/** A database on the server of `ADMIN_URL`: its connection string and how to drop it. */
export interface JourneyDatabase {
  name: string;
  url: string;
  /** Drops it, ending its connections (`DROP DATABASE … WITH (FORCE)`). */
  drop(): Promise<void>;
}

/** Runs one statement as the administrator of `ADMIN_URL`. */
async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database: empty, or a copy of `template` (nobody may be connected to it).
 * @throws Error when `TEST_DATABASE_URL` is not set, or PostgreSQL's own error
 */
export async function createDatabase(template?: string): Promise<JourneyDatabase> {
  if (!ADMIN_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `jsbn_e2e_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  await admin(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
