/**
 * docs/glossary.md is the one list of terms: no Gujarati or Hindi text of the product — screens,
 * messages, lookups, e-mails, WhatsApp texts, document words — uses a word the glossary says not
 * to use for a concept ('પુસ્તકાલય' for library, 'अनूठा' for a unique JSBN …).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, catalogues, flatten, workingTree, type ReviewedLanguage } from './catalogues.js';

/** A variant not to use, as the glossary writes it: a whole word, or with '…' the start of one. */
export interface Variant {
  lng: ReviewedLanguage;
  text: string;
  concept: string;
}

/** The cells of each row of the table of `markdown` whose header row starts with `header`. */
function tableRows(markdown: string, header: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith(header));
  if (start < 0) return [];
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

const list = (cell: string) => (cell === '—' || cell === '' ? [] : cell.split(/,\s*/));

/** The variants of docs/glossary.md's table of terms (its 'Not in Gujarati' and 'Not in Hindi' columns). */
export function glossaryVariants(markdown: string): Variant[] {
  return tableRows(markdown, '| English |').flatMap(([concept = '', , , gu = '—', hi = '—']) => [
    ...list(gu).map((text) => ({ lng: 'gu' as const, text, concept })),
    ...list(hi).map((text) => ({ lng: 'hi' as const, text, concept })),
  ]);
}

/** A word that belongs to another concept: not to be used where the English says one of `english`. */
export interface FalseFriend {
  english: string[];
  lng: ReviewedLanguage;
  text: string;
}

/** The rows of docs/glossary.md's 'Words that name another concept'. */
export function falseFriends(markdown: string): FalseFriend[] {
  return tableRows(markdown, '| When the English says |').flatMap(([english = '', gu = '—', hi = '—']) => [
    ...list(gu).map((text) => ({ english: list(english), lng: 'gu' as const, text })),
    ...list(hi).map((text) => ({ english: list(english), lng: 'hi' as const, text })),
  ]);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whether `text` uses `variant` as a word (or, ending in '…', as the start of a word): no letter or mark of the word goes on either side. */
export function usesVariant(text: string, variant: string): boolean {
  const stem = variant.endsWith('…');
  const body = escape(variant.replace(/…$/, ''));
  return new RegExp(`(?<![\\p{L}\\p{M}])${body}${stem ? '' : '(?![\\p{L}\\p{M}])'}`, 'u').test(text.normalize('NFC'));
}

const glossary = readFileSync(join(ROOT, 'docs', 'glossary.md'), 'utf8');
const variants = glossaryVariants(glossary);
const friends = falseFriends(glossary);
/** Whether the English `text` says `words` (a word, or with '…' the start of one), in any case. */
const says = (text: string, words: string[]) => words.some((word) => usesVariant(text.toLowerCase(), word.toLowerCase()));
const read = workingTree();
/** Whether `variant` is written in its language's script (not 'WhatsApp'): an English text may hold it only as a Gujarati or Hindi word. */
const inScript = (variant: Variant) => (variant.lng === 'gu' ? /\p{Script=Gujarati}/u : /\p{Script=Devanagari}/u).test(variant.text);

describe('docs/glossary.md', () => {
  it('names the variants not to use, in Gujarati and Hindi script', () => {
    expect(variants.length).toBeGreaterThan(20);
    expect(variants.find((variant) => variant.text === 'પુસ્તકાલય…')?.concept).toBe('library, Gyan Bhandar');
    for (const variant of variants)
      if (!/^WhatsApp$/.test(variant.text))
        expect(variant.text, variant.concept).toMatch(variant.lng === 'gu' ? /\p{Script=Gujarati}/u : /\p{Script=Devanagari}/u);
  });

  it('matches whole words, and word starts for a variant ending in …', () => {
    expect(usesVariant('પુસ્તકનો અનુક્રમ', 'અનુક્રમ')).toBe(true);
    expect(usesVariant('અનુક્રમણિકા PDF', 'અનુક્રમ')).toBe(false);
    expect(usesVariant('જૈન પુસ્તકાલયોમાં શોધો', 'પુસ્તકાલય…')).toBe(true);
    expect(usesVariant('જૈન જ્ઞાન ભંડારોમાં શોધો', 'પુસ્તકાલય…')).toBe(false);
    expect(usesVariant('ई-मेल और WhatsApp से', 'WhatsApp')).toBe(true);
  });

  it.each(catalogues().map((catalogue) => catalogue.name))('is followed by every Gujarati and Hindi text of %s', (name) => {
    const catalogue = catalogues().find((entry) => entry.name === name)!;
    const found: string[] = [];
    // the English catalogue too: it writes the swaroops' names in their script ('ગહુંલી — Gahunli')
    for (const lng of ['en', 'gu', 'hi'] as const) {
      const file = catalogue.file(lng);
      const content = file && read(file);
      if (!content) continue;
      for (const [key, text] of flatten(JSON.parse(content) as Record<string, string>)) {
        for (const variant of variants)
          if ((lng === 'en' ? inScript(variant) : variant.lng === lng) && usesVariant(text, variant.text))
            found.push(`${file} ${key}: '${variant.text}' (${variant.concept}) in "${text}"`);
      }
    }
    expect(found).toEqual([]);
  });

  it('reads the Gujarati and Hindi words of the English catalogues', () => {
    const english = 'ગહૂંળી — Gahunli (song of welcome); sent by WhatsApp';
    const flagged = variants.filter((variant) => inScript(variant) && usesVariant(english, variant.text)).map((variant) => variant.text);
    expect(flagged).toEqual(['ગહૂંળી']);
    expect(variants.filter((variant) => inScript(variant) && usesVariant('ढालिया — Dhaliya', variant.text)).map((v) => v.text)).toEqual([
      'ढालिया',
    ]);
  });

  it('names the words that belong to another concept', () => {
    expect(friends).toContainEqual({ english: ['duplicat…'], lng: 'gu', text: 'નકલ…' });
    expect(friends.find((friend) => friend.text === 'संचालक…')?.english).toEqual(['operator…', 'JSBN team']);
    expect(says('Only operators can do this', ['operator…'])).toBe(true);
    expect(says('Courier details are not available', ['not available'])).toBe(true);
    expect(says('Book is now unavailable for printing', ['not available'])).toBe(false);
  });

  it.each(catalogues().map((catalogue) => catalogue.name))('uses no word of another concept in %s', (name) => {
    const catalogue = catalogues().find((entry) => entry.name === name)!;
    const englishFile = catalogue.file('en');
    const english = englishFile === null ? null : flatten(JSON.parse(read(englishFile)!) as Record<string, string>);
    const found: string[] = [];
    for (const lng of ['gu', 'hi'] as const) {
      const file = catalogue.file(lng);
      const content = file && read(file);
      if (!content) continue;
      for (const [key, text] of flatten(JSON.parse(content) as Record<string, string>)) {
        // a message's key is its English
        const source = english ? english.get(key) : key;
        if (source === undefined) continue;
        for (const friend of friends)
          if (friend.lng === lng && says(source, friend.english) && usesVariant(text, friend.text))
            found.push(`${file} ${key}: '${friend.text}' where the English says "${source}": "${text}"`);
      }
    }
    expect(found).toEqual([]);
  });
});
