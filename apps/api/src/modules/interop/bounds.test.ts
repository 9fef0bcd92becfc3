/**
 * What one request to `/sru` or `/oai` may make the server do (decision 064): a body nested
 * deeply, a body too big, a query too long or with too many terms are answered at once with a
 * diagnostic or a refusal, never worked through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, type TestApp } from '../../test/harness.js';

const SRW = 'http://www.loc.gov/zing/srw/';
const SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';

/** An SRW searchRetrieve request for `query` in a SOAP envelope. */
const srwBody = (inside: string) =>
  `<?xml version="1.0"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="${SOAP}"><SOAP-ENV:Body><zs:searchRetrieveRequest xmlns:zs="${SRW}">${inside}</zs:searchRetrieveRequest></SOAP-ENV:Body></SOAP-ENV:Envelope>`;

/** The diagnostic URI of an SRU reply, or null. */
const diagnosticOf = (body: string) => /<diag:uri>([^<]*)<\/diag:uri>/.exec(body)?.[1] ?? null;

describe.each(ENGINES)('bounds of /sru and /oai on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const publisher = await createPublisher(t.ctx, { publisher_no: 'BNDPB', publisher_name: 'Bounds Prakashan' });
    await createBook(t.ctx, publisher.publisherId, { book_title: 'Kalpasutra', book_e_title: 'Kalpasutra' }, { cover: false });
  });
  afterAll(() => t.close());

  const post = (body: string) => t.app.inject({ method: 'POST', url: '/sru', headers: { 'content-type': 'text/xml' }, payload: body });

  it('answers an SRW body nested deeper than 16 levels with diagnostic 10, and a plain one with records', async () => {
    const plain = await post(srwBody('<zs:version>1.2</zs:version><zs:query>dc.title=kalpasutra</zs:query>'));
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain('<zs:numberOfRecords>1</zs:numberOfRecords>');
    const nested = `${'<a>'.repeat(2_000)}${'</a>'.repeat(2_000)}`;
    const deep = await post(srwBody(`<zs:query>dc.title=kalpasutra</zs:query>${nested}`));
    expect(deep.statusCode).toBe(200);
    expect(diagnosticOf(deep.body)).toBe('info:srw/diagnostic/1/10');
    expect(deep.body).toContain('the elements of the request nest deeper than 16 levels');
    expect(deep.body).toContain(`<SOAP-ENV:Envelope xmlns:SOAP-ENV="${SOAP}">`);
  });

  it('refuses an SRU body over 16 kB with 413, as SRW and as a form', async () => {
    const big = srwBody(`<zs:query>dc.title=${'k'.repeat(17 * 1024)}</zs:query>`);
    expect((await post(big)).statusCode).toBe(413);
    const form = await t.app.inject({
      method: 'POST',
      url: '/sru',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `operation=searchRetrieve&query=${'k'.repeat(17 * 1024)}`,
    });
    expect(form.statusCode).toBe(413);
  });
});
