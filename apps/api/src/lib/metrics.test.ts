/**
 * GET /metrics (decision 038): Prometheus' text format, refused without the bearer token of
 * METRICS_TOKEN (and not answered at all on the main port without one configured), or on
 * METRICS_PORT; requests counted by route template and status with their latency — the front
 * door's answers too — and Node's process metrics, scraped before and after.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookEndpoints, fillPath } from '@jsbn/shared/core';
import { formatJsbn } from '@jsbn/shared';
import { createBook, createPublisher } from '../seed/factories.js';
import { ENGINES, createTestApp, type TestApp } from '../test/harness.js';
import { inject } from '../test/inject.js';
import { waitFor } from '../test/servers.js';
import { scrape, valueOf } from '../test/metrics.js';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';

/** GET `url` over HTTP: status, content type and body. */
const get = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; type: string | undefined; body: string }>((resolve, reject) => {
    httpRequest(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, type: response.headers['content-type'], body: Buffer.concat(chunks).toString() }),
      );
    })
      .on('error', reject)
      .end();
  });

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('is not answered on the main port', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('jsbn_');
  });
});

describe.each(ENGINES)('GET /metrics on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { METRICS_TOKEN: TOKEN, METRICS_PORT: '0', HOST: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('is refused without the token or with a wrong one', async () => {
    for (const headers of [
      {},
      { authorization: `Bearer ${TOKEN.slice(1)}x` },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json()).toEqual({
        statusCode: 401,
        message: 'The metrics need the bearer token of METRICS_TOKEN',
        error: 'UNAUTHORIZED',
      });
    }
  });

  it('answers with the token, in the text format, with the process metrics', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    for (const name of [
      '# TYPE jsbn_http_request_duration_seconds histogram',
      '# TYPE nodejs_eventloop_lag_p99_seconds gauge',
      '# TYPE nodejs_heap_size_used_bytes gauge',
      '# TYPE nodejs_gc_duration_seconds histogram',
      '# TYPE process_cpu_seconds_total counter',
    ]) {
      expect(response.body).toContain(name);
    }
  });

  it('counts a request by its route template and status, with its latency', async () => {
    const health = 'jsbn_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}';
    const missing = 'jsbn_http_request_duration_seconds_count{method="GET",route="/api/book/listing/jsbn/:jsbnNo",status="404"}';
    const before = await scrape(t.app, TOKEN);
    // the health probe is not in the endpoint table
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await inject(t.app, bookEndpoints.byJsbn, { params: { jsbnNo: 'SECRET-PATH-99' } });
    const after = await scrape(t.app, TOKEN);
    expect(valueOf(after, health) - valueOf(before, health)).toBe(2);
    expect(valueOf(after, missing) - valueOf(before, missing)).toBe(1);
    expect(valueOf(after, 'jsbn_http_request_duration_seconds_bucket{le="10",method="GET",route="/api/health",status="200"}')).toBe(
      valueOf(after, health),
    );
    // the raw path is never a label, and a scrape does not count itself
    expect(after).not.toContain('SECRET-PATH-99');
    expect(after).not.toContain('route="/metrics"');
  });

  it('is answered without a token on METRICS_PORT, and only /metrics there', async () => {
    await t.app.ready();
    const { port } = t.metricsServer()!.address() as AddressInfo;
    const metrics = await get(`http://127.0.0.1:${port}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(metrics.body).toContain('# TYPE jsbn_http_request_duration_seconds histogram');
    expect((await get(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
  });
});

describe('the cached-page responder in the metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { METRICS_TOKEN: TOKEN });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('counts its answers by the route template Fastify uses, and the page cache its hits and misses', async () => {
    const publisher = await createPublisher(t.ctx, { publisher_no: 'METRC' });
    const book = await createBook(t.ctx, publisher.publisherId, { book_title: 'Metrics of a QR page' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const path = `/api${fillPath(bookEndpoints.byJsbn.path, { jsbnNo: formatJsbn(book.jsbn_number) })}`;
    const route = 'jsbn_http_request_duration_seconds_count{method="GET",route="/api/book/listing/jsbn/:jsbnNo",status="200"}';
    const before = await scrape(t.app, TOKEN);
    const answeredBefore = t.cachedPageResponder.answered;
    let visits = 0;
    // the first visit is made by Fastify (a page cache miss), the next comes from the door
    await waitFor(
      async () => {
        const answered = t.cachedPageResponder.answered;
        expect((await get(`${base}${path}`, { 'accept-encoding': 'br' })).status).toBe(200);
        expect((await get(`${base}${path}`, { 'accept-encoding': 'br' })).status).toBe(200);
        visits += 2;
        return t.cachedPageResponder.answered > answered;
      },
      10_000,
      'a repeat answered by the cached-page responder',
    );
    const after = await scrape(t.app, TOKEN);
    expect(valueOf(after, 'jsbn_front_door_total{result="hit"}') - valueOf(before, 'jsbn_front_door_total{result="hit"}')).toBe(
      t.cachedPageResponder.answered - answeredBefore,
    );
    expect(valueOf(after, 'jsbn_page_cache_total{result="miss"}')).toBeGreaterThan(valueOf(before, 'jsbn_page_cache_total{result="miss"}'));
    // every visit counted once under the route's template, whoever answered it
    expect(valueOf(after, route) - valueOf(before, route)).toBe(visits);
  });
});
