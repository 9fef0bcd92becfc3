/**
 * npm run bench:cached-pages [-- --seconds S] [--rounds R] — whether answering cached pages before
 * Fastify (`apps/api/src/lib/cached-page-responder.ts`, decision 022) still earns its place (decision 065):
 * the built server (`npm start`'s, run `npm run build` first) on the demo catalogue (PGlite) on
 * 127.0.0.1, a book page scanned once so the public page cache holds it, then autocannon at 20
 * connections accepting brotli, in turns `--rounds` times (3) for `--seconds` (5): the page as the
 * cached-page responder answers it, and the same cached page through Fastify (an `Authorization` header, which
 * the cached-page responder leaves to Fastify and the page's route ignores). Prints req/s and p99 of each and
 * the ratio; asserts nothing. The proxy's cache (deploy/Caddyfile) answers repeat requests before
 * either.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '3' } } });
const PORT = 3990;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'jsbn-bench-door-'));
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  },
  stdio: 'ignore',
});
try {
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const reply = await fetch(`${base}/api/book?pageNo=1&limit=10`);
  if (!reply.ok) throw new Error(`the book list answered ${reply.status}: ${await reply.text()}`);
  const listed = (await reply.json()) as { data: { books: { jsbn_number: string }[] } };
  const path = `/jsbn/${listed.data.books[0]!.jsbn_number}`;
  await fetch(`${base}${path}`);
  const ways = [
    ['cached-page responder', {}],
    ['Fastify', { authorization: 'Bearer bench' }],
  ] as const;
  const runs = new Map<string, { rps: number; p99: number }[]>();
  for (let round = 0; round < Number(values.rounds); round++)
    for (const [name, headers] of ways) {
      const result = await autocannon({
        url: `${base}${path}`,
        connections: 20,
        duration: Number(values.seconds),
        headers: { 'accept-encoding': 'br', ...headers },
      });
      if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      runs.set(name, [...(runs.get(name) ?? []), { rps: result.requests.average, p99: result.latency.p99 }]);
    }
  const median = (name: string, key: 'rps' | 'p99') =>
    runs
      .get(name)!
      .map((run) => run[key])
      .sort((a, b) => a - b)[Math.floor(runs.get(name)!.length / 2)]!;
  console.log(`| way | req/s (median of ${values.rounds}) | p99 ms | ratio to Fastify |\n|---|---|---|---|`);
  for (const [name] of ways)
    console.log(
      `| ${name} | ${median(name, 'rps').toFixed(0)} | ${median(name, 'p99')} | ${(median(name, 'rps') / median('Fastify', 'rps')).toFixed(2)}× |`,
    );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
