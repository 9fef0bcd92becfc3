/**
 * npm run restore -- DIR
 * Restores a backup made by `npm run backup` into the database of DATABASE_URL (which must
 * exist; objects already in it are dropped first: `pg_restore --clean --if-exists`) and copies
 * its files into the configured storage (S3 bucket or DATA_DIR/files). Stop the API copies
 * first; start them again afterwards (migrations newer than the backup are applied at start).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '@jsbn/api/config';
import { restoreFiles, run } from './backup-files.js';

const source = process.argv[2];
if (!source || !existsSync(join(resolve(source), 'database.dump'))) {
  console.error('Usage: npm run restore -- DIR   (DIR holds database.dump and files/ from npm run backup)');
  process.exit(2);
}
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
if (!config.DATABASE_URL) {
  console.error('DATABASE_URL is not set: restore needs the PostgreSQL database to restore into.');
  process.exit(2);
}
const dir = resolve(source);
await run('pg_restore', [
  '--clean',
  '--if-exists',
  '--no-owner',
  '--no-privileges',
  '--exit-on-error',
  `--dbname=${config.DATABASE_URL}`,
  join(dir, 'database.dump'),
]);
const files = await restoreFiles(config, join(dir, 'files'));
console.log(`Restored the database and ${files} files from ${dir}`);
