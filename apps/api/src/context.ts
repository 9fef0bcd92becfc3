/**
 * What every route and service needs, built once by `buildApp` and passed down explicitly
 * (no DI container, nothing hung on the Fastify instance).
 */
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Secrets } from './lib/secrets.js';
import type { Storage } from './lib/storage.js';

export interface AppContext {
  config: Config;
  db: Db;
  /** Local disk or S3 (`Storage`), chosen by the configuration. */
  storage: Storage;
  secrets: Secrets;
  /** The current time; tests move it to check expiry. Every expiry decision reads it. */
  clock: () => Date;
}
