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

/** The variants of docs/glossary.md's table (its 'Not in Gujarati' and 'Not in Hindi' columns). */
export function glossaryVariants(markdown: string): Variant[] {
  const rows = markdown.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| English') && !line.startsWith('|---'));
  return rows.flatMap((row) => {
    const cells = row.split('|').slice(1, -1).map((cell) => cell.trim());
    const [concept = '', , , gu = '—', hi = '—'] = cells;
    const list = (cell: string) => (cell === '—' || cell === '' ? [] : cell.split(/,\s*/));
    return [...list(gu).map((text) => ({ lng: 'gu' as const, text, concept })), ...list(hi).map((text) => ({ lng: 'hi' as const, text, concept }))];
  });
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
const read = workingTree();

describe('docs/glossary.md', () => {
  it('names the variants not to use, in Gujarati and Hindi script', () => {
    expect(variants.length).toBeGreaterThan(20);
    expect(variants.find((variant) => variant.text === 'પુસ્તકાલય…')?.concept).toBe('library, Gyan Bhandar');
    for (const variant of variants) if (!/^WhatsApp$/.test(variant.text)) expect(variant.text, variant.concept).toMatch(variant.lng === 'gu' ? /\p{Script=Gujarati}/u : /\p{Script=Devanagari}/u);
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
    for (const lng of ['gu', 'hi'] as const) {
      const file = catalogue.file(lng);
      const content = file && read(file);
      if (!content) continue;
      for (const [key, text] of flatten(JSON.parse(content) as Record<string, string>)) {
        for (const variant of variants) if (variant.lng === lng && usesVariant(text, variant.text)) found.push(`${file} ${key}: '${variant.text}' (${variant.concept}) in "${text}"`);
      }
    }
    expect(found).toEqual([]);
  });
});
