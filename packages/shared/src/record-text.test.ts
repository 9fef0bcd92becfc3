/** The record of changes' values as a reader reads them (record-text.ts), in en, gu and hi. */
import { describe, expect, it } from 'vitest';
import { LOOKUP_CATALOGUES, RECORD_CATALOGUES } from './lookup-catalogues.js';
import { readsAsChange, recordChangeText, type RecordChange, type RecordWords } from './record-text.js';

const wordsIn = (lng: 'en' | 'gu' | 'hi'): RecordWords => ({
  lookups: LOOKUP_CATALOGUES[lng],
  record: RECORD_CATALOGUES[lng],
  moment: (iso) => `moment ${iso}`,
  day: (date) => date.split('-').reverse().join('/'),
});
const read = (change: RecordChange, lng: 'en' | 'gu' | 'hi' = 'en') => recordChangeText(change, wordsIn(lng));

/** Every key of a catalogue, as paths. */
const paths = (texts: object, prefix = ''): string[] =>
  Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : paths(value as object, `${prefix}${key}.`),
  );

describe("the record's values in the reader's language", () => {
  it('names a swaroop, a language, subjects and a publisher type by the lookups, as the book page does', () => {
    expect(read({ field: 'type', before: null, after: 'AGM1' })).toEqual({ before: '—', after: 'આગમ — Agam (canonical text)' });
    expect(read({ field: 'type', before: 'AGM1', after: 'TIK1' }, 'gu')).toEqual({
      before: 'આગમ (મૂળ શાસ્ત્રગ્રંથ)',
      after: LOOKUP_CATALOGUES.gu.swaroops.TIK1,
    });
    expect(read({ field: 'type', before: 'AGM1', after: null }, 'hi')).toEqual({ before: 'आगम (मूल शास्त्र-ग्रंथ)', after: '—' });
    expect(read({ field: 'language', before: 'Gujarati', after: 'Gujarati, Sanskrit' }, 'gu')).toEqual({
      before: 'ગુજરાતી',
      after: `ગુજરાતી, ${LOOKUP_CATALOGUES.gu.languages.Sanskrit}`,
    });
    expect(read({ field: 'book_subtitle_lang', before: null, after: 'Hindi' }, 'hi')).toEqual({ before: '—', after: 'हिन्दी' });
    expect(read({ field: 'subjects', before: ['Agam'], after: ['Agam', 'Yoga'] }, 'hi')).toEqual({
      before: 'आगम',
      after: `आगम, ${LOOKUP_CATALOGUES.hi.subjects.Yoga}`,
    });
    expect(read({ field: 'publisher_type', before: 'Trust', after: 'Sangh' }, 'gu')).toEqual({
      before: LOOKUP_CATALOGUES.gu.publisherTypes.Trust,
      after: LOOKUP_CATALOGUES.gu.publisherTypes.Sangh,
    });
    // a value the lookups do not know shows as stored
    expect(read({ field: 'language', before: null, after: 'Pali' }, 'gu')).toEqual({ before: '—', after: 'Pali' });
  });

  it("reads a partial accept's reason and a receipt short or damaged as words", () => {
    expect(read({ field: 'partial_reason', before: null, after: 'limited_per_library' })).toEqual({
      before: '—',
      after: 'Limited copies per library',
    });
    expect(read({ field: 'partial_reason', before: null, after: 'out_of_stock' }, 'gu')).toEqual({ before: '—', after: 'નકલો ખલાસ' });
    expect(read({ field: 'received_as', before: null, after: 'short_or_damaged' }, 'hi')).toEqual({
      before: '—',
      after: 'कम या क्षतिग्रस्त',
    });
  });

  it('reads flags, price types, statuses and report kinds as words', () => {
    expect(read({ field: 'book_published', before: false, after: true })).toEqual({ before: 'No', after: 'Yes' });
    expect(read({ field: 'is_available', before: true, after: false }, 'gu')).toEqual({ before: 'હા', after: 'ના' });
    expect(read({ field: 'readers', before: 'No', after: 'Yes' }, 'hi')).toEqual({ before: 'नहीं', after: 'हाँ' });
    expect(read({ field: 'price_kind', before: 'priced', after: 'free' }, 'gu')).toEqual({ before: 'વેચાણ કિંમતે', after: 'નિઃશુલ્ક' });
    expect(read({ field: 'status', before: 'REQUESTED', after: 'IN_PROGRESS' }, 'hi')).toEqual({
      before: 'अनुरोधित',
      after: 'तैयार हो रहा है',
    });
    expect(read({ field: 'status', before: 'OPEN', after: 'NOT_DUPLICATE' })).toEqual({ before: 'Open', after: 'Not a duplicate' });
    expect(read({ field: 'verification', before: 'NEW', after: 'VERIFIED' }, 'gu')).toEqual({
      before: 'હજી ચકાસાયેલ નથી',
      after: 'ચકાસાયેલ',
    });
    expect(read({ field: 'kind', before: null, after: 'NOT_JAIN' }, 'hi')).toEqual({ before: '—', after: 'जैन पुस्तक नहीं' });
    expect(read({ field: 'aadhar_no', before: null, after: '•••' })).toEqual({ before: '—', after: 'hidden' });
    expect(read({ field: 'withdrawn_at', before: null, after: '2026-11-26T14:10:00.000Z' })).toEqual({
      before: '—',
      after: 'moment 2026-11-26T14:10:00.000Z',
    });
    expect(read({ field: 'published_date', before: null, after: '2024-03-01' })).toEqual({ before: '—', after: '01/03/2024' });
  });

  it("tells a stored file's change in a word, never its storage name, and a book's images by how many changed", () => {
    expect(read({ field: 'cover', before: 'a1b2.jpg', after: 'c3d4.jpg' })).toEqual({ summary: 'Replaced' });
    expect(read({ field: 'book_pdf', before: null, after: 'e5f6.pdf' }, 'gu')).toEqual({ summary: 'ઉમેર્યું' });
    expect(read({ field: 'logo_key', before: 'logo.png', after: null }, 'hi')).toEqual({ summary: 'हटाया गया' });
    expect(read({ field: 'images', before: ['a.jpg'], after: ['a.jpg', 'b.jpg', 'c.jpg'] })).toEqual({ summary: '2 added' });
    expect(read({ field: 'images', before: ['a.jpg', 'b.jpg'], after: ['c.jpg'] }, 'gu')).toEqual({ summary: '1 ઉમેર્યાં, 2 કાઢી નાખ્યાં' });
    expect(read({ field: 'images', before: ['a.jpg', 'b.jpg'], after: ['b.jpg', 'a.jpg'] }, 'hi')).toEqual({ summary: 'क्रम बदला गया' });
  });

  it('prints a JSBN with its hyphens, and reads a field empty on both sides as no change', () => {
    expect(read({ field: 'jsbn_number', before: null, after: 'JNVNI00004T' })).toEqual({ before: '—', after: 'JNVNI-00004-T' });
    expect(read({ field: 'first_jsbn', before: null, after: 'JNVNI-00004-T' })).toEqual({ before: '—', after: 'JNVNI-00004-T' });
    expect(readsAsChange(read({ field: 'duplicate_of', before: null, after: null }))).toBe(false);
    expect(readsAsChange(read({ field: 'cover', before: null, after: 'a.jpg' }))).toBe(true);
    expect(readsAsChange(read({ field: 'pages', before: 120, after: 121 }))).toBe(true);
  });

  it('prefers the name the API gives an id (a state, a city, a book)', () => {
    expect(read({ field: 'state_id', before: 12, after: 21, beforeText: 'Gujarat', afterText: 'Maharashtra' })).toEqual({
      before: 'Gujarat',
      after: 'Maharashtra',
    });
    expect(read({ field: 'duplicate_of', before: null, after: 7, afterText: 'ABCDE-00001-X' }, 'gu')).toEqual({
      before: '—',
      after: 'ABCDE-00001-X',
    });
  });

  it.each(['gu', 'hi'] as const)('has every word in %s that English has, in its own script, NFC', (lng) => {
    expect(paths(RECORD_CATALOGUES[lng]).sort()).toEqual(paths(RECORD_CATALOGUES.en).sort());
    const script = lng === 'gu' ? /\p{Script=Gujarati}/u : /\p{Script=Devanagari}/u;
    for (const path of paths(RECORD_CATALOGUES[lng])) {
      const text = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], RECORD_CATALOGUES[lng]) as string;
      expect(text, path).toBe(text.normalize('NFC'));
      if (path !== 'values.empty') expect(text, path).toMatch(script);
    }
  });
});
