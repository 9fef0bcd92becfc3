/**
 * What one request to `/sru` or `/oai` may make the server do (decision 064): a body nested
 * deeply, a body too big, a query too long or with too many terms are answered at once with a
 * diagnostic or a refusal, never worked through.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgliteSession } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PROTOCOL_STATEMENT_TIMEOUT_MS, withProtocolTimeout } from './bounds.js';
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

  const search = (query: string) =>
    t.app.inject({ method: 'GET', url: `/sru?${new URLSearchParams({ operation: 'searchRetrieve', version: '1.2', query })}` });

  it.each([
    [
      '2,000 words of any',
      `cql.anywhere any "${Array.from({ length: 2_000 }, (_, i) => `w${i}`).join(' ')}"`,
      12,
      'a query may hold at most 1000 characters',
    ],
    [
      '20 words of all',
      `dc.title all "${Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ')}"`,
      38,
      'the terms of a query may hold at most 16 words together',
    ],
    [
      "10 OR'd titles",
      Array.from({ length: 10 }, (_, i) => `dc.title=t${i}`).join(' or '),
      38,
      'a query may join at most 8 search clauses',
    ],
    ['a term of 300 characters', `dc.title="${'k'.repeat(300)}"`, 23, 'a search term may hold at most 256 characters'],
    ['parentheses 10 deep', `${'('.repeat(10)}dc.title=k${')'.repeat(10)}`, 13, 'parentheses may nest at most 8 levels'],
  ])('answers %s with its diagnostic', async (_name, query, code, details) => {
    const reply = await search(query);
    expect(reply.statusCode).toBe(200);
    expect(diagnosticOf(reply.body)).toBe(`info:srw/diagnostic/1/${code}`);
    expect(reply.body).toContain(`<diag:details>${details}</diag:details>`);
  });

  it('answers a query within every bound', async () => {
    const query = `(dc.title any "kalpasutra ${Array.from({ length: 9 }, (_, i) => `w${i}`).join(' ')}") or ${Array.from({ length: 6 }, (_, i) => `dc.author=a${i}`).join(' or ')}`;
    const reply = await search(query);
    expect(diagnosticOf(reply.body)).toBeNull();
    expect(reply.body).toContain('<zs:numberOfRecords>1</zs:numberOfRecords>');
  });

  /** The longest query accepted: 8 clauses of two words each (`npm run bench:protocols`). */
  const WORDS = ['sutra', 'jain', 'shri', 'granth', 'katha', 'stotra', 'agam', 'bhakti'];
  const LONGEST = WORDS.map((word, i) => `cql.anywhere any "${word} ${WORDS[(i + 3) % WORDS.length]!.slice(0, 4)}"`).join(' or ');

  it('answers health checks while four of the longest searches run, between their statements', async () => {
    let searching = true;
    const searches = Promise.all(Array.from({ length: 4 }, () => search(LONGEST))).finally(() => (searching = false));
    // one health check after another, each sent on a turn of the event loop of its own, until the searches end
    const answered: number[] = [];
    while (searching) {
      await new Promise((resolve) => setImmediate(resolve));
      if (searching) answered.push((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode);
    }
    expect((await searches).map((reply) => diagnosticOf(reply.body) ?? reply.statusCode)).toEqual([200, 200, 200, 200]);
    // a turn after each statement (a search runs 4 and more); on PGlite, in this process, the
    // statements used to leave no turn until all four searches had ended (one answer, before them)
    expect(answered.length).toBeGreaterThanOrEqual(8);
    expect(new Set(answered)).toEqual(new Set([200]));
  });

  it('reads what the vocabulary says of the 16 words of the longest query in one statement', async () => {
    // the statements the search sends, counted on either engine's Drizzle session
    const pglite = vi.spyOn(PgliteSession.prototype, 'prepareQuery');
    const node = vi.spyOn(NodePgSession.prototype, 'prepareQuery');
    try {
      const reply = await search(LONGEST);
      expect(diagnosticOf(reply.body)).toBeNull();
      expect(reply.body).toContain('<zs:numberOfRecords>1</zs:numberOfRecords>');
      const statements = [...pglite.mock.calls, ...node.mock.calls].map(([query]) => query.sql);
      expect(statements.filter((text) => text.includes('with corrections as'))).toHaveLength(1);
    } finally {
      pglite.mockRestore();
      node.mockRestore();
    }
  });

  it('refuses /sru and /oai past 300 requests a minute from one address, not another address', async () => {
    await t.ctx.limits.consume('protocolsPerAddress', '198.51.100.7', 299);
    const from = (remoteAddress: string, url: string) => t.app.inject({ method: 'GET', url, remoteAddress });
    expect((await from('198.51.100.7', '/oai?verb=Identify')).statusCode).toBe(200);
    for (const url of ['/oai?verb=Identify', '/sru?operation=explain']) {
      const refused = await from('198.51.100.7', url);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ message: 'Too many requests. Please try again later.' });
    }
    expect((await from('198.51.100.8', '/sru?operation=explain')).statusCode).toBe(200);
  });

  it("runs the protocols' statements with their own statement timeout on PostgreSQL, on PGlite as they are", async () => {
    const timeout = await withProtocolTimeout(t.ctx, async (bounded) => {
      const result: unknown = await bounded.db.execute(sql`select current_setting('statement_timeout') as value`);
      return (result as { rows: { value: string }[] }).rows[0]?.value;
    });
    // PGlite (one connection in this process) is not put in a transaction: it would hold every other request
    expect(timeout).toBe(engine === 'postgres' ? `${PROTOCOL_STATEMENT_TIMEOUT_MS / 1000}s` : '0');
  });

  it.skipIf(engine !== 'pglite')('runs protocol requests one at a time on PGlite', async () => {
    let running = 0;
    let most = 0;
    const read = async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setImmediate(resolve));
      running--;
    };
    await Promise.all([withProtocolTimeout(t.ctx, read), withProtocolTimeout(t.ctx, read), withProtocolTimeout(t.ctx, read)]);
    expect(most).toBe(1);
  });

  it.skipIf(engine !== 'postgres')(
    "runs a search's statements one after another on its one connection (no query sent while one runs)",
    async () => {
      // node-postgres deprecates a second client.query() while one runs: count how many run at once
      // on each connection a transaction borrows (the pool's clients are made before this test)
      let running = 0;
      let most = 0;
      const wrapped: [pg.PoolClient, pg.PoolClient['query']][] = [];
      // eslint-disable-next-line @typescript-eslint/unbound-method -- called with .apply(this) below
      const connect = pg.Pool.prototype.connect as (...args: unknown[]) => Promise<pg.PoolClient>;
      const spy = vi.spyOn(pg.Pool.prototype, 'connect').mockImplementation(function (this: pg.Pool, ...args: unknown[]) {
        // pool.query borrows with a callback: passed through as it is
        if (args.length) return connect.apply(this, args);
        return connect.call(this).then((client) => {
          // eslint-disable-next-line @typescript-eslint/unbound-method -- called with .apply(client) below
          const query = client.query;
          wrapped.push([client, query]);
          client.query = ((...args: unknown[]) => {
            most = Math.max(most, ++running);
            const result = (query as (...a: unknown[]) => unknown).apply(client, args);
            const done = () => void running--;
            if (result instanceof Promise) result.then(done, done);
            else done();
            return result;
          }) as pg.PoolClient['query'];
          return client;
        });
      } as never);
      try {
        const reply = await search('(dc.title any "kalpasutra agam sutra") or dc.author=a0 or (dc.title all "kalpa sutra")');
        expect(diagnosticOf(reply.body)).toBeNull();
        expect(reply.body).toContain('<zs:numberOfRecords>1</zs:numberOfRecords>');
      } finally {
        spy.mockRestore();
        for (const [client, query] of wrapped) client.query = query;
      }
      expect(most).toBe(1);
    },
  );

  it('answers a forged or garbled OAI resumptionToken with badResumptionToken, never 500', async () => {
    const encode = (state: unknown[]) => Buffer.from(JSON.stringify(state)).toString('base64url');
    /** As the repository signs (oai.ts): what a holder of the secret could make, so every field is checked too. */
    const signed = (payload: string) =>
      `${payload}.${createHmac('sha256', t.ctx.secrets.fileSigningSecret).update(`oai-resumption-token:${payload}`).digest('base64url')}`;
    const tokens = [
      'x',
      '%%%',
      encode([1, 'oai_dc', null, '+275760-09-13T00:00:00.000Z', null, null, 0, 1]),
      `${encode([1, 'oai_dc', null, null, null, ['2026-01-01 00:00:00+00', 1e15], 100, 200])}.forged`,
      signed(encode([1, 'oai_dc', null, '+275760-09-13T00:00:00.000Z', null, null, 0, 1])),
      signed(encode([1, 'oai_dc', null, null, null, ['2026-01-01 00:00:00+00', 1e15], 100, 200])),
      signed(encode([1, 'oai_dc', null, null, null, ['0000-01-01', 1], 100, 200])),
    ];
    for (const token of tokens) {
      const reply = await t.app.inject({ method: 'GET', url: `/oai?verb=ListRecords&resumptionToken=${encodeURIComponent(token)}` });
      expect(reply.statusCode, token).toBe(200);
      expect(reply.body, token).toContain('<error code="badResumptionToken">');
    }
  });
});
