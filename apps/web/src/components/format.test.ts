/** What the app shows for values (components/format.ts): empty ones, dates and times in the interface language. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../locales/en/common.json' with { type: 'json' };
import gu from '../locales/gu/common.json' with { type: 'json' };
import hi from '../locales/hi/common.json' with { type: 'json' };
import { formatDate, formatPhone, formatTime, orNA, setValueLanguage } from './format.js';

describe('values as the app shows them', () => {
  afterEach(() => setValueLanguage('en', en.value.empty));

  it("shows an empty value as the spec's N/A in English, and in the interface language once it is set", () => {
    expect([orNA(null), orNA(''), formatDate(undefined), formatDate('not a date'), formatPhone(null), formatTime(null)]).toEqual([
      'N/A',
      'N/A',
      'N/A',
      'N/A',
      'N/A',
      'N/A',
    ]);
    setValueLanguage('gu', gu.value.empty);
    expect([orNA(undefined), formatDate(''), formatPhone('')]).toEqual(['જણાવેલ નથી', 'જણાવેલ નથી', 'જણાવેલ નથી']);
    setValueLanguage('hi', hi.value.empty);
    expect(orNA(null)).toBe('नहीं दिया गया');
    // a value is shown as it is, whatever the language
    expect([orNA(0), orNA('સૂત્ર'), formatDate('2024-03-05T10:00:00Z'), formatPhone('9876543210')]).toEqual([
      '0',
      'સૂત્ર',
      '05/03/2024',
      '+91 9876543210',
    ]);
  });

  it("writes dates DD/MM/YYYY in India's time, and times with the part of the day in words in Gujarati and Hindi", () => {
    const morning = '2024-05-03T02:09:00Z'; // 07:39 in India
    const evening = '2024-05-02T18:45:00Z'; // 00:15 on 3 May in India
    expect([formatDate(morning), formatTime(morning), formatDate(evening)]).toEqual(['03/05/2024', '07:39\u202fam', '03/05/2024']);
    setValueLanguage('hi', hi.value.empty);
    expect([formatDate(morning), formatTime(morning), formatTime('2024-05-03T14:09:00Z')]).toEqual([
      '03/05/2024',
      'सुबह 07:39',
      'शाम 07:39',
    ]);
    setValueLanguage('gu', gu.value.empty);
    expect([formatDate(morning), formatTime(morning), formatTime('2024-05-03T14:09:00Z')]).toEqual([
      '03/05/2024',
      'સવારે 07:39',
      'સાંજે 07:39',
    ]);
  });

  it('is the only way a screen writes a date or a time (no Date method that ignores the interface language)', () => {
    const source = join(import.meta.dirname, '..');
    const files = readdirSync(source, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    const byHand = files.flatMap((file) =>
      readFileSync(join(source, file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          /\.(toTimeString|toDateString|toLocaleTimeString|toLocaleDateString|toUTCString)\(/.test(line)
            ? [`${file}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(byHand).toEqual([]);
  });
});
