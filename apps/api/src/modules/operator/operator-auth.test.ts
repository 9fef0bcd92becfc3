/**
 * Operators at the door (decision 041): accounts made on the server only (`operator:add`),
 * sign-in with a password and a TOTP code (enrolment at the first one), shorter sessions,
 * suspended accounts refused at sign-in and for their tokens, and the roles' 401/403 matrix.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, inject as provided } from 'vitest';
import type { LoginInput } from '@jsbn/shared';
import { accountEndpoints, bookEndpoints, libraryEndpoints, operatorEndpoints } from '@jsbn/shared/core';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { TEST_TOTP_SECRET, createLibrary, createOperator, createPublisher } from '../../seed/factories.js';
import { accounts, audit_log } from '../../db/schema.js';
import { totpCodeAt } from '../../lib/totp.js';
import { ENGINES, authHeader, createTestApp, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { addOperator } from './accounts.js';
import { openTotpSecret, sealTotpSecret } from '../../lib/totp-seal.js';

const REQUIRED = 'Enter the 6-digit code from your authenticator app';
const ENROL = 'Scan the QR code with your authenticator app, then enter the 6-digit code it shows';
const INVALID = 'The code is wrong or has expired. Enter the code your authenticator app shows now.';
const REUSED = 'This code has already been used to log in. Wait for the next code in your authenticator app and enter it.';
const ROOT = join(import.meta.dirname, '../../../../..');

/** A code of `secret` that is not right now, nor a step either side (a code of an hour ago). */
const staleCode = (secret: string) => totpCodeAt(secret, new Date(Date.now() - 3_600_000));

let addresses = 0;
/** A client address of its own, so each test counts its own login limits. */
const freshAddress = () => `10.41.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

describe.each(ENGINES)('operators at the door on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const login = (body: LoginInput, options: { ip?: string; language?: string } = {}) =>
    inject(t.app, accountEndpoints.login, {
      remoteAddress: options.ip ?? freshAddress(),
      headers: options.language ? { 'accept-language': options.language } : {},
      body,
    });
  const now = () => t.ctx.clock();

  it('signs an enrolled operator in with password and code, for 8 hours, and names it by its e-mail', async () => {
    const operator = await createOperator(t.ctx);
    const reply = await login({
      email: operator.email,
      password: operator.password,
      modelType: 'OPERATOR',
      totp: await totpCodeAt(TEST_TOTP_SECRET, now()),
    });
    expect(reply.statusCode).toBe(200);
    const token = reply.json().data.accessToken.access_token as string;
    const claims = decodeJwt(token);
    expect(claims.role).toBe('OPERATOR');
    expect(claims.exp! - claims.iat!).toBe(8 * 3600);
    const me = await inject(t.app, accountEndpoints.me, { headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      id: operator.accountId,
      email: operator.email,
      modelType: 'OPERATOR',
      name: operator.email,
      logoUrl: null,
    });
  });

  it("asks an enrolled operator for the code, in the reader's language, and refuses a wrong one", async () => {
    const operator = await createOperator(t.ctx);
    const payload: LoginInput = { email: operator.email, password: operator.password, modelType: 'OPERATOR' };
    const missing = await login(payload);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      statusCode: 401,
      error: 'TOTP_REQUIRED',
      message: REQUIRED,
      details: [{ field: 'totp', message: REQUIRED }],
    });
    const gujarati = await login(payload, { language: 'gu' });
    expect(gujarati.json().message).toBe('આપની ઑથેન્ટિકેટર એપમાં દેખાતો 6 અંકનો કોડ લખો');
    const hindi = await login(payload, { language: 'hi' });
    expect(hindi.json().message).toBe('अपने ऑथेंटिकेटर ऐप में दिख रहा 6 अंकों का कोड लिखें');

    const wrong = await login({ ...payload, totp: await staleCode(TEST_TOTP_SECRET) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'TOTP_INVALID', message: INVALID, details: [{ field: 'totp', message: INVALID }] });
    const malformed = await login({ ...payload, totp: '12345' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details).toEqual([{ field: 'totp', message: 'The code from your authenticator app has 6 digits' }]);
    // a wrong password with a right code is a wrong password, and says nothing of the code
    const badPassword = await login({ ...payload, password: 'Wrong@12345', totp: await totpCodeAt(TEST_TOTP_SECRET, now()) });
    expect(badPassword.statusCode).toBe(401);
    expect(badPassword.json().message).toBe('Invalid email or password');
    // spaces typed between the digits are fine
    const spaced = await login({ ...payload, totp: (await totpCodeAt(TEST_TOTP_SECRET, now())).replace(/^(\d{3})/, '$1 ') });
    expect(spaced.statusCode).toBe(200);
  });

  it("lets a code sign in once (RFC 6238 §5.2): the same code again is 401 in the reader's language, the next step's code signs in", async () => {
    const operator = await createOperator(t.ctx);
    const payload: LoginInput = { email: operator.email, password: operator.password, modelType: 'OPERATOR' };
    const code = await totpCodeAt(TEST_TOTP_SECRET, now());
    expect((await login({ ...payload, totp: code })).statusCode).toBe(200);

    const again = await login({ ...payload, totp: code });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ statusCode: 401, error: 'TOTP_REUSED', message: REUSED, details: [{ field: 'totp', message: REUSED }] });
    expect((await login({ ...payload, totp: code }, { language: 'gu' })).json().message).toBe(
      'આ કોડથી પહેલાં જ લૉગ ઇન થઈ ચૂક્યું છે. આપની ઑથેન્ટિકેટર એપમાં આગળનો કોડ આવે ત્યાં સુધી રાહ જુઓ અને તે લખો.',
    );
    expect((await login({ ...payload, totp: code }, { language: 'hi' })).json().message).toBe(
      'इस कोड से पहले ही लॉग इन किया जा चुका है। अपने ऑथेंटिकेटर ऐप में अगला कोड आने तक प्रतीक्षा करें और वह लिखें।',
    );
    // the code of the step before is older still: refused as well
    expect((await login({ ...payload, totp: await totpCodeAt(TEST_TOTP_SECRET, new Date(now().getTime() - 30_000)) })).json().error).toBe(
      'TOTP_REUSED',
    );

    // the next step's code (what the app shows within 30 s) signs in, once
    const next = await totpCodeAt(TEST_TOTP_SECRET, new Date(now().getTime() + 30_000));
    expect((await login({ ...payload, totp: next })).statusCode).toBe(200);
    expect((await login({ ...payload, totp: next })).json().error).toBe('TOTP_REUSED');
    // another operator with the same secret is not held back by it
    const colleague = await createOperator(t.ctx);
    expect((await login({ email: colleague.email, password: colleague.password, modelType: 'OPERATOR', totp: code })).statusCode).toBe(200);
  });

  it('counts wrong codes like wrong passwords: the sixth try from one address is refused, even a right one', async () => {
    const operator = await createOperator(t.ctx);
    const ip = freshAddress();
    const payload: LoginInput = { email: operator.email, password: operator.password, modelType: 'OPERATOR' };
    for (let i = 0; i < 5; i++) expect((await login({ ...payload, totp: await staleCode(TEST_TOTP_SECRET) }, { ip })).statusCode).toBe(401);
    const refused = await login({ ...payload, totp: await totpCodeAt(TEST_TOTP_SECRET, now()) }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many login attempts. Please try again later.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not held back by them
    expect((await login({ ...payload, totp: await totpCodeAt(TEST_TOTP_SECRET, now()) })).statusCode).toBe(200);
  });

  it('enrols at the first sign-in: the same secret until the first right code, then the code is always asked for', async () => {
    const added = await addOperator(t.ctx, ' New.Operator@Example.TEST ');
    expect(added).toMatchObject({ email: 'new.operator@example.test', created: true });
    expect(added.link).toMatch(/^https:\/\/jsbn\.test\/new-password\?token=[\w-]{43}&as=operator$/);
    const token = new URL(added.link!).searchParams.get('token')!;
    const set = await inject(t.app, accountEndpoints.resetPassword, { body: { token, password: 'Vyavastha@2026' } });
    expect(set.statusCode).toBe(200);
    // the link is used up
    expect((await inject(t.app, accountEndpoints.resetPassword, { body: { token, password: 'Vyavastha@2027' } })).statusCode).toBe(400);

    const payload: LoginInput = { email: 'new.operator@example.test', password: 'Vyavastha@2026', modelType: 'OPERATOR' };
    const first = await login(payload);
    expect(first.statusCode).toBe(401);
    const body = first.json();
    expect(body).toMatchObject({ error: 'TOTP_ENROLMENT', message: ENROL, details: [{ field: 'totp', message: ENROL }] });
    const secret = body.totpEnrolment.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.totpEnrolment.otpauthUri).toBe(`otpauth://totp/JSBN:new.operator%40example.test?secret=${secret}&issuer=JSBN`);
    // asking again shows the same secret: a QR code already scanned stays good
    expect((await login(payload)).json().totpEnrolment.secret).toBe(secret);
    // a wrong first code does not end enrolment
    const wrong = await login({ ...payload, totp: await staleCode(secret) });
    expect(wrong.json().error).toBe('TOTP_INVALID');
    expect((await login(payload)).json().error).toBe('TOTP_ENROLMENT');

    const enrolled = await login({ ...payload, totp: await totpCodeAt(secret, now()) });
    expect(enrolled.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, added.accountId));
    // sealed at rest (decision 063): the column does not hold the secret, the key opens it
    expect(row!.totp_secret).not.toContain(secret);
    expect(row!.totp_secret).toMatch(/^v1:[\w-]+$/);
    expect(openTotpSecret(t.ctx.secrets.totpKey, row!.totp_secret!)).toBe(secret);
    expect(row!.totp_enabled_at).not.toBeNull();
    const after = await login(payload);
    expect(after.json()).toMatchObject({ error: 'TOTP_REQUIRED' });
    expect(after.json().totpEnrolment).toBeUndefined();
  });

  it('seals a TOTP secret stored before sealing at its first read, and says clearly when the key is not the one it was sealed with', async () => {
    const operator = await createOperator(t.ctx);
    // as stored before decision 063: the base32 secret as it is
    await t.ctx.db.update(accounts).set({ totp_secret: TEST_TOTP_SECRET }).where(eq(accounts.id, operator.accountId));
    const payload: LoginInput = { email: operator.email, password: operator.password, modelType: 'OPERATOR' };
    const signedIn = await login({ ...payload, totp: await totpCodeAt(TEST_TOTP_SECRET, now()) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const [row] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, operator.accountId));
    expect(row!.totp_secret).not.toContain(TEST_TOTP_SECRET);
    expect(openTotpSecret(t.ctx.secrets.totpKey, row!.totp_secret!)).toBe(TEST_TOTP_SECRET);

    const otherKey = Buffer.alloc(32, 7);
    expect(() => openTotpSecret(otherKey, sealTotpSecret(t.ctx.secrets.totpKey, TEST_TOTP_SECRET))).toThrow(
      "An operator's TOTP secret could not be opened: TOTP_SECRET_KEY is not the key it was sealed with",
    );
  });

  it('operator:add with a password enrols a secret at once; run again it re-enables, ends the sessions and records both', async () => {
    const added = await addOperator(t.ctx, 'scripted@example.test', { password: 'Scripted@2026' });
    expect(added.link).toBeUndefined();
    expect(added.otpauthUri).toBe(`otpauth://totp/JSBN:scripted%40example.test?secret=${added.totpSecret}&issuer=JSBN`);
    const payload: LoginInput = { email: 'scripted@example.test', password: 'Scripted@2026', modelType: 'OPERATOR' };
    const signedIn = await login({ ...payload, totp: await totpCodeAt(added.totpSecret!, now()) });
    expect(signedIn.statusCode).toBe(200);
    const oldToken = signedIn.json().data.accessToken.access_token as string;

    await t.ctx.db
      .update(accounts)
      .set({ suspended_at: new Date(), suspended_reason: 'left the team' })
      .where(eq(accounts.id, added.accountId));
    const again = await addOperator(t.ctx, 'scripted@example.test', { password: 'Scripted@2027' });
    expect(again).toMatchObject({ accountId: added.accountId, created: false });
    expect(again.totpSecret).not.toBe(added.totpSecret);
    const [row] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, added.accountId));
    expect(row!.suspended_at).toBeNull();
    const me = await inject(t.app, accountEndpoints.me, { headers: { authorization: `Bearer ${oldToken}` } });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe('Your session has expired. Please log in again.');
    expect((await login({ ...payload, password: 'Scripted@2027', totp: await totpCodeAt(again.totpSecret!, now()) })).statusCode).toBe(200);
    const recorded = await t.ctx.db.select().from(audit_log).where(eq(audit_log.subject_id, added.accountId));
    expect(recorded.filter((entry) => entry.subject_type === 'account').map((entry) => [entry.action, entry.actor_role])).toEqual([
      ['operator created', 'SYSTEM'],
      ['operator re-enabled', 'SYSTEM'],
    ]);
  });

  it('operator:add refuses a bad e-mail or a weak password, naming the field', async () => {
    await expect(addOperator(t.ctx, 'not-an-email')).rejects.toMatchObject({ statusCode: 400, details: [{ field: 'email' }] });
    await expect(addOperator(t.ctx, 'weak@example.test', { password: 'short' })).rejects.toMatchObject({
      statusCode: 400,
      details: [{ field: 'password' }],
    });
    await expect(addOperator(t.ctx, 'common@example.test', { password: 'Password@123' })).rejects.toMatchObject({
      statusCode: 400,
      details: [{ field: 'password' }],
    });
  });

  it('never makes an operator by the public forms: their modelType stays PUBLISHER or LIBRARY', async () => {
    const payload = { email: 'someone@example.test', modelType: 'OPERATOR' };
    for (const [endpoint, body] of [
      [accountEndpoints.verifyEmail, { ...payload, otp: '123456' }],
      [accountEndpoints.resendCode, payload],
      [accountEndpoints.forgotPassword, payload],
    ] as const) {
      const reply = await inject(t.app, endpoint, { raw: true, remoteAddress: freshAddress(), body });
      expect(reply.statusCode, endpoint.path).toBe(400);
      expect(reply.json().details[0].field, endpoint.path).toBe('modelType');
    }
    // an operator's e-mail is never hinted at from the publisher's tab
    const operator = await createOperator(t.ctx);
    const other = await login({ email: operator.email, password: operator.password, modelType: 'PUBLISHER' });
    expect(other.statusCode).toBe(401);
    expect(other.json().message).toBe('Invalid email or password');
  });

  it('refuses a suspended account at sign-in (after the right password only) and its tokens at once', async () => {
    const publisher = await createPublisher(t.ctx);
    const header = await authHeader(t.app, publisher, 'PUBLISHER');
    expect((await inject(t.app, accountEndpoints.me, { headers: header })).statusCode).toBe(200);
    await t.ctx.db
      .update(accounts)
      .set({ suspended_at: new Date(), suspended_reason: 'fake publisher' })
      .where(eq(accounts.id, publisher.accountId));

    const suspended = `This account is suspended. Please contact ${t.ctx.config.SUPPORT_EMAIL}.`;
    const me = await inject(t.app, accountEndpoints.me, { headers: header });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ statusCode: 401, error: 'ACCOUNT_SUSPENDED', message: suspended });
    const books = await inject(t.app, bookEndpoints.nextIds, { headers: { ...header, 'accept-language': 'gu' } });
    expect(books.statusCode).toBe(401);
    expect(books.json().message).toBe(`આ ખાતું સ્થગિત કરાયું છે. કૃપા કરી ${t.ctx.config.SUPPORT_EMAIL} નો સંપર્ક કરો.`);

    const payload: LoginInput = { email: publisher.email, password: publisher.password, modelType: 'PUBLISHER' };
    const refused = await login(payload, { language: 'hi' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      statusCode: 401,
      error: 'ACCOUNT_SUSPENDED',
      message: `यह खाता निलंबित है। कृपया ${t.ctx.config.SUPPORT_EMAIL} से संपर्क करें।`,
    });
    const wrongPassword = await login({ ...payload, password: 'Wrong@12345' });
    expect(wrongPassword.json().message).toBe('Invalid email or password');

    // lifting the suspension lets the same token work again (nothing was erased)
    await t.ctx.db.update(accounts).set({ suspended_at: null, suspended_reason: null }).where(eq(accounts.id, publisher.accountId));
    expect((await inject(t.app, accountEndpoints.me, { headers: header })).statusCode).toBe(200);
  });

  it('refuses a suspended operator before its code is asked for', async () => {
    const operator = await createOperator(t.ctx);
    await t.ctx.db.update(accounts).set({ suspended_at: new Date() }).where(eq(accounts.id, operator.accountId));
    const reply = await login({ email: operator.email, password: operator.password, modelType: 'OPERATOR' });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().error).toBe('ACCOUNT_SUSPENDED');
    const dashboard = await inject(t.app, operatorEndpoints.dashboard, { headers: { authorization: `Bearer ${operator.token}` } });
    expect(dashboard.statusCode).toBe(401);
    expect(dashboard.json().error).toBe('ACCOUNT_SUSPENDED');
  });

  it('keeps each role to its routes: 401 without a token, 403 for another role', async () => {
    const operator = await createOperator(t.ctx);
    const publisher = await tokenHeader(t, await createPublisher(t.ctx));
    const library = await tokenHeader(t, await createLibrary(t.ctx));
    const asOperator = { authorization: `Bearer ${operator.token}` };
    const none = await inject(t.app, operatorEndpoints.dashboard);
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Unauthorized');
    for (const headers of [publisher, library]) {
      const reply = await inject(t.app, operatorEndpoints.dashboard, { headers });
      expect(reply.statusCode).toBe(403);
      expect(reply.json().message).toBe('Only operators can do this');
    }
    expect((await inject(t.app, operatorEndpoints.dashboard, { headers: asOperator })).statusCode).toBe(200);

    const onPublisherRoute = await inject(t.app, bookEndpoints.nextIds, { headers: asOperator });
    expect(onPublisherRoute.statusCode).toBe(403);
    expect(onPublisherRoute.json().message).toBe('Only publishers can do this');
    const onLibraryRoute = await inject(t.app, libraryEndpoints.letterhead, { headers: { ...asOperator, 'accept-language': 'gu' } });
    expect(onLibraryRoute.statusCode).toBe(403);
    expect(onLibraryRoute.json().message).toBe('આ ફક્ત જ્ઞાન ભંડાર કરી શકે છે');
  });
});

/** The environment without DATABASE_URL: the process opens the embedded database of DATA_DIR. */
function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _unused, ...rest } = env;
  return rest;
}

/** Runs `npm run operator:add -- …` as the server's operator would, with `env` and `stdin`. */
function runOperatorAdd(
  args: string[],
  env: Record<string, string>,
  stdin: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', join(ROOT, 'apps/api/src/scripts/operator-add.ts'), ...args],
      // a cold start of tsx and the embedded database takes a minute on a loaded machine
      { cwd: ROOT, env: { ...withoutDatabaseUrl(process.env), ...env }, timeout: 200_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number((error as { code?: number }).code ?? 1) : 0,
          stdout,
          stderr: error?.killed ? `killed (${error.signal}) ${stderr}` : stderr,
        }),
    );
    child.stdin!.end(stdin);
  });
}

describe('npm run operator:add as a process', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'jsbn-operator-add-'));
    cpSync(provided('pgliteTemplate'), join(dataDir, 'db'), { recursive: true });
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints the raw TOTP secret only with --password-stdin --print-secret, and the operator signs in with it', async () => {
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'https://jsbn.test' };
    const unasked = await runOperatorAdd(['ops@example.test', '--password-stdin'], env, 'Vyavastha@2026\n');
    expect(unasked.code).toBe(2);
    expect(unasked.stdout).toBe('');
    expect(unasked.stderr.split('\n')[0]).toBe('Usage: npm run operator:add -- EMAIL [--password-stdin --print-secret]');
    expect(unasked.stderr).toContain('for automation only');
    const run = await runOperatorAdd(['ops@example.test', '--password-stdin', '--print-secret'], env, 'Vyavastha@2026\n');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Created operator ops@example\.test \(account \d+\)\.$/);
    const secret = /^TOTP secret: ([A-Z2-7]{32})$/.exec(lines[1]!)?.[1];
    expect(secret).toBeDefined();
    expect(lines[2]).toBe(`otpauth URI: otpauth://totp/JSBN:ops%40example.test?secret=${secret}&issuer=JSBN`);

    const usage = await runOperatorAdd([], env, '');
    expect(usage.code).toBe(2);
    expect(usage.stderr.split('\n')[0]).toBe('Usage: npm run operator:add -- EMAIL [--password-stdin --print-secret]');

    const built = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'https://jsbn.test' }));
    try {
      const reply = await inject(built.app, accountEndpoints.login, {
        body: {
          email: 'ops@example.test',
          password: 'Vyavastha@2026',
          modelType: 'OPERATOR',
          totp: await totpCodeAt(secret!, new Date()),
        },
      });
      expect(reply.statusCode).toBe(200);
    } finally {
      await built.app.close();
    }
  }, 420_000);
});
