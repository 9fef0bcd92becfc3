/**
 * The site's own figures in GET /metrics (decision 038), scraped before and after what moves
 * them: a search, a JSBN registered, an order placed and accepted, a rate limit refusing, an
 * upload refused and one stored, an e-mail that fails, a job run; the figures every copy
 * shares (outbox, queues, books) read again only once 15 s have passed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookEndpoints, bulkEndpoints, orderEndpoints } from '@jsbn/shared/core';
import { createBook, createLibrary, createPublisher } from '../seed/factories.js';
import { ENGINES, createTestApp, tokenHeader, type TestApp } from '../test/harness.js';
import { inject } from '../test/inject.js';
import { scrape, valueOf } from '../test/metrics.js';
import { waitFor } from '../test/servers.js';
import { enqueueMessage } from './outbox.js';
import { createOutboxWorker } from './outbox-worker.js';
import { SHARED_FIGURES_MS } from './site-state.js';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';

describe.each(ENGINES)('the figures of the site on %s', (engine) => {
  let t: TestApp;
  let publisher: Awaited<ReturnType<typeof createPublisher>>;
  let pub: { authorization: string };
  let lib: { authorization: string };
  /** The change of each named series between two scrapes around `work`. */
  const moved = async (series: string[], work: () => Promise<unknown>) => {
    const before = await scrape(t.app, TOKEN);
    await work();
    const after = await scrape(t.app, TOKEN);
    return series.map((name) => valueOf(after, name) - valueOf(before, name));
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { METRICS_TOKEN: TOKEN, ORDER_LIMIT_PER_PUBLISHER_DAY: '1', OUTBOX_MAX_ATTEMPTS: '1' });
    publisher = await createPublisher(t.ctx, { publisher_no: 'FIGRS' });
    pub = await tokenHeader(t, publisher);
    lib = await tokenHeader(t, await createLibrary(t.ctx));
  });
  afterAll(() => t.close());

  it('counts a JSBN registered, the bytes of its cover, and a search with its latency', async () => {
    const [jsbns, coverBytes] = await moved(['jsbn_jsbns_registered_total', 'jsbn_upload_bytes_total{kind="covers"}'], () =>
      createBook(t.ctx, publisher.publisherId, { book_title: 'Figures of a catalogue' }),
    );
    expect(jsbns).toBe(1);
    expect(coverBytes).toBeGreaterThan(1000);
    const [searches] = await moved(['jsbn_search_duration_seconds_count{kind="books"}'], () =>
      inject(t.app, bookEndpoints.list, { query: { queryString: 'figures' } }),
    );
    expect(searches).toBe(1);
  });

  it('counts orders placed and moved by the status they entered, and a rate limit refusing', async () => {
    const book = await createBook(t.ctx, publisher.publisherId, { book_title: 'An order counted' });
    const order = { orders: [{ publisherId: publisher.publisherId, bookId: book.id, numberOfCopies: 1 }] };
    let orderId = 0;
    const [placed, accepted, refused] = await moved(
      [
        'jsbn_order_status_changes_total{status="REQUESTED"}',
        'jsbn_order_status_changes_total{status="IN_PROGRESS"}',
        'jsbn_rate_limit_refusals_total{limit="ordersPerLibraryAndPublisher"}',
      ],
      async () => {
        const created = await inject(t.app, orderEndpoints.create, { headers: lib, body: order });
        expect(created.statusCode).toBe(201);
        orderId = created.json().data.orders[0].id;
        expect(
          (await inject(t.app, orderEndpoints.setStatus, { params: { id: orderId }, headers: pub, body: { status: 'IN_PROGRESS' } }))
            .statusCode,
        ).toBe(200);
        // one order a day with this publisher (ORDER_LIMIT_PER_PUBLISHER_DAY 1): the second is refused
        expect((await inject(t.app, orderEndpoints.create, { headers: lib, body: order })).statusCode).toBe(429);
      },
    );
    expect([placed, accepted, refused]).toEqual([1, 1, 1]);
  });

  it('counts an upload refused for its type by the route that refused it', async () => {
    const [refused] = await moved(['jsbn_upload_refusals_total{route="/api/book/bulk/preview"}'], async () => {
      const response = await inject(t.app, bulkEndpoints.preview, {
        raw: true,
        headers: { ...pub, 'content-type': 'text/plain' },
        body: 'not a workbook',
      });
      expect(response.statusCode).toBe(415);
    });
    expect(refused).toBe(1);
  });

  it('counts an e-mail given up, and shows the outbox of the whole site once its 15 s have passed', async () => {
    const failedNow = 'jsbn_outbox_messages{channel="email",status="failed"}';
    t.advance(SHARED_FIGURES_MS);
    const before = await scrape(t.app, TOKEN);
    await enqueueMessage(t.ctx.db, { channel: 'email', to: 'refused@example.test', subject: 'Code', text: 'Your code' });
    const worker = createOutboxWorker(t.ctx, { email: () => Promise.reject(new Error('550 mailbox unavailable')) }, t.app.log);
    // the message is given up at its first attempt (OUTBOX_MAX_ATTEMPTS 1)
    while ((await worker.runOnce()) > 0);
    await worker.stop();
    const soon = await scrape(t.app, TOKEN);
    expect(
      valueOf(soon, 'jsbn_outbox_failed_total{channel="email"}') - valueOf(before, 'jsbn_outbox_failed_total{channel="email"}'),
    ).toBeGreaterThanOrEqual(1);
    // the shared figures are the ones read less than 15 s ago …
    expect(valueOf(soon, failedNow)).toBe(valueOf(before, failedNow));
    t.advance(SHARED_FIGURES_MS);
    // … and read again after
    const later = await scrape(t.app, TOKEN);
    expect(valueOf(later, failedNow) - valueOf(before, failedNow)).toBeGreaterThanOrEqual(1);
    expect(later).toMatch(/^jsbn_outbox_oldest_pending_seconds\{channel="email"\} [0-9.e+-]+$/m);
    expect(valueOf(later, 'jsbn_books')).toBeGreaterThanOrEqual(2);
  });

  it('counts a job run by this copy, and shows the queues', async () => {
    await t.app.ready();
    const series = 'jsbn_jobs_total{queue="orderReminders",outcome="completed"}';
    const before = await scrape(t.app, TOKEN);
    await t.ctx.jobs.send('orderReminders', {});
    await waitFor(async () => valueOf(await scrape(t.app, TOKEN), series) > valueOf(before, series), 20_000, 'the reminder job counted');
    t.advance(SHARED_FIGURES_MS);
    const after = await scrape(t.app, TOKEN);
    for (const state of ['waiting', 'active', 'failed'])
      expect(after).toMatch(new RegExp(`^jsbn_queue_jobs\\{queue="document",state="${state}"\\} \\d+$`, 'm'));
    expect(after).toMatch(/^jsbn_queue_oldest_waiting_seconds\{queue="orderNotices"\} [0-9.e+-]+$/m);
  });

  it('shows the database pool of PostgreSQL (PGlite has none)', async () => {
    const text = await scrape(t.app, TOKEN);
    if (engine === 'pglite') {
      expect(text).not.toMatch(/^jsbn_db_pool_connections\{/m);
      return;
    }
    expect(valueOf(text, 'jsbn_db_pool_connections{state="max"}')).toBe(10);
    expect(text).toMatch(/^jsbn_db_pool_connections\{state="in_use"\} \d+$/m);
    expect(text).toMatch(/^jsbn_db_pool_connections\{state="waiting"\} \d+$/m);
  });
});
