import { describe, expect, it } from 'vitest';
import { BOOK_SIZE_PRESETS, INDIAN_STATES, PUBLISHER_TYPES, SANCHALAK_TYPES } from './constants.js';
import { LOOKUP_CATALOGUES } from './lookup-catalogues.js';
import { authorsText, languageText, lookupText, subjectsText, swaroopText, type LookupKind } from './lookup-text.js';
import { AUTHOR_TYPES, LANGUAGES, SUBJECTS, SWAROOPS } from './lookups.js';

describe('the swaroop list (about 70 Jain literary forms)', () => {
  it('has about 70 forms with unique codes, Gujarati labels (NFC) and English glosses', () => {
    expect(SWAROOPS.length).toBeGreaterThanOrEqual(70);
    expect(new Set(SWAROOPS.map((swaroop) => swaroop.code)).size).toBe(SWAROOPS.length);
    for (const code of ['AKS1', 'AVC1', 'GAD', 'TIK1', 'SAT1', 'SAR3']) expect(SWAROOPS.map((swaroop) => swaroop.code)).toContain(code);
    for (const swaroop of SWAROOPS) {
      expect(swaroop.label).toMatch(/\p{Script=Gujarati}/u);
      expect(swaroop.label).toBe(swaroop.label.normalize('NFC'));
      expect(swaroop.gloss).toMatch(/^[A-Z]/);
    }
  });
});

describe("the lookups in the reader's language (locales/<lng>/lookups.json)", () => {
  const STORED: Record<LookupKind, readonly string[]> = {
    languages: [...new Set(LANGUAGES.flatMap((language) => language.language_name.split(', ')))],
    subjects: SUBJECTS.map((subject) => subject.subject_name),
    authorTypes: AUTHOR_TYPES.map((type) => type.author_type),
    swaroops: SWAROOPS.map((swaroop) => swaroop.code),
    bookSizes: BOOK_SIZE_PRESETS.map((size) => size.key),
    publisherTypes: PUBLISHER_TYPES,
    sanchalakTypes: SANCHALAK_TYPES,
    states: INDIAN_STATES,
  };
  const SCRIPT = { gu: /\p{Script=Gujarati}/u, hi: /\p{Script=Devanagari}/u } as const;

  it.each(['en', 'gu', 'hi'] as const)('name every stored value in %s, and nothing else', (lng) => {
    const catalogue = LOOKUP_CATALOGUES[lng];
    for (const [kind, values] of Object.entries(STORED) as [LookupKind, readonly string[]][]) {
      expect(Object.keys(catalogue[kind]).sort(), `${lng} ${kind}`).toEqual([...values].sort());
      for (const value of values) {
        const text = catalogue[kind][value]!;
        expect(text, `${lng} ${kind} ${value}`).toBe(text.normalize('NFC'));
        // Gujarati and Hindi screens show no Latin word (the swaroop's code is added by swaroopText)
        if (lng !== 'en') expect(text, `${lng} ${kind} ${value}`).toMatch(SCRIPT[lng]);
        if (lng !== 'en') expect(text, `${lng} ${kind} ${value}`).not.toMatch(/[A-Za-z]/);
      }
    }
  });

  it("shows a book in the reader's language, and a value it does not know as stored", () => {
    const book = {
      language: 'Gujarati, Sanskrit',
      type: 'TAB1',
      subjects: [{ subject_name: 'Agam' }, { subject_name: 'Devotion' }],
      other_subject: 'સ્વાધ્યાય',
      authors: [{ author_name: 'હરિભદ્રસૂરિ', author_type: 'Commentator' }],
    };
    const hi = LOOKUP_CATALOGUES.hi;
    expect(languageText(hi, book.language)).toBe('गुजराती, संस्कृत');
    expect(languageText(hi, 'Pali')).toBe('Pali');
    expect(subjectsText(hi, book)).toBe('आगम, भक्ति, સ્વાધ્યાય');
    expect(authorsText(hi, book.authors)).toBe('હરિભદ્રસૂરિ (टीकाकार)');
    expect(swaroopText(hi, book)).toBe('TAB1 – टब्बा (पंक्तियों के बीच लोकभाषा में अर्थ)');
    expect(swaroopText(LOOKUP_CATALOGUES.gu, { type: null, other_type: 'ગહુંલી સંગ્રહ' })).toBe('ગહુંલી સંગ્રહ');
    expect(swaroopText(LOOKUP_CATALOGUES.en, book)).toBe('TAB1 – ટબ્બો — Tabba (vernacular interlinear gloss)');
    expect(lookupText(LOOKUP_CATALOGUES.gu, 'bookSizes', 'pocket')).toBe('પૉકેટ');
    expect(lookupText(LOOKUP_CATALOGUES.gu, 'publisherTypes', 'Trust')).toBe('ટ્રસ્ટ');
  });
});
