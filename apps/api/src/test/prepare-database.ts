/**
 * `tsx --conditions=source prepare-database.ts DATA_DIR [DATABASE_URL]`: builds an app on
 * DATA_DIR (PGlite in DATA_DIR/db) or on DATABASE_URL, readies it — the migrations applied,
 * pg-boss's schema and queues made — and closes it, leaving a database test files copy
 * (`global-setup.ts`). On PGlite it also writes the data directory as one tarball,
 * DATA_DIR/db.tar (`PGlite.dumpDataDir`), that each test's app loads into memory. A process of
 * its own, so the workspace packages resolve to their source.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';

const [dataDir, databaseUrl] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: prepare-database.ts DATA_DIR [DATABASE_URL]');
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'https://jsbn.test',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const built = await buildApp(config, { webDist: null });
await built.app.ready();
await built.app.close();
if (!databaseUrl) {
  const pglite = new PGlite(join(dataDir, 'db'), { extensions: { pg_trgm } });
  // dumpDataDir does not wait for the database to be ready (the process would end, exit 13)
  await pglite.waitReady;
  const tarball = await pglite.dumpDataDir('none');
  await pglite.close();
  writeFileSync(join(dataDir, 'db.tar'), new Uint8Array(await tarball.arrayBuffer()));
}
