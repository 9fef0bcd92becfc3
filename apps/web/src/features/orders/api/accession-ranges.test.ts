/** The accession numbers an order shelved, written short on the order ('3 copies shelved: 1041–1043'). */
import { describe, expect, it } from 'vitest';
import { accessionRanges } from './accession-ranges.js';

describe('accessionRanges', () => {
  it('writes a run of consecutive numbers as its first and last', () => {
    expect(accessionRanges(['1041', '1042', '1043'])).toBe('1041–1043');
  });

  it('writes one number alone, and breaks runs where a number was changed or left out', () => {
    expect(accessionRanges(['7'])).toBe('7');
    expect(accessionRanges(['1041', '1042', '1044', '1045', '1050'])).toBe('1041–1042, 1044–1045, 1050');
    expect(accessionRanges(['1041', '1043', 'HS/12'])).toBe('1041, 1043, HS/12');
    expect(accessionRanges([])).toBe('');
  });
});
