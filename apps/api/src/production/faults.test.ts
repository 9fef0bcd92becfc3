/**
 * Faults of the database under a running API, on PostgreSQL only — PGlite runs in
 * the process and cannot lose its connection:
 * - connections ended by the server under load (`pg_terminate_backend`, what a restart or a
 *   fail-over does) never end the API process, and it answers again at once;
 * - a network partition that silently drops packets answers 503 within a few seconds, not for
 *   as long as the partition lasts, and the API recovers by itself when the network heals;
 * - a database that is gone or refuses connections answers 503 with the maintenance message.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { accountEndpoints, bookEndpoints, MSG } from '@jsbn/shared';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig } from '../config.js';
import { runConnectionKillDrill, formatStatuses } from '../test/fault-drill.js';
import { createPgDatabase, startTcpProxy, waitFor, type TcpProxy } from '../test/servers.js';
import { inject } from '../test/inject.js';

const adminUrl = process.env.TEST_DATABASE_URL;
const UNAVAILABLE = { statusCode: 503, message: MSG.maintenance, error: 'UNAVAILABLE' };

describe.skipIf(!adminUrl)('database faults (needs PostgreSQL: set TEST_DATABASE_URL)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** An app on a fresh database reached through a TCP proxy, with short timeouts. */
  async function appBehindProxy(): Promise<{ t: BuiltApp; proxy: TcpProxy; database: Awaited<ReturnType<typeof createPgDatabase>> }> {
    const database = await createPgDatabase(adminUrl);
    cleanups.push(() => database.drop());
    const target = new URL(database.url);
    const proxy = await startTcpProxy(Number(target.port || 5432), target.hostname);
    cleanups.push(() => proxy.stop());
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const dataDir = mkdtempSync(join(tmpdir(), 'jsbn-fault-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: proxied.toString(),
      DATABASE_STATEMENT_TIMEOUT_MS: '1000',
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      // a small pool: a connection lost for good would show at once
      DATABASE_POOL_MAX: '3',
    });
    const t = await buildApp(config, { webDist: null });
    await t.app.ready();
    cleanups.push(() => t.app.close());
    return { t, proxy, database };
  }
  const search = (t: BuiltApp) => inject(t.app, bookEndpoints.list, { query: { queryString: 'કલ્પ' } });
  /** A call that runs a transaction (an unknown e-mail: 400 when the database answers). */
  const verify = (t: BuiltApp) =>
    inject(t.app, accountEndpoints.verifyEmail, { body: { email: 'nobody@example.test', otp: '123456', modelType: 'LIBRARY' } });

  it('keeps the process up and answering while PostgreSQL ends its connections under load', async () => {
    const report = await runConnectionKillDrill({ adminUrl: adminUrl!, durationMs: 6_000, killEveryMs: 250, concurrency: 8 });
    const summary = `${formatStatuses(report.byStatus)}; ${report.terminated} connections ended in ${report.rounds} rounds; stderr: ${report.stderr}`;
    expect(report.alive, summary).toBe(true);
    expect(report.recovered, summary).toBe(true);
    expect(report.terminated, summary).toBeGreaterThan(0);
    expect(report.noAnswer, summary).toBe(0);
    // every answer is a success, the maintenance 503 or — once the drill's one address has
    // searched 300 times in a minute — the search limit's 429; never a 500
    expect(
      Object.keys(report.byStatus)
        .map(Number)
        .filter((status) => ![200, 201, 429, 503].includes(status)),
      summary,
    ).toEqual([]);
    // it went on answering between the kills: how many times depends on the machine's speed
    // (kills come every 250 ms of wall time), so only that it did, not a count
    expect((report.byStatus[200] ?? 0) + (report.byStatus[201] ?? 0), summary).toBeGreaterThan(0);
  }, 120_000);

  it('answers 503 within a few seconds during a network partition, and recovers when it heals', async () => {
    const { t, proxy } = await appBehindProxy();
    expect((await search(t)).statusCode).toBe(200);

    proxy.partition();
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      const response = await search(t);
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(UNAVAILABLE);
    }
    // requests in parallel, and transactions whose BEGIN gets no answer, are 503 too
    const parallel = await Promise.all(Array.from({ length: 12 }, (_, index) => (index % 2 ? search(t) : verify(t))));
    expect(parallel.map((response) => response.statusCode)).toEqual(Array(12).fill(503));

    proxy.heal();
    await waitFor(async () => (await search(t)).statusCode === 200, 15_000, 'search to answer after the partition');
    // no connection was lost for good: more calls than the pool holds, transactions among them
    const after = await Promise.all(Array.from({ length: 12 }, (_, index) => (index % 2 ? search(t) : verify(t))));
    expect(after.map((response) => response.statusCode)).toEqual(Array.from({ length: 12 }, (_, index) => (index % 2 ? 200 : 400)));
  }, 60_000);

  it('answers 503 when the database is dropped and when connections are refused', async () => {
    const { t, proxy, database } = await appBehindProxy();
    expect((await search(t)).statusCode).toBe(200);

    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE ${database.name} WITH (FORCE)`);
    await admin.end();
    // the pooled connections were ended (57P01), new ones find no database (3D000)
    for (let i = 0; i < 3; i++) expect((await search(t)).json()).toEqual(UNAVAILABLE);

    await proxy.stop();
    const refused = await search(t);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
  }, 60_000);
});
