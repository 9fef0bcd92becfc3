/* eslint-disable @typescript-eslint/no-unnecessary-type-assertion -- drizzle's execute on the PgQueryResultHKT base types its result unknown; the cast names the rows */
import { eq, inArray, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@jsbn/shared';
import { accountEndpoints, siteEndpoints } from '@jsbn/shared/core';
import { accounts, libraries, outbox, password_reset_tokens } from '../../db/schema.js';
import { runHousekeeping } from '../../housekeeping.js';
import { createLibrary, createPublisher, makeJpeg } from '../../seed/factories.js';
import {
  ENGINES,
  authHeader,
  createTestApp,
  latestCode,
  latestLink,
  registerLibraryRequest,
  outboxTo,
  type TestApp,
} from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { forgotPassword } from './service.js';

const MINUTE = 60_000;

describe.each(ENGINES)('account security on %s', (engine) => {
  let t: TestApp;
  let logo: Buffer;
  beforeAll(async () => {
    t = await createTestApp(engine);
    logo = await makeJpeg('L', { width: 40, height: 40 });
  });
  afterAll(() => t.close());

  let n = 0;
  async function registerLibrary() {
    const email = `lib${++n}@example.test`;
    const response = await registerLibraryRequest(t.app, email, logo);
    expect(response.statusCode).toBe(200);
    return email;
  }
  const verify = (email: string, otp: string) =>
    inject(t.app, accountEndpoints.verifyEmail, { body: { email, otp, modelType: 'LIBRARY' } });

  it('lets a one-time code expire after 10 minutes', async () => {
    const email = await registerLibrary();
    const code = await latestCode(t.app, email);
    t.advance(10 * MINUTE + 1000);
    const late = await verify(email, code);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Invalid or expired OTP');
  });

  it('ends a code after 5 wrong tries', async () => {
    const email = await registerLibrary();
    const code = await latestCode(t.app, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect((await verify(email, wrong)).statusCode).toBe(400);
    expect((await verify(email, code)).statusCode).toBe(400);
  });

  it('limits resends to one a minute and five codes an hour, answering unknown e-mails the same', async () => {
    const email = await registerLibrary();
    const resend = () => inject(t.app, accountEndpoints.resendCode, { body: { email, modelType: 'LIBRARY' } });
    const early = await resend();
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(50);
    for (let i = 0; i < 4; i++) {
      t.advance(MINUTE + 1000);
      expect((await resend()).statusCode).toBe(200);
    }
    t.advance(MINUTE + 1000);
    const sixth = await resend();
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Too many codes were sent. Please try again later.');
    const newest = await latestCode(t.app, email);
    expect((await verify(email, newest)).statusCode).toBe(200);

    const unknown = await inject(t.app, accountEndpoints.resendCode, { body: { email: 'nobody@example.test', modelType: 'LIBRARY' } });
    expect([unknown.statusCode, unknown.json().message]).toEqual([200, 'A 6-digit verification code has been sent to your e-mail']);
  });

  it('limits failed logins per account from one address for 15 minutes, with Retry-After', async () => {
    const library = await createLibrary(t.ctx);
    const attempt = (password: string) =>
      inject(t.app, accountEndpoints.login, { body: { email: library.email, password, modelType: 'LIBRARY' }, remoteAddress: '10.0.0.1' });
    for (let i = 0; i < 5; i++) expect((await attempt('Wrong@1234')).statusCode).toBe(401);
    const blocked = await attempt(library.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many login attempts. Please try again later.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  });

  it('limits attempts per IP address across accounts', async () => {
    for (let i = 0; i < 30; i++) {
      const response = await inject(t.app, accountEndpoints.login, {
        body: { email: `x${i}@example.test`, password: 'Whatever@1', modelType: 'PUBLISHER' },
        remoteAddress: '10.0.0.2',
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await inject(t.app, accountEndpoints.login, {
      body: { email: 'y@example.test', password: 'Whatever@1', modelType: 'PUBLISHER' },
      remoteAddress: '10.0.0.2',
    });
    expect(blocked.statusCode).toBe(429);
    const otherIp = await inject(t.app, accountEndpoints.login, {
      body: { email: 'y@example.test', password: 'Whatever@1', modelType: 'PUBLISHER' },
      remoteAddress: '10.0.0.3',
    });
    expect(otherIp.statusCode).toBe(401);
  });

  it('changes a password with the rules of the spec and refuses older tokens afterwards', async () => {
    const publisher = await createPublisher(t.ctx);
    const old = await authHeader(t.app, publisher, 'PUBLISHER');
    const rules: [string, string][] = [
      ['Ab@1', MSG.newPasswordMin],
      ['abcdefg@1', MSG.passwordUpper],
      ['ABCDEFG@1', MSG.passwordLower],
      ['Abcdefgh1', MSG.passwordSpecial],
      ['Abc defg@1', MSG.passwordSpaces],
    ];
    for (const [newPassword, message] of rules) {
      const response = await inject(t.app, accountEndpoints.changePassword, {
        body: { oldPassword: publisher.password, newPassword },
        headers: old,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toContainEqual({ field: 'newPassword', message });
    }
    const missingOld = await inject(t.app, accountEndpoints.changePassword, {
      body: { oldPassword: '', newPassword: 'Navkar@2026' },
      headers: old,
    });
    expect(missingOld.json().details).toEqual([{ field: 'oldPassword', message: MSG.oldPasswordRequired }]);
    const wrongOld = await inject(t.app, accountEndpoints.changePassword, {
      body: { oldPassword: 'Wrong@123', newPassword: 'Navkar@2026' },
      headers: old,
    });
    expect(wrongOld.json().details).toEqual([{ field: 'oldPassword', message: 'Old password is incorrect' }]);

    const changed = await inject(t.app, accountEndpoints.changePassword, {
      body: { oldPassword: publisher.password, newPassword: 'Navkar@2026' },
      headers: old,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe('Password changed successfully');
    expect((await inject(t.app, accountEndpoints.me, { headers: old })).statusCode).toBe(401);
    const fresh = { authorization: `Bearer ${changed.json().data.accessToken.access_token}` };
    expect((await inject(t.app, accountEndpoints.me, { headers: fresh })).statusCode).toBe(200);
    const loginOld = await inject(t.app, accountEndpoints.login, {
      body: { email: publisher.email, password: publisher.password, modelType: 'PUBLISHER' },
      remoteAddress: '10.0.1.1',
    });
    expect(loginOld.statusCode).toBe(401);
  });

  it('resets a password through the e-mailed link once, within an hour, ending every session', async () => {
    const library = await createLibrary(t.ctx);
    const session = await authHeader(t.app, library, 'LIBRARY');
    const known = await inject(t.app, accountEndpoints.forgotPassword, { body: { email: library.email, modelType: 'LIBRARY' } });
    const unknown = await inject(t.app, accountEndpoints.forgotPassword, { body: { email: 'ghost@example.test', modelType: 'LIBRARY' } });
    expect([unknown.statusCode, unknown.json().message]).toEqual([known.statusCode, known.json().message]);
    expect(known.json().message).toBe('If an account exists for this e-mail, a link to reset the password has been sent to it');

    const link = await latestLink(t.app, library.email);
    expect(link).toMatch(/^https:\/\/jsbn\.test\/new-password\?token=[A-Za-z0-9_-]{43}$/);
    const token = new URL(link).searchParams.get('token')!;

    const short = await inject(t.app, accountEndpoints.resetPassword, { body: { password: 'short', token } });
    expect(short.json().details).toContainEqual({ field: 'password', message: MSG.newPasswordMin });
    const done = await inject(t.app, accountEndpoints.resetPassword, { body: { password: 'Tirth@2026', token } });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.message).toBe('Your password has been reset. Please log in with your new password.');
    expect((await inject(t.app, accountEndpoints.me, { headers: session })).statusCode).toBe(401);
    expect((await inject(t.app, accountEndpoints.resetPassword, { body: { password: 'Girnar@2026', token } })).statusCode).toBe(400);
    await authHeader(t.app, { email: library.email, password: 'Tirth@2026' }, 'LIBRARY');

    await inject(t.app, accountEndpoints.forgotPassword, { body: { email: library.email, modelType: 'LIBRARY' } });
    const second = new URL(await latestLink(t.app, library.email, link)).searchParams.get('token')!;
    t.advance(60 * MINUTE + 1000);
    const expired = await inject(t.app, accountEndpoints.resetPassword, { body: { password: 'Shatrunjay@2026', token: second } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('The reset link is invalid or has expired. Please ask for a new one.');
    // a cut-off link: the person reads the sentence, the field name is for machines
    const cut = await inject(t.app, accountEndpoints.resetPassword, { body: { password: 'Shatrunjay@2026', token: 'short' } });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({
      message: 'The reset link is invalid or has expired.',
      details: [{ field: 'token', message: 'The reset link is invalid or has expired.' }],
    });
  });

  it('applies the registration rules and the common-password list to every new password', async () => {
    const library = await createLibrary(t.ctx);
    await inject(t.app, accountEndpoints.forgotPassword, { body: { email: library.email, modelType: 'LIBRARY' } });
    const token = new URL(await latestLink(t.app, library.email)).searchParams.get('token')!;
    const weak = await inject(t.app, accountEndpoints.resetPassword, { body: { password: 'aaaaaaaa', token } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details).toEqual([
      { field: 'password', message: MSG.passwordUpper },
      { field: 'password', message: MSG.passwordSpecial },
    ]);
    for (const common of ['Password@123', 'Welcome@2026', 'Qwerty!12']) {
      const refused = await inject(t.app, accountEndpoints.resetPassword, { body: { password: common, token } });
      expect(refused.json().details, common).toEqual([{ field: 'password', message: MSG.passwordCommon }]);
    }
    const session = await authHeader(t.app, library, 'LIBRARY');
    const change = await inject(t.app, accountEndpoints.changePassword, {
      body: { oldPassword: library.password, newPassword: 'Dragon@2026' },
      headers: session,
    });
    expect(change.json().details).toEqual([{ field: 'newPassword', message: MSG.passwordCommon }]);
    // the link still works for a good password: nothing was used up by the refusals
    expect((await inject(t.app, accountEndpoints.resetPassword, { body: { password: 'Palitana@2026', token } })).statusCode).toBe(200);
  });

  it('ends outstanding reset links when the password is changed', async () => {
    const library = await createLibrary(t.ctx);
    await inject(t.app, accountEndpoints.forgotPassword, { body: { email: library.email, modelType: 'LIBRARY' } });
    const token = new URL(await latestLink(t.app, library.email)).searchParams.get('token')!;
    const session = await authHeader(t.app, library, 'LIBRARY');
    expect(
      (
        await inject(t.app, accountEndpoints.changePassword, {
          body: { oldPassword: library.password, newPassword: 'Palitana@2026' },
          headers: session,
        })
      ).statusCode,
    ).toBe(200);
    const stale = await inject(t.app, accountEndpoints.resetPassword, { body: { password: 'Shatrunjay@2026', token } });
    expect([stale.statusCode, stale.json().message]).toEqual([400, 'The reset link is invalid or has expired. Please ask for a new one.']);
  });

  it('refuses a token without an expiry, even one signed with the real secret', async () => {
    const library = await createLibrary(t.ctx);
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.email, library.email));
    const forever = await new SignJWT({ role: 'LIBRARY', tv: account!.token_version })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(account!.id))
      .setIssuer('jsbn-api')
      .setAudience('jsbn-web')
      .setIssuedAt()
      .sign(new TextEncoder().encode(t.ctx.secrets.jwtSecret));
    const response = await inject(t.app, accountEndpoints.me, { headers: { authorization: `Bearer ${forever}` } });
    expect([response.statusCode, response.json().message]).toEqual([401, 'Your session has expired. Please log in again.']);
  });

  it('shows the dev mailbox and outbox only to the loopback address', async () => {
    // development routes, not in the endpoint table, and the mailbox is a page outside /api
    for (const [url, from] of [
      ['/api/dev/outbox', '10.1.2.3'],
      ['/dev/mailbox', '10.1.2.3'],
      ['/api/dev/outbox', '192.168.1.20'],
    ] as const) {
      const answer = await t.app.inject({ method: 'GET', url, remoteAddress: from, headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(answer.statusCode, `${url} from ${from}`).toBe(404);
    }
    for (const from of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: from })).statusCode, from).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: from })).statusCode, from).toBe(200);
    }
  });

  it('removes accounts never verified after a day, with their profile and logo', async () => {
    const email = await registerLibrary();
    const [stale] = await t.ctx.db
      .select()
      .from(libraries)
      .innerJoin(accounts, eq(accounts.id, libraries.account_id))
      .where(eq(accounts.email, email));
    expect(await t.ctx.storage.inspect(stale!.libraries.logo_key!)).not.toBeNull();
    const verified = await createLibrary(t.ctx);
    await runHousekeeping(t.ctx, t.app.log);
    expect(await t.ctx.db.select().from(accounts).where(eq(accounts.email, email))).toHaveLength(1);

    t.advance(24 * 60 * MINUTE + MINUTE);
    await runHousekeeping(t.ctx, t.app.log);
    expect(await t.ctx.db.select().from(accounts).where(eq(accounts.email, email))).toEqual([]);
    expect(await t.ctx.db.select().from(libraries).where(eq(libraries.id, stale!.libraries.id))).toEqual([]);
    expect(await t.ctx.storage.inspect(stale!.libraries.logo_key!)).toBeNull();
    expect(await t.ctx.db.select().from(accounts).where(eq(accounts.email, verified.email))).toHaveLength(1);
  });

  it('forgets the codes and reset links of messages queued over a day ago, delivered or not', async () => {
    const email = await registerLibrary();
    const code = await latestCode(t.app, email);
    t.advance(24 * 60 * MINUTE + MINUTE);
    await runHousekeeping(t.ctx, t.app.log);
    const rows = await t.ctx.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect([row.code, row.link]).toEqual([null, null]);
      expect(`${row.subject} ${row.body}`).not.toContain(code);
    }
  });

  it('stores a contact message and sends it to support, with the messages of the spec', async () => {
    const bad = async (body: typeof valid) => (await inject(t.app, siteEndpoints.contact, { body: body })).json().details;
    const valid = {
      fullName: '  Ramesh Shah ',
      email: 'ramesh@example.test',
      contact: '9825012345',
      message: 'Please add our books to the catalogue.',
    };
    expect(await bad({ ...valid, email: 'not-an-email' })).toEqual([{ field: 'email', message: MSG.invalidEmail }]);
    expect(await bad({ ...valid, email: 'x@mailinator.com' })).toEqual([{ field: 'email', message: MSG.validEmail }]);
    expect(await bad({ ...valid, email: 'a..b@example.com' })).toEqual([{ field: 'email', message: MSG.invalidEmail }]);
    expect(await bad({ ...valid, email: 'x@mail.yopmail.com' })).toEqual([{ field: 'email', message: MSG.validEmail }]);
    expect(await bad({ ...valid, contact: '98250' })).toEqual([{ field: 'contact', message: MSG.contact10 }]);
    expect(await bad({ ...valid, contact: '1111111111' })).toEqual([{ field: 'contact', message: MSG.validContact }]);
    expect(await bad({ ...valid, contact: '9000012345' })).toEqual([{ field: 'contact', message: MSG.validContact }]);
    expect(await bad({ ...valid, message: '   short    ' })).toEqual([{ field: 'message', message: MSG.message10 }]);
    expect(await bad({ ...valid, fullName: '   ' })).toEqual([{ field: 'fullName', message: 'Full name is required' }]);
    const sent = await inject(t.app, siteEndpoints.contact, { body: valid });
    expect([sent.statusCode, sent.json().message]).toEqual([200, MSG.contactSent]);
    const support = (await outboxTo(t.app, 'support@jsbn.example'))[0]!;
    expect(support.subject).toMatch(/^JSBN contact #\d+ from Ramesh Shah$/);
    expect(support.text).toContain('Please add our books to the catalogue.');
  });
});

describe('forgot password', () => {
  it('does the same work in the request for a registered e-mail and an unknown one: it queues a job, which sends the link', async () => {
    const t = await createTestApp('pglite');
    try {
      const library = await createLibrary(t.ctx);
      await t.app.ready();
      // the queue held: what the requests themselves did stays to be seen
      await t.ctx.jobs.stop();
      const ask = (email: string) => inject(t.app, accountEndpoints.forgotPassword, { body: { email, modelType: 'LIBRARY' } });
      const known = await ask(library.email);
      const unknown = await ask('ghost@example.test');
      expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
      // neither request looked the account up: no reset token, no mail for the registered e-mail …
      expect(await t.ctx.db.$count(password_reset_tokens)).toBe(0);
      expect(await t.ctx.db.$count(outbox, inArray(outbox.recipient, [library.email, 'ghost@example.test']))).toBe(0);
      // … each queued one job with its e-mail, and nothing else
      const jobs = (
        (await t.ctx.db.execute(sql`select data from pgboss.job where name = 'passwordReset' order by created_on`)) as unknown as {
          rows: { data: { email: string; modelType: 'LIBRARY' } }[];
        }
      ).rows;
      expect(jobs.map((job) => job.data)).toEqual([
        { email: library.email, modelType: 'LIBRARY' },
        { email: 'ghost@example.test', modelType: 'LIBRARY' },
      ]);
      // the job sends the registered e-mail its link, and nothing to the unknown one
      for (const job of jobs) await forgotPassword(t.ctx, job.data);
      expect((await t.ctx.db.select().from(outbox).where(eq(outbox.recipient, library.email))).map((row) => row.link)).toEqual([
        expect.stringMatching(/^https:\/\/jsbn\.test\/new-password\?token=/),
      ]);
      expect(await t.ctx.db.$count(outbox, eq(outbox.recipient, 'ghost@example.test'))).toBe(0);
    } finally {
      await t.close();
    }
  });
});
