/**
 * npm run bench — prints figures; asserts nothing.
 * Loads ../shared/data/books.jsonl (when present) into a fresh in-memory PGlite app, then
 * measures book registration and search through the real API (app.inject) and prints
 * per-operation p50/p95/max in milliseconds.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '@jsbn/api/app';
import { loadConfig } from '@jsbn/api/config';
import { createBook, createPublisher } from '@jsbn/api/factories';
import { importCatalogue, parseJsonl } from '@jsbn/api/import';

const BOOKS = new URL('../../../shared/data/books.jsonl', import.meta.url);

function summary(name: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2);
  console.log(`${name.padEnd(34)} n=${String(samples.length).padStart(4)}  p50=${at(0.5)} ms  p95=${at(0.95)} ms  max=${at(1)} ms`);
}

async function time(fn: () => Promise<unknown>) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const dataDir = mkdtempSync(join(tmpdir(), 'jsbn-bench-'));
const { app, ctx } = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' }), { webDist: null });
try {
  if (existsSync(BOOKS)) {
    const records = parseJsonl(readFileSync(BOOKS, 'utf8'));
    const start = performance.now();
    const report = await importCatalogue(ctx, records);
    const ms = performance.now() - start;
    console.log(
      `import of ${records.length} records: ${report.imported} books in ${ms.toFixed(0)} ms (${(ms / report.imported).toFixed(2)} ms/book)`,
    );
  }
  const publisher = await createPublisher(ctx, { publisher_no: 'BENCH' });
  const registration: number[] = [];
  const jsbns: string[] = [];
  for (let i = 0; i < 100; i++) {
    registration.push(
      await time(async () =>
        jsbns.push((await createBook(ctx, publisher.publisherId, { book_title: `ગ્રંથ ${i}`, book_e_title: `Granth ${i}` })).jsbn_number),
      ),
    );
  }
  summary('registerBook (with cover + QR)', registration);

  // misspelled ('Kalpsutra', 'Tatvarth', 'Hemchandracharia') and cross-script ('કલ્પસૂત્ર' → Devanagari titles) too
  const queries = [
    'सूत्र',
    'કલ્પ',
    'Kalpasutra',
    'Kalpsutra',
    'Tatvarth',
    'Hemchandracharia',
    'કલ્પસૂત્ર',
    'hemchandra',
    'BENCH-00050',
    'granth 7',
    'भाग',
    'no match at all',
  ];
  for (const query of queries) {
    const samples: number[] = [];
    for (let i = 0; i < 30; i++)
      samples.push(await time(() => app.inject({ method: 'GET', url: '/api/book', query: { queryString: query, limit: '50' } })));
    summary(`GET /api/book?queryString=${query}`, samples);
  }
  const byJsbn: number[] = [];
  for (let i = 0; i < 50; i++)
    byJsbn.push(await time(() => app.inject({ method: 'GET', url: `/api/book/listing/jsbn/${jsbns[i]!.toLowerCase()}` })));
  summary('GET /api/book/listing/jsbn/:jsbn', byJsbn);
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
