import { accountEndpoints, bookEndpoints, libraryEndpoints, lookupEndpoints, publisherEndpoints } from '@jsbn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.js';
import { inject } from './test/inject.js';

describe('the app shell', () => {
  let dev: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    dev = await createTestApp('pglite');
    production = await createTestApp('pglite', {
      NODE_ENV: 'production',
      JWT_SECRET: 'test-only JWT secret of the app shell, 0123456789',
      FILE_SIGNING_SECRET: 'test-only file-link secret of the app shell, ABCDEF',
      TOTP_SECRET_KEY: 'dGVzdC1vbmx5IFRPVFAga2V5LCAzMiBieXRlcyEhISE=',
      SMTP_URL: 'smtp://127.0.0.1:9',
      MAIL_FROM: 'JSBN <no-reply@jsbn.test>',
    });
  });
  afterAll(async () => {
    await dev.close();
    await production.close();
  });

  it('serves OpenAPI generated from the shared schemas at /api/docs', async () => {
    const response = await dev.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/user/login', '/api/book/order-book', '/api/book/listing/jsbn/{jsbnNo}']),
    );
  });

  it('answers unknown API paths with the JSON error envelope', async () => {
    const response = await dev.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, message: 'Not found', error: 'NOT_FOUND' });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await inject(dev.app, accountEndpoints.login, {
      raw: true,
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers ids beyond the integer range with 400 and unknown ones with 404', async () => {
    // each id sent as it comes, as text: past the integer range, in exponent form, not a number
    const requests = [
      [bookEndpoints.one, { id: '99999999999' }],
      [publisherEndpoints.one, { id: '2147483648' }],
      [libraryEndpoints.one, { id: '1e12' }],
      [lookupEndpoints.cities, { stateId: 'abc' }],
    ] as const;
    for (const [endpoint, params] of requests) {
      const response = await inject(dev.app, endpoint, { raw: true, params });
      expect(response.statusCode, endpoint.path).toBe(400);
      expect(response.json().details[0].field).toMatch(/^(id|stateId)$/);
    }
    expect((await inject(dev.app, bookEndpoints.one, { params: { id: 2147483647 } })).statusCode).toBe(404);
  });

  it('takes a raw upload body over real HTTP without inspecting the stream (403 for a bad link, not 500)', async () => {
    const address = await dev.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/files/upload/not-a-token?expires=1&signature=x`, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it('has the dev mailbox outside production only', async () => {
    expect((await dev.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(200);
    expect((await dev.app.inject({ method: 'GET', url: '/dev/mailbox' })).headers['content-type']).toContain('text/html');
    expect((await production.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    expect((await production.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const response = await dev.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // scripts from this site only; WebAssembly may be compiled (the scan page's barcode reader), JavaScript never evaluated
    expect(response.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval';");
  });
});
