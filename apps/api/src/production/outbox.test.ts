/**
 * The outbox worker against real transports on 127.0.0.1: an SMTP server (smtp-server)
 * receives the registration code and the reset link; while it is down messages stay pending
 * and are retried with backoff, and when it is back each is delivered exactly once. Order
 * letters go with the publisher's notice digest (its job, a second after the order here) to a
 * fake WhatsApp Cloud API as a media upload and a `type: 'document'` message, and failures
 * there retry the same way. A delivered message keeps no code or reset link.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEndpoints, orderEndpoints, publisherEndpoints } from '@jsbn/shared/core';
import { createBook, createLibrary, createPublisher, makeJpeg } from '../seed/factories.js';
import { outbox } from '../db/schema.js';
import { CLAIM_LEASE_MS } from '../lib/outbox-worker.js';
import { cityIdByName, stateIdByName } from '../modules/lookups/geo.js';
import { ENGINES, createTestApp, form, tokenHeader, outboxTo, type TestApp } from '../test/harness.js';
import { inject } from '../test/inject.js';
import { mailParts, mailText, startFakeWhatsapp, startSmtp, waitFor, type FakeWhatsapp, type TestSmtp } from '../test/servers.js';

const GUJARAT = stateIdByName('Gujarat')!;

describe.each(ENGINES)('outbox delivery on %s', (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let whatsapp: FakeWhatsapp;
  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));
  const rowsTo = (to: string) => t.ctx.db.select().from(outbox).where(eq(outbox.recipient, to));
  const latestMessages = (to: string) => outboxTo(t.app, to);

  beforeAll(async () => {
    smtp = await startSmtp();
    whatsapp = await startFakeWhatsapp();
    t = await createTestApp(engine, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'JSBN <no-reply@jsbn.test>',
      WHATSAPP_API_URL: whatsapp.url,
      WHATSAPP_TOKEN: 'test-token-123',
      WHATSAPP_PHONE_ID: '1055',
      OUTBOX_POLL_MS: '50',
      OUTBOX_RETRY_BASE_MS: '100',
      ORDER_NOTICE_DIGEST_SECONDS: '1',
    });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    await whatsapp.stop();
  });

  it('mails the registration code and the reset link through SMTP', async () => {
    const email = `mandir-${engine}@example.test`;
    const registered = await inject(t.app, publisherEndpoints.register, {
      body: form(
        {
          publisher_no: engine === 'pglite' ? 'SMTP1' : 'SMTP2',
          publisher_name: 'શ્રી જૈન સાહિત્ય મંદિર',
          publisher_type: 'Trust',
          address: 'Gopipura, Surat',
          state: String(GUJARAT),
          city: String(cityIdByName(GUJARAT, 'Surat')!),
          pincode: '395001',
          mobile_no: '9825012345',
          whatsapp_no: '9825012345',
          email,
          password: 'Sahitya@123',
        },
        { logo: [await makeJpeg('LO', { width: 64, height: 64 }), 'logo.jpg', 'image/jpeg'] },
      ),
    });
    expect(registered.statusCode).toBe(200);
    const [mail] = await waitFor(() => (mailsTo(email).length ? mailsTo(email) : null), 10_000, 'the code e-mail');
    const code = /Your JSBN verification code is (\d{6})\./.exec(mailText(mail!.raw))![1]!;
    expect(mail!.from).toBe('no-reply@jsbn.test');
    // a delivered message keeps no secret: the code lives on only in the mailbox
    const [row] = await waitFor(
      async () => ((await rowsTo(email))[0]?.status === 'sent' ? rowsTo(email) : null),
      5_000,
      'the row marked sent',
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 1, code: null, link: null, subject: 'JSBN verification code [redacted]' });
    expect(row!.body).toContain('Your JSBN verification code is [redacted].');
    expect(JSON.stringify(await latestMessages(email))).not.toContain(code);

    const library = await createLibrary(t.ctx);
    await inject(t.app, accountEndpoints.forgotPassword, { body: { email: library.email, modelType: 'LIBRARY' } });
    const [reset] = await waitFor(() => (mailsTo(library.email).length ? mailsTo(library.email) : null), 10_000, 'the reset e-mail');
    const link = /https:\/\/jsbn\.test\/new-password\?token=[A-Za-z0-9_-]{43}/.exec(mailText(reset!.raw))?.[0];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;
    const [sent] = await waitFor(
      async () => ((await rowsTo(library.email))[0]?.status === 'sent' ? rowsTo(library.email) : null),
      5_000,
      'the row marked sent',
    );
    expect([sent!.link, sent!.body.includes(token)]).toEqual([null, false]);
    const done = await inject(t.app, accountEndpoints.resetPassword, { body: { password: 'Tirth@2026', token } });
    expect(done.statusCode).toBe(200);
  });

  it('keeps mail pending with growing backoff while SMTP is down and delivers it exactly once when it is back', async () => {
    await smtp.stop();
    const library = await createLibrary(t.ctx);
    await inject(t.app, accountEndpoints.forgotPassword, { body: { email: library.email, modelType: 'LIBRARY' } });
    // a claimed message shows its attempt and a lease before the failure is recorded: wait for the record
    const [failing] = await waitFor(
      async () => {
        const rows = await rowsTo(library.email);
        const row = rows[0];
        return row && row.attempts >= 3 && row.last_error && row.next_attempt_at.getTime() - row.updated_at.getTime() < CLAIM_LEASE_MS
          ? rows
          : null;
      },
      15_000,
      'three failed attempts',
    );
    expect(failing).toMatchObject({ status: 'pending', sent_at: null });
    expect(failing!.last_error).toMatch(/ECONNREFUSED|connect/i);
    // the next attempt waits base × 2^(attempts − 1)
    expect(failing!.next_attempt_at.getTime() - failing!.updated_at.getTime()).toBe(100 * 2 ** (failing!.attempts - 1));
    expect(mailsTo(library.email)).toHaveLength(0);

    await smtp.start();
    const [sent] = await waitFor(
      async () => {
        const rows = await rowsTo(library.email);
        return rows[0]?.status === 'sent' ? rows : null;
      },
      20_000,
      'delivery after SMTP is back',
    );
    expect(sent!.sent_at).not.toBeNull();
    // a further round (after the one in flight) finds nothing to send: the message went once
    expect(await t.worker.runOnce()).toBe(0);
    expect(mailsTo(library.email)).toHaveLength(1);
  });

  it('sends the order letter as a WhatsApp document and by e-mail with the PDF attached, retrying WhatsApp failures', async () => {
    const publisher = await createPublisher(t.ctx);
    const library = await createLibrary(t.ctx);
    const lib = await tokenHeader(t, library);
    const orderLetter = async () => {
      const book = await createBook(t.ctx, publisher.publisherId, {}, { cover: false });
      const created = await inject(t.app, orderEndpoints.create, {
        headers: lib,
        body: { orders: [{ publisherId: publisher.publisherId, bookId: book.id, numberOfCopies: 3 }] },
      });
      const orderId = created.json().data.orders[0].id as number;
      const letter = await inject(t.app, orderEndpoints.letter, { headers: lib, body: { orderId, sendWhatsapp: true } });
      expect(letter.statusCode).toBe(200);
      return letter.rawPayload;
    };

    const pdf = await orderLetter();
    const [media, message] = await waitFor(
      () => (whatsapp.requests.length >= 2 ? whatsapp.requests : null),
      10_000,
      'the WhatsApp requests',
    );
    expect(media).toMatchObject({ method: 'POST', path: '/v21.0/1055/media', authorization: 'Bearer test-token-123' });
    expect(media!.contentType).toMatch(/^multipart\/form-data/);
    expect(media!.body.includes(pdf)).toBe(true);
    expect(media!.body.toString('latin1')).toContain('name="messaging_product"');
    expect(message).toMatchObject({
      method: 'POST',
      path: '/v21.0/1055/messages',
      authorization: 'Bearer test-token-123',
      contentType: 'application/json',
    });
    expect(JSON.parse(message!.body.toString())).toMatchObject({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543210',
      type: 'document',
      document: { id: 'media-1', filename: 'order-letter.pdf' },
    });
    // one e-mail: the notice of the new order with its letter attached
    const mail = await waitFor(
      () => mailsTo(publisher.email).find((candidate) => candidate.raw.includes('order-letter.pdf')),
      10_000,
      'the letter e-mail',
    );
    expect(mailsTo(publisher.email)).toHaveLength(1);
    const attachment = mailParts(mail.raw).find((part) => /attachment/.test(part.headers['content-disposition'] ?? ''));
    expect(attachment?.headers['content-disposition']).toContain('order-letter.pdf');
    expect(attachment?.body.equals(pdf)).toBe(true);

    whatsapp.failing = true;
    whatsapp.requests.length = 0;
    await orderLetter();
    const rowsOf = () => t.ctx.db.select().from(outbox).where(eq(outbox.recipient, '9876543210'));
    const failing = await waitFor(
      async () => (await rowsOf()).find((row) => row.status === 'pending' && row.attempts >= 2),
      15_000,
      'WhatsApp retries',
    );
    expect(failing.last_error).toContain('WhatsApp API media answered 500');
    whatsapp.failing = false;
    await waitFor(async () => (await rowsOf()).every((row) => row.status === 'sent'), 20_000, 'WhatsApp delivery');
    // a further round (after the one in flight) finds nothing to send
    expect(await t.worker.runOnce()).toBe(0);
    // refused attempts were answered 500; exactly one document message went through
    const accepted = whatsapp.requests.filter((request) => request.status === 200 && request.path.endsWith('/messages'));
    expect(accepted.map((request) => JSON.parse(request.body.toString()).type)).toEqual(['document']);
  });
});
