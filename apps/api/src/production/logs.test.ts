/**
 * Logs a person can follow and that give nothing away (decision 038): the log lines of a whole
 * journey — a publisher registers with a code and signs in, a library registers, signs in and
 * orders, forgets its password and sets a new one through the e-mailed link, a wrong password,
 * an operator is added, sets a password by its link, enrols its authenticator and signs in
 * with a code (decision 041), a metrics scrape — never hold a password, a code, an access
 * token, a reset token, an operator's TOTP secret or a secret of the configuration; every line of a signed-in request names its account and role,
 * and its request id is the one the reply's header gave the client.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginInput } from '@jsbn/shared';
import { accountEndpoints, libraryEndpoints, operatorEndpoints, orderEndpoints, publisherEndpoints } from '@jsbn/shared/core';
import { createBook, makeJpeg } from '../seed/factories.js';
import { ENGINES, createTestApp, form, latestCode, latestLink, registerLibraryRequest, type TestApp } from '../test/harness.js';
import { inject } from '../test/inject.js';
import { cityIdByName, stateIdByName } from '../modules/lookups/geo.js';
import { addOperator } from '../modules/operator/accounts.js';
import { totpCodeAt } from '../lib/totp.js';

const GUJARAT = stateIdByName('Gujarat')!;
const SURAT = cityIdByName(GUJARAT, 'Surat')!;
const METRICS_TOKEN = 'metrics-token-0123456789abcdef0123456789';

describe.each(ENGINES)('the logs of a journey on %s', (engine) => {
  let t: TestApp;
  const lines: string[] = [];
  /** The secrets the journey handled, by what they are. */
  const secrets: Record<string, string> = {};
  let publisherAccountId = 0;
  let meRequestId = '';

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    t = await createTestApp(engine, { LOG_LEVEL: 'debug', REQUEST_LOGS: 'on', METRICS_TOKEN }, null, sink);
    secrets.jwtSecret = t.ctx.secrets.jwtSecret;
    secrets.fileSigningSecret = t.ctx.secrets.fileSigningSecret;
    secrets.metricsToken = METRICS_TOKEN;

    // a publisher registers, verifies its code and signs in
    secrets.publisherPassword = 'Sahitya@Secret1';
    const logo = await makeJpeg('LG', { width: 64, height: 64 });
    const registered = await inject(t.app, publisherEndpoints.register, {
      body: form(
        {
          publisher_no: 'LOGS1',
          publisher_name: 'Log Prakashan',
          publisher_type: 'Trust',
          address: 'Gopipura',
          state: String(GUJARAT),
          city: String(SURAT),
          pincode: '395001',
          mobile_no: '9825012345',
          whatsapp_no: '9825012345',
          email: 'logs@example.test',
          password: secrets.publisherPassword,
        },
        { logo: [logo, 'logo.jpg', 'image/jpeg'] },
      ),
    });
    expect(registered.statusCode).toBe(200);
    secrets.publisherCode = await latestCode(t.app, 'logs@example.test');
    expect(
      (
        await inject(t.app, accountEndpoints.verifyEmail, {
          body: { email: 'logs@example.test', otp: secrets.publisherCode, modelType: 'PUBLISHER' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await inject(t.app, accountEndpoints.login, {
          body: { email: 'logs@example.test', password: 'Wrong@Password9', modelType: 'PUBLISHER' },
        })
      ).statusCode,
    ).toBe(401);
    secrets.wrongPassword = 'Wrong@Password9';
    const login = await inject(t.app, accountEndpoints.login, {
      body: {
        email: 'logs@example.test',
        password: secrets.publisherPassword,
        modelType: 'PUBLISHER',
      },
    });
    secrets.publisherToken = login.json().data.accessToken.access_token;
    const publisher = { authorization: `Bearer ${secrets.publisherToken}` };
    const me = await inject(t.app, accountEndpoints.me, { headers: publisher });
    expect(me.statusCode).toBe(200);
    publisherAccountId = me.json().data.id;
    meRequestId = String(me.headers['x-request-id']);
    const book = await createBook(t.ctx, me.json().data.publisherId, { book_title: 'Logs of a journey' });

    // a library registers, verifies, signs in and orders
    secrets.libraryPassword = 'Bhandar@123';
    expect((await registerLibraryRequest(t.app, 'bhandar-logs@example.test', logo)).statusCode).toBe(200);
    secrets.libraryCode = await latestCode(t.app, 'bhandar-logs@example.test');
    expect(
      (
        await inject(t.app, accountEndpoints.verifyEmail, {
          body: {
            email: 'bhandar-logs@example.test',
            otp: secrets.libraryCode,
            modelType: 'LIBRARY',
          },
        })
      ).statusCode,
    ).toBe(200);
    const libraryLogin = await inject(t.app, accountEndpoints.login, {
      body: {
        email: 'bhandar-logs@example.test',
        password: secrets.libraryPassword,
        modelType: 'LIBRARY',
      },
    });
    secrets.libraryToken = libraryLogin.json().data.accessToken.access_token;
    const library = { authorization: `Bearer ${secrets.libraryToken}` };
    expect(
      (
        await inject(t.app, libraryEndpoints.saveLetterhead, {
          body: { text: 'Please send these books to our Gyan Bhandar.' },
          headers: library,
        })
      ).statusCode,
    ).toBe(200);
    const ordered = await inject(t.app, orderEndpoints.create, {
      body: { orders: [{ publisherId: me.json().data.publisherId, bookId: book.id, numberOfCopies: 2 }] },
      headers: library,
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    expect(
      (
        await inject(t.app, orderEndpoints.setStatus, {
          params: { id: ordered.json().data.orders[0].id },
          body: { status: 'IN_PROGRESS' },
          headers: publisher,
        })
      ).statusCode,
    ).toBe(200);

    // the library forgets its password and sets a new one through the link
    expect(
      (await inject(t.app, accountEndpoints.forgotPassword, { body: { email: 'bhandar-logs@example.test', modelType: 'LIBRARY' } }))
        .statusCode,
    ).toBe(200);
    secrets.resetToken = new URL(await latestLink(t.app, 'bhandar-logs@example.test')).searchParams.get('token')!;
    secrets.newPassword = 'Shatrunjay@2026';
    expect(
      (await inject(t.app, accountEndpoints.resetPassword, { body: { password: secrets.newPassword, token: secrets.resetToken } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await inject(t.app, accountEndpoints.login, {
          body: { email: 'bhandar-logs@example.test', password: secrets.newPassword, modelType: 'LIBRARY' },
        })
      ).statusCode,
    ).toBe(200);

    // an operator is added, sets its password by the link, enrols its authenticator and signs in with a code
    const added = await addOperator(t.ctx, 'vyavastha-logs@example.test');
    secrets.operatorLinkToken = new URL(added.link!).searchParams.get('token')!;
    secrets.operatorPassword = 'Vyavastha@Logs1';
    expect(
      (
        await inject(t.app, accountEndpoints.resetPassword, {
          body: { password: secrets.operatorPassword, token: secrets.operatorLinkToken },
        })
      ).statusCode,
    ).toBe(200);
    const operatorLogin: LoginInput = { email: 'vyavastha-logs@example.test', password: secrets.operatorPassword, modelType: 'OPERATOR' };
    const enrolment = await inject(t.app, accountEndpoints.login, { body: operatorLogin });
    expect(enrolment.json().error).toBe('TOTP_ENROLMENT');
    secrets.totpSecret = enrolment.json().totpEnrolment.secret;
    const code = await totpCodeAt(secrets.totpSecret!, t.ctx.clock());
    const operatorSignedIn = await inject(t.app, accountEndpoints.login, { body: { ...operatorLogin, totp: code } });
    expect(operatorSignedIn.statusCode).toBe(200);
    // six digits may occur in a timestamp by chance: the code is looked for as the string a body would hold
    secrets.totpCode = `"${code}"`;
    secrets.operatorToken = operatorSignedIn.json().data.accessToken.access_token;
    expect(
      (await inject(t.app, operatorEndpoints.dashboard, { headers: { authorization: `Bearer ${secrets.operatorToken}` } })).statusCode,
    ).toBe(200);

    // Prometheus scrapes
    // the scrape is Prometheus's route outside /api, not in the endpoint table
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).statusCode).toBe(
      200,
    );
  });
  afterAll(() => t.close());

  it('holds no password, code, token or secret', () => {
    expect(lines.length).toBeGreaterThan(40);
    const text = lines.join('\n');
    expect(Object.keys(secrets).sort()).toEqual([
      'fileSigningSecret',
      'jwtSecret',
      'libraryCode',
      'libraryPassword',
      'libraryToken',
      'metricsToken',
      'newPassword',
      'operatorLinkToken',
      'operatorPassword',
      'operatorToken',
      'publisherCode',
      'publisherPassword',
      'publisherToken',
      'resetToken',
      'totpCode',
      'totpSecret',
      'wrongPassword',
    ]);
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret.length, what).toBeGreaterThanOrEqual(6);
      expect(text.includes(secret), `${what} in the logs`).toBe(false);
    }
    // nor a part of a token long enough to use (a JWT's signature, its payload)
    for (const token of [secrets.publisherToken!, secrets.libraryToken!, secrets.operatorToken!])
      for (const part of token.split('.')) expect(text.includes(part)).toBe(false);
  });

  it("names the account and role on the lines of a signed-in request, with the request id its reply's header gave", () => {
    const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; accountId?: number; role?: string; msg?: string });
    const request = entries.filter((entry) => entry.reqId === meRequestId);
    expect(meRequestId).toMatch(/^[0-9a-f-]{36}$/);
    const completed = request.find((entry) => entry.msg === 'request completed');
    expect(completed).toMatchObject({ accountId: publisherAccountId, role: 'PUBLISHER' });
    // the line written before the token was read cannot name it; every later one does
    expect(request.filter((entry) => entry.msg !== 'incoming request').every((entry) => entry.accountId === publisherAccountId)).toBe(true);
  });
});
