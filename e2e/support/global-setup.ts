/**
 * Vitest global setup of the journeys: the built server is started once on an empty data
 * directory — the migrations applied, the demo seeded, as `npm start` does on a fresh machine —
 * and stopped; each journey's server then starts on a copy of that directory (`startServer`),
 * instead of migrating and seeding again for every file (decision 055).
 */
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.js';

export default async function setup(project: TestProject): Promise<() => void> {
  const server = await startServer({}, true);
  // stopped before it is copied: the embedded database's files are whole once the server closed it
  await server.stop({ keepDataDir: true });
  project.provide('e2eDataDir', server.dataDir);
  return () => rmSync(server.dataDir, { recursive: true, force: true });
}
