/**
 * The mobile number confirmed by a WhatsApp code (decision 081): after the e-mail code the code
 * goes out by WhatsApp (the outbox, then a fake Cloud API as the authentication template with its
 * copy-code button); the right code confirms, a wrong one names `otp`, an expired or exhausted one
 * is refused, a resend waits 60 s, another account's code confirms nothing, and a changed number
 * is not confirmed. Where WhatsApp is not configured there is no code and no step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_WAIT_MS, OTP_TTL_MS } from '@jsbn/shared';
import { accountEndpoints, publisherEndpoints } from '@jsbn/shared/core';
import { accounts } from '../../db/schema.js';
import { createLibrary, createPublisher, makeJpeg } from '../../seed/factories.js';
import { ENGINES, createTestApp, editProfile, form, latestCode, outboxTo, tokenHeader, type TestApp } from '../../test/harness.js';
import { startFakeWhatsapp, type FakeWhatsapp } from '../../test/servers.js';
import { inject } from '../../test/inject.js';
import { cityIdByName, stateIdByName } from '../lookups/geo.js';

const GUJARAT = stateIdByName('Gujarat')!;
const SURAT = cityIdByName(GUJARAT, 'Surat')!;

/** A code other than `code`. */
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(ENGINES)('the mobile number confirmed by WhatsApp on %s', (engine) => {
  let t: TestApp;
  let plain: TestApp;
  let whatsapp: FakeWhatsapp;
  let logo: Buffer;

  beforeAll(async () => {
    whatsapp = await startFakeWhatsapp();
    [t, plain] = await Promise.all([
      createTestApp(engine, {
        WHATSAPP_API_URL: whatsapp.url,
        WHATSAPP_TOKEN: 'test-token-123',
        WHATSAPP_PHONE_ID: '1055',
        WHATSAPP_CODE_TEMPLATE: 'jsbn_code',
        // the worker delivers only when a test asks (a delivered message forgets its code)
        OUTBOX_POLL_MS: '600000',
      }),
      createTestApp(engine),
    ]);
    logo = await makeJpeg('LO', { width: 64, height: 64 });
  });
  afterAll(async () => {
    await Promise.all([t.close(), plain.close()]);
    await whatsapp.stop();
  });

  /** Registers a publisher with `mobile` through the API and types its e-mail code: the signed-in header. */
  async function registerAndVerify(app: TestApp, no: string, mobile: string) {
    const email = `${no.toLowerCase()}@example.test`;
    const fields = {
      publisher_no: no,
      publisher_name: `Prakashan ${no}`,
      publisher_type: 'Trust',
      address: 'Gopipura, Surat',
      state: String(GUJARAT),
      city: String(SURAT),
      pincode: '395001',
      mobile_no: mobile,
      whatsapp_no: mobile,
      email,
      password: 'Sahitya@123',
    };
    const registered = await inject(app.app, publisherEndpoints.register, {
      body: form(fields, { logo: [logo, 'logo.jpg', 'image/jpeg'] }),
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const otp = await latestCode(app.app, email);
    const verified = await inject(app.app, accountEndpoints.verifyEmail, { body: { email, otp, modelType: 'PUBLISHER' } });
    expect(verified.statusCode, verified.body).toBe(200);
    return { authorization: `Bearer ${verified.json().data.accessToken.access_token as string}` };
  }

  const me = async (app: TestApp, headers: Record<string, string>) =>
    (await inject(app.app, accountEndpoints.me, { headers })).json().data as { mobile?: Record<string, unknown> };

  it('sends the code by WhatsApp after the e-mail code; the right code confirms the number', async () => {
    const headers = await registerAndVerify(t, 'MOB01', '9825011111');
    const [message] = await outboxTo(t.app, '9825011111');
    expect(message).toMatchObject({ channel: 'whatsapp', status: 'pending' });
    expect(message!.code).toMatch(/^\d{6}$/);
    expect(message!.text).toContain(message!.code);
    const before = await me(t, headers);
    expect(before.mobile).toMatchObject({ number: '9825011111', confirmedAt: null, canConfirm: true });
    expect(before.mobile!.codeSentAt).toEqual(expect.any(String));

    // delivered as the authentication template: the body and the copy-code button take the code
    await t.worker.runOnce();
    const sent = whatsapp.requests.find((request) => request.path.endsWith('/messages') && request.body.includes('jsbn_code'));
    const payload = JSON.parse(sent!.body.toString()) as {
      to: string;
      template: { name: string; language: { code: string }; components: unknown[] };
    };
    expect(payload.to).toBe('919825011111');
    expect(payload.template.name).toBe('jsbn_code');
    expect(payload.template.language.code).toBe('en');
    expect(payload.template.components).toEqual([
      { type: 'body', parameters: [{ type: 'text', text: message!.code }] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: message!.code }] },
    ]);
    // once delivered, the outbox forgets the code, in the template too
    const [delivered] = await outboxTo(t.app, '9825011111');
    expect(delivered).toMatchObject({ status: 'sent', code: null });
    expect(delivered!.text).not.toContain(message!.code!);

    const confirmed = await inject(t.app, accountEndpoints.confirmMobile, { headers, body: { otp: message!.code! } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe('Your mobile number is confirmed');
    expect(confirmed.json().data).toMatchObject({ number: '9825011111', canConfirm: true, codeSentAt: null });
    expect(confirmed.json().data.confirmedAt).toEqual(expect.any(String));
    expect((await me(t, headers)).mobile!.confirmedAt).toEqual(confirmed.json().data.confirmedAt);
    // nothing more to send for a confirmed number
    t.advance(OTP_RESEND_WAIT_MS);
    const again = await inject(t.app, accountEndpoints.mobileCode, { headers, body: {} });
    expect(again.statusCode).toBe(400);
    expect(again.json().details).toEqual([{ field: 'mobile_no', message: 'This mobile number is already confirmed' }]);
  });

  it('refuses a wrong code naming otp, in the language asked; five wrong tries spend the code', async () => {
    const library = await createLibrary(t.ctx, { name: 'Gyan Bhandar Tries' });
    const headers = await tokenHeader(t, library);
    const sent = await inject(t.app, accountEndpoints.mobileCode, { headers, body: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe('A 6-digit verification code has been sent to your mobile number by WhatsApp');
    const number = sent.json().data.number as string;
    const code = (await outboxTo(t.app, number)).find((item) => item.code)!.code!;

    const wrong = await inject(t.app, accountEndpoints.confirmMobile, {
      headers: { ...headers, 'accept-language': 'gu' },
      body: { otp: wrongOf(code) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ field: 'otp', message: 'ચકાસણી કોડ ખોટો છે અથવા તેની મુદત પૂરી થઈ ગઈ છે' }]);
    const hindi = await inject(t.app, accountEndpoints.confirmMobile, {
      headers: { ...headers, 'accept-language': 'hi' },
      body: { otp: wrongOf(code) },
    });
    expect(hindi.json().details[0]).toEqual({ field: 'otp', message: 'सत्यापन कोड ग़लत है या उसकी अवधि समाप्त हो गई है' });
    const letters = await inject(t.app, accountEndpoints.confirmMobile, { headers, body: { otp: '12ab56' } });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().details[0].field).toBe('otp');

    for (let tries = 2; tries < OTP_MAX_ATTEMPTS; tries++)
      expect((await inject(t.app, accountEndpoints.confirmMobile, { headers, body: { otp: wrongOf(code) } })).statusCode).toBe(400);
    // the right code after five wrong tries: the code is spent
    const late = await inject(t.app, accountEndpoints.confirmMobile, { headers, body: { otp: code } });
    expect(late.statusCode).toBe(400);
    expect(late.json().details).toEqual([{ field: 'otp', message: 'Invalid or expired OTP' }]);
    expect((await me(t, headers)).mobile!.confirmedAt).toBeNull();
  });

  it('refuses an expired code; a resend waits 60 s, and the new code confirms', async () => {
    const publisher = await createPublisher(t.ctx, { publisher_name: 'Expiry Prakashan' });
    const headers = await tokenHeader(t, publisher);
    expect((await inject(t.app, accountEndpoints.mobileCode, { headers, body: {} })).statusCode).toBe(200);
    const soon = await inject(t.app, accountEndpoints.mobileCode, { headers, body: {} });
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(soon.json().message).toMatch(/^Please wait \d+ seconds before asking for a new code$/);
    const soonGu = await inject(t.app, accountEndpoints.mobileCode, { headers: { ...headers, 'accept-language': 'gu' }, body: {} });
    expect(soonGu.json().message).toMatch(/^નવો કોડ માંગતા પહેલાં કૃપા કરી \d+ સેકન્ડ રાહ જુઓ$/);

    const number = (await me(t, headers)).mobile!.number as string;
    const first = (await outboxTo(t.app, number)).find((item) => item.code)!.code!;
    t.advance(OTP_TTL_MS + 1000);
    const expired = await inject(t.app, accountEndpoints.confirmMobile, { headers, body: { otp: first } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().details[0].field).toBe('otp');
    expect((await me(t, headers)).mobile!.codeSentAt).toBeNull();

    const resent = await inject(t.app, accountEndpoints.mobileCode, { headers, body: {} });
    expect(resent.statusCode).toBe(200);
    const second = (await outboxTo(t.app, number)).find((item) => item.code)!.code!;
    expect((await inject(t.app, accountEndpoints.confirmMobile, { headers, body: { otp: second } })).statusCode).toBe(200);
  });

  it("another account cannot confirm someone else's number with its code", async () => {
    const owner = await createPublisher(t.ctx, { publisher_name: 'Owner Prakashan' });
    const other = await createLibrary(t.ctx, { name: 'Other Bhandar' });
    const ownerHeaders = await tokenHeader(t, owner);
    const otherHeaders = await tokenHeader(t, other);
    const sent = await inject(t.app, accountEndpoints.mobileCode, { headers: ownerHeaders, body: { mobile_no: '9825033333' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = (await outboxTo(t.app, '9825033333')).find((item) => item.code)!.code!;
    // the other account, even with a code of its own for the same number, is refused the owner's code
    t.advance(OTP_RESEND_WAIT_MS);
    expect(
      (await inject(t.app, accountEndpoints.mobileCode, { headers: otherHeaders, body: { mobile_no: '9825033333' } })).statusCode,
    ).toBe(200);
    const [latest] = await outboxTo(t.app, '9825033333');
    const stolen = await inject(t.app, accountEndpoints.confirmMobile, { headers: otherHeaders, body: { otp: code } });
    // (its own code is generated at random: only in one case of a million is it the owner's digits)
    if (latest!.code !== code) expect(stolen.statusCode).toBe(400);
    const mine = await inject(t.app, accountEndpoints.confirmMobile, { headers: ownerHeaders, body: { otp: code } });
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await me(t, otherHeaders)).mobile!.confirmedAt).toBeNull();
    // signed out: nothing to confirm
    expect((await inject(t.app, accountEndpoints.confirmMobile, { body: { otp: code } })).statusCode).toBe(401);
  });

  it('changing the number clears the confirmation, from the step and from the profile', async () => {
    const headers = await registerAndVerify(t, 'MOB02', '9825022222');
    const code = (await outboxTo(t.app, '9825022222')).find((item) => item.code)!.code!;
    expect((await inject(t.app, accountEndpoints.confirmMobile, { headers, body: { otp: code } })).statusCode).toBe(200);

    // 'Change the number', at once (a new number need not wait 60 s): the profile's mobile (and the
    // WhatsApp number that was the same) change, unconfirmed
    const bad = await inject(t.app, accountEndpoints.mobileCode, { headers, body: { mobile_no: '12345' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('mobile_no');
    const changed = await inject(t.app, accountEndpoints.mobileCode, { headers, body: { mobile_no: '98250 44444' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ number: '9825044444', confirmedAt: null });
    const publisherId = ((await me(t, headers)) as { publisherId?: number }).publisherId!;
    const profile = await inject(t.app, publisherEndpoints.one, { params: { id: publisherId }, headers });
    expect(profile.json().data.publisher).toMatchObject({ mobile_no: '9825044444', whatsapp_no: '9825044444' });
    // the code sent to the number before the change confirms nothing now
    const old = await inject(t.app, accountEndpoints.confirmMobile, { headers, body: { otp: code } });
    expect(old.statusCode).toBe(400);
    const fresh = (await outboxTo(t.app, '9825044444')).find((item) => item.code)!.code!;
    expect((await inject(t.app, accountEndpoints.confirmMobile, { headers, body: { otp: fresh } })).statusCode).toBe(200);

    // a profile edit with another number clears it too; one with the same number keeps it
    const fields = { publisher_name: 'Prakashan MOB02', mobile_no: '9825044444', whatsapp_no: '9825044444' };
    const same = await editProfile(t.app, 'publisher', headers, fields);
    expect(same.statusCode, same.body).toBe(200);
    expect((await me(t, headers)).mobile!.confirmedAt).toEqual(expect.any(String));
    const edited = await editProfile(t.app, 'publisher', headers, { ...fields, mobile_no: '9825055555' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await me(t, headers)).mobile).toMatchObject({ number: '9825055555', confirmedAt: null });

    // a library's profile edit, likewise
    const library = await createLibrary(t.ctx, { name: 'Edit Bhandar' });
    await t.ctx.db.update(accounts).set({ mobile_verified_at: new Date() }).where(eq(accounts.id, library.accountId));
    const libraryHeaders = await tokenHeader(t, library);
    const saved = await editProfile(t.app, 'library', libraryHeaders, {
      name: 'Edit Bhandar',
      mobile_no: '9123400000',
      whatsapp_no: '9123400000',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await me(t, libraryHeaders)).mobile!.confirmedAt).toBeNull();
  });

  it('where WhatsApp is not configured: no code after the e-mail code, no step, nothing to confirm', async () => {
    const headers = await registerAndVerify(plain, 'MOB03', '9825066666');
    expect(await outboxTo(plain.app, '9825066666')).toEqual([]);
    expect((await me(plain, headers)).mobile).toMatchObject({
      number: '9825066666',
      confirmedAt: null,
      canConfirm: false,
      codeSentAt: null,
    });
    const send = await inject(plain.app, accountEndpoints.mobileCode, { headers, body: {} });
    expect(send.statusCode).toBe(404);
    expect(send.json().message).toBe('This site does not send codes by WhatsApp, so the mobile number cannot be confirmed here');
    expect((await inject(plain.app, accountEndpoints.confirmMobile, { headers, body: { otp: '123456' } })).statusCode).toBe(404);
    expect(await outboxTo(plain.app, '9825066666')).toEqual([]);
  });
});
