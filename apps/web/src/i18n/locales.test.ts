/**
 * Nothing left untranslated. Together with the typed keys (i18next.d.ts: a key the
 * code uses must be in the English catalogue, or the typecheck fails) and the lint rule against
 * literal strings in JSX (eslint.config.js), this fails when a screen text lacks its Gujarati or
 * Hindi entry, when a translation is still English, or when it drops a `{{variable}}`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGE_CATALOGUES } from '@jsbn/shared';

const LOCALES = join(import.meta.dirname, '..', 'locales');
const SCRIPT = { gu: /[\u0A80-\u0AFF]/, hi: /[\u0900-\u097F]/ } as const;
/** Words that stay in Latin letters in every language (docs/glossary.md). */
const LATIN_TERMS =
  /\b(JSBN|ISBN|OTP|PDF|QR|Excel|WhatsApp|E-mail|Email|ID|URL|MB|kB|A4|MARC21|MARCXML|Koha|SOUL|e-Granthalaya|JPEG|PNG|SVG|Word|Noto|Sans|N\/A|DD\/MM\/YYYY|GST|CSV|mrc|xlsx|LibreOffice|Google Sheets|Atom|UPI|UTR|NEFT|IFSC)\b/gi;

type Catalogue = { [key: string]: string | Catalogue };
const read = (lng: string, file: string) => JSON.parse(readFileSync(join(LOCALES, lng, file), 'utf8')) as Catalogue;

/** `catalogue` as `key.path → text`. */
function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((match) => match[1]).sort();
/** Whether `text` still reads as English: a word of three or more Latin letters outside variables, tags and the product's Latin terms. */
const readsEnglish = (text: string) =>
  /[A-Za-z]{3,}/.test(
    text
      .replace(/\{\{[^}]*\}\}/g, '')
      .replace(/<\/?\w+\s*\/?>/g, '')
      .replace(LATIN_TERMS, ''),
  );

const namespaces = readdirSync(join(LOCALES, 'en')).filter((file) => file.endsWith('.json'));

describe('screen text catalogues', () => {
  it('have the same files in every language', () => {
    expect(namespaces.length).toBeGreaterThan(5);
    for (const lng of ['gu', 'hi'])
      expect(
        readdirSync(join(LOCALES, lng))
          .filter((file) => file.endsWith('.json'))
          .sort(),
      ).toEqual([...namespaces].sort());
  });

  describe.each(namespaces)('%s', (file) => {
    const english = flatten(read('en', file));
    it.each(['gu', 'hi'] as const)('is complete in %s, in its own script, with the same variables', (lng) => {
      const translated = flatten(read(lng, file));
      expect([...translated.keys()].sort(), `${lng}/${file}: keys`).toEqual([...english.keys()].sort());
      for (const [key, text] of english) {
        const translation = translated.get(key)!;
        expect(translation.trim(), `${lng}/${file} ${key} is empty`).not.toBe('');
        expect(variables(translation), `${lng}/${file} ${key}: variables`).toEqual(variables(text));
        if (readsEnglish(text)) {
          expect(translation, `${lng}/${file} ${key} is not in ${lng}: "${translation}"`).toMatch(SCRIPT[lng]);
          expect(readsEnglish(translation), `${lng}/${file} ${key} still reads English: "${translation}"`).toBe(false);
        }
      }
    });
  });

  it('list for proofreading only keys that exist', () => {
    const lists = readdirSync(join(LOCALES, 'proofread')).filter((file) => file.endsWith('.json'));
    for (const file of lists) {
      const english = flatten(read('en', file));
      const wanted = JSON.parse(readFileSync(join(LOCALES, 'proofread', file), 'utf8')) as Record<string, string>;
      for (const key of Object.keys(wanted)) expect(english.has(key), `proofread/${file}: ${key}`).toBe(true);
    }
  });
});

describe('message catalogues (@jsbn/shared)', () => {
  it('keep the variables of each message', () => {
    for (const [lng, catalogue] of Object.entries(MESSAGE_CATALOGUES)) {
      for (const [message, translation] of Object.entries(catalogue))
        expect(variables(translation), `${lng}: ${message}`).toEqual(variables(message));
    }
  });
});
