/**
 * npm run bench:protocols [-- --seconds 30 --books ../shared/data/books.jsonl] — prints figures; asserts nothing (decision 064).
 * The worst request each library protocol still accepts, sent at concurrency 4 for `--seconds`,
 * while `GET /api/health` is polled one at a time: the health check's p50/p99/max under the load
 * against its own figures with no load, in the same run. Once on PGlite, and on PostgreSQL too
 * when BENCH_DATABASE_URL names a server (a fresh database `jsbn_bench_protocols` is made there).
 *
 * The API runs in a child process (`apps/api/src/server.ts`, the demo catalogue and
 * ../shared/data/books.jsonl imported), so the load's client does not share its event loop. Each
 * request comes from an address of its own (`X-Forwarded-For`, TRUST_PROXY=loopback): a botnet,
 * which the per-address rate limit does not stop.
 * - SRU: a searchRetrieve at every bound (8 clauses, 16 common words, under 1,000 characters),
 *   100 MARCXML records a page;
 * - OAI-PMH: ListRecords in marcxml from the start (the list counted, 100 records).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';

const ROOT = join(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '30' }, books: { type: 'string', default: join(ROOT, '../shared/data/books.jsonl') } },
});
const BOOKS = values.books;
const SECONDS = Number(values.seconds);
const CONCURRENCY = 4;

/** The SRU query at the bounds: 8 clauses of 2 words each (16), common words of the catalogue. */
const WORDS = ['sutra', 'jain', 'shri', 'granth', 'katha', 'stotra', 'agam', 'bhakti'];
const WORST_SRU = WORDS.map((word, i) => `cql.anywhere any "${word} ${WORDS[(i + 3) % WORDS.length]!.slice(0, 4)}"`).join(' or ');
const WORST = {
  sru: `/sru?operation=searchRetrieve&version=1.2&recordSchema=marcxml&maximumRecords=100&query=${encodeURIComponent(WORST_SRU)}`,
  oai: '/oai?verb=ListRecords&metadataPrefix=marcxml',
};

/** The machine's load average over the last minute (the bench shares it with whatever else runs). */
const loadAverage = () => loadavg()[0]!.toFixed(1);

/** p50/p99/max of `times` (ms). */
function figures(times: number[]): { p50: number; p99: number; max: number; n: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1)!, n: sorted.length };
}
const shown = (f: ReturnType<typeof figures>) =>
  `n=${f.n} p50=${f.p50.toFixed(1)} ms p99=${f.p99.toFixed(1)} ms max=${f.max.toFixed(1)} ms`;

/** Starts the API with `env` on `port` and waits for /api/ready. */
async function startApi(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 3_000; attempt++) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    if (
      await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error('the API did not answer');
}

let address = 0;
/** GET `path` from an address of its own; its time (ms) and status. */
async function timedGet(base: string, path: string): Promise<{ ms: number; status: number }> {
  address++;
  const started = performance.now();
  const response = await fetch(base + path, {
    headers: { 'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` },
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/** Polls /api/health one at a time until `until` (performance.now()); its times. */
async function pollHealth(base: string, until: number): Promise<number[]> {
  const times: number[] = [];
  while (performance.now() < until) times.push((await timedGet(base, '/api/health')).ms);
  return times;
}

async function measure(engine: string, env: Record<string, string>, port: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'jsbn-bench-protocols-'));
  const allEnv = { ...env, DATA_DIR: dataDir, NODE_ENV: 'development' };
  if (existsSync(BOOKS)) {
    const imported = spawnSync(process.execPath, ['--import', 'tsx', '--conditions=source', 'scripts/import-books.ts', BOOKS], {
      cwd: ROOT,
      env: { ...process.env, ...allEnv, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    console.log(`${engine}: ${imported.stdout.trim().split('\n')[0] ?? ''}`);
  }
  const api = await startApi(allEnv, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    for (const path of Object.values(WORST)) {
      // accepted: records, not a diagnostic or an error
      const reply = await fetch(base + path);
      const text = await reply.text();
      if (reply.status !== 200 || text.includes('diagnostic/1/') || text.includes('<error code='))
        throw new Error(`${path}: ${text.slice(0, 500)}`);
    }
    console.log(`${engine}: load average ${loadAverage()} (the machine's, over a minute)`);
    const quiet = figures(await pollHealth(base, performance.now() + 5_000));
    console.log(`\n${engine}: /api/health with no load, 5 s: ${shown(quiet)}`);
    for (const [name, path] of Object.entries(WORST)) {
      const until = performance.now() + SECONDS * 1000;
      const load: number[] = [];
      const statuses = new Map<number, number>();
      const worker = async () => {
        while (performance.now() < until) {
          const { ms, status } = await timedGet(base, path);
          load.push(ms);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      };
      const [health] = await Promise.all([pollHealth(base, until), ...Array.from({ length: CONCURRENCY }, worker)]);
      const underLoad = figures(health);
      console.log(
        `${engine}: the worst ${name} request at concurrency ${CONCURRENCY}, ${SECONDS} s: ${shown(figures(load))} statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      console.log(`${engine}:   /api/health meanwhile: ${shown(underLoad)} (p99 ${(underLoad.p99 / quiet.p99).toFixed(1)}× its quiet p99)`);
      console.log(`${engine}:   load average ${loadAverage()}`);
    }
  } finally {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`SRU query (${WORST_SRU.length} characters): ${WORST_SRU}`);
await measure('PGlite', {}, 3941);
const server = process.env.BENCH_DATABASE_URL;
if (server) {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS jsbn_bench_protocols WITH (FORCE)');
  await admin.query('CREATE DATABASE jsbn_bench_protocols');
  try {
    const url = new URL(server);
    url.pathname = '/jsbn_bench_protocols';
    await measure('PostgreSQL', { DATABASE_URL: url.toString() }, 3942);
  } finally {
    await admin.query('DROP DATABASE IF EXISTS jsbn_bench_protocols WITH (FORCE)');
    await admin.end();
  }
}
