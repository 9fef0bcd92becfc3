/**
 * The cached-page responder (decision 022) on a listening app: a public page already in the
 * public page cache is answered before Fastify with the very reply Fastify gives — the same
 * status, bytes and headers (but the date and the request id) — and everything it cannot
 * answer exactly so goes to Fastify, which is checked by its count of answers.
 */
import { rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJsbn } from '@jsbn/shared';
import { bookEndpoints } from '@jsbn/shared/core';
import { createBook, createPublisher } from '../seed/factories.js';
import { ENGINES, createTestApp, tokenHeader, type TestApp } from '../test/harness.js';
import { waitFor } from '../test/servers.js';
import { builtApp } from '../test/web-dist.js';
import { CachedPageResponder, jsbnSegment } from './cached-page-responder.js';
import { PublicPageCache } from './public-pages.js';
import { VISITOR_PAGE_CACHE } from '../modules/web/routes.js';
import { apiPath, inject } from '../test/inject.js';

/** What a phone's browser sends. */
const PHONE = { 'accept-encoding': 'gzip, deflate, br' };

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A reply's headers that differ between any two replies (the time, the request, the connection). */
const sameness = ({ headers }: Raw) => {
  const { date: _date, 'x-request-id': _id, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
};

describe.each(ENGINES)('the cached-page responder on %s', (engine) => {
  let t: TestApp;
  let dist: string;
  let base: string;
  let jsbn: string;
  let bookId: number;
  let owner: { authorization: string };

  /** GET (or `method`) `path` over HTTP as it came: status, headers and the bytes, still compressed. */
  const get = (path: string, headers: Record<string, string> = PHONE, method = 'GET') =>
    new Promise<Raw>((resolve, reject) => {
      httpRequest(`${base}${path}`, { method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });

  /**
   * Fastify's reply to a first visit of `path` (the page not cached) and the cached-page responder's to the
   * next. On PostgreSQL the notices of the books made before reach the cache a moment after their
   * commits and may empty it between the two: tried again until the second came from the door.
   */
  const firstAndRepeat = (path: string, headers: Record<string, string> = PHONE) =>
    waitFor(
      async () => {
        t.ctx.publicPages.clear();
        const answered = t.cachedPageResponder.answered;
        const first = await get(path, headers);
        expect(t.cachedPageResponder.answered).toBe(answered);
        const repeat = await get(path, headers);
        return t.cachedPageResponder.answered === answered + 1 && { first, repeat };
      },
      10_000,
      `a repeat of ${path} answered by the cached-page responder`,
    );

  /** Asserts that `path` with `headers` is answered by Fastify, and returns its reply. */
  const byFastify = async (path: string, headers: Record<string, string> = PHONE, method = 'GET') => {
    const answered = t.cachedPageResponder.answered;
    const reply = await get(path, headers, method);
    expect(t.cachedPageResponder.answered).toBe(answered);
    return reply;
  };

  beforeAll(async () => {
    dist = builtApp();
    t = await createTestApp(engine, {}, dist);
    const publisher = await createPublisher(t.ctx, { publisher_no: 'DOORS', publisher_name: 'શ્રી જિનશાસન આરાધના ટ્રસ્ટ' });
    owner = await tokenHeader(t, publisher);
    const book = await createBook(t.ctx, publisher.publisherId, { book_title: 'શ્રી કલ્પસૂત્ર' });
    bookId = book.id;
    jsbn = formatJsbn(book.jsbn_number);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    rmSync(join(dist, '..'), { recursive: true, force: true });
  });

  it.each([
    ['the API reply of a book', () => apiPath(bookEndpoints.byJsbn, { jsbnNo: jsbn }), {}],
    ['the server-made book page', () => `/jsbn/${jsbn}`, {}],
    ['the server-made book page in Gujarati', () => `/jsbn/${jsbn}`, { 'accept-language': 'gu-IN,gu;q=0.9' }],
    ['the landing page in Hindi (chosen on the switcher)', () => '/', { cookie: 'jsbn_language=hi' }],
    ['the search page', () => '/search-a-book', {}],
  ])('answers a repeated visit of %s with the reply Fastify gives', async (_name, path, extra) => {
    const { first, repeat } = await firstAndRepeat(path(), { ...PHONE, ...extra });
    expect(first.status).toBe(200);
    expect(repeat.status).toBe(200);
    expect(repeat.body.equals(first.body)).toBe(true);
    expect(sameness(repeat)).toEqual(sameness(first));
    expect(repeat.headers['content-encoding']).toBe('br');
    expect(repeat.headers['cache-control']).toBe(path().startsWith('/api/') ? 'no-cache' : VISITOR_PAGE_CACHE);
    expect(repeat.headers['x-content-type-options']).toBe('nosniff');
    expect(repeat.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(repeat.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(brotliDecompressSync(repeat.body).toString()).toContain('શ્રી કલ્પસૂત્ર');
  });

  it("answers a revalidation with Fastify's 304, and keeps a request id the caller gave", async () => {
    const path = apiPath(bookEndpoints.byJsbn, { jsbnNo: jsbn });
    const { repeat } = await firstAndRepeat(path);
    const revalidate = { ...PHONE, 'if-none-match': repeat.headers['etag']!, 'x-request-id': 'scan-42' };
    const fromDoor = await get(path, revalidate);
    t.ctx.publicPages.clear();
    const fromFastify = await byFastify(path, revalidate);
    expect(fromDoor.status).toBe(304);
    expect(fromFastify.status).toBe(304);
    expect(fromDoor.body.length).toBe(0);
    expect(sameness(fromDoor)).toEqual(sameness(fromFastify));
    expect(fromDoor.headers['x-request-id']).toBe('scan-42');
  });

  it('leaves to Fastify whatever it cannot answer exactly as Fastify would', async () => {
    const path = apiPath(bookEndpoints.byJsbn, { jsbnNo: jsbn });
    await firstAndRepeat(path);
    await firstAndRepeat(`/jsbn/${jsbn}`);
    // a signed-in publisher sees their own view (not cached)
    expect((await byFastify(path, { ...PHONE, ...owner })).status).toBe(200);
    // a client that does not take brotli gets gzip from Fastify
    expect((await byFastify(path, { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    // a query string, a HEAD, another spelling of the number (301), an unknown book (404)
    expect((await byFastify(`${path}?lang=gu`)).status).toBe(200);
    expect((await byFastify(path, PHONE, 'HEAD')).status).toBe(200);
    const compact = await byFastify(`/jsbn/${jsbn.replaceAll('-', '').toLowerCase()}`);
    expect(compact.status).toBe(301);
    expect(compact.headers['location']).toBe(`/jsbn/${jsbn}`);
    expect((await byFastify('/jsbn/NOPE0-00001-X')).status).toBe(404);
    // a number that is no JSBN, as a client might send it
    expect((await byFastify('/api/book/listing/jsbn/%20x')).status).toBe(404);
  });

  it('shows a change of the book at once', async () => {
    const path = apiPath(bookEndpoints.byJsbn, { jsbnNo: jsbn });
    const available = async () => JSON.parse(brotliDecompressSync((await get(path)).body).toString()).data.book.isAvailable as boolean;
    await firstAndRepeat(path);
    const was = await available();
    const patch = await inject(t.app, bookEndpoints.update, { params: { id: bookId }, headers: owner, body: { isAvailable: !was } });
    expect(patch.statusCode).toBe(200);
    expect(await available()).toBe(!was);
    expect(await available()).toBe(!was);
  });
});

describe('CachedPageResponder', () => {
  it('leaves every request to Fastify while the app is closing', async () => {
    const cache = new PublicPageCache();
    await cache.get('json:AHMJS00006P', async () => ({ body: '{"data":{}}', publisherId: 1 }));
    let closing = false;
    const door = new CachedPageResponder(cache, { securityHeaders: {}, requestId: () => 'id', closing: () => closing });
    // a route of its own, as books/routes.ts registers the book's reply, answering one address
    door.route({
      key: (path) => (jsbnSegment('/api/book/listing/jsbn/', path) ? 'json:AHMJS00006P' : null),
      headers: { 'content-type': 'application/json' },
      template: () => '/api/book/listing/jsbn/:jsbnNo',
    });
    let status = 0;
    const response = { writeHead: (code: number) => ((status = code), { end: () => undefined }) } as unknown as ServerResponse;
    const request = {
      method: 'GET',
      url: '/api/book/listing/jsbn/AHMJS-00006-P',
      headers: { 'accept-encoding': 'br' },
    } as unknown as IncomingMessage;
    expect(door.answer(request, response)).toBe(true);
    expect(status).toBe(200);
    closing = true;
    expect(door.answer(request, response)).toBe(false);
    expect(door.answered).toBe(1);
  });
});
