import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type CallInput, type ContractOf } from '@jsbn/shared';
import { accountEndpoints, libraryEndpoints, lookupEndpoints, publisherEndpoints } from '@jsbn/shared/core';
import { createLibrary, createPublisher, makeJpeg } from '../../seed/factories.js';
import { ENGINES, createTestApp, form, latestCode, type TestApp } from '../../test/harness.js';
import { corruptPngChecksum } from '../../test/images.js';
import { accounts } from '../../db/schema.js';
import { inject } from '../../test/inject.js';
import { stateIdByName, cityIdByName } from '../lookups/geo.js';

/** What a login sends: e-mail, password, the tab's account kind (and a TOTP code for an operator). */
type LoginBody = CallInput<ContractOf<typeof accountEndpoints.login>>['body'];

const GUJARAT = stateIdByName('Gujarat')!;
const SURAT = cityIdByName(GUJARAT, 'Surat')!;

function publisherForm(overrides: Record<string, string> = {}) {
  return {
    publisher_no: 'srt01',
    publisher_name: 'શ્રી જૈન સાહિત્ય મંદિર',
    publisher_type: 'Trust',
    address: 'Gopipura, Surat',
    state: String(GUJARAT),
    city: String(SURAT),
    pincode: '395001',
    mobile_no: '9825012345',
    whatsapp_no: '9825012345',
    email: 'Mandir@Example.test ',
    password: 'Sahitya@123',
    ...overrides,
  };
}

describe.each(ENGINES)('accounts on %s', (engine) => {
  let t: TestApp;
  let logo: Buffer;
  beforeAll(async () => {
    t = await createTestApp(engine);
    logo = await makeJpeg('LO', { width: 64, height: 64 });
  });
  afterAll(() => t.close());

  const register = (fields: Record<string, string>, file: Buffer | null = logo) =>
    inject(t.app, publisherEndpoints.register, { body: form(fields, file ? { logo: [file, 'logo.jpg', 'image/jpeg'] } : {}) });

  it('registers a publisher, sends a 6-digit code, verifies it and logs in', async () => {
    const registered = await register(publisherForm());
    expect(registered.statusCode).toBe(200);
    expect(registered.json().message).toBe('A 6-digit verification code has been sent to your e-mail');
    // a password a user chose is hashed at OWASP's argon2id cost (the factories' known ones at the least)
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.email, 'mandir@example.test'));
    expect(account!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const login: LoginBody = { email: 'mandir@example.test', password: 'Sahitya@123', modelType: 'PUBLISHER' };
    const early = await inject(t.app, accountEndpoints.login, { body: login });
    expect(early.statusCode).toBe(403);

    const code = await latestCode(t.app, 'mandir@example.test');
    expect(code).toMatch(/^\d{6}$/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await inject(t.app, accountEndpoints.verifyEmail, { body: { email: login.email, otp: wrong, modelType: 'PUBLISHER' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid or expired OTP');

    const verified = await inject(t.app, accountEndpoints.verifyEmail, { body: { email: login.email, otp: code, modelType: 'PUBLISHER' } });
    expect(verified.statusCode).toBe(200);
    // signed in at once (decision 072): the reply is a login's, its token works
    expect(verified.json().message).toBe('Email verified successfully. You are now logged in.');
    expect(verified.json().data.message).toBe('Email verified successfully. You are now logged in.');
    const first = verified.json().data.accessToken.access_token as string;
    const mine = await inject(t.app, accountEndpoints.me, { headers: { authorization: `Bearer ${first}` } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ modelType: 'PUBLISHER', publisher_no: 'SRT01' });
    // a code used once signs no one in again
    const reused = await inject(t.app, accountEndpoints.verifyEmail, { body: { email: login.email, otp: code, modelType: 'PUBLISHER' } });
    expect(reused.statusCode).toBe(400);

    const ok = await inject(t.app, accountEndpoints.login, { body: login });
    expect(ok.statusCode).toBe(200);
    const token = ok.json().data.accessToken.access_token as string;
    const me = await inject(t.app, accountEndpoints.me, { headers: { authorization: `Bearer ${token}` } });
    expect(me.json().data).toMatchObject({ modelType: 'PUBLISHER', name: 'શ્રી જૈન સાહિત્ય મંદિર', publisher_no: 'SRT01' });
    expect(me.json().data.logoUrl).toMatch(/^\/api\/files\/public\/logos\/.+\.jpg$/);

    const logoFile = await t.app.inject({ method: 'GET', url: me.json().data.logoUrl });
    expect(logoFile.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(logoFile.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 64 });

    const wrongPassword = await inject(t.app, accountEndpoints.login, { body: { ...login, password: 'Wrong@1234' } });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe('Invalid email or password');
  });

  it('tells a login on the wrong tab which kind of account the e-mail and password belong to, and no one else', async () => {
    const library = await createLibrary(t.ctx, { email: 'bhandar-tab@example.test', password: 'Bhandar@123' });
    const publisher = await createPublisher(t.ctx, { email: 'prakashan-tab@example.test', password: 'Prakashan@123' });
    const tryLogin = (payload: LoginBody, headers: Record<string, string> = {}, remoteAddress = '10.9.0.1') =>
      inject(t.app, accountEndpoints.login, { body: payload, headers, remoteAddress });

    // the library's e-mail and password on the Publisher tab: told to choose the Library tab, in the caller's language
    const wrongTab = await tryLogin({ email: library.email, password: library.password, modelType: 'PUBLISHER' });
    expect(wrongTab.statusCode).toBe(401);
    expect(wrongTab.json()).toMatchObject({
      message: 'This e-mail belongs to a library account. Choose the Library Login tab.',
      details: [{ field: 'modelType', message: 'This e-mail belongs to a library account. Choose the Library Login tab.' }],
    });
    const inGujarati = await tryLogin(
      { email: library.email, password: library.password, modelType: 'PUBLISHER' },
      { 'accept-language': 'gu' },
    );
    expect(inGujarati.json().message).toBe("આ ઈ-મેઇલ જ્ઞાન ભંડારના ખાતાનું છે. 'જ્ઞાન ભંડાર લૉગ ઇન' પસંદ કરો.");
    const inHindi = await tryLogin(
      { email: publisher.email, password: publisher.password, modelType: 'LIBRARY' },
      { 'accept-language': 'hi' },
    );
    expect(inHindi.json().message).toBe("यह ई-मेल प्रकाशक के खाते का है। 'प्रकाशक लॉग इन' चुनें।");

    // without the right password nothing tells that the e-mail is known: the same answer as an unknown e-mail
    for (const payload of [
      { email: library.email, password: 'Wrong@1234', modelType: 'PUBLISHER' },
      { email: 'nobody-tab@example.test', password: library.password, modelType: 'PUBLISHER' },
      { email: library.email, password: publisher.password, modelType: 'LIBRARY' },
    ] satisfies LoginBody[]) {
      const refused = await tryLogin(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(401);
      expect(refused.json(), JSON.stringify(payload)).toEqual({
        statusCode: 401,
        error: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password',
      });
    }
    // the right tab still logs in
    expect((await tryLogin({ email: library.email, password: library.password, modelType: 'LIBRARY' })).statusCode).toBe(200);

    // guesses on the other tab count against the library's own limit: 5 failures from an address
    const address = '10.9.0.2';
    for (let n = 0; n < 5; n += 1)
      expect((await tryLogin({ email: library.email, password: `Wrong@${n}000`, modelType: 'PUBLISHER' }, {}, address)).statusCode).toBe(
        401,
      );
    const locked = await tryLogin({ email: library.email, password: library.password, modelType: 'LIBRARY' }, {}, address);
    expect(locked.statusCode).toBe(429);
  });

  it('answers a second registration of a verified e-mail the same way and changes nothing', async () => {
    const again = await register(publisherForm({ publisher_no: 'SRT02', publisher_name: 'Someone else' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('A 6-digit verification code has been sent to your e-mail');
    const publishers = await inject(t.app, publisherEndpoints.list, { query: { queryString: 'Someone' } });
    expect(publishers.json().data.total).toBe(0);
  });

  it('names each invalid field with the spec message and stores no file', async () => {
    const filesBefore = readdirSync(join(t.ctx.config.dataDir, 'files', 'public', 'logos')).length;
    const response = await register(
      publisherForm({
        publisher_no: 'AB1',
        mobile_no: '98250',
        whatsapp_no: '12',
        email: 'nope',
        password: 'short',
        state: String(GUJARAT),
        city: '1',
      }),
    );
    expect(response.statusCode).toBe(400);
    const details = response.json().details as { field: string; message: string }[];
    expect(details).toEqual(
      expect.arrayContaining([
        { field: 'publisher_no', message: MSG.publisherNo5 },
        { field: 'mobile_no', message: MSG.phone10 },
        { field: 'whatsapp_no', message: MSG.whatsapp10 },
        { field: 'email', message: MSG.invalidEmail },
        { field: 'password', message: MSG.passwordMin },
      ]),
    );
    expect(readdirSync(join(t.ctx.config.dataDir, 'files', 'public', 'logos')).length).toBe(filesBefore);
  });

  it('requires a JPEG or PNG logo, checked by its bytes', async () => {
    const missing = await register(publisherForm({ email: 'a@example.test', publisher_no: 'NOLOG' }), null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ field: 'logo', message: 'Logo is required' }]);
    const fake = await inject(t.app, publisherEndpoints.register, {
      body: form(publisherForm({ email: 'b@example.test', publisher_no: 'FAKE1' }), {
        logo: [Buffer.from('GIF89a not a jpeg'), 'logo.jpg', 'image/jpeg'],
      }),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().details).toEqual([{ field: 'logo', message: 'Logo must be a JPEG or PNG image' }]);
    // right magic bytes, damaged inside: refused too, and nothing is kept
    const before = await t.ctx.storage.list('public/logos');
    const damaged = await inject(t.app, publisherEndpoints.register, {
      body: form(publisherForm({ email: 'c@example.test', publisher_no: 'BROKE' }), {
        logo: [await corruptPngChecksum(), 'logo.png', 'image/png'],
      }),
    });
    expect(damaged.statusCode).toBe(415);
    expect(damaged.json().details).toEqual([
      { field: 'logo', message: 'Logo could not be read as an image; the file may be damaged. Please choose another file.' },
    ]);
    expect(await t.ctx.storage.list('public/logos')).toEqual(before);
  });

  it('refuses a publisher_no another publisher holds', async () => {
    const taken = await register(publisherForm({ email: 'other@example.test' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details).toEqual([{ field: 'publisher_no', message: 'This publisher unique id is already taken' }]);
  });

  it('registers a library, locks resend for 60 s and lets "Back to edit" resubmit', async () => {
    const fields = {
      name: 'શ્રી આત્માનંદ જ્ઞાન ભંડાર',
      sanchalak_name: 'Shri Sangh',
      sanchalak_address: 'Upashray, Palitana',
      address: 'Taleti Road, Palitana',
      email: 'bhandar@example.test',
      mobile_no: '9426012345',
      whatsapp_no: '9426012345',
      number_of_books: '3500',
      sangh_trust: 'Trust Sanchalit',
      password: 'Bhandar@123',
    };
    const first = await inject(t.app, libraryEndpoints.register, { body: form(fields, { logo: [logo, 'l.jpg', 'image/jpeg'] }) });
    expect(first.statusCode).toBe(200);
    const resend = await inject(t.app, accountEndpoints.resendCode, { body: { email: fields.email, modelType: 'LIBRARY' } });
    expect(resend.statusCode).toBe(429);
    expect(Number(resend.headers['retry-after'])).toBeGreaterThan(0);

    const edited = await inject(t.app, libraryEndpoints.register, {
      body: form({ ...fields, name: 'Edited Bhandar' }, { logo: [logo, 'l.jpg', 'image/jpeg'] }),
    });
    expect(edited.statusCode).toBe(200);
    const code = await latestCode(t.app, fields.email);
    const verified = await inject(t.app, accountEndpoints.verifyEmail, { body: { email: fields.email, otp: code, modelType: 'LIBRARY' } });
    expect(verified.statusCode).toBe(200);
    const login = await inject(t.app, accountEndpoints.login, {
      body: { email: fields.email, password: fields.password, modelType: 'LIBRARY' },
    });
    const me = await inject(t.app, accountEndpoints.me, {
      headers: { authorization: `Bearer ${login.json().data.accessToken.access_token}` },
    });
    expect(me.json().data).toMatchObject({ modelType: 'LIBRARY', name: 'Edited Bhandar', letterText: null });
  });

  it('checks the one-time code shape', async () => {
    const response = await inject(t.app, accountEndpoints.verifyEmail, {
      body: { email: 'x@example.test', otp: '12345', modelType: 'LIBRARY' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'otp', message: MSG.otp6 }]);
  });

  it('refuses a missing, malformed or forged token with 401', async () => {
    expect((await inject(t.app, accountEndpoints.me)).statusCode).toBe(401);
    expect((await inject(t.app, accountEndpoints.me, { headers: { authorization: 'Bearer abc.def.ghi' } })).statusCode).toBe(401);
  });

  it('serves the 36 states and union territories and their cities', async () => {
    const states = (await inject(t.app, lookupEndpoints.states)).json().data.states;
    expect(states).toHaveLength(36);
    expect(states.map((state: { state_name: string }) => state.state_name)).toEqual(
      expect.arrayContaining(['Ladakh', 'Dadra and Nagar Haveli and Daman and Diu', 'Gujarat']),
    );
    const cities = (await inject(t.app, lookupEndpoints.cities, { params: { stateId: GUJARAT } })).json().data.cities;
    expect(cities.map((city: { city_name: string }) => city.city_name)).toEqual(expect.arrayContaining(['Ahmedabad', 'Surat', 'Palitana']));
    expect((await inject(t.app, lookupEndpoints.cities, { params: { stateId: 999 } })).statusCode).toBe(404);
  });
});
