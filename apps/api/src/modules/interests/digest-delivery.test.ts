/**
 * The digest delivered (decision 073): the job queue runs it every INTEREST_DIGEST_SECONDS (2 s
 * here), the e-mail reaches an SMTP server (smtp-server on 127.0.0.1) as text and HTML with
 * RFC 8058's `List-Unsubscribe` (https) and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`,
 * and a fake WhatsApp Cloud API receives the utility template with the library's name, the count
 * and the link to the digest as a page; a run with nothing new sends nothing.
 */
/* eslint-disable @typescript-eslint/no-unnecessary-type-assertion -- drizzle's execute on the PgQueryResultHKT base types its result unknown; the cast names the rows */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJsbn } from '@jsbn/shared';
import { interestEndpoints } from '@jsbn/shared/core';
import { createBook, createLibrary, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, tokenHeader, type TestApp } from '../../test/harness.js';
import { mailParts, startFakeWhatsapp, startSmtp, waitFor, type FakeWhatsapp, type TestSmtp } from '../../test/servers.js';
import { inject } from '../../test/inject.js';

describe.each(ENGINES)('the digest delivered on %s', (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let whatsapp: FakeWhatsapp;

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
      INTEREST_DIGEST_SECONDS: '2',
    });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    await whatsapp.stop();
  });

  /** Runs of the digest job finished so far. */
  const runs = async () =>
    Number(
      (
        (await t.ctx.db.execute(
          sql`select count(*) as n from pgboss.job where name = 'interestDigest' and state = 'completed'`,
        )) as unknown as {
          rows: { n: number | string }[];
        }
      ).rows[0]!.n,
    );

  it('runs on its interval and mails the new book with one-click unsubscribe, and sends the WhatsApp template', async () => {
    const publisher = await createPublisher(t.ctx, { publisher_name: 'Jinvani Granthmala' });
    const library = await createLibrary(t.ctx, { name: 'Shri Mahavir Gyan Bhandar' });
    const follow = await inject(t.app, interestEndpoints.followPublisher, {
      params: { publisherId: publisher.publisherId },
      headers: await tokenHeader(t, library),
    });
    expect(follow.statusCode).toBe(200);
    const book = await createBook(t.ctx, publisher.publisherId, { book_title: 'ભક્તામર સ્તોત્ર', book_e_title: 'Bhaktamar Stotra' });

    const [mail] = await waitFor(
      () => {
        const mails = smtp.received.filter((received) => received.to.includes(library.email));
        return mails.length ? mails : null;
      },
      30_000,
      'the digest e-mail',
    );
    const parts = mailParts(mail!.raw);
    const headers = parts[0]!.headers;
    expect(headers['subject']).toMatch(/JSBN: 1 new book for Shri Mahavir Gyan Bhandar/);
    expect(headers['list-unsubscribe']).toMatch(/^<https:\/\/jsbn\.test\/api\/interests\/unsubscribe\?token=[\w.-]+>$/);
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(parts.map((part) => part.headers['content-type']?.split(';')[0])).toEqual(['text/plain', 'text/html']);
    // the unsubscribe address works without signing in
    const unsubscribe = new URL(headers['list-unsubscribe']!.slice(1, -1));
    const oneClick = await t.app.inject({
      method: 'POST',
      url: unsubscribe.pathname + unsubscribe.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);

    const template = await waitFor(
      () => {
        const sent = whatsapp.requests.find((request) => request.path.endsWith('/messages') && request.body.includes('"template"'));
        return sent ? (JSON.parse(sent.body.toString()) as Record<string, unknown>) : null;
      },
      15_000,
      'the WhatsApp template',
    );
    expect(template).toMatchObject({
      messaging_product: 'whatsapp',
      to: '919123456780',
      type: 'template',
      template: {
        name: 'jsbn_new_books',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Shri Mahavir Gyan Bhandar' },
              { type: 'text', text: '1' },
              { type: 'text', text: expect.stringMatching(/^https:\/\/jsbn\.test\/api\/interests\/digest\?token=[\w.-]+$/) as unknown },
            ],
          },
        ],
      },
    });
    // the template's link shows the digest as a page, its book with both links
    const link = new URL(
      (template as { template: { components: { parameters: { text: string }[] }[] } }).template.components[0]!.parameters[2]!.text,
    );
    const page = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`JSBN ${formatJsbn(book.jsbn_number)}`);
    expect(page.body).toContain('>Add to cart</a>');

    // a later run with nothing new (and the library unsubscribed) sends nothing more
    const done = await runs();
    await waitFor(async () => ((await runs()) >= done + 2 ? true : null), 20_000, 'two more runs');
    expect(smtp.received.filter((received) => received.to.includes(library.email))).toHaveLength(1);
  });
});
