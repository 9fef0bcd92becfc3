/**
 * The e-mails, WhatsApp texts and document words in the recipient's language (issue 13):
 * every catalogue has every English key with the same variables, plurals pick the right form,
 * and only the courier details given are listed.
 */
import { describe, expect, it } from 'vitest';
import { NOTICE_CATALOGUES, courierNoticeLines, noticeText } from './notices.js';

type Catalogue = { [key: string]: string | Catalogue };
const flatten = (catalogue: Catalogue, prefix = ''): [string, string][] =>
  Object.entries(catalogue).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`)));
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
    expect([noticeText('en', 'copies', { count: 1 }), noticeText('en', 'copies', { count: 12 }), noticeText('en', 'books', { count: 3 })]).toEqual(['1 copy', '12 copies', '3 books']);
    expect([noticeText('gu', 'copies', { count: 1 }), noticeText('gu', 'copies', { count: 12 })]).toEqual(['1 નકલ', '12 નકલો']);
    expect([noticeText('hi', 'copies', { count: 1 }), noticeText('hi', 'copies', { count: 12 })]).toEqual(['1 प्रति', '12 प्रतियाँ']);
  });

  it('lists only the courier details the publisher gave, in the language asked', () => {
    expect(courierNoticeLines('en', { courierCompanyName: 'DTDC', courierCompanyNumber: null, trackingId: 'D123' })).toEqual(['Courier: DTDC', 'Tracking id: D123']);
    expect(courierNoticeLines('gu', { trackingId: 'D123' })).toEqual(['ટ્રેકિંગ આઈડી: D123']);
    expect(courierNoticeLines('en', {})).toEqual([]);
  });
});
