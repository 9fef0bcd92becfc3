/**
 * The back office answers who may call it before what was sent (decision 063): an anonymous
 * caller gets 401 and a library 403 — never the body's or the query's schema messages — and an
 * operator the 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorEndpoints } from '@jsbn/shared/core';
import { createLibrary, createOperator } from '../../seed/factories.js';
import { ENGINES, createTestApp, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';

describe.each(ENGINES)('operator routes before validation on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('answers 401 to nobody and 403 to a library before reading a bad body or query', async () => {
    const library = await createLibrary(t.ctx);
    const operator = await createOperator(t.ctx);
    // a bad id, body and query, sent as they come: who calls is answered first
    const requests = [
      { endpoint: operatorEndpoints.askPublisher, params: { id: 'abc' }, body: { question: 42, extra: true } },
      { endpoint: operatorEndpoints.history, query: { limit: '100000', from: 'yesterday' } },
    ];
    for (const { endpoint, ...request } of requests) {
      const url = endpoint.path;
      const anonymous = await inject(t.app, endpoint, { raw: true, ...request });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json(), url).toMatchObject({ message: 'Unauthorized' });
      const other = await inject(t.app, endpoint, { raw: true, ...request, headers: await tokenHeader(t, library) });
      expect(other.statusCode, url).toBe(403);
      expect(other.json(), url).toMatchObject({ message: 'Only operators can do this' });
      const own = await inject(t.app, endpoint, { raw: true, ...request, headers: { authorization: `Bearer ${operator.token}` } });
      expect(own.statusCode, url).toBe(400);
    }
  });
});
