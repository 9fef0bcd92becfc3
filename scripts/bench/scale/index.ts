/**
 * npm run bench:scale [-- --books N] [--rounds R] [--seconds S] [--parts pages,search,writes,import,bulk,bulk-preview,metrics,interop,duplicates,holdings,read-at] [--database NAME] [--copies N] [--other-libraries N]
 * — the benchmark at a million books; prints figures, asserts nothing, talks only to 127.0.0.1 and stops by
 * itself. `--parts` chooses what to measure (default all six, in that order).
 *
 * Parts `pages` and `search` build (once, kept for the next run) a PostgreSQL database
 * `jsbn_scale_<N>` with a catalogue of N books (default 1,000,000) made from
 * ../shared/data/books.jsonl (catalogue.ts) and start processes on 127.0.0.1 (the API as `npm
 * start` runs it: run `npm run build` first).
 * `--database NAME` measures an existing finished catalogue instead (a copy made with
 * `CREATE DATABASE NAME TEMPLATE jsbn_scale_N`, so that writes and other runs leave the original alone).
 * Part `pages` measures with autocannon, `--rounds` times (default 3) each for `--seconds`
 * (default 10) at 50 connections that accept brotli as a phone's browser does, in turns so
 * every figure shares the machine's state with its baselines:
 * - bare Node http (the ceiling of any Node server on this machine), and bare Node http
 *   sending the very bytes and headers of a book's API reply and of its server-made page (the
 *   ceiling of any Node server sending those replies);
 * - Node + pg: one indexed lookup of the book by JSBN per request;
 * - the API's `GET /api/book/listing/jsbn/:jsbn` and the server-made `/jsbn/:jsbn` page for
 *   each of 1,000 books in a random order (scanned before, and again and again: served from
 *   memory by the cached-page responder, decision 022), and both for a random one of 100,000 books
 *   (nearly every request an uncached request: the database, and for the page a render of the app).
 * Part `search` searches through the API with the issue's mixed query set: sequentially, every
 * request a question not asked before (pages 1, 2, 3 … of each query; p50/p95 ms), then 20 at
 * a time from many visitors' addresses asking those queries' first five pages (searches/s);
 * then words of the catalogue never asked before (page 1), one at a time and 20 at a time; then
 * the whole catalogue listed in each order a list offers (pages 1–5 and 500).
 * Part `writes` (writes.ts): order creation, login, a 200 MB upload, the catalogue PDF and
 * Excel of a publisher with 1,000 books, each next to its baseline.
 * Part `import`: `npm run import:books` of 100,000 records made from the real ones into an empty
 * database (seconds).
 * Part `bulk` (bulk.ts): 1,000 books registered from one Excel file as the browser does it,
 * beside the form's service registering them in one call.
 * Part `bulk-preview` (bulk-preview.ts): eight hostile 55,000-row files previewed at once — the
 * API's peak memory and the health probe's p99 meanwhile, beside both at rest.
 * Part `metrics` (only when asked for): the QR page — the book's API reply and its server-made
 * page for 300 books scanned before — from two copies of the API on the same catalogue, one
 * timing every request for Prometheus (the default, scraped every 15 s meanwhile) and one with
 * `METRICS_REQUESTS=off`, in turns; prints each one's req/s and the ratio on ÷ off (decision 038).
 * Part `interop` (interop.ts, only when asked for): the SRU target searched by JSBN, title and
 * author, and a whole OAI-PMH harvest of the catalogue in MARCXML (decision 034).
 * Part `duplicates` (duplicates.ts, only when asked for): the check for books like the one being
 * registered, in this process on the catalogue database (decision 044; needs no build).
 * Part `holdings` (holdings.ts, only when asked for): a library's search of its own `--copies`
 * copies (default 100,000) with `--other-libraries` libraries of 5,000 copies beside it (default
 * 200), beside the search as it was before migration 0040 in the same run (decision 080; needs
 * no build).
 * Part `read-at` (only when asked for): the QR page `/jsbn/:jsbn` of 200 books held on the
 * shelves of those libraries (their holdings public: the page lists them under 'Read it at') and
 * of 200 books no library holds, each scanned once before (cached), in turns at 50 connections
 * (decision 077: the list is part of the cached page).
 * Prints medians of the rounds and each figure's ratio to bare Node.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import autocannon, { type Result as CannonResult } from 'autocannon';
import pg from 'pg';
import { formatJsbn } from '@jsbn/shared';
import { openDatabase } from '../../../apps/api/src/db/client.js';
import { buildCatalogue, catalogueWords, finishCatalogue, sourceRecords, BOOKS_JSONL } from './catalogue.js';
import { measureWrites } from './writes.js';
import { measureBulk } from './bulk.js';
import { measureBulkPreview } from './bulk-preview.js';
import { measureInterop } from './interop.js';
import { measureDuplicates } from './duplicates.js';
import { benchLibraries, measureHoldings } from './holdings.js';
import { ADMIN_URL, PRODUCTION, ROOT, databaseUrlOf } from './production.js';

const { values } = parseArgs({
  options: {
    books: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    parts: { type: 'string', default: 'pages,search,writes,import,bulk,bulk-preview' },
    database: { type: 'string' },
    copies: { type: 'string', default: '100000' },
    'other-libraries': { type: 'string', default: '200' },
  },
});
const PARTS = new Set(values.parts.split(','));
const BOOKS = Number(values.books);
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const CONNECTIONS = 50;

if (!existsSync(BOOKS_JSONL)) throw new Error(`${fileURLToPath(BOOKS_JSONL)} is missing: the catalogue is made from it`);
// parts `duplicates` and `holdings` run the service in this process: they need no build
if (
  [...PARTS].some((part) => part !== 'duplicates' && part !== 'holdings') &&
  (!existsSync(`${ROOT}apps/api/dist/server.js`) || !existsSync(`${ROOT}apps/web/dist-server/entry-server.js`))
)
  throw new Error('the API is not built: run npm run build first');

/** The database of the catalogue, built when missing (a run of 1,000,000 books takes minutes). */
async function catalogueDatabase(): Promise<{ url: string; samples: string[] }> {
  const name = values.database ?? `jsbn_scale_${BOOKS}`;
  const url = databaseUrlOf(name);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  let complete = false;
  if (exists) {
    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    complete =
      (await probe.query("SELECT 1 FROM pg_class WHERE relname = 'bench_catalogue_done'").catch(() => ({ rowCount: 0 }))).rowCount === 1;
    await probe.end();
  }
  // a database named by --database (a copy of a catalogue, say) is measured, never built again
  if (!complete && values.database)
    throw new Error(`${name} holds no finished catalogue: --database names a copy of one (CREATE DATABASE … TEMPLATE jsbn_scale_N)`);
  if (!complete) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const database = await openDatabase({ databaseUrl: url });
    await database.close();
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const started = performance.now();
    await buildCatalogue(pool, BOOKS, (done) => progress(`building the catalogue`, done, BOOKS));
    process.stdout.write('\n');
    await finishCatalogue(pool);
    await pool.query('CREATE TABLE bench_catalogue_done (at timestamptz DEFAULT now())');
    await pool.end();
    console.log(`catalogue of ${BOOKS.toLocaleString('en-IN')} books built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  await admin.end();
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const { rows } = await pool.query<{ jsbn_number: string }>('SELECT jsbn_number FROM books TABLESAMPLE SYSTEM (10) LIMIT 100000');
  await pool.end();
  return { url, samples: rows.map((row) => row.jsbn_number) };
}

function progress(what: string, done: number, total: number): void {
  if (!process.stdout.isTTY) return;
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stdout.write(
    `\r${what} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done.toLocaleString('en-IN')}/${total.toLocaleString('en-IN')}`,
  );
}

/**
 * Starts `node args` with `env` and waits until `http://127.0.0.1:port/<ready>` answers (at
 * most 20 minutes: the API first applies new migrations, which may build an index over the
 * whole catalogue).
 */
async function start(args: string[], env: Record<string, string>, port: number, ready = '/'): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 6_000; attempt++) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    const answered = await fetch(`http://127.0.0.1:${port}${ready}`)
      .then((response) => response.ok)
      .catch(() => false);
    if (answered) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`${args.join(' ')} did not answer on ${port}`);
}

const BARE = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"ok":true}'); }).listen(process.env.PORT, '127.0.0.1');`;
/** Bare Node http sending one reply of the API as it came (its status line aside: headers and bytes from REPLY_FILE). */
const SAME_REPLY = `
const { headers, body } = JSON.parse(require('node:fs').readFileSync(process.env.REPLY_FILE, 'utf8')); // headers: [name, value, name, value …]
const bytes = Buffer.from(body, 'base64');
require('node:http').createServer((q, s) => { s.writeHead(200, headers); s.end(bytes); }).listen(process.env.PORT, '127.0.0.1');`;

/** The API's reply to GET `path` as a phone's browser gets it: its headers (without those Node adds itself) and its bytes. */
function rawReply(port: number, path: string): Promise<{ headers: string[]; body: string }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers: string[] = [];
        for (let at = 0; at < response.rawHeaders.length; at += 2) {
          if (!/^(date|connection|keep-alive)$/i.test(response.rawHeaders[at]!))
            headers.push(response.rawHeaders[at]!, response.rawHeaders[at + 1]!);
        }
        resolve({ headers, body: Buffer.concat(chunks).toString('base64') });
      });
    }).on('error', reject);
  });
}

const NODE_PG = `
const pg = require('pg');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
require('node:http').createServer(async (q, s) => {
  const jsbn = q.url.split('/').pop();
  const { rows } = await pool.query('SELECT id, book_title, publisher_id FROM books WHERE jsbn_number = $1', [jsbn]);
  s.setHeader('content-type', 'application/json');
  s.end(JSON.stringify(rows[0] ?? null));
}).listen(process.env.PORT, '127.0.0.1');`;

/**
 * Waits until the API has finished what the last measure left it (pages still being rendered for
 * connections autocannon closed), so the next measure has the machine to itself: /api/health
 * answers within 5 ms three times running (at most 60 s).
 */
async function settle(): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (let quick = 0; quick < 3 && Date.now() < deadline;) {
    const started = performance.now();
    await fetch('http://127.0.0.1:39103/api/health').then((response) => response.arrayBuffer());
    quick = performance.now() - started < 5 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

/** The built API on the catalogue database, on port 39103 (or `port`), as production runs it behind one proxy. */
const startApi = (databaseUrl: string, port = 39103) =>
  start(
    ['apps/api/dist/server.js'],
    {
      ...PRODUCTION,
      DATABASE_URL: databaseUrl,
      DATA_DIR: `${ROOT}var/bench-scale`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: '1',
    },
    port,
    '/api/health',
  );

/** What a phone's browser sends: it takes brotli. */
const PHONE = { 'accept-encoding': 'gzip, deflate, br' };

/** Part `pages`: the QR page (the book's API reply and the server-made page) on the catalogue of BOOKS books. */
async function measurePages(databaseUrl: string, samples: string[]): Promise<void> {
  const popular = samples.slice(0, 1000);
  /**
   * One request whose path is `path(jsbn)` of a random book of `pool` each time (made anew for
   * every request: every connection asks for different books, as uncached requests do).
   */
  const randomly = (pool: string[], path: (jsbn: string) => string) => [
    { setupRequest: (request: { path: string }) => ({ ...request, path: path(pool[Math.floor(Math.random() * pool.length)]!) }) },
  ];
  /**
   * The requests of `path(jsbn)` for every book of `pool` in a random order, each made once as
   * the baseline's one request is (autocannon makes a `setupRequest` request anew every time,
   * which on two shared cores costs the load generator more than the served reply).
   */
  const inTurn = (pool: string[], path: (jsbn: string) => string) =>
    [...pool].sort(() => Math.random() - 0.5).map((jsbn) => ({ path: path(jsbn) }));
  const children: ChildProcess[] = [];
  try {
    children.push(await start(['-e', BARE], {}, 39101));
    children.push(await start(['-e', NODE_PG], { DATABASE_URL: databaseUrl, NODE_PATH: `${ROOT}node_modules` }, 39102, `/${popular[0]}`));
    children.push(await startApi(databaseUrl));
    // the 1,000 popular books have been scanned before: each page once, four at a time
    const scanned = popular.flatMap((jsbn) => [`/api/book/listing/jsbn/${formatJsbn(jsbn)}`, `/jsbn/${formatJsbn(jsbn)}`]);
    await Promise.all(
      Array.from({ length: 4 }, async (_, lane) => {
        for (let at = lane; at < scanned.length; at += 4)
          await fetch(`http://127.0.0.1:39103${scanned[at]}`).then((response) => response.arrayBuffer());
      }),
    );
    // the ceiling of any Node server sending these replies: bare Node http sending their very bytes and headers
    const replies = mkdtempSync(join(tmpdir(), 'jsbn-reply-'));
    for (const [port, path] of [
      [39104, '/api/book/listing/jsbn/'],
      [39105, '/jsbn/'],
    ] as const) {
      writeFileSync(join(replies, `${port}.json`), JSON.stringify(await rawReply(39103, `${path}${formatJsbn(popular[0]!)}`)));
      children.push(await start(['-e', SAME_REPLY], { REPLY_FILE: join(replies, `${port}.json`) }, port));
    }
    rmSync(replies, { recursive: true });
    const measures = [
      { name: 'bare Node http', url: 'http://127.0.0.1:39101', requests: [{ path: '/' }] },
      {
        name: 'bare Node http sending the API reply of a book (its bytes and headers)',
        url: 'http://127.0.0.1:39104',
        requests: [{ path: '/' }],
      },
      {
        name: 'bare Node http sending the server-made page of a book (its bytes and headers)',
        url: 'http://127.0.0.1:39105',
        requests: [{ path: '/' }],
      },
      { name: 'Node + pg, one indexed lookup', url: 'http://127.0.0.1:39102', requests: inTurn(samples, (jsbn) => `/${jsbn}`) },
      {
        name: 'GET /api/book/listing/jsbn/:jsbn, 1,000 books',
        url: 'http://127.0.0.1:39103',
        requests: inTurn(popular, (jsbn) => `/api/book/listing/jsbn/${formatJsbn(jsbn)}`),
      },
      {
        name: 'GET /jsbn/:jsbn (server-made page), 1,000 books',
        url: 'http://127.0.0.1:39103',
        requests: inTurn(popular, (jsbn) => `/jsbn/${formatJsbn(jsbn)}`),
      },
      {
        name: `GET /api/book/listing/jsbn/:jsbn, ${samples.length.toLocaleString('en-IN')} books (uncached requests)`,
        url: 'http://127.0.0.1:39103',
        requests: randomly(samples, (jsbn) => `/api/book/listing/jsbn/${formatJsbn(jsbn)}`),
      },
      {
        name: `GET /jsbn/:jsbn (server-made page), ${samples.length.toLocaleString('en-IN')} books (uncached requests)`,
        url: 'http://127.0.0.1:39103',
        requests: randomly(samples, (jsbn) => `/jsbn/${formatJsbn(jsbn)}`),
      },
    ];
    const results = new Map<string, CannonResult[]>(measures.map((measure) => [measure.name, []]));
    for (const measure of measures) {
      await autocannon({ url: measure.url, connections: CONNECTIONS, duration: 3, requests: measure.requests, headers: PHONE }); // warm up
      await settle();
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const measure of measures) {
        results
          .get(measure.name)!
          .push(
            await autocannon({ url: measure.url, connections: CONNECTIONS, duration: SECONDS, requests: measure.requests, headers: PHONE }),
          );
        await settle();
        progress(`measuring`, round * measures.length + measures.indexOf(measure) + 1, ROUNDS * measures.length);
      }
    }
    process.stdout.write('\n');
    const bare = median(results.get('bare Node http')!.map((result) => result.requests.average));
    console.log(`\n${BOOKS.toLocaleString('en-IN')} books, PostgreSQL, c${CONNECTIONS}, ${ROUNDS} rounds of ${SECONDS} s (medians):\n`);
    console.log('| measure | req/s | × bare Node | p50 | p99 | errors / non-2xx |');
    console.log('|---|---|---|---|---|---|');
    for (const [name, rounds] of results) {
      const rate = median(rounds.map((result) => result.requests.average));
      const p50 = median(rounds.map((result) => result.latency.p50));
      const p99 = median(rounds.map((result) => result.latency.p99));
      const failed = rounds.reduce((sum, result) => sum + result.errors + result.non2xx, 0);
      console.log(`| ${name} | ${rate.toFixed(0)} | ${(rate / bare).toFixed(3)}× | ${p50} ms | ${p99} ms | ${failed} |`);
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

/**
 * Part `search`: the issue's mixed query set through the API, one at a time, then 20 at a time
 * from many visitors (each its own address, as the proxy names it: search is limited per
 * address); then words of the catalogue never asked before, one at a time and 20 at a time;
 * then the whole catalogue listed in each order (a library's Recently Published page).
 */
async function measureSearch(databaseUrl: string, samples: string[]): Promise<void> {
  const api = await startApi(databaseUrl);
  try {
    const queries = [
      'सूत्र', // Devanagari, part of many titles
      'કલ્પસૂત્ર', // Gujarati typed for Devanagari titles
      'Kalpasutra', // English romanisation
      'Kalpsutra', // misspelt
      'Hemchandracharya', // an author
      'Gyanpith', // a publisher
      formatJsbn(samples[0]!), // a JSBN
      'no match at all xyz',
    ];
    const searchPath = (query: string, page: number) => `/api/book?queryString=${encodeURIComponent(query)}&pageNo=${page}&limit=20`;
    // one at a time, each a question not asked before (round r asks for page r: replies are cached)
    const times: number[] = [];
    for (let round = 0; round < ROUNDS * 5; round++) {
      for (const query of queries) {
        const started = performance.now();
        await fetch(`http://127.0.0.1:39103${searchPath(query, round + 1)}`, { headers: { 'x-forwarded-for': `10.1.${round}.1` } }).then(
          (response) => response.arrayBuffer(),
        );
        times.push(performance.now() - started);
      }
    }
    console.log(`\nsearch, ${queries.length} mixed queries, pages 1–${ROUNDS * 5}, each asked once, sequential: ${percentiles(times)}`);
    // 20 at a time, many visitors asking the same questions (their first five pages)
    const visitor = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    const concurrent = await autocannon({
      url: 'http://127.0.0.1:39103',
      connections: 20,
      duration: SECONDS,
      headers: PHONE,
      requests: [
        {
          setupRequest: (request: { path: string; headers?: Record<string, string> }) => ({
            ...request,
            path: searchPath(queries[Math.floor(Math.random() * queries.length)]!, 1 + Math.floor(Math.random() * 5)),
            headers: { ...request.headers, 'x-forwarded-for': visitor() },
          }),
        },
      ],
    });
    console.log(
      `search, the same queries (pages 1–5) at random from many visitors, c20 for ${SECONDS} s: ${concurrent.requests.average.toFixed(0)} searches/s, p50 ${concurrent.latency.p50} ms, p99 ${concurrent.latency.p99} ms, errors / non-2xx ${concurrent.errors + concurrent.non2xx}`,
    );
    // every search new: words of the catalogue's vocabulary (rare and common alike, in every
    // script), each asked once, its first page (no reply or result is cached yet); first one at
    // a time, then 20 at a time (other words)
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    const vocabulary = await catalogueWords(pool, SEQUENTIAL_WORDS + 4_000);
    await pool.end();
    const alone: number[] = [];
    for (const [index, word] of vocabulary.slice(0, SEQUENTIAL_WORDS).entries()) {
      const started = performance.now();
      await fetch(`http://127.0.0.1:39103${searchPath(word, 1)}`, {
        headers: { 'x-forwarded-for': `10.2.${index >> 8}.${index & 255}` },
      }).then((response) => response.arrayBuffer());
      alone.push(performance.now() - started);
    }
    console.log(
      `search, every search new (${alone.length} different words of the catalogue, page 1), one at a time: ${percentiles(alone)}`,
    );
    const words = vocabulary.slice(SEQUENTIAL_WORDS);
    let next = 0;
    const fresh = await autocannon({
      url: 'http://127.0.0.1:39103',
      connections: 20,
      amount: words.length,
      headers: PHONE,
      requests: [
        {
          setupRequest: (request: { path: string; headers?: Record<string, string> }) => ({
            ...request,
            path: searchPath(words[next++ % words.length]!, 1),
            headers: { ...request.headers, 'x-forwarded-for': visitor() },
          }),
        },
      ],
    });
    console.log(
      `search, every search new (${fresh.requests.total.toLocaleString('en-IN')} different words of the catalogue, page 1), c20: ${fresh.requests.average.toFixed(0)} searches/s, p50 ${fresh.latency.p50} ms, p99 ${fresh.latency.p99} ms, errors / non-2xx ${fresh.errors + fresh.non2xx}`,
    );
    // the whole catalogue listed (a library's Recently Published page) in each sort a list
    // offers, pages 1–5 and a far one, one at a time
    for (const sort of [
      '',
      '&sortedField=book_title&sortedOrder=asc',
      '&sortedField=publisher_name&sortedOrder=desc',
      '&sortedField=pages&sortedOrder=asc',
    ]) {
      const listed: number[] = [];
      const statuses = new Set<number>();
      for (const [index, page] of [1, 2, 3, 4, 5, 500].entries()) {
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:39103/api/book?pageNo=${page}&limit=10${sort}`, {
          headers: { 'x-forwarded-for': `10.3.${index}.${sort.length}` },
        });
        await response.arrayBuffer();
        listed.push(performance.now() - started);
        statuses.add(response.status);
      }
      console.log(
        `list of every book${sort ? `, ${sort.replace(/&sortedField=|&sortedOrder=/g, ' ').trim()}` : ', newest first'} (pages 1–5 and 500 of 10), one at a time: ${percentiles(listed)}, status ${[...statuses].join('/')}`,
      );
    }
  } finally {
    api.kill('SIGTERM');
  }
}

/** How many new words are searched one at a time. */
const SEQUENTIAL_WORDS = 300;

/** `times` (ms) as 'p50 … ms, p95 … ms, max … ms'. */
function percentiles(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`;
}

/** Part `import`: npm run import:books of IMPORT_RECORDS records into an empty database, timed from outside. */
const IMPORT_RECORDS = 100_000;
async function measureImport(): Promise<void> {
  const records = sourceRecords().filter((record) => record.year && record.publisher && record.authors?.length);
  const file = join(mkdtempSync(join(tmpdir(), 'jsbn-import-')), 'books.jsonl');
  const lines: string[] = [];
  for (let i = 0; i < IMPORT_RECORDS; i++) {
    const record = records[i % records.length]!;
    const edition = Math.floor(i / records.length) + 1;
    lines.push(
      JSON.stringify({
        ...record,
        source_id: `bench:${i}`,
        title: `${record.title} ${edition}`,
        title_en: `${record.title_en} ${edition}`,
      }),
    );
  }
  writeFileSync(file, lines.join('\n'));
  const name = 'jsbn_scale_import';
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = databaseUrlOf(name);
    await (await openDatabase({ databaseUrl: url })).close(); // migrated before the clock starts
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'scripts/import-books.ts', file], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `\nnpm run import:books, ${IMPORT_RECORDS.toLocaleString('en-IN')} records into an empty PostgreSQL database: ${seconds.toFixed(1)} s (exit ${code}; ${output.split('\n')[0]})`,
    );
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dirname(file), { recursive: true, force: true });
  }
}

/** Books whose QR page part `metrics` scans again and again (each page rendered once before). */
const POPULAR_FOR_METRICS = 300;

/**
 * Part `metrics`: the QR page's req/s from a copy timing every request (metrics on, scraped
 * every 15 s as Prometheus does) beside a copy that does not (`METRICS_REQUESTS=off`), the
 * same 300 books scanned before, in turns.
 */
async function measureMetrics(databaseUrl: string, samples: string[]): Promise<void> {
  const popular = samples.slice(0, POPULAR_FOR_METRICS);
  const copies: { name: string; port: number; env: Record<string, string> }[] = [
    { name: 'metrics on', port: 39103, env: { METRICS_PORT: '39108' } },
    { name: 'metrics off', port: 39106, env: { METRICS_REQUESTS: 'off' } },
  ];
  const children: ChildProcess[] = [];
  let scraper: NodeJS.Timeout | undefined;
  try {
    for (const copy of copies) {
      children.push(
        await start(
          ['apps/api/dist/server.js'],
          {
            ...PRODUCTION,
            ...copy.env,
            DATABASE_URL: databaseUrl,
            DATA_DIR: `${ROOT}var/bench-scale-${copy.port}`,
            PUBLIC_URL: `http://127.0.0.1:${copy.port}`,
            TRUST_PROXY: '1',
          },
          copy.port,
          '/api/health',
        ),
      );
      // each page scanned once before, four at a time
      const scanned = popular.flatMap((jsbn) => [`/api/book/listing/jsbn/${formatJsbn(jsbn)}`, `/jsbn/${formatJsbn(jsbn)}`]);
      await Promise.all(
        Array.from({ length: 4 }, async (_, lane) => {
          for (let at = lane; at < scanned.length; at += 4)
            await fetch(`http://127.0.0.1:${copy.port}${scanned[at]}`, { headers: PHONE }).then((response) => response.arrayBuffer());
        }),
      );
    }
    scraper = setInterval(
      () =>
        void fetch('http://127.0.0.1:39108/metrics')
          .then((response) => response.text())
          .catch(() => undefined),
      15_000,
    );
    const inTurn = (path: (jsbn: string) => string) => [...popular].sort(() => Math.random() - 0.5).map((jsbn) => ({ path: path(jsbn) }));
    const pages = [
      { name: 'GET /api/book/listing/jsbn/:jsbn', path: (jsbn: string) => `/api/book/listing/jsbn/${formatJsbn(jsbn)}` },
      { name: 'GET /jsbn/:jsbn (server-made page)', path: (jsbn: string) => `/jsbn/${formatJsbn(jsbn)}` },
    ];
    const results = new Map<string, number[]>();
    const p99s = new Map<string, number[]>();
    for (const copy of copies)
      for (const page of pages)
        await autocannon({
          url: `http://127.0.0.1:${copy.port}`,
          connections: CONNECTIONS,
          duration: 3,
          requests: inTurn(page.path),
          headers: PHONE,
        }); // warm up
    for (let round = 0; round < ROUNDS; round++) {
      // on, off in one round and off, on in the next: neither always measured first
      for (const copy of round % 2 ? [...copies].reverse() : copies) {
        for (const page of pages) {
          const result = await autocannon({
            url: `http://127.0.0.1:${copy.port}`,
            connections: CONNECTIONS,
            duration: SECONDS,
            requests: inTurn(page.path),
            headers: PHONE,
          });
          const key = `${page.name}|${copy.name}`;
          results.set(key, [...(results.get(key) ?? []), result.requests.average]);
          p99s.set(key, [...(p99s.get(key) ?? []), result.latency.p99]);
        }
      }
      progress('measuring', round + 1, ROUNDS);
    }
    process.stdout.write('\n');
    console.log(
      `\nThe QR page with and without request metrics, ${BOOKS.toLocaleString('en-IN')} books, c${CONNECTIONS}, ${ROUNDS} rounds of ${SECONDS} s (medians):\n`,
    );
    console.log('| page | metrics on req/s (p99) | metrics off req/s (p99) | on ÷ off |');
    console.log('|---|---|---|---|');
    for (const page of pages) {
      const on = median(results.get(`${page.name}|metrics on`)!);
      const off = median(results.get(`${page.name}|metrics off`)!);
      console.log(
        `| ${page.name} | ${on.toFixed(0)} (${median(p99s.get(`${page.name}|metrics on`)!)} ms) | ${off.toFixed(0)} (${median(p99s.get(`${page.name}|metrics off`)!)} ms) | ${(on / off).toFixed(3)}× |`,
      );
    }
  } finally {
    clearInterval(scraper);
    for (const child of children) child.kill('SIGTERM');
  }
}

/**
 * Part `read-at`: the cached QR page of a book that libraries hold on their shelves (its 'Read it
 * at' list in the page) beside the cached QR page of a book no library holds, in turns, at
 * CONNECTIONS connections, ROUNDS rounds of SECONDS; prints req/s, p50, p99, the bytes of a page
 * and the ratio held ÷ not held.
 */
async function measureReadAt(databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const pick = async (held: boolean) =>
    (
      await pool.query<{ jsbn_number: string }>(
        `SELECT jsbn_number FROM books b WHERE withdrawn_at IS NULL AND ${held ? '' : 'NOT'} EXISTS
           (SELECT 1 FROM holdings h WHERE h.book_id = b.id AND h.state = 'available') ORDER BY random() LIMIT 200`,
      )
    ).rows.map((row) => `/jsbn/${formatJsbn(row.jsbn_number)}`);
  const [held, unheld] = [await pick(true), await pick(false)];
  await pool.end();
  const api = await startApi(databaseUrl);
  try {
    // each page scanned once before: the public page cache holds it
    const bytes = new Map<string[], number[]>([
      [held, []],
      [unheld, []],
    ]);
    const listed = new Map<string[], number>([
      [held, 0],
      [unheld, 0],
    ]);
    for (const paths of [held, unheld])
      for (const path of paths) {
        const page = await fetch(`http://127.0.0.1:39103${path}`).then((response) => response.text());
        bytes.get(paths)!.push(Buffer.byteLength(page));
        if (page.includes('Read it at')) listed.set(paths, listed.get(paths)! + 1);
      }
    const measures = [
      {
        name: `/jsbn/:jsbn of ${held.length} books held by libraries that show their holdings ('Read it at' in ${listed.get(held)})`,
        paths: held,
      },
      { name: `/jsbn/:jsbn of ${unheld.length} books no library holds (baseline; 'Read it at' in ${listed.get(unheld)})`, paths: unheld },
    ];
    const requestsOf = (paths: string[]) => [...paths].sort(() => Math.random() - 0.5).map((path) => ({ path }));
    for (const measure of measures) {
      await autocannon({
        url: 'http://127.0.0.1:39103',
        connections: CONNECTIONS,
        duration: 3,
        requests: requestsOf(measure.paths),
        headers: PHONE,
      });
      await settle();
    }
    const results = new Map<string, CannonResult[]>(measures.map((measure) => [measure.name, []]));
    for (let round = 0; round < ROUNDS; round++)
      for (const measure of measures) {
        results.get(measure.name)!.push(
          await autocannon({
            url: 'http://127.0.0.1:39103',
            connections: CONNECTIONS,
            duration: SECONDS,
            requests: requestsOf(measure.paths),
            headers: PHONE,
          }),
        );
        await settle();
      }
    console.log(
      `\nThe cached QR page with 'Read it at' and without, c${CONNECTIONS}, ${ROUNDS} rounds of ${SECONDS} s in turns (medians):\n`,
    );
    console.log('| page | req/s | p50 | p99 | page bytes (uncompressed, median) | errors / non-2xx |');
    console.log('|---|---|---|---|---|---|');
    const rates: number[] = [];
    for (const measure of measures) {
      const rounds = results.get(measure.name)!;
      const rate = median(rounds.map((result) => result.requests.average));
      rates.push(rate);
      const failed = rounds.reduce((sum, result) => sum + result.errors + result.non2xx, 0);
      console.log(
        `| ${measure.name} | ${rate.toFixed(0)} | ${median(rounds.map((result) => result.latency.p50))} ms | ${median(rounds.map((result) => result.latency.p99))} ms | ${median(bytes.get(measure.paths)!).toLocaleString('en-IN')} | ${failed} |`,
      );
    }
    console.log(`\nreq/s with 'Read it at' ÷ without: ${(rates[0]! / rates[1]!).toFixed(3)}×`);
  } finally {
    api.kill('SIGTERM');
  }
}

if (['pages', 'search', 'metrics', 'interop', 'duplicates', 'holdings', 'read-at'].some((part) => PARTS.has(part))) {
  const { url, samples } = await catalogueDatabase();
  if (PARTS.has('duplicates')) await measureDuplicates({ url, percentiles });
  const copies = Number(values.copies);
  const otherLibraries = Number(values['other-libraries']);
  if (PARTS.has('holdings')) await measureHoldings({ url, copies, otherLibraries, rounds: ROUNDS, percentiles });
  if (PARTS.has('read-at')) {
    await benchLibraries(url, copies, otherLibraries);
    await measureReadAt(url);
  }
  if (PARTS.has('pages')) await measurePages(url, samples);
  if (PARTS.has('search')) await measureSearch(url, samples);
  if (PARTS.has('metrics')) await measureMetrics(url, samples);
  if (PARTS.has('interop')) {
    // a port of its own: another run's API may hold 39103
    const api = await startApi(url, 39134);
    try {
      await measureInterop({ base: 'http://127.0.0.1:39134', samples: samples.map((jsbn) => formatJsbn(jsbn)), percentiles });
    } finally {
      api.kill('SIGTERM');
    }
  }
}
if (PARTS.has('writes')) await measureWrites({ root: ROOT, adminUrl: ADMIN_URL, rounds: ROUNDS, seconds: SECONDS, start, median });
if (PARTS.has('import')) await measureImport();
if (PARTS.has('bulk')) await measureBulk({ root: ROOT, adminUrl: ADMIN_URL, rounds: ROUNDS, seconds: SECONDS, start, median });
if (PARTS.has('bulk-preview'))
  await measureBulkPreview({ root: ROOT, adminUrl: ADMIN_URL, rounds: ROUNDS, seconds: SECONDS, start, median });
