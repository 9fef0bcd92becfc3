/**
 * The writes and heavy jobs, each next to its baseline in the same run (part
 * `writes` of `npm run bench:scale`; prints figures, asserts nothing, talks only to 127.0.0.1):
 * - order creation (`POST /api/book/order-book`, one line, libraries at random, each with an
 *   Idempotency-Key as the browser sends) at c50 against
 *   bare Node http and against Node + pg running the same statements (the database's ceiling);
 * - login (`POST /api/user/login`, accounts and visitors' addresses at random) against the raw
 *   argon2id verify rate of the same parameters in this process, one verify at a time and as
 *   many at a time as the machine has cores; and the p99 of the QR page's reads while logins run,
 *   against its p99 alone;
 * - a 200 MB book PDF PUT through the signed upload address against `dd` writing as much to the
 *   same disk (flushed before closing, as the storage does) and against bare Node http writing
 *   the same PUT to a file the same way, with the API's extra resident memory (peak minus
 *   before, from /proc);
 * - the catalogue PDF and the Excel catalogue of a publisher with 1,000 books (seconds; each
 *   round after a change to the publisher, so nothing is served from the cache).
 * Uses a database of its own, `jsbn_scale_writes`, made afresh each run.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { readFileSync, rmSync, mkdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { hash, verify } from '@node-rs/argon2';
import autocannon, { type Options as CannonOptions, type Result as CannonResult } from 'autocannon';
import pg from 'pg';
import { formatJsbn } from '@jsbn/shared';
import { buildApp } from '../../../apps/api/src/app.js';
import { loadConfig } from '../../../apps/api/src/config.js';
import { createBook, createLibrary, createPublisher } from '../../../apps/api/src/seed/factories.js';
import { ARGON2 } from '../../../apps/api/src/lib/auth.js';
import { PRODUCTION } from './production.js';

/** What the bench's main module lends this part. */
export interface WritesBench {
  root: string;
  adminUrl: string;
  rounds: number;
  seconds: number;
  /** Starts `node args` on `port` and resolves when `ready` answers. */
  start(args: string[], env: Record<string, string>, port: number, ready?: string): Promise<ChildProcess>;
  median(numbers: number[]): number;
}

const PORT = 39104;
const BARE_PORT = 39105;
const NODE_PG_PORT = 39106;
const BARE_UPLOAD_PORT = 39107;
const BASE = `http://127.0.0.1:${PORT}`;
const CATALOGUE_BOOKS = 1_000;
const LIBRARIES = 50;
const UPLOAD_BYTES = 200 * 1024 * 1024;

const visitor = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

/**
 * Node + pg, the ceiling of order creation on this database: per request, the statements the
 * API runs for one order (the caller's account; the library's two order counters, together;
 * then in one transaction the claim of the Idempotency-Key, the library, the book, the order
 * with its line, its event marked for the publisher's digest and the key's order ids in one
 * statement; then the publisher's digest job, decision 033), without HTTP framework,
 * validation, token or ORM. Body: `{ accountId, libraryId, publisherId, bookId, key }`.
 */
const NODE_PG_ORDER = `
const pg = require('pg');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
require('node:http').createServer((q, s) => {
  let body = '';
  q.on('data', (chunk) => (body += chunk));
  q.on('end', async () => {
    if (q.method !== 'POST') return s.end('{"ok":true}'); // the readiness probe
    const { accountId, libraryId, publisherId, bookId, key } = JSON.parse(body);
    await pool.query('SELECT a.id, a.role, a.token_version, l.id AS library_id FROM accounts a LEFT JOIN libraries l ON l.account_id = a.id WHERE a.id = $1', [accountId]);
    const count = (key, seconds) => pool.query(\`INSERT INTO rate_limits (key, points, expire) VALUES ($1, 1, now() + $2 * interval '1 second')
      ON CONFLICT (key) DO UPDATE SET points = CASE WHEN rate_limits.expire > now() THEN rate_limits.points + 1 ELSE 1 END,
      expire = CASE WHEN rate_limits.expire > now() THEN rate_limits.expire ELSE excluded.expire END RETURNING points, expire\`, [key, seconds]);
    await Promise.all([count('ordersPerLibrary:' + libraryId, 3600), count('ordersPerLibraryAndPublisher:' + libraryId + ':' + publisherId, 86400)]);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("INSERT INTO idempotency_keys (account_id, key, order_ids) VALUES ($1, $2, '{}') ON CONFLICT DO NOTHING RETURNING key", [accountId, key]);
      await client.query('SELECT name, letter_text FROM libraries WHERE id = $1', [libraryId]);
      const book = (await client.query('SELECT b.id, b.publisher_id, b.price_kind, b.price_minor, b.currency FROM books b WHERE b.id = ANY($1::int[])', [[bookId]])).rows[0];
      await client.query(\`WITH placed AS (INSERT INTO orders (library_id, publisher_id, status, status_since, currency) VALUES ($1, $2, 'REQUESTED', now(), $5) RETURNING id),
        lines AS (INSERT INTO order_items (order_id, book_id, number_of_copies, price_kind, price_minor, currency) SELECT placed.id, $3, 1, $4, $6::bigint, $5 FROM placed),
        event AS (INSERT INTO order_events (order_id, to_status, actor_account_id, actor_role, notice_pending) SELECT placed.id, 'REQUESTED', $7, 'LIBRARY', true FROM placed),
        keyed AS (UPDATE idempotency_keys SET order_ids = idempotency_keys.order_ids || placed.id FROM placed WHERE account_id = $7 AND key = $8)
        SELECT id FROM placed\`, [libraryId, publisherId, bookId, book.price_kind, book.currency, book.price_minor, accountId, key]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    await pool.query("INSERT INTO pgboss.job (name, data, singleton_key, start_after, policy) VALUES ('orderNotices', $1, $2, now() + interval '300 seconds', 'short') ON CONFLICT DO NOTHING", [{ publisherId }, String(publisherId)]);
    s.setHeader('content-type', 'application/json');
    s.end('{"ok":true}');
  });
}).listen(process.env.PORT, '127.0.0.1');`;

/**
 * Bare Node http receiving an upload as the storage does — the request piped to a file flushed
 * before it closes, in 1 MiB buffers — with nothing else: the ceiling of an upload through
 * Node's HTTP on this machine (the bytes cross the loopback and two copies more than `dd`'s).
 * Writes to `$UPLOAD_FILE`.
 */
const BARE_UPLOAD = `
const { createWriteStream } = require('node:fs');
const { pipeline } = require('node:stream/promises');
require('node:http').createServer(async (q, s) => {
  if (q.method === 'PUT') await pipeline(q, createWriteStream(process.env.UPLOAD_FILE, { flush: true, highWaterMark: 1024 * 1024 }));
  s.end('{"ok":true}');
}).listen(process.env.PORT, '127.0.0.1');`;

/** Resident memory of process `pid` now, bytes. */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** Verifies of one argon2id hash per second, `lanes` at a time, for `seconds`. */
async function argonRate(lanes: number, seconds: number): Promise<number> {
  const stored = await hash('Library@123', ARGON2);
  let done = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (performance.now() < until) {
        await verify(stored, 'Library@123');
        done++;
      }
    }),
  );
  return done / seconds;
}

/** PUTs `bytes` bytes of a PDF to `url` as a browser would; resolves with the reply's status. */
function putPdf(url: string, bytes: number): Promise<number> {
  // the same 1 MiB written again and again: the sender must not be what is measured
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const first = Buffer.concat([Buffer.from('%PDF-1.4\n'), chunk.subarray(9)]);
  let sent = 0;
  const body = new Readable({
    read() {
      if (sent >= bytes) return void this.push(null);
      const size = Math.min(chunk.length, bytes - sent);
      this.push((sent === 0 ? first : chunk).subarray(0, size));
      sent += size;
    },
  });
  return new Promise((resolve, reject) => {
    const put = httpRequest(url, { method: 'PUT', headers: { 'content-type': 'application/pdf', 'content-length': bytes } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    put.on('error', reject);
    body.pipe(put);
  });
}

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${BASE}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': visitor(),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

const timed = async (what: () => Promise<unknown>) => {
  const started = performance.now();
  await what();
  return (performance.now() - started) / 1000;
};

/**
 * A part's own PostgreSQL database `name` and files folder `var/<folder>`, both made afresh;
 * `drop()` removes both (and closes the admin connection).
 */
export async function freshDatabase(bench: WritesBench, name: string, folder: string) {
  const databaseUrl = bench.adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const dataDir = `${bench.root}var/${folder}`;
  const admin = new pg.Client({ connectionString: bench.adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { databaseUrl, dataDir, drop };
}

/** Runs the part and prints its table. */
export async function measureWrites(bench: WritesBench): Promise<void> {
  const { databaseUrl, dataDir, drop } = await freshDatabase(bench, 'jsbn_scale_writes', 'bench-writes');
  // the order limits are counted as always, set out of reach: the bench places thousands of
  // orders from 50 libraries to one publisher (decision 033)
  const env = {
    ...PRODUCTION,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: BASE,
    TRUST_PROXY: '1',
    ORDER_LIMIT_PER_HOUR: '1000000',
    ORDER_LIMIT_PER_PUBLISHER_DAY: '1000000',
  };

  // the accounts and the 1,000-book publisher, made through the app's own services
  const built = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { webDist: null });
  const publisher = await createPublisher(built.ctx, { publisher_no: 'WRITE' });
  const bookIds: number[] = [];
  const jsbns: string[] = [];
  for (let i = 0; i < CATALOGUE_BOOKS; i++) {
    const book = await createBook(
      built.ctx,
      publisher.publisherId,
      { book_title: `ગ્રંથ ${i + 1}`, book_e_title: `Granth ${i + 1}` },
      { cover: i % 4 === 0 },
    );
    bookIds.push(book.id);
    jsbns.push(book.jsbn_number);
  }
  const libraries: { email: string; password: string; accountId: number; libraryId: number }[] = [];
  for (let i = 0; i < LIBRARIES; i++) libraries.push(await createLibrary(built.ctx));
  await built.app.close();

  const children: ChildProcess[] = [];
  try {
    children.push(
      await bench.start(
        [
          '-e',
          `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"ok":true}'); }).listen(process.env.PORT, '127.0.0.1');`,
        ],
        {},
        BARE_PORT,
      ),
    );
    children.push(
      await bench.start(['-e', NODE_PG_ORDER], { DATABASE_URL: databaseUrl, NODE_PATH: `${bench.root}node_modules` }, NODE_PG_PORT),
    );
    const bareUploadFile = `${dataDir}/bare-upload.bin`;
    children.push(await bench.start(['-e', BARE_UPLOAD], { UPLOAD_FILE: bareUploadFile }, BARE_UPLOAD_PORT));
    const server = await bench.start(['apps/api/dist/server.js'], env, PORT, '/api/health');
    children.push(server);
    const login = (account: { email: string; password: string }, modelType: string) =>
      api<{ accessToken: { access_token: string } }>('/api/user/login', {
        method: 'POST',
        body: { email: account.email, password: account.password, modelType },
      }).then((data) => data.accessToken.access_token);
    const tokens = await Promise.all(libraries.map((library) => login(library, 'LIBRARY')));
    const publisherToken = await login(publisher, 'PUBLISHER');

    const cannon = (options: Partial<CannonOptions> & { url: string }) =>
      autocannon({ connections: 50, duration: bench.seconds, ...options });
    const bare = () => cannon({ url: `http://127.0.0.1:${BARE_PORT}` });
    const nodePgOrders = () =>
      cannon({
        url: `http://127.0.0.1:${NODE_PG_PORT}`,
        requests: [
          {
            setupRequest: (request) => {
              const library = pick(libraries);
              return {
                ...request,
                path: '/',
                method: 'POST',
                body: JSON.stringify({
                  accountId: library.accountId,
                  libraryId: library.libraryId,
                  publisherId: publisher.publisherId,
                  bookId: pick(bookIds),
                  key: randomUUID(),
                }),
              };
            },
          },
        ],
      });
    const orders = () =>
      cannon({
        url: BASE,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const at = Math.floor(Math.random() * bookIds.length);
              // with an Idempotency-Key of its own, as the browser sends each cart
              const headers = {
                ...request.headers,
                'content-type': 'application/json',
                authorization: `Bearer ${pick(tokens)}`,
                'idempotency-key': randomUUID(),
              };
              return {
                ...request,
                path: '/api/book/order-book',
                method: 'POST',
                headers,
                body: JSON.stringify({ orders: [{ publisherId: publisher.publisherId, bookId: bookIds[at], numberOfCopies: 1 }] }),
              };
            },
          },
        ],
      });
    const logins = (connections: number) =>
      cannon({
        url: BASE,
        connections,
        requests: [
          {
            setupRequest: (request) => {
              const library = pick(libraries);
              return {
                ...request,
                path: '/api/user/login',
                method: 'POST',
                headers: { ...request.headers, 'content-type': 'application/json', 'x-forwarded-for': visitor() },
                body: JSON.stringify({ email: library.email, password: library.password, modelType: 'LIBRARY' }),
              };
            },
          },
        ],
      });
    const reads = () =>
      cannon({
        url: BASE,
        connections: 10,
        requests: [{ setupRequest: (request) => ({ ...request, path: `/api/book/listing/jsbn/${formatJsbn(pick(jsbns))}` }) }],
      });
    for (const jsbn of jsbns) await fetch(`${BASE}/api/book/listing/jsbn/${formatJsbn(jsbn)}`).then((response) => response.arrayBuffer());

    const rows: Record<string, number[]> = {};
    const note = (key: string, value: number) => (rows[key] ??= []).push(value);
    const failures: Record<string, number> = {};
    const failed = (key: string, result: CannonResult) => (failures[key] = (failures[key] ?? 0) + result.errors + result.non2xx);
    const statement = async (text: string, values: unknown[] = []) => {
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      await db.query(text, values);
      await db.end();
    };
    const touchPublisher = () => statement('UPDATE publishers SET updated_at = now() WHERE id = $1', [publisher.publisherId]);
    // the e-mails of thousands of orders, which the API's worker would otherwise try (against
    // an SMTP address that refuses) while the next figure is measured
    const forgetOrderMails = () => statement('DELETE FROM outbox');
    for (let round = 0; round < bench.rounds; round++) {
      process.stdout.write(`\rwrites and heavy jobs: round ${round + 1} of ${bench.rounds}`);
      const bareResult = await bare();
      note('bare', bareResult.requests.average);
      const ceiling = await nodePgOrders();
      note('nodePgOrders', ceiling.requests.average);
      failed('nodePgOrders', ceiling);
      await forgetOrderMails();
      const orderResult = await orders();
      await forgetOrderMails();
      note('orders', orderResult.requests.average);
      note('ordersP99', orderResult.latency.p99);
      failed('orders', orderResult);

      note('argon1', await argonRate(1, bench.seconds));
      note('argonN', await argonRate(availableParallelism(), bench.seconds));
      const loginResult = await logins(10);
      note('logins', loginResult.requests.average);
      note('loginsP99', loginResult.latency.p99);
      failed('logins', loginResult);
      const readsAlone = await reads();
      note('readsP99', readsAlone.latency.p99);
      note('reads', readsAlone.requests.average);
      const [readsDuring, loginsDuring] = await Promise.all([reads(), logins(10)]);
      note('readsDuringP99', readsDuring.latency.p99);
      note('readsDuring', readsDuring.requests.average);
      note('loginsDuring', loginsDuring.requests.average);
      failed('logins', loginsDuring);

      const ddFile = `${dataDir}/dd.bin`;
      // to the disk as the storage writes an upload: flushed before the file is closed
      const dd = spawnSync('dd', ['if=/dev/zero', `of=${ddFile}`, 'bs=1M', `count=${UPLOAD_BYTES / 1024 / 1024}`, 'conv=fsync'], {
        encoding: 'utf8',
      });
      rmSync(ddFile, { force: true });
      note('dd', Number(/([\d.]+) s,/.exec(dd.stderr)![1]));
      note('bareUpload', await timed(() => putPdf(`http://127.0.0.1:${BARE_UPLOAD_PORT}/`, UPLOAD_BYTES)));
      rmSync(bareUploadFile, { force: true });
      const [address] = await api<{ url: string }[]>(`/api/book/${bookIds[round]}/upload-urls`, {
        method: 'POST',
        token: publisherToken,
        body: { files: [{ field: 'pdfpublisher', name: 'book.pdf', type: 'application/pdf', size: UPLOAD_BYTES }] },
      });
      const before = rssOf(server.pid!);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid!))), 10);
      let status = 0;
      note('upload', await timed(async () => (status = await putPdf(new URL(address!.url, BASE).toString(), UPLOAD_BYTES))));
      clearInterval(sampler);
      if (status !== 200) failures.upload = (failures.upload ?? 0) + 1;
      note('uploadRss', peak - before);

      await touchPublisher();
      note(
        'cataloguePdf',
        await timed(() =>
          fetch(`${BASE}/api/book/publisher/${publisher.publisherId}/catalog.pdf`).then((response) => response.arrayBuffer()),
        ),
      );
      note(
        'catalogueXlsx',
        await timed(() =>
          fetch(`${BASE}/api/book/publisher/${publisher.publisherId}/catalog.xlsx`).then((response) => response.arrayBuffer()),
        ),
      );
    }
    process.stdout.write('\n');
    const m = (key: string) => bench.median(rows[key]!);
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
    const uploadRate = UPLOAD_BYTES / m('upload');
    const ddRate = UPLOAD_BYTES / m('dd');
    const bareUploadRate = UPLOAD_BYTES / m('bareUpload');
    console.log(`\nwrites and heavy jobs, PostgreSQL, ${bench.rounds} rounds of ${bench.seconds} s (medians):\n`);
    console.log('| measure | figure | baseline in the same run | ratio |');
    console.log('|---|---|---|---|');
    console.log(
      `| POST /api/book/order-book, c50 | ${m('orders').toFixed(0)} orders/s, p99 ${m('ordersP99')} ms (${failures.orders ?? 0} failed) | bare Node ${m('bare').toFixed(0)} req/s; Node + pg, the order's statements: ${m('nodePgOrders').toFixed(0)}/s (${failures.nodePgOrders ?? 0} failed) | ${(m('orders') / m('bare')).toFixed(3)}× / ${(m('orders') / m('nodePgOrders')).toFixed(2)}× |`,
    );
    console.log(
      `| POST /api/user/login, c10 | ${m('logins').toFixed(0)} logins/s, p99 ${m('loginsP99')} ms (${failures.logins ?? 0} failed) | argon2id verify ${m('argon1').toFixed(0)}/s one at a time, ${m('argonN').toFixed(0)}/s ${availableParallelism()} at a time | ${(m('logins') / m('argon1')).toFixed(2)}× / ${(m('logins') / m('argonN')).toFixed(2)}× |`,
    );
    console.log(
      `| QR page reads (c10) while logins run | p99 ${m('readsDuringP99')} ms, ${m('readsDuring').toFixed(0)} req/s (logins meanwhile ${m('loginsDuring').toFixed(0)}/s) | reads alone p99 ${m('readsP99')} ms, ${m('reads').toFixed(0)} req/s | ${(m('readsDuringP99') / Math.max(1, m('readsP99'))).toFixed(1)}× p99 |`,
    );
    console.log(
      `| 200 MB book PDF upload (PUT) | ${(uploadRate / 1e6).toFixed(0)} MB/s, +${mb(m('uploadRss'))} RSS (${failures.upload ?? 0} failed) | dd ${(ddRate / 1e6).toFixed(0)} MB/s; bare Node http writing it to a file the same way ${(bareUploadRate / 1e6).toFixed(0)} MB/s | ${(uploadRate / ddRate).toFixed(2)}× / ${(uploadRate / bareUploadRate).toFixed(2)}× |`,
    );
    console.log(`| catalogue PDF, ${CATALOGUE_BOOKS.toLocaleString('en-IN')} books | ${m('cataloguePdf').toFixed(2)} s | — | — |`);
    console.log(`| Excel catalogue, ${CATALOGUE_BOOKS.toLocaleString('en-IN')} rows | ${m('catalogueXlsx').toFixed(2)} s | — | — |`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await drop();
  }
}
