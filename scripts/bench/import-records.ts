/**
 * npm run bench:import -- [--records N] [--runs R]
 * The catalogue import alone (bench:scale's part `import`) at a size a loaded machine can do:
 * `npm run import:books` of N records (default 20,000) made from the real ones, into an empty
 * PostgreSQL database of this run's own (several runs may share the machine), timed from
 * outside, R times (default 2); prints each run's seconds and their median. No build needed.
 * Used to compare a branch's import speed before and after a change (docs/benchmarks.md).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.js';
import { sourceRecords } from './scale/catalogue.js';
import { ADMIN_URL, ROOT, databaseUrlOf } from './scale/production.js';

const { values } = parseArgs({ options: { records: { type: 'string', default: '20000' }, runs: { type: 'string', default: '2' } } });
const RECORDS = Number(values.records);
const RUNS = Number(values.runs);

const records = sourceRecords().filter((record) => record.year && record.publisher && record.authors?.length);
const file = join(mkdtempSync(join(tmpdir(), 'jsbn-import-')), 'books.jsonl');
const lines: string[] = [];
for (let i = 0; i < RECORDS; i++) {
  const record = records[i % records.length]!;
  const edition = Math.floor(i / records.length) + 1;
  lines.push(
    JSON.stringify({ ...record, source_id: `bench:${i}`, title: `${record.title} ${edition}`, title_en: `${record.title_en} ${edition}` }),
  );
}
writeFileSync(file, lines.join('\n'));

const name = `jsbn_bench_import_${process.pid}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const seconds: number[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
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
    seconds.push((performance.now() - started) / 1000);
    console.log(
      `run ${run + 1}: ${RECORDS.toLocaleString('en-IN')} records in ${seconds.at(-1)!.toFixed(1)} s (exit ${code}; ${output.split('\n')[0]})`,
    );
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  rmSync(dirname(file), { recursive: true, force: true });
}
const sorted = [...seconds].sort((a, b) => a - b);
console.log(`median of ${RUNS}: ${sorted[Math.floor((sorted.length - 1) / 2)]!.toFixed(1)} s`);
