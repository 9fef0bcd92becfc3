/**
 * The production shape for real: API processes (`node --import tsx src/server.ts`, the same
 * entry as `node dist/server.js`) started with NODE_ENV=production on one PostgreSQL database,
 * one S3 bucket (s3rver) and one SMTP server, all on 127.0.0.1.
 * - two copies started together migrate once (advisory lock);
 * - a file uploaded through one copy is served by the other;
 * - outbox messages are delivered once although both copies run the worker;
 * - login failures count across both copies;
 * - logs are JSON lines with the request id, without codes, tokens or secrets;
 * - SIGTERM finishes the request in flight, then exits 0;
 * - backup and restore into a fresh database find every order.
 * A wrong setting stops the start with a message naming it (always runs).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContext } from '../open-context.js';
import { loadConfig } from '../config.js';
import { createBook, createLibrary, createPublisher } from '../seed/factories.js';
import { outbox } from '../db/schema.js';
import { enqueueMessage } from '../lib/outbox.js';
import { ENGINES, form } from '../test/harness.js';
import {
  createPgDatabase,
  mailText,
  startApiProcess,
  startS3,
  startSmtp,
  waitFor,
  type ApiProcess,
  type TestS3,
  type TestSmtp,
} from '../test/servers.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER = join(ROOT, 'apps/api/src/server.ts');
const SECRETS = {
  JWT_SECRET: 'test-only JWT secret of the two copies, 0123456789',
  FILE_SIGNING_SECRET: 'test-only file-link secret of the two copies, ABCDEF',
  TOTP_SECRET_KEY: 'dGVzdC1vbmx5IFRPVFAga2V5LCAzMiBieXRlcyEhISE=',
};
const PDF = Buffer.from('%PDF-1.4\n% uploaded through copy A\n%%EOF\n');

it('stops the start with a message naming a wrong setting', () => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--conditions=source', SERVER], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: 'x', ...SECRETS },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('Invalid configuration:');
  expect(result.stderr).toContain('  PORT: ');
  expect(result.stderr).toContain('  SMTP_URL: is required in production');
});

describe.each(ENGINES.filter((engine) => engine === 'postgres'))('two API copies on %s, S3 and SMTP', () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>>;
  let s3: TestS3;
  let smtp: TestSmtp;
  let a: ApiProcess;
  let b: ApiProcess;
  let env: Record<string, string>;
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'jsbn-copy-'));
    dirs.push(dir);
    return dir;
  };
  /** A context of the test itself on the same database and bucket (factories, checks). */
  const context = (url = database.url) => openContext(loadConfig({ ...env, DATA_DIR: tempDir(), DATABASE_URL: url, LOG_LEVEL: 'silent' }));

  beforeAll(async () => {
    [database, s3, smtp] = await Promise.all([createPgDatabase(), startS3(), startSmtp()]);
    env = {
      NODE_ENV: 'production',
      ...SECRETS,
      ...s3.env,
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'JSBN <no-reply@jsbn.test>',
      PUBLIC_URL: 'https://jsbn.test',
      OUTBOX_POLL_MS: '20',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
    };
    // started together on an empty database: both migrate, under one advisory lock
    [a, b] = await Promise.all([startApiProcess({ ...env, DATA_DIR: tempDir() }), startApiProcess({ ...env, DATA_DIR: tempDir() })]);
  }, 120_000);
  afterAll(async () => {
    for (const copy of [a, b]) if (copy && copy.process.exitCode === null) copy.process.kill('SIGKILL');
    await smtp?.stop();
    await s3?.stop();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('applied every migration exactly once', async () => {
    const journal = JSON.parse(readFileSync(join(ROOT, 'apps/api/src/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    await client.end();
    expect(rows[0]!.n).toBe(journal.entries.length);
    for (const copy of [a, b]) expect((await fetch(`${copy.url}/api/ready`)).status).toBe(200);
  });

  it('serves through one copy a file uploaded through the other', async () => {
    const { ctx, database: db } = await context();
    const publisher = await createPublisher(ctx);
    const book = await createBook(ctx, publisher.publisherId, {}, { cover: false });
    await db.close();
    const login = async (copy: ApiProcess) =>
      (
        await (
          await fetch(`${copy.url}/api/user/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: publisher.email, password: publisher.password, modelType: 'PUBLISHER' }),
          })
        ).json()
      ).data.accessToken.access_token as string;
    const uploaded = await fetch(`${a.url}/api/book/upload-files/${book.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${await login(a)}` },
      body: form({}, { pdfpublisher: [PDF, 'book.pdf', 'application/pdf'] }),
    });
    expect(uploaded.status).toBe(200);
    const shown = (await (await fetch(`${b.url}/api/book/${book.id}`, { headers: { authorization: `Bearer ${await login(b)}` } })).json())
      .data.book;
    const download = await fetch(`${b.url}${shown.pdfpublisher}`);
    expect(download.url.startsWith(s3.endpoint)).toBe(true);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF);
  });

  it('delivers each outbox message once although both copies run the worker', async () => {
    const { ctx, database: db } = await context();
    const recipients = Array.from({ length: 40 }, (_, index) => `reader${index}@once.test`);
    await ctx.db.transaction(async (tx) => {
      for (const to of recipients) await enqueueMessage(tx, { channel: 'email', to, subject: 'JSBN test', text: `Hello ${to}` });
    });
    await waitFor(
      async () => (await ctx.db.select().from(outbox).where(eq(outbox.status, 'pending'))).length === 0,
      30_000,
      'every message sent',
    );
    // (nothing more can come: a sent message is never claimed again, and each claim counts an attempt)
    for (const to of recipients)
      expect(
        smtp.received.filter((mail) => mail.to.includes(to)),
        to,
      ).toHaveLength(1);
    const rows = await ctx.db.select().from(outbox);
    expect(rows.filter((row) => recipients.includes(row.recipient)).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    await db.close();
  });

  it('counts login failures across both copies, and keeps codes, tokens and secrets out of the logs', async () => {
    const { ctx, database: db } = await context();
    const library = await createLibrary(ctx);
    await db.close();
    const attempt = (copy: ApiProcess, password: string) =>
      fetch(`${copy.url}/api/user/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-request-id': `login-${copy === a ? 'a' : 'b'}-${Math.random().toString(36).slice(2, 8)}`,
        },
        body: JSON.stringify({ email: library.email, password, modelType: 'LIBRARY' }),
      });
    const statuses = [];
    for (const copy of [a, b, a, b, a]) statuses.push((await attempt(copy, 'Wrong@1234')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const blocked = await attempt(b, library.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    // a reset link goes out by SMTP; its token must not appear in any log line
    const deliveredLines = (written: string) => written.split('"msg":"outbox message delivered"').length - 1;
    const deliveredBefore = deliveredLines(a.out() + b.out());
    const forgot = await fetch(`${a.url}/api/user/change-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'forgot-req-1' },
      body: JSON.stringify({ email: library.email, modelType: 'LIBRARY' }),
    });
    expect(forgot.headers.get('x-request-id')).toBe('forgot-req-1');
    const mail = await waitFor(() => smtp.received.find((candidate) => candidate.to.includes(library.email)), 10_000, 'the reset mail');
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mailText(mail.raw))![1]!;
    // the lines written after the reply and after the mail was taken: the request's last and the delivery's
    await waitFor(
      () => {
        const written = a.out() + b.out();
        return /"reqId":"forgot-req-1"[^\n]*"msg":"request completed"/.test(written) && deliveredLines(written) > deliveredBefore;
      },
      10_000,
      'the reset request and its delivery in the logs',
    );

    const logs = a.out() + b.out();
    const lines = logs.split('\n').filter(Boolean);
    const records = lines.map((line) => JSON.parse(line) as { reqId?: string; req?: { url: string }; msg: string });
    expect(records.some((record) => record.reqId === 'forgot-req-1' && record.msg === 'incoming request')).toBe(true);
    expect(records.some((record) => record.reqId === 'forgot-req-1' && record.msg === 'request completed')).toBe(true);
    for (const record of records.filter((entry) => entry.req)) expect(record.reqId).toBeTruthy();
    for (const secret of [token, SECRETS.JWT_SECRET, SECRETS.FILE_SIGNING_SECRET, 'Wrong@1234', library.password, 'S3RVER'])
      expect(logs).not.toContain(secret);
    // failed logins and throttling name the account, the reason and the client address
    const account = `LIBRARY:${library.email}`;
    const failed = records.filter((record) => record.msg === 'login failed') as unknown as {
      account: string;
      reason: string;
      ip: string;
    }[];
    expect(failed.filter((record) => record.account === account)).toHaveLength(5);
    expect(failed.find((record) => record.account === account)).toMatchObject({ reason: 'wrong password', ip: '127.0.0.1' });
    const throttled = records.find((record) => record.msg === 'throttled') as unknown as { limit: string; subject: string; ip: string };
    expect(throttled).toMatchObject({ limit: 'loginFailuresPerAccountAndAddress', subject: `${account}|127.0.0.1`, ip: '127.0.0.1' });
    expect(records.some((record) => record.msg === 'outbox message delivered')).toBe(true);
  });

  it('finishes the request in flight on SIGTERM, then stops', async () => {
    const { ctx, database: db } = await context();
    const publisher = await createPublisher(ctx);
    const book = await createBook(ctx, publisher.publisherId, {}, { cover: false });
    await db.close();
    const token = (
      await (
        await fetch(`${a.url}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: publisher.email, password: publisher.password, modelType: 'PUBLISHER' }),
        })
      ).json()
    ).data.accessToken.access_token as string;
    // a multipart upload whose body arrives in two halves, SIGTERM in between
    const boundary = 'jsbn-shutdown-test';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="pdfpublisher"; filename="book.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    let release!: () => void;
    const secondHalf = new Promise<void>((resolve) => (release = resolve));
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(body.subarray(0, 60)));
        await secondHalf;
        controller.enqueue(new Uint8Array(body.subarray(60)));
        controller.close();
      },
    });
    const inFlight = fetch(`${a.url}/api/book/upload-files/${book.id}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        'x-request-id': 'upload-in-flight',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
      },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    // SIGTERM once the copy has the request, the second half once it is shutting down
    await waitFor(() => /"reqId":"upload-in-flight"[^\n]*"msg":"incoming request"/.test(a.out()), 10_000, 'the upload under way');
    a.process.kill('SIGTERM');
    await waitFor(() => a.out().includes('"msg":"shutting down: finishing requests in flight"'), 10_000, 'the shutdown begun');
    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await a.exited, a.out().split('\n').slice(-8).join('\n')).toBe(0);
    expect(a.out()).toContain('"msg":"stopped"');
    // the other copy keeps serving
    expect((await fetch(`${b.url}/api/ready`)).status).toBe(200);
  });

  // three Node processes start cold under tsx one after another (the backup, the restore, an API on the
  // restored copy): 8 s on a quiet machine, more than the default minute beside the journeys on two cores
  it('backs up the database and the bucket and restores them into a fresh database and bucket with every order', async () => {
    const { ctx, database: db } = await context();
    const publisher = await createPublisher(ctx);
    const library = await createLibrary(ctx);
    const book = await createBook(ctx, publisher.publisherId, {}, { cover: true });
    await db.close();
    const lib = (
      await (
        await fetch(`${b.url}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: library.email, password: library.password, modelType: 'LIBRARY' }),
        })
      ).json()
    ).data.accessToken.access_token as string;
    for (let index = 0; index < 3; index++) {
      const created = await fetch(`${b.url}/api/book/order-book`, {
        method: 'POST',
        headers: { authorization: `Bearer ${lib}`, 'content-type': 'application/json', 'idempotency-key': `backup-${index}` },
        body: JSON.stringify({ orders: [{ publisherId: publisher.publisherId, bookId: book.id, numberOfCopies: index + 1 }] }),
      });
      expect(created.status).toBeLessThan(300);
    }
    const listOrders = async (url: string) =>
      (await (await fetch(`${url}/api/book/order-book?limit=all`, { headers: { authorization: `Bearer ${lib}` } })).json()).data;
    const before = await listOrders(b.url);

    const backupDir = tempDir();
    // asynchronously: the S3 server of this test runs in this process
    const script = (name: string, extra: Record<string, string>) =>
      new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', join(ROOT, 'scripts', name), backupDir], {
          cwd: ROOT,
          env: { PATH: process.env.PATH ?? '', ...env, DATA_DIR: tempDir(), ...extra },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('exit', (status) => resolve({ status, stderr }));
      });
    const backup = await script('backup.ts', {});
    expect(backup.status, backup.stderr).toBe(0);
    expect(readdirSync(backupDir).sort()).toEqual(['database.dump', 'files', 'manifest.json']);

    const fresh = await createPgDatabase();
    const freshS3 = await startS3('jsbn-restored');
    try {
      const restore = await script('restore.ts', { ...freshS3.env, DATABASE_URL: fresh.url });
      expect(restore.status, restore.stderr).toBe(0);
      const restored = await startApiProcess({ ...env, ...freshS3.env, DATABASE_URL: fresh.url, DATA_DIR: tempDir() });
      try {
        const after = await listOrders(restored.url);
        expect(after.total).toBe(3);
        expect(after).toEqual(before);
        // the book's cover came back with the bucket
        const shown = (await (await fetch(`${restored.url}/api/book/${book.id}`)).json()).data.book;
        expect((await fetch(`${restored.url}${shown.book_cover}`)).headers.get('content-type')).toBe('image/jpeg');
      } finally {
        restored.process.kill('SIGTERM');
        await restored.exited;
      }
    } finally {
      await freshS3.stop();
      await fresh.drop();
    }
  }, 300_000);
});
