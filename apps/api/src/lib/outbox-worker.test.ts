/**
 * The outbox worker's backoff is measured from the failure's own time: a failed delivery's
 * `next_attempt_at` is exactly `updated_at` + base × 2^(attempts − 1), however long the work
 * between two readings of the clock takes (it read the clock twice, and a busy machine made the
 * wait 399 ms instead of 400 — the production outbox test failed on CI).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { enqueueMessage } from './outbox.js';
import { createOutboxWorker } from './outbox-worker.js';

describe('outbox worker', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { OUTBOX_RETRY_BASE_MS: '100' });
  });
  afterAll(() => t.close());

  it('waits exactly the backoff after a failure, read from one reading of the clock', async () => {
    await enqueueMessage(t.ctx.db, { channel: 'email', to: 'slow@example.test', subject: 'Code', text: 'Your code' });
    // a clock that moves 7 ms every time it is read: two readings would show in the wait
    let readings = 0;
    const start = Date.now();
    const ctx = { ...t.ctx, clock: () => new Date(start + 7 * readings++) };
    const worker = createOutboxWorker(ctx, { email: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:2525')) }, t.app.log);
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();
    const [row] = await t.ctx.db.select().from(outbox).where(eq(outbox.recipient, 'slow@example.test'));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'connect ECONNREFUSED 127.0.0.1:2525' });
    expect(row!.next_attempt_at.getTime() - row!.updated_at.getTime()).toBe(100);
  });
});
