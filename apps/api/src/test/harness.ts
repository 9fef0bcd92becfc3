/**
 * Test harness: a fresh app on a fresh database for each test file — PGlite in memory, and a
 * brand-new PostgreSQL database (created and dropped here) when TEST_DATABASE_URL is set. Each
 * starts as a copy of the database `global-setup.ts` migrated once for the run. `ENGINES` lists the
 * engines to run each API suite on.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import jsqrModule from 'jsqr';
import { inject } from 'vitest';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig } from '../config.js';
import { accounts } from '../db/schema.js';
import { signAccessToken } from '../lib/auth.js';
import { libraryEndpoints, publisherEndpoints } from '@jsbn/shared/core';
import { createPgDatabase, waitFor } from './servers.js';
import { inject as injectEndpoint } from './inject.js';
import type { OutboxMessage } from '../modules/dev/routes.js';
import { cityIdByName, stateIdByName } from '../modules/lookups/geo.js';

let pgliteTarball: Blob | undefined;

/**
 * The migrated PGlite data directory as a tarball (`global-setup.ts`), read once a worker: each
 * PGlite app loads it into memory, which costs a third of the CPU of copying the directory's
 * 1,300 files for every app (about 0.5 s against 1.4 s on a CI machine; decision 055).
 */
function pgliteTemplateTarball(): Blob {
  pgliteTarball ??= new Blob([readFileSync(inject('pgliteTarball'))]);
  return pgliteTarball;
}

export type Engine = 'pglite' | 'postgres';
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp extends BuiltApp {
  close(): Promise<void>;
  /** Moves the app's clock forward by `ms` milliseconds. */
  advance(ms: number): void;
}

/**
 * Builds an app for tests on `engine`, with its own data directory and database.
 * @param env settings over the test defaults (NODE_ENV test, silent logs, PUBLIC_URL https://jsbn.test)
 * @param webDist a built web app to serve (default none: API only)
 * @param logStream where the log lines go (with `LOG_LEVEL` in `env`; default silent)
 */
export async function createTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  webDist: string | null = null,
  logStream?: NodeJS.WritableStream,
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'jsbn-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (engine === 'postgres') {
    const created = await createPgDatabase(undefined, inject('postgresTemplate'));
    databaseUrl = created.url;
    dropDatabase = () => created.drop();
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://jsbn.test',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  let offset = 0;
  // an app that cannot be built (a test of a bad setting) leaves no database or directory behind
  const built = await buildApp(config, {
    webDist,
    clock: () => new Date(Date.now() + offset),
    logStream,
    pgliteLoadDataDir: engine === 'pglite' ? pgliteTemplateTarball() : undefined,
  }).catch(async (error: unknown) => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    ...built,
    advance(ms: number) {
      offset += ms;
    },
    async close() {
      await built.app.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The `Authorization` header of `account` signed in, without the login: an access token signed
 * as the login signs it (`signAccessToken`, the account's role and current token version), so
 * the API takes it as a logged-in session. For tests that only need someone signed in; the
 * login itself (password check, limits, the second factor) keeps its own tests, one real login
 * per role (auth.test.ts, operator-auth.test.ts), which use `authHeader`.
 * @throws Error when there is no such account
 */
export async function tokenHeader(built: Pick<BuiltApp, 'ctx'>, account: { accountId: number }) {
  const [row] = await built.ctx.db
    .select({ id: accounts.id, role: accounts.role, token_version: accounts.token_version })
    .from(accounts)
    .where(eq(accounts.id, account.accountId));
  if (!row) throw new Error(`no account ${account.accountId}`);
  return { authorization: `Bearer ${await signAccessToken(built.ctx.secrets.jwtSecret, row)}` };
}

/** Logs in through the API (`POST /api/user/login`) and returns the `Authorization` header for the account. */
export async function authHeader(app: BuiltApp['app'], account: { email: string; password: string }, modelType: 'PUBLISHER' | 'LIBRARY') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: account.email, password: account.password, modelType },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return { authorization: `Bearer ${response.json().data.accessToken.access_token}` };
}

/**
 * The dev outbox's messages to `to` (an e-mail address or a phone number), newest first: GET
 * /api/dev/outbox, which the endpoint table leaves out (it is no part of the product's contract).
 */
export async function outboxTo(app: BuiltApp['app'], to: string): Promise<OutboxMessage[]> {
  const response = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return response.json<{ data: { messages: OutboxMessage[] } }>().data.messages;
}

/** The newest one-time code sent to `email`, read from the dev outbox. */
export async function latestCode(app: BuiltApp['app'], email: string): Promise<string> {
  const code = (await outboxTo(app, email)).find((item) => item.code)?.code;
  if (!code) throw new Error(`no code for ${email}`);
  return code;
}

/**
 * The newest reset link e-mailed to `email` (dev outbox), other than `except`: waits for it (at
 * most 10 s), as the link is sent by a job after the request is answered (`passwordReset`).
 */
export async function latestLink(app: BuiltApp['app'], email: string, except?: string): Promise<string> {
  return waitFor(
    async () => {
      const link = (await outboxTo(app, email)).find((item) => item.link)?.link;
      return link && link !== except ? link : null;
    },
    10_000,
    `a reset link for ${email}`,
  );
}

/**
 * POST /api/library for a new Gyan Bhandar with `email` and `logo` (a JPEG), as the
 * registration form sends it; answers what the API answered.
 */
export function registerLibraryRequest(app: BuiltApp['app'], email: string, logo: Buffer, remoteAddress = '127.0.0.1') {
  const fields = {
    name: 'Bhandar',
    sanchalak_name: 'Sangh',
    sanchalak_address: 'Upashray',
    address: 'Palitana',
    email,
    mobile_no: '9426012345',
    whatsapp_no: '9426012345',
    sangh_trust: 'Sangh Sanchalit',
    password: 'Bhandar@123',
  };
  return app.inject({ method: 'POST', url: '/api/library', payload: form(fields, { logo: [logo, 'l.jpg', 'image/jpeg'] }), remoteAddress });
}

/** A FormData with `fields` (strings) and `files` ({ field: [bytes, filename, type] }). */
export function form(fields: Record<string, string | number>, files: Record<string, [Buffer, string, string]> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
  for (const [name, [bytes, filename, type]] of Object.entries(files))
    data.append(name, new Blob([new Uint8Array(bytes)], { type }), filename);
  return data;
}

const GUJARAT = stateIdByName('Gujarat')!;

/** A profile form's fields as the app posts them (multipart: text, numbers as text). */
type ProfileFields = Record<string, string | number>;

/**
 * What a profile edit sends unless told otherwise: the profile `createPublisher` and `createLibrary`
 * make (a Trust on Relief Road, Ahmedabad 380001; a Sangh Sanchalit Gyan Bhandar in Palitana with
 * 1200 books), with a landline for the publisher and the library's name 'Shri Gyan Bhandar'.
 */
const PROFILE_DEFAULTS = {
  publisher: {
    publisher_name: 'Shri Jain Prakashan',
    publisher_type: 'Trust',
    address: 'Relief Road',
    pincode: '380001',
    landline_no: '07923456789',
    mobile_no: '9876543210',
    whatsapp_no: '9876543210',
    state: String(GUJARAT),
    city: String(cityIdByName(GUJARAT, 'Ahmedabad')),
  },
  library: {
    name: 'Shri Gyan Bhandar',
    sanchalak_name: 'Shri Sangh',
    sanchalak_address: 'Upashray, Main Bazaar',
    address: 'Jain Upashray, Main Bazaar, Palitana 364270',
    mobile_no: '9123456780',
    whatsapp_no: '9123456780',
    sangh_trust: 'Sangh Sanchalit',
    number_of_books: '1200',
  },
} as const satisfies Record<'publisher' | 'library', ProfileFields>;

/**
 * Edits the profile of the publisher or the library `headers` sign in, as the profile form sends it
 * (`PATCH /api/publisher` or `PATCH /api/library`, multipart): the profile the factories make
 * (`PROFILE_DEFAULTS`) with `changes` over it (a field set to '' is sent empty), and `files` (a logo).
 * @returns the API's reply (`statusCode`, `json()`; 400 with `details` for a refused field)
 */
export function editProfile(
  app: BuiltApp['app'],
  role: 'publisher' | 'library',
  headers: Record<string, string>,
  changes: ProfileFields = {},
  files: Record<string, [Buffer, string, string]> = {},
) {
  const body = form({ ...PROFILE_DEFAULTS[role], ...changes }, files);
  return role === 'publisher'
    ? injectEndpoint(app, publisherEndpoints.updateProfile, { headers, body })
    : injectEndpoint(app, libraryEndpoints.updateProfile, { headers, body });
}

type JsQr = typeof jsqrModule.default;
/** jsqr is CommonJS: its function is the module itself or its `default`, depending on the loader. */
const jsQR: JsQr = (jsqrModule as unknown as { default?: JsQr }).default ?? (jsqrModule as unknown as JsQr);

/** The text of the QR code in an RGBA pixel buffer, or null. */
export function decodeQr(rgba: Buffer, width: number, height: number): string | null {
  return jsQR(new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length), width, height)?.data ?? null;
}
