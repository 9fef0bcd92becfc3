import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@jsbn/shared';
import { createLibrary, createPublisher, makeJpeg } from '../../db/factories.js';
import { ENGINES, authHeader, createTestApp, form, latestCode, type TestApp } from '../../test/harness.js';

const MINUTE = 60_000;

describe.each(ENGINES)('account security on %s', (engine) => {
  let t: TestApp;
  let logo: Buffer;
  beforeAll(async () => {
    t = await createTestApp(engine);
    logo = await makeJpeg('L', { width: 40, height: 40 });
  });
  afterAll(() => t.close());

  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method, url, payload: payload as Record<string, unknown>, headers, remoteAddress });
  let n = 0;
  async function registerLibrary() {
    const email = `lib${++n}@example.test`;
    const fields = {
      name: 'Bhandar', sanchalak_name: 'Sangh', sanchalak_address: 'Upashray', address: 'Palitana', email,
      mobile_no: '9426012345', whatsapp_no: '9426012345', sangh_trust: 'Sangh Sanchalit', password: 'Bhandar@123',
    };
    const response = await t.app.inject({ method: 'POST', url: '/api/library', payload: form(fields, { logo: [logo, 'l.jpg', 'image/jpeg'] }) });
    expect(response.statusCode).toBe(200);
    return email;
  }
  const verify = (email: string, otp: string) => inject('POST', '/api/user/verify-email', { email, otp, modelType: 'LIBRARY' });

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
    const resend = () => inject('POST', '/api/user/resend-otp', { email, modelType: 'LIBRARY' });
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

    const unknown = await inject('POST', '/api/user/resend-otp', { email: 'nobody@example.test', modelType: 'LIBRARY' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([200, 'A 6-digit verification code has been sent to your e-mail.']);
  });

  it('limits failed logins per account, with Retry-After, and lets the owner in after the window', async () => {
    const library = await createLibrary(t.ctx);
    const attempt = (password: string) => inject('POST', '/api/user/login', { email: library.email, password, modelType: 'LIBRARY' }, {}, '10.0.0.1');
    for (let i = 0; i < 5; i++) expect((await attempt('Wrong@1234')).statusCode).toBe(401);
    const blocked = await attempt(library.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many login attempts. Please try again later.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    t.advance(15 * MINUTE + 1000);
    expect((await attempt(library.password)).statusCode).toBe(200);
  });

  it('limits attempts per IP address across accounts', async () => {
    for (let i = 0; i < 30; i++) {
      const response = await inject('POST', '/api/user/login', { email: `x${i}@example.test`, password: 'Whatever@1', modelType: 'PUBLISHER' }, {}, '10.0.0.2');
      expect(response.statusCode).toBe(401);
    }
    const blocked = await inject('POST', '/api/user/login', { email: 'y@example.test', password: 'Whatever@1', modelType: 'PUBLISHER' }, {}, '10.0.0.2');
    expect(blocked.statusCode).toBe(429);
    const otherIp = await inject('POST', '/api/user/login', { email: 'y@example.test', password: 'Whatever@1', modelType: 'PUBLISHER' }, {}, '10.0.0.3');
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
      const response = await inject('PATCH', '/api/user/update-password', { oldPassword: publisher.password, newPassword }, old);
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toContainEqual({ field: 'newPassword', message });
    }
    const missingOld = await inject('PATCH', '/api/user/update-password', { oldPassword: '', newPassword: 'Newpass@123' }, old);
    expect(missingOld.json().details).toEqual([{ field: 'oldPassword', message: MSG.oldPasswordRequired }]);
    const wrongOld = await inject('PATCH', '/api/user/update-password', { oldPassword: 'Wrong@123', newPassword: 'Newpass@123' }, old);
    expect(wrongOld.json().details).toEqual([{ field: 'oldPassword', message: 'Old password is incorrect' }]);

    const changed = await inject('PATCH', '/api/user/update-password', { oldPassword: publisher.password, newPassword: 'Newpass@123' }, old);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe('Password changed successfully');
    expect((await inject('GET', '/api/user/me', undefined, old)).statusCode).toBe(401);
    const fresh = { authorization: `Bearer ${changed.json().data.accessToken.access_token}` };
    expect((await inject('GET', '/api/user/me', undefined, fresh)).statusCode).toBe(200);
    const loginOld = await inject('POST', '/api/user/login', { email: publisher.email, password: publisher.password, modelType: 'PUBLISHER' }, {}, '10.0.1.1');
    expect(loginOld.statusCode).toBe(401);
  });

  it('resets a password through the e-mailed link once, within an hour, ending every session', async () => {
    const library = await createLibrary(t.ctx);
    const session = await authHeader(t.app, library, 'LIBRARY');
    const known = await inject('POST', '/api/user/change-password', { email: library.email, modelType: 'LIBRARY' });
    const unknown = await inject('POST', '/api/user/change-password', { email: 'ghost@example.test', modelType: 'LIBRARY' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([known.statusCode, known.json().message]);
    expect(known.json().message).toBe('If an account exists for this e-mail, a link to reset the password has been sent to it.');

    const outbox = await inject('GET', `/api/dev/outbox?to=${library.email}`);
    const link = outbox.json().data.messages[0].link as string;
    expect(link).toMatch(/^https:\/\/jsbn\.test\/new-password\?token=[A-Za-z0-9_-]{43}$/);
    const token = new URL(link).searchParams.get('token')!;

    const short = await inject('POST', '/api/user/verify-password', { password: 'short', token });
    expect(short.json().details).toEqual([{ field: 'password', message: MSG.newPasswordMin }]);
    const done = await inject('POST', '/api/user/verify-password', { password: 'Fresh@2026', token });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.message).toBe('Your password has been reset. Please log in with your new password.');
    expect((await inject('GET', '/api/user/me', undefined, session)).statusCode).toBe(401);
    expect((await inject('POST', '/api/user/verify-password', { password: 'Again@2026', token })).statusCode).toBe(400);
    await authHeader(t.app, { email: library.email, password: 'Fresh@2026' }, 'LIBRARY');

    await inject('POST', '/api/user/change-password', { email: library.email, modelType: 'LIBRARY' });
    const second = new URL((await inject('GET', `/api/dev/outbox?to=${library.email}`)).json().data.messages[0].link).searchParams.get('token')!;
    t.advance(60 * MINUTE + 1000);
    const expired = await inject('POST', '/api/user/verify-password', { password: 'Later@2026', token: second });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('The reset link is invalid or has expired. Please ask for a new one.');
  });

  it('stores a contact message and sends it to support, with the messages of the spec', async () => {
    const bad = async (body: object) => (await inject('POST', '/api/user/contact', body)).json().details;
    const valid = { fullName: '  Ramesh Shah ', email: 'ramesh@example.test', contact: '9825012345', message: 'Please add our books to the catalogue.' };
    expect(await bad({ ...valid, email: 'not-an-email' })).toEqual([{ field: 'email', message: MSG.invalidEmail }]);
    expect(await bad({ ...valid, email: 'x@mailinator.com' })).toEqual([{ field: 'email', message: MSG.validEmail }]);
    expect(await bad({ ...valid, email: 'a..b@example.com' })).toEqual([{ field: 'email', message: MSG.invalidEmail }]);
    expect(await bad({ ...valid, email: 'x@mail.yopmail.com' })).toEqual([{ field: 'email', message: MSG.validEmail }]);
    expect(await bad({ ...valid, contact: '98250' })).toEqual([{ field: 'contact', message: MSG.contact10 }]);
    expect(await bad({ ...valid, contact: '1111111111' })).toEqual([{ field: 'contact', message: MSG.validContact }]);
    expect(await bad({ ...valid, contact: '9000012345' })).toEqual([{ field: 'contact', message: MSG.validContact }]);
    expect(await bad({ ...valid, message: '   short    ' })).toEqual([{ field: 'message', message: MSG.message10 }]);
    expect(await bad({ ...valid, fullName: '   ' })).toEqual([{ field: 'fullName', message: 'Full name is required' }]);
    const sent = await inject('POST', '/api/user/contact', valid);
    expect([sent.statusCode, sent.json().message]).toEqual([200, MSG.contactSent]);
    const support = (await inject('GET', '/api/dev/outbox?to=support@jsbn.example')).json().data.messages[0];
    expect(support.subject).toMatch(/^JSBN contact #\d+ from Ramesh Shah$/);
    expect(support.text).toContain('Please add our books to the catalogue.');
  });
});
