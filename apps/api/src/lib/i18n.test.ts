/**
 * The API speaks the caller's language: the same validation error and the same
 * success message in English, Gujarati and Hindi by `Accept-Language`; an unknown language
 * falls back to English; and the catalogues cover every message of the spec (MSG) in both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookEndpoints, siteEndpoints } from '@jsbn/shared/core';
import {
  BOOK_MSG,
  BULK_MSG,
  FILE_RULES,
  bulkMissingColumnsMessage,
  bulkSameTitleMessage,
  MESSAGE_CATALOGUES,
  MSG,
  catalogueProgressMessage,
  translateMessage,
} from '@jsbn/shared';
import { ENGINES, createTestApp, type TestApp } from '../test/harness.js';
import { inject } from '../test/inject.js';
import { REGISTRATION_MESSAGE } from '../modules/auth/service.js';
import { translate } from './i18n.js';

describe('message catalogues', () => {
  it('translate every message of the spec into Gujarati and Hindi, with the same keys', () => {
    const { gu, hi } = MESSAGE_CATALOGUES;
    expect(Object.keys(gu).sort()).toEqual(Object.keys(hi).sort());
    for (const message of [...Object.values(MSG), REGISTRATION_MESSAGE]) {
      expect(gu[message], `gu: ${message}`).toMatch(/[\u0A80-\u0AFF]/);
      expect(hi[message], `hi: ${message}`).toMatch(/[\u0900-\u097F]/);
    }
  });
});

describe('messages made from a count or from parts', () => {
  it('say one order and several in each language, and name the field of a number rule', () => {
    expect(['1 order placed successfully', '3 orders placed successfully'].map((message) => translate(message, 'hi'))).toEqual([
      '1 ऑर्डर दे दिया गया',
      '3 ऑर्डर दे दिए गए',
    ]);
    expect(['1 order placed successfully', '3 orders placed successfully'].map((message) => translate(message, 'gu'))).toEqual([
      '1 ઓર્ડર અપાઈ ગયો',
      '3 ઓર્ડર અપાઈ ગયા',
    ]);
    expect(translate('Publication year must be a whole number from 1000 to 2100', 'gu')).toBe(
      'પ્રકાશન વર્ષ 1000 થી 2100 વચ્ચેની પૂર્ણ સંખ્યા હોવી જોઈએ',
    );
    expect(translate('Height must be a number from 0.1 to 100', 'hi')).toBe('ऊँचाई 0.1 से 100 के बीच की संख्या होनी चाहिए');
    expect(translate('This order is Dispatched; only a Requested order can be cancelled', 'hi')).toBe(
      "यह ऑर्डर अब 'भेजा गया' है; केवल 'अनुरोधित' ऑर्डर ही रद्द किया जा सकता है",
    );
  });
});

describe('messages with variable parts and the book and file messages of the forms', () => {
  it('are translated whole, their parts carried over', () => {
    const messages = [
      ...Object.values(BOOK_MSG),
      ...Object.values(BULK_MSG),
      bulkSameTitleMessage(12),
      bulkMissingColumnsMessage('Pages'),
      catalogueProgressMessage(42),
      ...Object.values(FILE_RULES).flatMap((rule) => [
        rule.hint,
        rule.label,
        rule.messages.wrongType('scan.tiff', 'image/tiff'),
        rule.messages.tooLarge('big.pdf', 300 * 1024 * 1024),
        rule.messages.tooLarge('big.pdf'),
        rule.messages.wrongBytes('fake.jpg'),
        rule.messages.unreadable('broken.png'),
      ]),
    ];
    for (const [lng, script] of [
      ['gu', /[\u0A80-\u0AFF]/],
      ['hi', /[\u0900-\u097F]/],
    ] as const) {
      for (const message of messages) expect(translateMessage(message, MESSAGE_CATALOGUES[lng]), `${lng}: ${message}`).toMatch(script);
    }
    expect(translateMessage('big.pdf is too large (300.00MB). Maximum PDF file size allowed is 200MB.', MESSAGE_CATALOGUES.gu)).toBe(
      'big.pdf બહુ મોટી છે (300.00MB). PDF ફાઇલ વધુમાં વધુ 200MB ની ચાલે.',
    );
    expect(translateMessage('JPEG or PNG, up to 10 MB', MESSAGE_CATALOGUES.hi)).toBe('JPEG या PNG, 10 MB तक');
  });
});

describe.each(ENGINES)('replies in the caller language on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  /** POST /api/user/contact with a short message and a bad number, in `language`. */
  const badContact = (language?: string) =>
    inject(t.app, siteEndpoints.contact, {
      headers: language ? { 'accept-language': language } : {},
      body: { fullName: 'શ્રી સંઘ', email: 'sangh@example.in', contact: '12', message: 'short' },
    });

  it('answers the same validation error in en, gu and hi; anything else in English', async () => {
    const english = await badContact('en');
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({
      message: 'Contact number must be 10 digits. Message must be at least 10 characters.',
      details: [
        { field: 'contact', message: MSG.contact10 },
        { field: 'message', message: MSG.message10 },
      ],
    });
    expect(english.headers['content-language']).toBe('en');
    expect(english.headers.vary).toMatch(/Accept-Language/);

    const gujarati = await badContact('gu-IN,gu;q=0.9,en;q=0.8');
    expect(gujarati.statusCode).toBe(400);
    expect(gujarati.headers['content-language']).toBe('gu');
    expect(gujarati.json()).toMatchObject({
      message: 'સંપર્ક નંબર 10 અંકનો હોવો જોઈએ. સંદેશ ઓછામાં ઓછા 10 અક્ષરનો હોવો જોઈએ.',
      error: 'VALIDATION_FAILED',
      details: [
        { field: 'contact', message: 'સંપર્ક નંબર 10 અંકનો હોવો જોઈએ' },
        { field: 'message', message: 'સંદેશ ઓછામાં ઓછા 10 અક્ષરનો હોવો જોઈએ' },
      ],
    });

    const hindi = await badContact('hi');
    expect(hindi.json()).toMatchObject({
      message: 'संपर्क नंबर 10 अंकों का होना चाहिए। संदेश कम से कम 10 अक्षरों का होना चाहिए।',
      details: [
        { field: 'contact', message: 'संपर्क नंबर 10 अंकों का होना चाहिए' },
        { field: 'message', message: 'संदेश कम से कम 10 अक्षरों का होना चाहिए' },
      ],
    });

    for (const fallback of ['fr', undefined, '*']) {
      const reply = await badContact(fallback);
      expect(reply.json().message, String(fallback)).toBe('Contact number must be 10 digits. Message must be at least 10 characters.');
    }
  });

  it('answers a success and a 404 in Gujarati', async () => {
    const sent = await inject(t.app, siteEndpoints.contact, {
      headers: { 'accept-language': 'gu' },
      body: { fullName: 'શ્રી સંઘ', email: 'sangh@example.in', contact: '9825012345', message: 'અમને પુસ્તકોની યાદી મોકલશો.' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('આપનો સંદેશ સફળતાપૂર્વક મોકલાઈ ગયો છે!');

    const missing = await inject(t.app, bookEndpoints.one, { params: { id: 999999 }, headers: { 'accept-language': 'gu' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('પુસ્તક મળ્યું નથી');
    // a message without a translation yet stays English, never empty
    expect(translate('A message nobody has translated', 'gu')).toBe('A message nobody has translated');
    // a message with variable parts is found by its pattern, the parts carried over
    expect(translate('No book is registered with JSBN ABCDE-00001-X', 'hi')).toBe('JSBN ABCDE-00001-X के साथ कोई पुस्तक पंजीकृत नहीं है');
  });
});
