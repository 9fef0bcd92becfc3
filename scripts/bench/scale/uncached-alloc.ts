/**
 * npm run bench:alloc [-- --database NAME] [--scans N] [--root DIR] — what an uncached request of a book
 * page allocates (decision 060): renders N pages of a `bench:scale` catalogue (default the million books'),
 * each book once, in one process through `app.inject` (as uncached requests, brotli accepted) under V8's
 * sampling heap profiler, counting the objects the garbage collector has freed again too (what it
 * had to collect), and prints the bytes per scan by function, self and with what it calls.
 * `--root` takes the built API and web app of another checkout (e.g. main's, to compare).
 * Talks only to 127.0.0.1; asserts nothing. Needs `npm run build` first.
 */
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { formatJsbn } from '@jsbn/shared';
import type * as AppModule from '@jsbn/api/app';
import type * as ConfigModule from '@jsbn/api/config';
import { PRODUCTION, ROOT, databaseUrlOf } from './production.js';

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'jsbn_scale_1000000' },
    scans: { type: 'string', default: '200' },
    root: { type: 'string', default: ROOT },
  },
});
const scans = Number(values.scans);
const root = values.root.replace(/\/?$/, '/');
const databaseUrl = databaseUrlOf(values.database);

/** A node of V8's sampling heap profile. */
interface AllocationNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: AllocationNode[];
}

const { buildApp } = (await import(`${root}apps/api/dist/app.js`)) as typeof AppModule;
const { loadConfig } = (await import(`${root}apps/api/dist/config.js`)) as typeof ConfigModule;
const { app } = await buildApp(
  loadConfig({
    ...process.env,
    ...PRODUCTION,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    DATA_DIR: `${root}var/bench-scale`,
    PUBLIC_URL: 'http://127.0.0.1:39110',
    LOG_LEVEL: 'silent',
  }),
  { webDist: `${root}apps/web/dist` },
);
await app.ready();
const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
const { rows } = await pool.query<{ jsbn_number: string }>(`SELECT jsbn_number FROM books TABLESAMPLE SYSTEM (1) LIMIT ${scans + 100}`);
await pool.end();
const scan = (jsbn: string) => app.inject({ method: 'GET', url: `/jsbn/${formatJsbn(jsbn)}`, headers: { 'accept-encoding': 'br' } });
// the first 100 (not measured): the process's cached parts made, its code compiled
for (const row of rows.slice(0, 100)) await scan(row.jsbn_number);
const session = new Session();
session.connect();
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 4096,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
} as never);
const measured = rows.slice(100, 100 + scans);
for (const row of measured) await scan(row.jsbn_number);
const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: AllocationNode } };
await app.close();

const self = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
const where = ({ functionName, url, lineNumber }: AllocationNode['callFrame']) =>
  `${functionName || '(anonymous)'} ${url
    .replace(/^file:\/\//, '')
    .replace(root, '')
    .replace(/^.*node_modules\//, '')}:${lineNumber + 1}`;
const walk = (node: AllocationNode, above: readonly string[]) => {
  const name = where(node.callFrame);
  const stack = [...above, name];
  all += node.selfSize;
  self.set(name, (self.get(name) ?? 0) + node.selfSize);
  for (const frame of new Set(stack)) total.set(frame, (total.get(frame) ?? 0) + node.selfSize);
  for (const child of node.children) walk(child, stack);
};
walk(profile.head, []);
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([name, bytes]) =>
        `${(bytes / measured.length / 1024).toFixed(1).padStart(7)} kB ${((100 * bytes) / all).toFixed(1).padStart(5)} %  ${name}`,
    )
    .join('\n');
console.log(`allocated per uncached request (sampled, ${measured.length} scans): ${(all / measured.length / 1024).toFixed(0)} kB`);
console.log(`\nby function, self:\n${top(self, 30)}`);
console.log(`\nby function, with what it calls:\n${top(total, 50)}`);
