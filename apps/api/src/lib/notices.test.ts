/**
 * The e-mails, WhatsApp texts and document words in the recipient's language:
 * every catalogue has every English key with the same variables, plurals pick the right form,
 * and only the courier details given are listed.
 */
import { describe, expect, it } from 'vitest';
import { NOTICE_CATALOGUES, courierNoticeLines, noticeText } from './notices.js';

type Catalogue = { [key: string]: string | Catalogue };
const flatten = (catalogue: Catalogue, prefix = ''): [string, string][] =>
  Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );
const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('notice catalogues', () => {
  const english = new Map(flatten(NOTICE_CATALOGUES.en));
  it.each(['gu', 'hi'] as const)('%s has every English key, with the same variables, in its own script', (lng) => {
    const translated = new Map(flatten(NOTICE_CATALOGUES[lng]));
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    const script = lng === 'gu' ? /[\u0A80-\u0AFF]/ : /[\u0900-\u097F]/;
    for (const [key, text] of english) {
      expect(variables(translated.get(key)!), `${lng} ${key}`).toEqual(variables(text));
      // 'JSBN' stays JSBN in every language
      if (text !== 'JSBN') expect(translated.get(key), `${lng} ${key}`).toMatch(script);
    }
  });

  it('writes counts in the singular and the plural of each language', () => {
    expect([
      noticeText('en', 'copies', { count: 1 }),
      noticeText('en', 'copies', { count: 12 }),
      noticeText('en', 'books', { count: 3 }),
    ]).toEqual(['1 copy', '12 copies', '3 books']);
    expect([noticeText('gu', 'copies', { count: 1 }), noticeText('gu', 'copies', { count: 12 })]).toEqual(['1 નકલ', '12 નકલો']);
    expect([noticeText('hi', 'copies', { count: 1 }), noticeText('hi', 'copies', { count: 12 })]).toEqual(['1 प्रति', '12 प्रतियाँ']);
  });

  it('puts a count before a postposition in the oblique case in Hindi', () => {
    const order = (lng: 'en' | 'gu' | 'hi', books: number, copies: number) =>
      noticeText(lng, 'newOrder.text', {
        library: 'L',
        books: noticeText(lng, 'books', { count: books, context: 'oblique' }),
        copies: noticeText(lng, 'copies', { count: copies, context: 'oblique' }),
        link: 'x',
      });
    expect(order('hi', 2, 7)).toBe("L ने 2 पुस्तकों की कुल 7 प्रतियों का ऑर्डर दिया है। 'आए हुए ऑर्डर' खोलें: x");
    expect(order('hi', 1, 1)).toBe("L ने 1 पुस्तक की कुल 1 प्रति का ऑर्डर दिया है। 'आए हुए ऑर्डर' खोलें: x");
    expect(order('gu', 2, 7)).toBe("L એ 2 પુસ્તકોની કુલ 7 નકલોનો ઓર્ડર આપ્યો છે. 'આવેલા ઓર્ડર' ખોલો: x");
    expect(order('en', 2, 7)).toBe('L has ordered 7 copies of 2 books. Open Received Orders: x');
    // a count standing alone keeps the direct case
    expect(noticeText('hi', 'books', { count: 3 })).toBe('3 पुस्तकें');
  });

  it('lists only the courier details the publisher gave, in the language asked', () => {
    expect(courierNoticeLines('en', { courierCompanyName: 'DTDC', courierCompanyNumber: null, trackingId: 'D123' })).toEqual([
      'Courier: DTDC',
      'Tracking id: D123',
    ]);
    expect(courierNoticeLines('gu', { trackingId: 'D123' })).toEqual(['ટ્રેકિંગ આઈડી: D123']);
    expect(courierNoticeLines('en', {})).toEqual([]);
  });
});
