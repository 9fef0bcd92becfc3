/**
 * npm run import:books -- FILE.jsonl
 * Imports catalogue records (format of ../shared/data/books.jsonl) into the database the
 * server uses (DATA_DIR / DATABASE_URL), a batch of 1,000 at a time through the book form's
 * rules and service (modules/books/import.ts), with a progress bar on a terminal; then prints
 * how many were imported, how long it took and each rejection.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SingleBar, Presets } from 'cli-progress';
import { openContext } from '@jsbn/api/open-context';
import { loadConfig } from '@jsbn/api/config';
import { importCatalogue, parseJsonl } from '@jsbn/api/import';
import { scheduleDuplicateScan } from '../apps/api/src/modules/books/duplicates.js';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run import:books -- FILE.jsonl');
  process.exit(2);
}
/** What the file must hold, said when it cannot be read. */
const EXPECTED =
  'a JSON Lines file, one catalogue record a line ({"source_id", "title", "authors", "publisher", "language", …}, as ../shared/data/books.jsonl)';
let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  const why = code === 'ENOENT' ? 'there is no such file' : code === 'EISDIR' ? 'it is a folder' : (code ?? 'unreadable');
  console.error(`import:books: cannot read ${resolve(file)} (${why}); expected ${EXPECTED}`);
  process.exit(2);
}
const { ctx, database } = await openContext(loadConfig({ ...process.env, LOG_LEVEL: 'silent' }));
const bar = process.stdout.isTTY
  ? new SingleBar(
      { format: 'Importing [{bar}] {percentage}% | {value}/{total} records | {eta_formatted} left', hideCursor: true },
      Presets.shades_classic,
    )
  : null;
try {
  const records = parseJsonl(text);
  bar?.start(records.length, 0);
  const started = performance.now();
  const report = await importCatalogue(ctx, records, (done) => bar?.update(done));
  bar?.stop();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Imported ${report.imported} books (${report.publishersCreated} new publishers) in ${seconds.toFixed(1)} s; rejected ${report.rejected.length}.`,
  );
  for (const rejection of report.rejected) {
    console.log(`  line ${rejection.line}${rejection.source_id ? ` (${rejection.source_id})` : ''}: ${rejection.reason}`);
  }
  // the imported books are compared with those before them by the API's job queue, not here (decision 044)
  await ctx.jobs.start();
  await scheduleDuplicateScan(ctx, report.bookIds, { warn: (object, message) => console.warn(message, object) });
  await ctx.jobs.stop();
  console.log(`Queued the duplicate check of ${report.bookIds.length} books.`);
} finally {
  bar?.stop();
  await database.close();
}
