/**
 * Vitest global setup: the migrations run once per test run, not once per test file. An app is
 * built and made ready on each engine by `prepare-database.ts` — the migrations applied,
 * pg-boss's schema and queues made — and closed; every test file's app then starts from a copy
 * of that database (`createTestApp`): PGlite's data directory loaded into memory from its
 * tarball, PostgreSQL's database created with `CREATE DATABASE … TEMPLATE` (as epic-stack copies
 * a prepared database per test).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { createPgDatabase } from './servers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory, for a test that needs one on disk (a script's). */
    pgliteTemplate: string;
    /** The same data directory as a tarball (`PGlite.dumpDataDir`), which each test's app loads into memory. */
    pgliteTarball: string;
    /** The migrated PostgreSQL database each test file's database is created from; '' without TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

const prepareScript = fileURLToPath(new URL('./prepare-database.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));

/** Leaves a prepared database in `dataDir` (PGlite) or at `databaseUrl`. */
async function prepare(dataDir: string, databaseUrl?: string): Promise<void> {
  await promisify(execFile)(tsx, ['--conditions=source', prepareScript, dataDir, ...(databaseUrl ? [databaseUrl] : [])]);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDirs = [mkdtempSync(join(tmpdir(), 'jsbn-template-')), mkdtempSync(join(tmpdir(), 'jsbn-template-'))];
  const postgres = process.env.TEST_DATABASE_URL ? await createPgDatabase() : null;
  await Promise.all([prepare(dataDirs[0]!), postgres ? prepare(dataDirs[1]!, postgres.url) : null]);
  project.provide('pgliteTemplate', join(dataDirs[0]!, 'db'));
  project.provide('pgliteTarball', join(dataDirs[0]!, 'db.tar'));
  project.provide('postgresTemplate', postgres?.name ?? '');
  return async () => {
    await postgres?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
}
