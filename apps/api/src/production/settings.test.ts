/**
 * Production settings and probes: every setting parsed once with messages naming the wrong
 * ones; production refuses generated secrets and the dev outbox; /api/health and /api/ready;
 * request ids; a slow statement answers 503; and the book upload flow against S3 (s3rver on
 * 127.0.0.1): presigned PUT straight to the bucket, size and magic bytes checked on finalise,
 * downloads redirected to a short-lived presigned GET.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOK_MSG, MSG } from '@jsbn/shared';
import { accountEndpoints, bookEndpoints } from '@jsbn/shared/core';
import { loadConfig, secretBits, type ConfigError } from '../config.js';
import { loadSecrets } from '../lib/secrets.js';
import { createBook, createPublisher, makeJpeg } from '../seed/factories.js';
import { outbox } from '../db/schema.js';
import { SHARED_FIGURES_MS } from '../lib/site-state.js';
import { ENGINES, createTestApp, tokenHeader, type TestApp } from '../test/harness.js';
import { inject } from '../test/inject.js';
import { startS3, type TestS3 } from '../test/servers.js';

const SECRETS = {
  JWT_SECRET: 'test-only JWT secret of the settings test, 0123456789',
  FILE_SIGNING_SECRET: 'test-only file-link secret of the settings test, ABCDEF',
  TOTP_SECRET_KEY: 'dGVzdC1vbmx5IFRPVFAga2V5LCAzMiBieXRlcyEhISE=',
};
const PDF = Buffer.from('%PDF-1.4\n% a small book\n%%EOF\n');

/** The message `loadConfig` refuses `env` with, or null when it takes it. */
const failure = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe('settings', () => {
  it('listens on 127.0.0.1 outside production unless HOST says otherwise, on every interface in production', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('names every wrong setting', () => {
    const message = failure({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      S3_FORCE_PATH_STYLE: 'yes',
      SMTP_URL: 'mail.example',
      OUTBOX_POLL_MS: '-1',
    });
    for (const name of ['PORT', 'DATABASE_URL', 'S3_FORCE_PATH_STYLE', 'SMTP_URL', 'OUTBOX_POLL_MS'])
      expect(message).toContain(`  ${name}: `);
  });

  it('asks for the settings that belong together', () => {
    expect(failure({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toMatch(
      /S3_BUCKET: is required[\s\S]*S3_ACCESS_KEY_ID: is required[\s\S]*S3_SECRET_ACCESS_KEY: is required/,
    );
    expect(failure({ WHATSAPP_TOKEN: 'x' })).toContain('WHATSAPP_PHONE_ID: is required');
  });

  it('refuses production without real secrets, SMTP, MAIL_FROM and PUBLIC_URL', () => {
    const message = failure({ NODE_ENV: 'production' });
    for (const name of ['JWT_SECRET', 'FILE_SIGNING_SECRET', 'TOTP_SECRET_KEY', 'SMTP_URL', 'MAIL_FROM', 'PUBLIC_URL'])
      expect(message).toContain(`  ${name}: is required in production`);
    const ok = loadConfig({
      NODE_ENV: 'production',
      ...SECRETS,
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'JSBN <no-reply@jsbn.example>',
      PUBLIC_URL: 'https://jsbn.example',
      S3_FORCE_PATH_STYLE: '',
    });
    expect(ok).toMatchObject({
      isProduction: true,
      useSmtp: true,
      useS3: false,
      useWhatsapp: false,
      DATABASE_POOL_MAX: 10,
      DATABASE_STATEMENT_TIMEOUT_MS: 5_000,
    });
  });
});

describe('production secrets', () => {
  const production = {
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://mail:25',
    MAIL_FROM: 'JSBN <no-reply@jsbn.example>',
    PUBLIC_URL: 'https://jsbn.example',
    TOTP_SECRET_KEY: SECRETS.TOTP_SECRET_KEY,
  };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ ...production, ...env });
    } catch (error) {
      return (error as ConfigError).lines;
    }
    return [];
  };

  it('are refused at start when the two are the same', () => {
    expect(problems({ JWT_SECRET: SECRETS.JWT_SECRET, FILE_SIGNING_SECRET: SECRETS.JWT_SECRET })).toEqual([
      '  FILE_SIGNING_SECRET: must differ from JWT_SECRET (one key for the sign-in tokens, another for the file links)',
    ]);
  });

  it('are refused at start when weak: one character repeated, or two in turn', () => {
    expect(problems({ JWT_SECRET: 'a'.repeat(40), FILE_SIGNING_SECRET: 'ab'.repeat(20) })).toEqual([
      '  JWT_SECRET: is too weak: about 0 bits by its characters, at least 128 are required (make one with: openssl rand -hex 32)',
      '  FILE_SIGNING_SECRET: is too weak: about 40 bits by its characters, at least 128 are required (make one with: openssl rand -hex 32)',
    ]);
  });

  it('made as docs/deploy.md says are taken, and a short one is named once', () => {
    for (let round = 0; round < 100; round++) {
      expect(problems({ JWT_SECRET: randomBytes(32).toString('hex'), FILE_SIGNING_SECRET: randomBytes(32).toString('base64') })).toEqual(
        [],
      );
    }
    // 32 hex digits are 128 random bits, half of what RFC 7518 asks of an HS256 key
    expect(secretBits('0123456789abcdef'.repeat(2))).toBe(128);
    expect(secretBits('00112233445566778899aabbccddeeff')).toBe(128);
    expect(problems({ JWT_SECRET: 'short', FILE_SIGNING_SECRET: SECRETS.FILE_SIGNING_SECRET })).toEqual([
      expect.stringMatching(/^ {2}JWT_SECRET: Too small/),
    ]);
  });

  it('refuse at start a TOTP_SECRET_KEY that is not 32 bytes in base64, on one line naming it, in production and outside', () => {
    const wrong = [
      'short',
      randomBytes(32).toString('hex'), // 64 hex digits: 48 bytes as base64
      randomBytes(16).toString('base64'),
      randomBytes(48).toString('base64'),
      randomBytes(32).toString('base64url'),
      `${randomBytes(32).toString('base64')}\n`,
      ` ${randomBytes(32).toString('base64')}`,
    ];
    for (const key of wrong) {
      const line = '  TOTP_SECRET_KEY: must be 32 bytes in base64 (openssl rand -base64 32)';
      expect(problems({ ...SECRETS, TOTP_SECRET_KEY: key }), JSON.stringify(key)).toEqual([line]);
      expect(failure({ TOTP_SECRET_KEY: key }), JSON.stringify(key)).toBe(`Invalid configuration:\n${line}`);
    }
    // what docs/deploy.md says to run is taken, and opens as the 32 bytes AES-256-GCM needs
    const key = randomBytes(32).toString('base64');
    expect(loadSecrets(loadConfig({ ...SECRETS, TOTP_SECRET_KEY: key })).totpKey).toEqual(Buffer.from(key, 'base64'));
  });

  it('are not checked outside production (generated ones are used there)', () => {
    expect(loadConfig({ JWT_SECRET: 'a'.repeat(40), FILE_SIGNING_SECRET: 'a'.repeat(40) })).toMatchObject({ isProduction: false });
  });
});

// /api/health and /api/ready are the probes of a proxy or an orchestrator, not in the endpoint table
describe.each(ENGINES)('probes on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('answers health and readiness, and echoes or makes a request id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready', headers: { 'x-request-id': 'probe-1234' } });
    expect(ready.json()).toMatchObject({ statusCode: 200, data: { database: 'ok', storage: 'ok' } });
    expect(ready.headers['x-request-id']).toBe('probe-1234');
    const made = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  if (engine === 'postgres') {
    it('answers 503 without internals when a statement runs past DATABASE_STATEMENT_TIMEOUT_MS', async () => {
      const slow = await createTestApp('postgres', { DATABASE_STATEMENT_TIMEOUT_MS: '300' });
      const blocker = new pg.Client({ connectionString: slow.ctx.config.DATABASE_URL! });
      await blocker.connect();
      try {
        await blocker.query('BEGIN');
        await blocker.query('LOCK TABLE rate_limits IN ACCESS EXCLUSIVE MODE');
        const started = Date.now();
        const response = await inject(slow.app, accountEndpoints.login, {
          body: { email: 'a@example.test', password: 'Secret@123', modelType: 'LIBRARY' },
        });
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ statusCode: 503, message: MSG.maintenance, error: 'UNAVAILABLE' });
        expect(response.headers['retry-after']).toBe('5');
      } finally {
        await blocker.query('ROLLBACK');
        await blocker.end();
        await slow.close();
      }
    });
  }

  it("says the outbox's oldest pending age and the queues' state, and stays ready while e-mail waits", async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/ready' })).json().data;
    expect(before.outbox).toEqual({ pending: 0, failed: 0, oldestPendingSeconds: 0 });
    expect(before.queues.map((queue: { name: string }) => queue.name)).toEqual([
      'document',
      'duplicateScan',
      'interestDigest',
      'loanReminders',
      'orderNotices',
      'orderReminders',
      'passwordReset',
    ]);
    expect(before.queues[0]).toEqual({ name: 'document', waiting: 0, active: 0, failed: 0, oldestWaitingSeconds: 0 });
    // an e-mail queued two minutes ago and not sent (no SMTP here)
    await t.ctx.db.insert(outbox).values({
      channel: 'email',
      recipient: 'waiting@example.test',
      subject: 'Code',
      body: 'Your code',
      created_at: new Date(Date.now() - 120_000),
    });
    t.advance(SHARED_FIGURES_MS);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.outbox).toMatchObject({ pending: 1, failed: 0 });
    expect(ready.json().data.outbox.oldestPendingSeconds).toBeGreaterThanOrEqual(120);
    expect(ready.json().data.outbox.oldestPendingSeconds).toBeLessThan(600);
  });

  it('is not ready (503) once the database is gone, while health still answers', async () => {
    const gone = await createTestApp(engine);
    await gone.app.ready();
    await gone.database.close();
    const ready = await gone.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      statusCode: 503,
      message: MSG.maintenance,
      error: 'UNAVAILABLE',
      details: [{ field: 'database', message: 'unavailable' }],
    });
    expect((await gone.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await gone.close();
  });
});

describe.each(ENGINES)('S3 storage through the API on %s', (engine) => {
  let s3: TestS3;
  let t: TestApp;
  let owner: { authorization: string };
  let publisherId: number;
  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp(engine, { ...s3.env, S3_URL_TTL_SECONDS: '30' });
    const publisher = await createPublisher(t.ctx);
    publisherId = publisher.publisherId;
    owner = await tokenHeader(t, publisher);
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it('is ready with the bucket and not ready without it', async () => {
    // the readiness probe is not in the endpoint table
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json().data).toMatchObject({ database: 'ok', storage: 'ok' });
    const missing = await createTestApp('pglite', { ...s3.env, S3_BUCKET: 'no-such-bucket' });
    const ready = await missing.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().details).toEqual([{ field: 'storage', message: 'unavailable' }]);
    await missing.close();
  });

  it('uploads by presigned PUT, checks on finalise and serves by presigned GET', async () => {
    const book = await createBook(t.ctx, publisherId, {}, { cover: true });
    const jpeg = await makeJpeg('IMG', { width: 40, height: 40 });
    const fake = Buffer.from('this is not a picture at all');
    const damaged = jpeg.subarray(0, jpeg.length - 300);
    const asked = await inject(t.app, bookEndpoints.uploadUrls, {
      params: { id: book.id },
      body: {
        files: [
          { field: 'pdfpublisher', name: 'book.pdf', type: 'application/pdf', size: PDF.length },
          { field: 'bookimage', name: 'front.jpg', type: 'image/jpeg', size: jpeg.length },
          { field: 'bookimage', name: 'fake.jpg', type: 'image/jpeg', size: fake.length },
          { field: 'bookimage', name: 'damaged.jpg', type: 'image/jpeg', size: damaged.length },
          // docs/api.md sends no size: signed without a length, checked against the field's limit on finalise
          { field: 'index_pdf', name: 'index.pdf', type: 'application/pdf' },
        ],
      },
      headers: owner,
    });
    expect(asked.statusCode).toBe(200);
    const urls = asked.json().data as { url: string }[];
    for (const { url } of urls) {
      expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
      expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('900');
    }
    for (const [index, [body, type]] of (
      [
        [PDF, 'application/pdf'],
        [jpeg, 'image/jpeg'],
        [fake, 'image/jpeg'],
        [damaged, 'image/jpeg'],
        [PDF, 'application/pdf'],
      ] as const
    ).entries()) {
      const put = await fetch(urls[index]!.url, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': type } });
      expect(put.status).toBe(200);
    }
    const fakeKey = decodeURIComponent(new URL(urls[2]!.url).pathname.slice(`/${s3.bucket}/`.length));
    expect(await t.ctx.storage.inspect(fakeKey)).not.toBeNull();

    const damagedKey = decodeURIComponent(new URL(urls[3]!.url).pathname.slice(`/${s3.bucket}/`.length));
    // a file whose bytes are not an image, and a JPEG that does not decode, are refused by
    // name and deleted; the others attach (the good image re-encoded)
    const done = await inject(t.app, bookEndpoints.finalise, { params: { id: book.id }, headers: owner });
    expect(done.statusCode).toBe(415);
    expect(done.json().details).toEqual([
      { field: 'bookimage', message: expect.stringContaining('fake.jpg') },
      { field: 'bookimage', message: 'damaged.jpg could not be read as an image; the file may be damaged. Please choose another file.' },
    ]);
    expect(await t.ctx.storage.inspect(fakeKey)).toBeNull();
    expect(await t.ctx.storage.inspect(damagedKey)).toBeNull();

    const shown = (await inject(t.app, bookEndpoints.one, { params: { id: book.id }, headers: owner })).json().data.book;
    expect(shown.bookimage).toHaveLength(1);
    expect(shown.index_pdf).toEqual(expect.any(String));
    const download = await t.app.inject({ method: 'GET', url: shown.pdfpublisher });
    expect(download.statusCode).toBe(302);
    expect(download.headers['cache-control']).toBe('private, no-store');
    const direct = new URL(download.headers.location!);
    expect(direct.origin).toBe(s3.endpoint);
    expect(direct.searchParams.get('X-Amz-Expires')).toBe('30');
    expect(direct.searchParams.get('response-content-disposition')).toBe('attachment');
    expect(Buffer.from(await (await fetch(direct)).arrayBuffer())).toEqual(PDF);
    const image = await t.app.inject({ method: 'GET', url: shown.bookimage[0] });
    expect(await sharp(Buffer.from(await (await fetch(image.headers.location!)).arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 40,
      height: 40,
    });

    // an altered signature never reaches the bucket
    const altered = shown.pdfpublisher.replace(/signature=(.)/, (_: string, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ method: 'GET', url: altered })).statusCode).toBe(403);
  });

  it('refuses an object larger than declared on finalise and deletes it', async () => {
    const book = await createBook(t.ctx, publisherId, {}, { cover: false });
    const [{ url }] = (
      await inject(t.app, bookEndpoints.uploadUrls, {
        params: { id: book.id },
        body: { files: [{ field: 'index_pdf', name: 'index.pdf', type: 'application/pdf', size: 10 }] },
        headers: owner,
      })
    ).json().data;
    const before = await t.ctx.storage.list('public/index-pdfs');
    // s3rver does not enforce the signed length; a real S3 refuses such a PUT, finalise refuses it here
    expect((await fetch(url, { method: 'PUT', body: new Uint8Array(PDF), headers: { 'content-type': 'application/pdf' } })).status).toBe(
      200,
    );
    const done = await inject(t.app, bookEndpoints.finalise, { params: { id: book.id }, headers: owner });
    expect(done.statusCode).toBe(413);
    expect(done.json().details).toEqual([{ field: 'index_pdf', message: BOOK_MSG.pdfTooLarge }]);
    expect(await t.ctx.storage.list('public/index-pdfs')).toEqual(before);
  });

  it('streams multipart uploads through the API into the bucket and redirects public files with a short cache', async () => {
    const book = await createBook(t.ctx, publisherId, {}, { cover: true });
    const cover = (await inject(t.app, bookEndpoints.one, { params: { id: book.id } })).json().data.book.book_cover as string;
    const answer = await t.app.inject({ method: 'GET', url: cover });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['cache-control']).toBe('public, max-age=15');
    expect((await fetch(answer.headers.location!)).headers.get('content-type')).toBe('image/jpeg');
  });
});
