/**
 * npm run backup -- DIR
 * Backs up the PostgreSQL database (`pg_dump --format=custom` → DIR/database.dump) and every
 * stored file (the S3 bucket, or DATA_DIR/files → DIR/files/<key>), reading the same settings
 * as the server (DATABASE_URL, S3_*, DATA_DIR). Needs pg_dump of the server's major version
 * or newer. Run it against a live site: the dump is one consistent snapshot; files uploaded
 * while it runs may or may not be included (see docs/deploy.md).
 */
import { writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadConfig } from '@jsbn/api/config';
import { backupFiles, run } from './backup-files.js';

const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run backup -- DIR');
  process.exit(2);
}
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
if (!config.DATABASE_URL) {
  console.error('DATABASE_URL is not set: back up an embedded (PGlite) site by copying DATA_DIR while it is stopped.');
  process.exit(2);
}
const dir = resolve(target);
await mkdir(dir, { recursive: true });
await run('pg_dump', [
  '--format=custom',
  '--no-owner',
  '--no-privileges',
  `--file=${join(dir, 'database.dump')}`,
  `--dbname=${config.DATABASE_URL}`,
]);
const files = await backupFiles(config, join(dir, 'files'));
writeFileSync(
  join(dir, 'manifest.json'),
  JSON.stringify({ createdAt: new Date().toISOString(), storage: config.useS3 ? 's3' : 'local', files }, null, 2) + '\n',
);
console.log(`Backed up the database and ${files} files to ${dir}`);
