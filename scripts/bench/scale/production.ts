/** The settings the benchmarks start the API with, and where they find the checkout and PostgreSQL. */
import { fileURLToPath } from 'node:url';

/** The checkout's root directory, with a trailing slash. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The PostgreSQL server the benchmarks make and read their catalogues on (`BENCH_POSTGRES_URL`). */
export const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The URL of the database `name` on that server. */
export const databaseUrlOf = (name: string) => ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);

/**
 * The API as it runs in production (replies serialised without the development check of
 * every field, decision 015), with settings production requires: secrets for the run, and an
 * SMTP address that refuses (nothing is sent; the orders the writes part makes queue their
 * notices, which it removes before its next measure).
 */
export const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-only-jwt-secret-0123456789abcdef0123',
  TOTP_SECRET_KEY: 'YmVuY2gtb25seS10b3RwLWtleS0wMTIzNDU2Nzg5YWI=',
  FILE_SIGNING_SECRET: 'bench-only-file-secret-0123456789abcdef012',
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'bench@jsbn.invalid',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
};
