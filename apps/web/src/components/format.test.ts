/** What the app shows for values (components/format.ts): empty ones in the interface language. */
import { afterEach, describe, expect, it } from 'vitest';
import en from '../locales/en/common.json' with { type: 'json' };
import gu from '../locales/gu/common.json' with { type: 'json' };
import hi from '../locales/hi/common.json' with { type: 'json' };
import { formatDate, formatPhone, orNA, setEmptyValue } from './format.js';

describe('values as the app shows them', () => {
  afterEach(() => setEmptyValue(en.value.empty));

  it("shows an empty value as the spec's N/A in English, and in the interface language once it is set", () => {
    expect([orNA(null), orNA(''), formatDate(undefined), formatDate('not a date'), formatPhone(null)]).toEqual(['N/A', 'N/A', 'N/A', 'N/A', 'N/A']);
    setEmptyValue(gu.value.empty);
    expect([orNA(undefined), formatDate(''), formatPhone('')]).toEqual(['ઉપલબ્ધ નથી', 'ઉપલબ્ધ નથી', 'ઉપલબ્ધ નથી']);
    setEmptyValue(hi.value.empty);
    expect(orNA(null)).toBe('उपलब्ध नहीं');
    // a value is shown as it is, whatever the language
    expect([orNA(0), orNA('સૂત્ર'), formatDate('2024-03-05T10:00:00Z'), formatPhone('9876543210')]).toEqual(['0', 'સૂત્ર', '05/03/2024', '+91 9876543210']);
  });
});
