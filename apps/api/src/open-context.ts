/**
 * Opens what the server, the importer, the scripts and the tests share: the database (migrated),
 * the file storage, the rate limits, the job queue (not yet started), the caches and the
 * secrets of a configuration (`AppContext`, context.ts). `app.ts` builds the HTTP app on it.
 */
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import { createJobs } from './lib/jobs.js';
import { Metrics } from './lib/metrics.js';
import { PublicPageCache, listenForChanges } from './lib/public-pages.js';
import { openRateLimits } from './lib/rate-limit.js';
import { S3Storage } from './lib/s3-storage.js';
import { loadSecrets, type Secrets } from './lib/secrets.js';
import { SiteState } from './lib/site-state.js';
import { LocalStorage, type Storage } from './lib/storage.js';
import { SearchResults } from './modules/books/search-results.js';
import { PublisherInfos } from './modules/publishers/publisher-infos.js';

/** The storage `config` asks for: an S3 bucket when S3_BUCKET is set, else DATA_DIR/files. */
export function openStorage(config: Config, secrets: Secrets): Storage {
  if (config.useS3) {
    return new S3Storage({
      endpoint: config.S3_ENDPOINT,
      publicEndpoint: config.S3_PUBLIC_URL,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: config.S3_FORCE_PATH_STYLE === 'true',
      getTtlSeconds: config.S3_URL_TTL_SECONDS,
      tmpDir: join(config.dataDir, 'tmp'),
      signingSecret: secrets.fileSigningSecret,
    });
  }
  return new LocalStorage(join(config.dataDir, 'files'), secrets.fileSigningSecret);
}

/**
 * Opens the database (migrating it), the file storage, the rate limits, the job queue (not yet
 * started) and the secrets of `config` — what the server, the importer, the scripts and the
 * tests share.
 * `database.close()` also closes the storage's and the rate limits' connections.
 * @param options.clock the time source of expiry decisions (tests move it)
 * @param options.log   told about failed database connections and an unreachable Redis
 * @param options.pgliteLoadDataDir PGlite in memory, started from this data directory tarball
 *   instead of DATA_DIR/db (`openDatabase`; the tests)
 * @throws Error when secrets are missing in production or the database cannot be opened
 */
export async function openContext(
  config: Config,
  options: { clock?: () => Date; log?: Pick<FastifyBaseLogger, 'warn' | 'error'>; pgliteLoadDataDir?: Blob } = {},
): Promise<{ ctx: AppContext; database: Database }> {
  const secrets = loadSecrets(config);
  const metrics = new Metrics();
  const opened = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    ...(config.DATABASE_MIGRATION_URL ? { migrationUrl: config.DATABASE_MIGRATION_URL } : {}),
    pgliteDir: join(config.dataDir, 'db'),
    pgliteLoadDataDir: options.pgliteLoadDataDir,
    limits: {
      max: config.DATABASE_POOL_MAX,
      idleTimeoutMs: config.DATABASE_IDLE_TIMEOUT_MS,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    onConnectionError: (error) => {
      metrics.dbErrors.inc({ kind: 'connection' });
      options.log?.warn({ err: { message: error.message, code: (error as { code?: string }).code } }, 'database connection failed');
    },
  });
  const storage = countedUploads(openStorage(config, secrets), metrics);
  const limits = openRateLimits(config, opened.db, options.log);
  const database: Database = {
    ...opened,
    close: async () => {
      storage.close();
      await limits.close();
      await opened.close();
    },
  };
  const publicPages = new PublicPageCache();
  metrics.sources.pool = () => opened.poolState();
  metrics.sources.pageCache = () => publicPages;
  // search results are cached until any book or publisher changes, as the search pages are
  const searchResults = new SearchResults();
  publicPages.onChange(() => searchResults.clear());
  const publisherInfos = new PublisherInfos();
  publicPages.onChange(() => publisherInfos.clear());
  await listenForChanges(opened, publicPages);
  const jobs = createJobs(opened, options.log ?? { error: () => undefined }, (queue, outcome) => metrics.jobs.inc({ queue, outcome }));
  const clock = options.clock ?? (() => new Date());
  const siteState = new SiteState(opened, clock);
  metrics.sources.shared = () => siteState.read();
  const ctx: AppContext = {
    config,
    db: database.db,
    storage,
    limits,
    secrets,
    jobs,
    publicPages,
    searchResults,
    publisherInfos,
    metrics,
    siteState,
    clock,
  };
  return { ctx, database };
}

/** `storage` counting the bytes of every file stored through `put` by folder (metrics). */
function countedUploads(storage: Storage, metrics: Metrics): Storage {
  const put = storage.put.bind(storage);
  storage.put = async (source, rule) => {
    const stored = await put(source, rule);
    metrics.uploadBytes.inc({ kind: rule.folder }, stored.size);
    return stored;
  };
  return storage;
}
