/**
 * The back office answers who may call it before what was sent (decision 063): an anonymous
 * caller gets 401 and a library 403 — never the body's or the query's schema messages — and an
 * operator the 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibrary, createOperator } from '../../seed/factories.js';
import { ENGINES, createTestApp, tokenHeader, type TestApp } from '../../test/harness.js';

describe.each(ENGINES)('operator routes before validation on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('answers 401 to nobody and 403 to a library before reading a bad body or query', async () => {
    const library = await createLibrary(t.ctx);
    const operator = await createOperator(t.ctx);
    const requests = [
      { method: 'POST' as const, url: '/api/operator/publishers/abc/ask', payload: { question: 42, extra: true } },
      { method: 'GET' as const, url: '/api/operator/history?limit=100000&from=yesterday' },
    ];
    for (const request of requests) {
      const anonymous = await t.app.inject(request);
      expect(anonymous.statusCode, request.url).toBe(401);
      expect(anonymous.json(), request.url).toMatchObject({ message: 'Unauthorized' });
      const other = await t.app.inject({ ...request, headers: await tokenHeader(t, library) });
      expect(other.statusCode, request.url).toBe(403);
      expect(other.json(), request.url).toMatchObject({ message: 'Only operators can do this.' });
      const own = await t.app.inject({ ...request, headers: { authorization: `Bearer ${operator.token}` } });
      expect(own.statusCode, request.url).toBe(400);
    }
  });
});
