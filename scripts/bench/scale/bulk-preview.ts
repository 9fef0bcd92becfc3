/**
 * Hostile bulk previews (part `bulk-preview` of `npm run bench:scale`; decision 037; prints
 * figures, asserts nothing, talks only to 127.0.0.1). Eight publishers each upload at once a
 * small .xlsx of 55,000 rows × 10 numbers (about 1.6 MB packed, 15 MB unpacked), which the API
 * refuses with 413 at its 1,001st row, while one client asks `/api/health` again and again.
 * Beside it in the same round, the baseline: the same health probes with nothing else running.
 * Measured on the API as `npm start` runs it: its resident memory (VmRSS from /proc, sampled
 * every 5 ms, and the kernel's peak VmHWM reset before each round) and the probes' p50/p99.
 * Uses a database of its own, `jsbn_scale_bulk_preview`, made afresh each run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { XLSX_TYPE } from '@jsbn/shared';
import { buildApp } from '../../../apps/api/src/app.js';
import { loadConfig } from '../../../apps/api/src/config.js';
import { createPublisher } from '../../../apps/api/src/seed/factories.js';
import { numberSheet } from '../../../apps/api/src/test/bulk-files.js';
import { PRODUCTION } from './production.js';
import { freshDatabase, type WritesBench } from './writes.js';

const PORT = 39108;
const BASE = `http://127.0.0.1:${PORT}`;
const UPLOADS = 8;
const BASELINE_MS = 5_000;

/** A field of /proc/<pid>/status in MB (VmRSS, VmHWM). */
function memory(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((row) => row.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

/** Resets the kernel's peak resident memory of `pid` (Linux: `5` to clear_refs); false where not allowed. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** Asks GET /api/health one after another until `until` resolves (and for at least `minMs`); each answer's time in ms. */
async function probeHealth(until: Promise<unknown>, minMs = 0): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  const started = performance.now();
  while (!done || performance.now() - started < minMs) {
    const sent = performance.now();
    await new Promise<void>((resolve, reject) => {
      request(`${BASE}/api/health`, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve());
      })
        .on('error', reject)
        .end();
    });
    times.push(performance.now() - sent);
  }
  agent.destroy();
  return times;
}

/** Runs the part and prints its table. */
export async function measureBulkPreview(bench: WritesBench): Promise<void> {
  const { databaseUrl, dataDir, drop } = await freshDatabase(bench, 'jsbn_scale_bulk_preview', 'bench-bulk-preview');
  const env = { ...PRODUCTION, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PUBLIC_URL: BASE };
  const built = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { webDist: null });
  const publishers = await Promise.all(
    Array.from({ length: UPLOADS }, (_, index) => createPublisher(built.ctx, { publisher_no: `BPV${String(index).padStart(2, '0')}` })),
  );
  await built.app.close();
  const file = numberSheet(55_000);
  const server = await bench.start(['apps/api/dist/server.js'], env, PORT, '/api/health');
  const pid = server.pid!;
  const rows: {
    idleRss: number;
    peakRss: number;
    hwm: number | null;
    idle: number[];
    busy: number[];
    statuses: number[];
    seconds: number;
  }[] = [];
  try {
    const tokens = await Promise.all(
      publishers.map(async (publisher) => {
        const login = await fetch(`${BASE}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: publisher.email, password: publisher.password, modelType: 'PUBLISHER' }),
        });
        return ((await login.json()) as { data: { accessToken: { access_token: string } } }).data.accessToken.access_token;
      }),
    );
    // one round unmeasured: the first upload loads code and warms the process
    await Promise.all(
      tokens.map((token) =>
        fetch(`${BASE}/api/book/bulk/preview`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': XLSX_TYPE },
          body: new Uint8Array(file),
        }),
      ),
    );
    for (let round = 0; round < bench.rounds; round++) {
      process.stdout.write(`\rbulk previews: round ${round + 1} of ${bench.rounds}`);
      const idle = await probeHealth(new Promise((resolve) => setTimeout(resolve, BASELINE_MS)));
      const idleRss = memory(pid, 'VmRSS');
      const canReset = resetPeak(pid);
      let peakRss = idleRss;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, memory(pid, 'VmRSS'))), 5);
      const started = performance.now();
      const uploads = Promise.all(
        tokens.map(
          async (token) =>
            (
              await fetch(`${BASE}/api/book/bulk/preview`, {
                method: 'POST',
                headers: { authorization: `Bearer ${token}`, 'content-type': XLSX_TYPE },
                body: new Uint8Array(file),
              })
            ).status,
        ),
      );
      const busy = await probeHealth(uploads);
      const statuses = await uploads;
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      rows.push({ idleRss, peakRss, hwm: canReset ? memory(pid, 'VmHWM') : null, idle, busy, statuses, seconds });
    }
    process.stdout.write('\n');
    const m = (pick: (row: (typeof rows)[number]) => number) => bench.median(rows.map(pick));
    const idleP99 = m((row) => percentile(row.idle, 99));
    const busyP99 = m((row) => percentile(row.busy, 99));
    const idleRss = m((row) => row.idleRss);
    const peak = m((row) => Math.max(row.peakRss, row.hwm ?? 0));
    console.log(
      `\n${UPLOADS} bulk previews at once of a ${(file.length / 1024 / 1024).toFixed(1)} MB .xlsx of 55,000 rows × 10 numbers, PostgreSQL, ${bench.rounds} rounds (medians; answers ${[...new Set(rows.flatMap((row) => row.statuses))].join(', ')}):\n`,
    );
    console.log('| measure | with the uploads | baseline in the same run (nothing else running) | ratio |');
    console.log('|---|---|---|---|');
    console.log(
      `| API resident memory, peak | ${peak.toFixed(0)} MB (+${(peak - idleRss).toFixed(0)} MB) | ${idleRss.toFixed(0)} MB | ${(peak / idleRss).toFixed(2)}× |`,
    );
    console.log(
      `| GET /api/health p50 | ${m((row) => percentile(row.busy, 50)).toFixed(1)} ms | ${m((row) => percentile(row.idle, 50)).toFixed(1)} ms | ${(m((row) => percentile(row.busy, 50)) / m((row) => percentile(row.idle, 50))).toFixed(2)}× |`,
    );
    console.log(`| GET /api/health p99 | ${busyP99.toFixed(1)} ms | ${idleP99.toFixed(1)} ms | ${(busyP99 / idleP99).toFixed(2)}× |`);
    console.log(`| all ${UPLOADS} answered in | ${m((row) => row.seconds).toFixed(2)} s | — | — |`);
  } finally {
    server.kill('SIGTERM');
    await drop();
  }
}
