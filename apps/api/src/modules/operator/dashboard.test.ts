/**
 * The operators' dashboard (decision 041): each queue's count and the age of its oldest item,
 * from real rows, and empty queues as zeros and nulls.
 */
import { operatorEndpoints } from '@jsbn/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook, createOperator, createPublisher } from '../../seed/factories.js';
import { book_reports, duplicate_pairs, outbox, publisher_claims, publishers } from '../../db/schema.js';
import { ENGINES, createTestApp, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';

const HOUR = 3600;
const DAY = 24 * HOUR;

describe.each(ENGINES)("the operators' dashboard on %s", (engine) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    token = (await createOperator(t.ctx)).token;
  });
  afterAll(() => t.close());

  const dashboard = async () => {
    const reply = await inject(t.app, operatorEndpoints.dashboard, { headers: { authorization: `Bearer ${token}` } });
    expect(reply.statusCode).toBe(200);
    return reply.json().data;
  };
  /** `seconds` before the app's clock. */
  const ago = (seconds: number) => new Date(t.ctx.clock().getTime() - seconds * 1000);
  const empty = { count: 0, oldestAt: null, oldestAgeSeconds: null };

  it('shows every queue empty when nothing waits', async () => {
    // publishers made before this test (none here) would wait for verification
    expect(await dashboard()).toEqual({
      publishers: empty,
      claims: empty,
      reports: empty,
      duplicates: empty,
      failures: { ...empty, undeliveredMessages: 0, failedJobs: 0 },
    });
  });

  it('counts what waits in each queue and how old its oldest item is', async () => {
    // publishers: NEW and ASKED wait, VERIFIED and REJECTED do not
    const made = [];
    for (const [verification, age] of [
      ['NEW', 3 * DAY],
      ['ASKED', 5 * DAY],
      ['VERIFIED', 30 * DAY],
      ['REJECTED', 40 * DAY],
    ] as const) {
      const publisher = await createPublisher(t.ctx, { logo: false });
      await t.ctx.db
        .update(publishers)
        .set({ verification, created_at: ago(age) })
        .where(eq(publishers.id, publisher.publisherId));
      made.push(publisher);
    }
    const publisherId = made[2]!.publisherId;
    // claims: neither approved nor refused
    await t.ctx.db.insert(publisher_claims).values([
      {
        publisher_id: publisherId,
        full_name: 'Claimant',
        email: 'a@example.test',
        contact: '9876543210',
        message: 'Mine',
        created_at: ago(2 * HOUR),
      },
      {
        publisher_id: publisherId,
        full_name: 'Claimant',
        email: 'b@example.test',
        contact: '9876543210',
        message: 'Mine',
        created_at: ago(9 * HOUR),
      },
      {
        publisher_id: publisherId,
        full_name: 'Claimant',
        email: 'c@example.test',
        contact: '9876543210',
        message: 'Mine',
        created_at: ago(20 * DAY),
        approved_at: ago(19 * DAY),
      },
      {
        publisher_id: publisherId,
        full_name: 'Claimant',
        email: 'd@example.test',
        contact: '9876543210',
        message: 'Mine',
        created_at: ago(21 * DAY),
        refused_at: ago(20 * DAY),
        refused_reason: 'Not theirs',
      },
    ]);
    const first = await createBook(t.ctx, publisherId, { book_title: 'Tattvartha Sutra' }, { cover: false });
    const second = await createBook(t.ctx, publisherId, { book_title: 'Tattvartha Sutra (second)' }, { cover: false });
    const third = await createBook(t.ctx, publisherId, { book_title: 'Kalpa Sutra' }, { cover: false });
    await t.ctx.db.insert(book_reports).values([
      { book_id: first.id, kind: 'WRONG_DETAILS', reason: 'Wrong year', created_at: ago(4 * HOUR) },
      { book_id: first.id, kind: 'OTHER', reason: 'Resolved', status: 'DECLINED', created_at: ago(10 * DAY) },
    ]);
    // registering the books queued their likeness already (decision 044): this test sets its own pairs and ages
    await t.ctx.db.delete(duplicate_pairs);
    await t.ctx.db.insert(duplicate_pairs).values([
      { book_id: second.id, other_book_id: first.id, similarity: 0.93, created_at: ago(6 * HOUR) },
      { book_id: third.id, other_book_id: first.id, similarity: 0.71, created_at: ago(12 * HOUR) },
      { book_id: third.id, other_book_id: second.id, similarity: 0.7, status: 'NOT_DUPLICATE', created_at: ago(15 * DAY) },
    ]);
    // failures: messages the outbox gave up on (pending and sent ones are not failures) …
    await t.ctx.db.insert(outbox).values([
      { channel: 'email', recipient: 'x@example.test', subject: 'S', body: 'B', status: 'failed', attempts: 8, created_at: ago(2 * DAY) },
      { channel: 'whatsapp', recipient: '9876543210', subject: 'S', body: 'B', status: 'failed', attempts: 8, created_at: ago(1 * DAY) },
      { channel: 'email', recipient: 'y@example.test', subject: 'S', body: 'B', status: 'sent', created_at: ago(9 * DAY) },
    ]);
    // … and a background job that failed for good (pg-boss's own table; its queue exists once the app started)
    await t.app.ready();
    await t.ctx.db.execute(
      sql`INSERT INTO pgboss.job (name, state, data, completed_on) VALUES ('passwordReset', 'failed', '{}'::jsonb, ${ago(3 * DAY).toISOString()}::timestamptz)`,
    );

    const data = await dashboard();
    // each age as of the app's clock, give or take the test's own running time
    const ages = Object.fromEntries(
      Object.entries(data as Record<string, { oldestAgeSeconds: number }>).map(([queue, value]) => [queue, value.oldestAgeSeconds]),
    );
    const expected = { publishers: 5 * DAY, claims: 9 * HOUR, reports: 4 * HOUR, duplicates: 12 * HOUR, failures: 3 * DAY };
    for (const [queue, seconds] of Object.entries(expected)) {
      expect(ages[queue], queue).toBeGreaterThanOrEqual(seconds);
      expect(ages[queue], queue).toBeLessThan(seconds + 120);
    }
    expect(data.publishers.count).toBe(2);
    expect(data.claims.count).toBe(2);
    expect(data.reports.count).toBe(1);
    expect(data.duplicates.count).toBe(2);
    expect(data.failures).toMatchObject({ count: 3, undeliveredMessages: 2, failedJobs: 1 });
    expect(Math.abs(Date.parse(data.publishers.oldestAt) - ago(5 * DAY).getTime())).toBeLessThan(120_000);
  });
});
