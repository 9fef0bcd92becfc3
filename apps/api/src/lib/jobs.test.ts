/**
 * The job queue (lib/jobs.ts, decision 013) as several API copies start it at once on one
 * database: each creates the queues it needs, and pg-boss's creation of a queue (a table
 * partition) can deadlock when two do it together — a copy must then find the queue made, not
 * fail its start (which ended an API process in the two-copy test).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, type Jobs } from './jobs.js';
import { createTestApp, type TestApp } from '../test/harness.js';

// API copies share a database only on PostgreSQL (PGlite is one process's own)
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the job queue of several copies on postgres (needs PostgreSQL: set TEST_DATABASE_URL)',
  () => {
    const engine = 'postgres' as const;
    let t: TestApp;
    const copies: Jobs[] = [];
    beforeAll(async () => {
      t = await createTestApp(engine); // not yet ready: its queue is not started
    });
    afterAll(async () => {
      await Promise.all(copies.map((jobs) => jobs.stop()));
      await t.close();
    });

    it('starts in six copies at once on a fresh database, and a job sent by one is done once', async () => {
      const errors: unknown[] = [];
      for (let i = 0; i < 6; i++) copies.push(createJobs(t.database, { error: (error: unknown) => errors.push(error) }));
      const done: number[] = [];
      copies.forEach((jobs, index) => jobs.handle('document', async () => void done.push(index)));
      const started = await Promise.allSettled(copies.map((jobs) => jobs.start()));
      expect(started.filter((result) => result.status === 'rejected')).toEqual([]);
      await copies[0]!.send('document', { kind: 'catalog', publisherId: 1, key: 'public/generated/catalog-1-test.pdf' });
      await expect.poll(() => done.length, { timeout: 10_000 }).toBe(1);
      // once pg-boss has recorded the job completed, no copy can take it again
      await expect
        .poll(async () => (await t.database.execute(`SELECT state FROM pgboss.job WHERE name = 'document'`)).rows, { timeout: 10_000 })
        .toEqual([{ state: 'completed' }]);
      expect(done).toHaveLength(1);
    });
  },
);
