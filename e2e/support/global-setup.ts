/**
 * Vitest global setup of the journeys: the built server is started once on an empty data
 * directory — the migrations applied, the demo seeded, as `npm start` does on a fresh machine —
 * and stopped; each journey's server then starts on a copy of that directory (`startServer`),
 * instead of migrating and seeding again for every file (decision 055) — and, with
 * `TEST_DATABASE_URL`, on a copy of its PostgreSQL database (`database.ts`, decision 084).
 */
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { ADMIN_URL, createDatabase } from './database.js';
import { startServer } from './server.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const database = ADMIN_URL ? await createDatabase() : undefined;
  const server = await startServer({ fresh: true, database });
  // stopped before it is copied: the embedded database's files are whole once the server closed
  // it, and PostgreSQL copies a template nobody is connected to
  await server.stop({ keepDataDir: true });
  project.provide('e2eDataDir', server.dataDir);
  project.provide('e2eDatabase', database?.name ?? '');
  return async () => {
    rmSync(server.dataDir, { recursive: true, force: true });
    await database?.drop();
  };
}
