import { describe, expect, it } from 'vitest';
import { initials } from './factories.js';

describe('seed logos', () => {
  it("carry the first letter of the first two words as a reader sees it, for a library's avatar as for a publisher's", () => {
    expect(initials('Shri Hemchandracharya Gyan Bhandar')).toBe('SH');
    expect(initials('Jinvani Granthmala')).toBe('JG');
    // a Gujarati or Devanagari letter with its conjuncts and vowel signs, not the first code unit
    expect(initials('શ્રી જૈન સાહિત્ય')).toBe('શ્રીજૈ');
    expect(initials('श्री महावीर ग्रंथमाला')).toBe('श्रीम');
    expect(initials('  Gyan   Bhandar ')).toBe('GB');
  });
});
