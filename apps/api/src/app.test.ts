import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.js';

describe('the app shell', () => {
  let dev: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    dev = await createTestApp('pglite');
    production = await createTestApp('pglite', { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), FILE_SIGNING_SECRET: 'y'.repeat(40) });
  });
  afterAll(async () => {
    await dev.close();
    await production.close();
  });

  it('serves OpenAPI generated from the shared schemas at /api/docs', async () => {
    const response = await dev.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(expect.arrayContaining(['/api/user/login', '/api/book/order-book', '/api/book/listing/jsbn/{jsbnNo}']));
  });

  it('answers unknown API paths with the JSON error envelope', async () => {
    const response = await dev.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, message: 'Not found', error: 'NOT_FOUND' });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await dev.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(response.statusCode).toBe(400);
  });

  it('answers ids beyond the integer range with 400 and unknown ones with 404', async () => {
    for (const url of ['/api/book/99999999999', '/api/publisher/2147483648', '/api/library/1e12', '/api/state/abc/city']) {
      const response = await dev.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().details[0].field).toMatch(/^(id|stateId)$/);
    }
    expect((await dev.app.inject({ method: 'GET', url: '/api/book/2147483647' })).statusCode).toBe(404);
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
  });
});
