import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text.js';

describe('plainText', () => {
  it('writes strings, numbers, booleans and bigints as String does, nothing for null and undefined, objects as JSON', () => {
    expect(['કલ્પસૂત્ર', 12.5, false, 10n, null, undefined, { a: 1 }, ['x', 2]].map(plainText)).toEqual([
      'કલ્પસૂત્ર',
      '12.5',
      'false',
      '10',
      '',
      '',
      '{"a":1}',
      '["x",2]',
    ]);
  });

  it('writes a date as ISO 8601, not as quoted JSON, and an invalid date as nothing', () => {
    expect([new Date(Date.UTC(2026, 10, 27, 13, 5)), new Date(Number.NaN)].map(plainText)).toEqual(['2026-11-27T13:05:00.000Z', '']);
  });
});
