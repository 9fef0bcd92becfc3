/**
 * "Never a 500 for user input": random JSON bodies, query strings and path values thrown at
 * the JSON endpoints, as a visitor, a library and a publisher, must each get a 2xx or 4xx.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook, createLibrary, createPublisher } from './db/factories.js';
import { authHeader, createTestApp, type TestApp } from './test/harness.js';

const JSON_ENDPOINTS: ['POST' | 'PATCH', string][] = [
  ['POST', '/api/user/login'],
  ['POST', '/api/user/verify-email'],
  ['POST', '/api/user/resend-otp'],
  ['POST', '/api/user/change-password'],
  ['POST', '/api/user/verify-password'],
  ['PATCH', '/api/user/update-password'],
  ['POST', '/api/user/contact'],
  ['POST', '/api/library/logo-text'],
  ['POST', '/api/book/order-book'],
  ['PATCH', '/api/book/order-book/1'],
  ['PATCH', '/api/book/1'],
  ['POST', '/api/publisher/generate-pdf'],
  ['POST', '/api/book/1/upload-urls'],
  ['POST', '/api/book/book-request/1'],
  ['POST', '/api/book/reader/order'],
];

const GET_ENDPOINTS = [
  '/api/book',
  '/api/publisher',
  '/api/library',
  '/api/book/order-book',
  '/api/book/check-jsbn-number',
  '/api/book/order-book/export.xlsx',
  '/api/book/export.xlsx',
];

describe('robustness (PGlite)', () => {
  let t: TestApp;
  let headers: Record<string, string>[];
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const publisher = await createPublisher(t.ctx);
    await createBook(t.ctx, publisher.publisherId);
    const library = await createLibrary(t.ctx);
    headers = [{}, await authHeader(t.app, publisher, 'PUBLISHER'), await authHeader(t.app, library, 'LIBRARY')];
  });
  afterAll(() => t.close());

  it('answers random JSON bodies with 2xx or 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...JSON_ENDPOINTS), fc.constantFrom(0, 1, 2), fc.jsonValue({ maxDepth: 3 }), async ([method, url], who, body) => {
        const response = await t.app.inject({ method, url, headers: { ...headers[who], 'content-type': 'application/json' }, payload: JSON.stringify(body) });
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)} → ${response.body}`).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  });

  it('answers bodies with the right field names but random values with 2xx or 4xx', async () => {
    const keys = ['email', 'password', 'modelType', 'otp', 'token', 'oldPassword', 'newPassword', 'fullName', 'contact', 'message', 'text', 'id', 'orders', 'status', 'orderItems', 'isAvailable', 'orderId', 'sendWhatsapp', 'files', 'name', 'mobile_no', 'Resone', 'RefferenceBy', 'mobile', 'bookId', 'bookName', 'date'];
    const leaf = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom('LIBRARY', 'PUBLISHER', 'IN_PROGRESS', 'CANCELLED', 'COMPLETED', 'DISPATCHED', '9825012345', 'a@b.co', '31/12/2099', 'Abcdef@123'));
    const item = fc.dictionary(fc.constantFrom('publisherId', 'bookId', 'numberOfCopies', 'id', 'PartialBook', 'field', 'name', 'type', 'size'), leaf);
    const body = fc.dictionary(fc.constantFrom(...keys), fc.oneof(leaf, fc.array(item, { maxLength: 3 })));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...JSON_ENDPOINTS), fc.constantFrom(0, 1, 2), body, async ([method, url], who, payload) => {
        const response = await t.app.inject({ method, url, headers: headers[who], payload });
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)} → ${response.body}`).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  });

  it('answers random query strings and path values with 2xx or 4xx', async () => {
    const value = fc.oneof(fc.string(), fc.integer().map(String), fc.constantFrom('-1', '1e400', '2147483648', 'all', '%', '\u0000', 'ગુજરાતી'));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...GET_ENDPOINTS), fc.constantFrom(0, 1, 2), fc.dictionary(fc.constantFrom('queryString', 'pageNo', 'limit', 'sortedField', 'sortedOrder', 'ids', 'orderStatus', 'subject', 'jsbn_number', 'publisher_no', 'book_title'), value), async (url, who, query) => {
        const response = await t.app.inject({ method: 'GET', url, headers: headers[who], query });
        expect(response.statusCode, `GET ${url} ${JSON.stringify(query)} → ${response.body}`).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/book/', '/api/publisher/', '/api/library/', '/api/book/listing/jsbn/', '/api/book/order-book/', '/api/state/'), value, async (prefix, part) => {
        const response = await t.app.inject({ method: 'GET', url: prefix + encodeURIComponent(part), headers: headers[1] });
        expect(response.statusCode, `${prefix}${part} → ${response.body}`).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });
});
