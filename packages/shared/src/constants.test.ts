import { describe, expect, it } from 'vitest';
import { booksText, copiesText, courierLines } from './constants.js';

describe('order notice wording', () => {
  it('writes one copy and one book in the singular', () => {
    expect([copiesText(1), copiesText(0), copiesText(12)]).toEqual(['1 copy', '0 copies', '12 copies']);
    expect([booksText(1), booksText(3)]).toEqual(['1 book', '3 books']);
  });

  it('lists only the courier details the publisher gave', () => {
    expect(courierLines({ courierCompanyName: 'DTDC', courierCompanyNumber: null, trackingId: 'D123' })).toEqual(['Courier: DTDC', 'Tracking id: D123']);
    expect(courierLines({})).toEqual([]);
  });
});
