/**
 * npm run bench:profile [-- --books N] [--database NAME] [--path /jsbn] [--seconds S] [--connections C] [--first | --search] [--floor bytes|brotli|read|rendered] — where
 * a QR scan's or a search's time goes. Starts the built API (`node --cpu-prof
 * apps/api/dist/server.js`) on the catalogue database `bench:scale` built (`jsbn_scale_<N>`,
 * default 1,000,000 books; `--database` names another finished catalogue, e.g. one built under another name), scans 1,000 of its books once, then sends the scans of those books
 * (with `--first`: of up to 100,000 books never scanned, each once in a random order, so every one an uncached request; with
 * `--search`: searches of the catalogue's words, each asked once, from many visitors, 20 at a
 * time) with autocannon (`--connections`, default 50 (20 for searches), brotli accepted,
 * `--seconds`, default 10), stops the server and prints the server's CPU time per reply during
 * those seconds (user + system from /proc, under the profiler, also by thread: the main one, V8's and libuv's; with `--path /jsbn`, how many
 * replies were rendered pages and how many the shell sent while MAX_RENDERS_AT_ONCE pages were being
 * made — `--connections 4` lets every uncached request be rendered) and where that time went: self time
 * by function and by package, in per cent of the samples.
 * `--node-flags '--single-threaded …'` starts the server's Node with those flags besides (V8's garbage collection and
 * compiling on the main thread alone, a larger young generation …).
 * `--floor bytes|brotli|read` (with `--path /jsbn`) serves the same requests from a bare Node
 * http server instead (`floor-server.mjs`, under the same profiler), sending a book page the
 * built API rendered: its brotli made once (`bytes`), compressed per request as the page cache does
 * (`brotli`), or after the book is read as the API reads it (`read`): the floor of an uncached request
 * without the app's rendering, on this machine. `--floor rendered` serves them from the built API
 * whose render hands every page the one it rendered first in its language (`rendered-once-server.mjs`):
 * an uncached request whose rendering costs nothing, the ceiling of a faster render.
 * Talks only to 127.0.0.1; asserts nothing. Needs `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { formatJsbn } from '@jsbn/shared';
import { catalogueWords } from './catalogue.js';
import { PRODUCTION, ROOT, databaseUrlOf } from './production.js';

const { values } = parseArgs({
  options: {
    books: { type: 'string', default: '1000000' },
    path: { type: 'string', default: '/api/book/listing/jsbn' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string' },
    first: { type: 'boolean', default: false },
    search: { type: 'boolean', default: false },
    database: { type: 'string' },
    floor: { type: 'string' },
    'node-flags': { type: 'string' },
  },
});
const PORT = 39110;
const databaseUrl = databaseUrlOf(values.database ?? `jsbn_scale_${values.books}`);

/** A node of a V8 .cpuprofile. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
const words = values.search ? await catalogueWords(pool, 100_000) : [];
const { rows } = await pool
  .query<{ jsbn_number: string }>(
    values.first
      ? `SELECT jsbn_number FROM books TABLESAMPLE SYSTEM (${Number(values.books) >= 1_000_000 ? 10 : 100}) LIMIT 100000`
      : 'SELECT jsbn_number FROM books ORDER BY id LIMIT 1000',
  )
  .catch(() => {
    throw new Error(`no catalogue in ${databaseUrl}: run npm run bench:scale -- --books ${values.books} first`);
  });
await pool.end();
const paths = rows.map((row) => `${values.path}/${formatJsbn(row.jsbn_number)}`);
// uncached requests: each book once, in a random order, until all have been asked for
if (values.first) {
  for (let i = paths.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [paths[i], paths[j]] = [paths[j]!, paths[i]!];
  }
}

const profiles = mkdtempSync(join(tmpdir(), 'jsbn-profile-'));
const serverEnv = {
  ...process.env,
  ...PRODUCTION,
  DATABASE_URL: databaseUrl,
  PORT: String(PORT),
  DATA_DIR: `${ROOT}var/bench-scale`,
  PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  TRUST_PROXY: '1',
};
let floorPage: string | null = null;
if (values.floor && !['bytes', 'brotli', 'read', 'rendered'].includes(values.floor))
  throw new Error('--floor is bytes, brotli, read or rendered');
if (values.floor && values.floor !== 'rendered') {
  // a book page as the built API renders it (the last of the books: not one of the measured requests' first)
  const { buildApp } = await import('@jsbn/api/app');
  const { loadConfig } = await import('@jsbn/api/config');
  const { app } = await buildApp(loadConfig({ ...serverEnv, LOG_LEVEL: 'silent' }));
  const rendered = await app.inject({ method: 'GET', url: paths.at(-1)! });
  await app.close();
  if (rendered.statusCode !== 200 || !rendered.body.includes('data-server-made'))
    throw new Error(`${paths.at(-1)} was not rendered (${rendered.statusCode})`);
  floorPage = join(profiles, 'page.html');
  writeFileSync(floorPage, rendered.rawPayload);
}
/** What serves the requests: the built API, or with `--floor` bare Node sending a rendered page, or the API whose rendering costs nothing (`rendered`). */
const serverScript = !values.floor
  ? 'apps/api/dist/server.js'
  : values.floor === 'rendered'
    ? 'scripts/bench/scale/rendered-once-server.mjs'
    : 'scripts/bench/scale/floor-server.mjs';
const server = spawn(
  process.execPath,
  [...(values['node-flags']?.split(' ').filter(Boolean) ?? []), '--cpu-prof', `--cpu-prof-dir=${profiles}`, serverScript],
  {
    cwd: ROOT,
    env: { ...serverEnv, ...(floorPage ? { MODE: values.floor, PAGE_FILE: floorPage } : {}) },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const exited = new Promise((resolve) => server.once('exit', resolve));
try {
  for (let attempt = 0; ; attempt++) {
    if (
      await fetch(`http://127.0.0.1:${PORT}${floorPage ? paths[0] : '/api/health'}`)
        .then((response) => response.ok)
        .catch(() => false)
    )
      break;
    if (attempt > 3000 || server.exitCode !== null) throw new Error('the API did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // the 1,000 books scanned once (their pages cached), unless every request is new
  if (!values.first && !values.search)
    for (const path of paths) await fetch(`http://127.0.0.1:${PORT}${path}`).then((response) => response.arrayBuffer());
  let next = 0;
  /** The server's CPU time so far (ms, user + system), from /proc (Linux). */
  const serverCpu = () => {
    const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  };
  /**
   * The server's CPU time so far by thread (ms, user + system; Linux): the main thread (`node`), V8's
   * workers (concurrent marking and parallel scavenges of the garbage collector, compiling), libuv's
   * and the profiler's (decision 060). Threads that ended in between are missing from the difference.
   */
  const threadCpu = () => {
    const byName = new Map<string, number>();
    for (const tid of readdirSync(`/proc/${server.pid}/task`)) {
      try {
        const stat = readFileSync(`/proc/${server.pid}/task/${tid}/stat`, 'utf8');
        const name =
          tid === String(server.pid)
            ? 'main thread'
            : stat
                .slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
                .replace(/\d+$/, '')
                .trim();
        const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
        byName.set(name, (byName.get(name) ?? 0) + ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
      } catch {
        // the thread ended
      }
    }
    return byName;
  };
  // a rendered page is tens of kB even compressed; the shell sent instead while pages are being made, a few
  let rendered = 0;
  const onResponse = (_status: number, body: string) => {
    if (body.length > 8000) rendered++;
  };
  const cpuBefore = serverCpu();
  const threadsBefore = threadCpu();
  const visitor = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: Number(values.connections ?? (values.search ? 20 : 50)),
    duration: Number(values.seconds),
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    // uncached requests: a random book every request (made anew); scans of the 1,000: each request made once (as bench:scale's);
    // searches: the next word each request, from a random visitor (search is limited per address)
    requests: values.search
      ? [
          {
            setupRequest: (request: { path: string; headers?: Record<string, string> }) => ({
              ...request,
              path: `/api/book?queryString=${encodeURIComponent(words[next++ % words.length]!)}&pageNo=1&limit=20`,
              headers: { ...request.headers, 'x-forwarded-for': visitor() },
            }),
          },
        ]
      : values.first
        ? [{ setupRequest: (request: { path: string }) => ({ ...request, path: paths[next++ % paths.length]! }), onResponse }]
        : paths.map((path) => ({ path, onResponse })),
  });
  const cpu = serverCpu() - cpuBefore;
  const threads = [...threadCpu()]
    .map(([name, ms]) => [name, ms - (threadsBefore.get(name) ?? 0)] as const)
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1]);
  console.log(
    `server CPU (under the profiler): ${(cpu / result.requests.total).toFixed(1)} ms per reply (${result.requests.total} replies${values.path === '/jsbn' ? `: ${rendered} rendered pages, ${result.requests.total - rendered} shells` : ''})`,
  );
  console.log(`  by thread: ${threads.map(([name, ms]) => `${name} ${(ms / result.requests.total).toFixed(1)} ms`).join(', ')}`);
  if (values.search)
    console.log(
      `search of a new word, c20: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`,
    );
  else
    console.log(
      `${values.path}/:jsbn, c${values.connections ?? 50}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`,
    );
} finally {
  server.kill('SIGTERM');
  await exited;
}

const file = readdirSync(profiles).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile written in ${profiles}`);
const profile = JSON.parse(readFileSync(join(profiles, file), 'utf8')) as {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  endTime: number;
};
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
// only the samples of the measurement: its last `--seconds` (µs) before the server stopped
const from = profile.endTime - Number(values.seconds) * 1e6;
const counts = new Map<number, number>();
let total = 0;
let at = profile.endTime - profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
profile.samples.forEach((sample, index) => {
  at += profile.timeDeltas[index]!;
  if (at < from) return;
  counts.set(sample, (counts.get(sample) ?? 0) + 1);
  total++;
});
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, count] of counts) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const where = url.replace(/^file:\/\//, '').replace(ROOT, '');
  const pkg =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ??
    (where.startsWith('node:') || !where ? `node ${where || '(native)'}`.split('/')[0]! : where.split('/').slice(0, 3).join('/'));
  const name = `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + count);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + count);
}
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, count]) => `${((100 * count) / total).toFixed(1).padStart(5)} %  ${name}`)
    .join('\n');
console.log(`\nself time by package (${total} samples):\n${top(byPackage, 25)}`);
console.log(`\nself time by function:\n${top(byFunction, 40)}`);
