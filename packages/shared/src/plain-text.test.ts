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
});
