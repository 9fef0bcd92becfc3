/**
 * The punctuation of messages (docs/glossary.md, 'Punctuation of messages'): a message of one
 * sentence ends without a full stop ('OTP is required'); a message of two or more sentences is
 * written as prose, each sentence ended by its stop, the last too. Gujarati ends a sentence with
 * '.', Hindi with the danda '।'; a translation ends with a stop exactly when its English does.
 * Checked over the message catalogues (`packages/shared/src/locales/<lng>/messages.json`, keyed by
 * the English). Where messages are joined or set in running text, the code adds the stop
 * (`sentence` of apps/api/src/lib/errors.ts, `translateSentence` of apps/api/src/lib/i18n.ts).
 */
import { describe, expect, it } from 'vitest';
import { catalogues, flatten, workingTree, type ReviewedLanguage } from './catalogues.js';

/** Each language's full stop. */
export const FULL_STOP: Record<ReviewedLanguage, string> = { gu: '.', hi: '।' };

/** How a message ends: a full stop ('.' or '।'), an ellipsis, '?', '!', or none of them. */
export function endingOf(text: string): 'stop' | 'ellipsis' | '?' | '!' | 'none' {
  const trimmed = text.trimEnd();
  if (/(\.\.\.|…)$/.test(trimmed)) return 'ellipsis';
  if (/[.।]$/.test(trimmed)) return 'stop';
  if (trimmed.endsWith('?')) return '?';
  if (trimmed.endsWith('!')) return '!';
  return 'none';
}

/** Whether an English message has more than one sentence: a '.', '?' or '!' then a capital letter or a `{{part}}` (not 'e.g. EE…'). */
export const sentencesInEnglish = (text: string): number => 1 + [...text.matchAll(/(?<!\be\.g|\bi\.e)[.!?]\s+(?=[A-Z{])/g)].length;

/** What is wrong with the punctuation of `english` and its translations, one line each; empty when nothing is. */
export function punctuationProblems(english: string, translations: Partial<Record<ReviewedLanguage, string>>): string[] {
  const problems: string[] = [];
  const ending = endingOf(english);
  const many = sentencesInEnglish(english) > 1;
  if (!many && ending === 'stop') problems.push(`en "${english}": one sentence, no full stop at its end`);
  if (many && ending === 'none') problems.push(`en "${english}": more than one sentence, the last ends with its stop too`);
  for (const [lng, text] of Object.entries(translations) as [ReviewedLanguage, string][]) {
    const stop = FULL_STOP[lng];
    const translated = endingOf(text);
    if ((ending === 'stop') !== (translated === 'stop'))
      problems.push(
        `${lng} "${text}": ${ending === 'stop' ? `ends with '${stop}'` : 'no full stop at its end'}, as its English "${english}"`,
      );
    else if (translated === 'stop' && !text.trimEnd().endsWith(stop)) problems.push(`${lng} "${text}": its full stop is '${stop}'`);
    const other = lng === 'gu' ? /।/ : /[\p{Script=Devanagari}]\.(\s|$)/u;
    if (other.test(text)) problems.push(`${lng} "${text}": sentences end with '${stop}'`);
  }
  return problems;
}

describe('the punctuation of messages', () => {
  it('reads a message as one sentence or more, and its ending', () => {
    expect(sentencesInEnglish('OTP is required')).toBe(1);
    expect(sentencesInEnglish('An India Post tracking id is two letters, nine digits and IN, e.g. EE123456785IN: please check it')).toBe(1);
    expect(sentencesInEnglish('Invalid number: letters, digits, / - and . only, at most 30 characters')).toBe(1);
    expect(sentencesInEnglish('Too many requests. Please try again later.')).toBe(2);
    expect(sentencesInEnglish('{{name}} is too large. Maximum {{kind}} file size allowed is {{limit}}MB.')).toBe(2);
    expect(
      ['Loading...', 'Are you sure?', 'Sent!', 'Book title is required.', 'આ જરૂરી છે.', 'यह ज़रूरी है।', 'OTP is required'].map(endingOf),
    ).toEqual(['ellipsis', '?', '!', 'stop', 'stop', 'stop', 'none']);
  });

  it('finds a stop after one sentence, a missing last stop, and a stop the translation does not share', () => {
    expect(punctuationProblems('Book title is required', { gu: 'પુસ્તકનું શીર્ષક જરૂરી છે', hi: 'पुस्तक का शीर्षक ज़रूरी है' })).toEqual([]);
    expect(punctuationProblems('Book title is required.', {})).toEqual([
      'en "Book title is required.": one sentence, no full stop at its end',
    ]);
    expect(punctuationProblems('Too many requests. Please try again later', {})).toHaveLength(1);
    expect(punctuationProblems('Book title is required', { gu: 'પુસ્તકનું શીર્ષક જરૂરી છે.', hi: 'पुस्तक का शीर्षक ज़रूरी है।' })).toHaveLength(2);
    expect(punctuationProblems('Too many requests. Please try again later.', { hi: 'बहुत अधिक अनुरोध. बाद में प्रयास करें.' })).toEqual([
      `hi "बहुत अधिक अनुरोध. बाद में प्रयास करें.": its full stop is '।'`,
      `hi "बहुत अधिक अनुरोध. बाद में प्रयास करें.": sentences end with '।'`,
    ]);
  });

  it('is followed by every message of the catalogues, in English, Gujarati and Hindi', () => {
    const messages = catalogues().find((catalogue) => catalogue.name === 'shared/messages')!;
    const read = workingTree();
    const texts = (lng: ReviewedLanguage) => flatten(JSON.parse(read(messages.file(lng)!)!) as Record<string, string>);
    const gu = texts('gu');
    const hi = texts('hi');
    expect(gu.size).toBeGreaterThan(400);
    const problems = [...new Set([...gu.keys(), ...hi.keys()])].flatMap((english) =>
      punctuationProblems(english, { ...(gu.has(english) && { gu: gu.get(english)! }), ...(hi.has(english) && { hi: hi.get(english)! }) }),
    );
    expect(problems).toEqual([]);
  });
});
