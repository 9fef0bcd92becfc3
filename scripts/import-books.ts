/**
 * npm run import:books -- FILE.jsonl
 * Imports catalogue records (format of ../shared/data/books.jsonl) into the database the
 * server uses (DATA_DIR / DATABASE_URL) and prints how many were imported and each rejection.
 */
import { readFileSync } from 'node:fs';
import { openContext } from '@jsbn/api/app';
import { loadConfig } from '@jsbn/api/config';
import { importCatalogue, parseJsonl } from '@jsbn/api/import';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run import:books -- FILE.jsonl');
  process.exit(2);
}
const { ctx, database } = await openContext(loadConfig({ ...process.env, LOG_LEVEL: 'silent' }));
try {
  const report = await importCatalogue(ctx, parseJsonl(readFileSync(file, 'utf8')));
  console.log(`Imported ${report.imported} books (${report.publishersCreated} new publishers); rejected ${report.rejected.length}.`);
  for (const rejection of report.rejected) {
    console.log(`  line ${rejection.line}${rejection.source_id ? ` (${rejection.source_id})` : ''}: ${rejection.reason}`);
  }
} finally {
  await database.close();
}
