/**
 * What every route and service needs, built once by `buildApp` and passed down explicitly
 * (no DI container, nothing hung on the Fastify instance).
 */
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Jobs } from './lib/jobs.js';
import type { Metrics } from './lib/metrics.js';
import type { SiteState } from './lib/site-state.js';
import type { SearchResults } from './modules/books/search-results.js';
import type { PublisherInfos } from './modules/publishers/publisher-infos.js';
import type { PublicPageCache } from './lib/public-pages.js';
import type { RateLimits } from './lib/rate-limit.js';
import type { Secrets } from './lib/secrets.js';
import type { Storage } from './lib/storage.js';

export interface AppContext {
  config: Config;
  db: Db;
  /** Local disk or S3 (`Storage`), chosen by the configuration. */
  storage: Storage;
  /** Rate limits counted with every other API copy (database or Redis). */
  limits: RateLimits;
  secrets: Secrets;
  /** The background job queue (lib/jobs.ts), started with the app. */
  jobs: Jobs;
  /** The replies of the public book pages, cached in memory (lib/public-pages.ts). */
  publicPages: PublicPageCache;
  /** The results of recent searches, found a window at a time (modules/books/search-results.ts). */
  searchResults: SearchResults;
  /** Publishers' public details as book pages show them (modules/publishers/publisher-infos.ts). */
  publisherInfos: PublisherInfos;
  /** This copy's Prometheus metrics (lib/metrics.ts): services count through it. */
  metrics: Metrics;
  /** The outbox's, the job queues' and the books' figures every copy shares, cached 15 s (lib/site-state.ts). */
  siteState: SiteState;
  /** The current time; tests move it to check expiry. Every expiry decision reads it. */
  clock: () => Date;
}
