/**
 * The recipient's language: an account keeps the language it registered in and the
 * one chosen on the switcher (`preferred_language`, PUT /api/user/language); its codes, order
 * notices and WhatsApp texts are written in it; the order letter and the address labels have
 * their fixed words in the library's language, the date DD/MM/YYYY and numbers in Latin digits.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InterfaceLanguage } from '@jsbn/shared';
import { accountEndpoints, libraryEndpoints, orderEndpoints } from '@jsbn/shared/core';
import { createBook, createLibrary, createPublisher, makeJpeg } from '../../seed/factories.js';
import { ENGINES, createTestApp, form, registerLibraryRequest, tokenHeader, outboxTo, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { sendOrderNotices } from '../orders/notices.js';

const work = mkdtempSync(join(tmpdir(), 'jsbn-languages-'));
/** The text of a PDF as pdftotext reads it (poppler-utils is installed by .ci/run). */
function pdfText(bytes: Buffer, name: string): string {
  const file = join(work, name);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).normalize('NFC');
}

describe.each(ENGINES)('languages of accounts, notices and documents on %s', (engine) => {
  let t: TestApp;
  const outbox = (to: string) => outboxTo(t.app, to);

  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('sends the code of a registration made in Gujarati in Gujarati, and keeps the language on the account', async () => {
    const logo = await makeJpeg('JB', { width: 120, height: 120 });
    const email = 'gyan-bhandar-gu@example.in';
    const registered = await inject(t.app, libraryEndpoints.register, {
      headers: { 'accept-language': 'gu-IN,gu;q=0.9' },
      body: registrationForm(email, logo),
    });
    expect(registered.statusCode).toBe(200);
    const [code] = await outbox(email);
    expect(code!.subject).toMatch(/^JSBN ચકાસણી કોડ \d{6}$/);
    expect(code!.text).toMatch(/^આપનો JSBN ચકાસણી કોડ \d{6} છે\. તે 10 મિનિટ સુધી માન્ય છે\./);

    const english = 'gyan-bhandar-en@example.in';
    expect((await registerLibraryRequest(t.app, english, logo)).statusCode).toBe(200);
    expect((await outbox(english))[0]!.subject).toMatch(/^JSBN verification code \d{6}$/);
  });

  it('keeps the language chosen on the switcher, refuses others by name, and only for a signed-in account', async () => {
    const library = await createLibrary(t.ctx);
    const session = await tokenHeader(t, library);
    const me = async () => (await inject(t.app, accountEndpoints.me, { headers: session })).json().data;
    expect((await me()).preferred_language).toBe('en');

    const saved = await inject(t.app, accountEndpoints.language, {
      headers: { ...session, 'accept-language': 'hi' },
      body: { preferred_language: 'hi' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('भाषा सहेज ली गई');
    expect((await me()).preferred_language).toBe('hi');

    const wrong = await inject(t.app, accountEndpoints.language, {
      raw: true,
      headers: { ...session, 'accept-language': 'gu' },
      body: { preferred_language: 'fr' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ field: 'preferred_language', message: 'English, ગુજરાતી અથવા हिन्दी માંથી ભાષા પસંદ કરો' }]);
    expect((await me()).preferred_language).toBe('hi');

    const anonymous = await inject(t.app, accountEndpoints.language, { body: { preferred_language: 'gu' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it("writes order notices in each recipient's language and the order letter and labels in the library's", async () => {
    const publisher = await createPublisher(t.ctx, { publisher_name: 'श्री जैन साहित्य प्रकाशन' });
    const library = await createLibrary(t.ctx, { name: 'શ્રી આત્માનંદ જ્ઞાન ભંડાર', letter_text: 'પૂજ્ય પ્રકાશકશ્રી, નીચેનાં પુસ્તકો મોકલવા વિનંતી.' });
    const lib = await tokenHeader(t, library);
    const pub = await tokenHeader(t, publisher);
    const choose = (headers: { authorization: string }, language: InterfaceLanguage) =>
      inject(t.app, accountEndpoints.language, { headers, body: { preferred_language: language } });
    expect((await choose(lib, 'gu')).statusCode).toBe(200);
    expect((await choose(pub, 'hi')).statusCode).toBe(200);
    const a = await createBook(t.ctx, publisher.publisherId, { book_title: 'શ્રી ઉત્તરાધ્યયન સૂત્ર' });
    const b = await createBook(t.ctx, publisher.publisherId, { book_title: 'तत्त्वार्थसूत्र' });

    const created = await inject(t.app, orderEndpoints.create, {
      headers: lib,
      body: {
        orders: [
          { publisherId: publisher.publisherId, bookId: a.id, numberOfCopies: 2 },
          { publisherId: publisher.publisherId, bookId: b.id, numberOfCopies: 5 },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const { id: orderId, orderId: orderNumber } = created.json().data.orders[0] as { id: number; orderId: string };

    // the order letter: the library's fixed words in Gujarati, DD/MM/YYYY, Latin digits
    const letter = await inject(t.app, orderEndpoints.letter, { headers: lib, body: { orderId, sendWhatsapp: true } });
    expect(letter.statusCode).toBe(200);
    const text = pdfText(letter.rawPayload, 'letter-gu.pdf');
    for (const words of [
      'પ્રતિ,',
      `વિષય: પુસ્તકોનો ઓર્ડર (${orderNumber})`,
      'ક્રમ',
      'લેખક',
      'નકલો',
      'કુલ નકલો: 7',
      'આભાર સહ,',
      'શ્રી આત્માનંદ જ્ઞાન ભંડાર વતી',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toMatch(/તારીખ: \d{2}\/\d{2}\/\d{4}/);
    expect(text).not.toContain('Thanking you');
    // the publisher's city and state in Gujarati too (city-names.json)
    expect(text).toContain('અમદાવાદ, ગુજરાત');
    expect(text).not.toContain('Ahmedabad');
    // sent to the publisher, who reads Hindi, with the notice of the new order (its digest, notices.ts)
    await sendOrderNotices(t.ctx, publisher.publisherId);
    const sent = (await outbox(publisher.email)).find((message) => message.subject === `JSBN: શ્રી આત્માનંદ જ્ઞાન ભંડાર से ऑर्डर ${orderNumber}`);
    expect(sent?.text).toBe(
      `શ્રી આત્માનંદ જ્ઞાન ભંડાર ने 7 प्रतियों का ऑर्डर ${orderNumber} भेजा है। ऑर्डर पत्र संलग्न है। 'आए हुए ऑर्डर' खोलें: https://jsbn.test/booked-orders`,
    );

    // the publisher dispatches: the library hears it in Gujarati, with the courier lines
    expect(
      (await inject(t.app, orderEndpoints.setStatus, { params: { id: orderId }, headers: pub, body: { status: 'IN_PROGRESS' } }))
        .statusCode,
    ).toBe(200);
    const dispatched = await inject(t.app, orderEndpoints.dispatch, {
      headers: pub,
      body: form({ orderId, courierCompanyName: 'DTDC', trackingId: 'D1234' }),
    });
    expect(dispatched.statusCode).toBe(200);
    const subject = `JSBN: ઓર્ડર ${orderNumber} — રવાના કરેલ`;
    const toLibrary = (await outbox(library.email)).filter((message) => message.subject === subject);
    expect(toLibrary).toHaveLength(1);
    // the library's WhatsApp (the factory's number) gets the same Gujarati text
    expect(
      (await outbox('9123456780')).filter((message) => message.subject === subject).map((message) => [message.channel, message.text]),
    ).toEqual([['whatsapp', toLibrary[0]!.text]]);
    // it names the publisher that dispatched it (decision 039)
    expect(toLibrary[0]!.text).toBe(
      `श्री जैन साहित्य प्रकाशन એ ઓર્ડર ${orderNumber} રવાના કર્યો છે; હવે તેની સ્થિતિ: રવાના કરેલ.\nકુરિયર: DTDC\nટ્રેકિંગ આઈડી: D1234\nhttps://jsbn.test/orders`,
    );

    // the publisher prints the labels: their fixed words follow the publisher's language, not the library's (decision 039)
    const labels = await inject(t.app, orderEndpoints.addressLabels, {
      query: { ids: String(orderId) },
      headers: { ...pub, 'accept-language': 'hi' },
    });
    const label = pdfText(labels.rawPayload, 'labels-hi.pdf');
    expect(label).toContain('प्रति,');
    expect(label).toContain('प्रेषक,');
    expect(label).not.toContain('પ્રતિ,');
    const english = pdfText(
      (await inject(t.app, orderEndpoints.addressLabels, { query: { ids: String(orderId) }, headers: { ...pub, 'accept-language': 'en' } }))
        .rawPayload,
      'labels-en.pdf',
    );
    expect(english).toContain('To,');
    expect(english).toContain('From,');
  });
});

/** The form of registerLibraryRequest, to send with other headers. */
function registrationForm(email: string, logo: Buffer): FormData {
  const fields = {
    name: 'શ્રી જ્ઞાન ભંડાર',
    sanchalak_name: 'શ્રી સંઘ',
    sanchalak_address: 'ઉપાશ્રય',
    address: 'પાલીતાણા',
    email,
    mobile_no: '9426012345',
    whatsapp_no: '9426012345',
    sangh_trust: 'Sangh Sanchalit',
    password: 'Bhandar@123',
  };
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  data.append('logo', new Blob([new Uint8Array(logo)], { type: 'image/jpeg' }), 'l.jpg');
  return data;
}
