import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone.js';
import { optionalPhone, phone } from './schemas/common.js';

describe('phone numbers as people paste them (issue 10)', () => {
  it('keeps the 10 digits of what people paste', () => {
    expect(normalizePhone('+91 98250 12345')).toBe('9825012345');
    expect(normalizePhone('098250-12345')).toBe('9825012345');
    expect(normalizePhone('91-98250-12345')).toBe('9825012345');
    expect(normalizePhone('(079) 2550 1234')).toBe('7925501234');
    expect(normalizePhone('9825012345')).toBe('9825012345');
  });

  it('leaves what is not a phone number for the 10-digit rule to refuse', () => {
    expect(normalizePhone('98250a12345')).toBe('98250a12345');
    expect(normalizePhone('12345')).toBe('12345');
    const mobile = phone('Mobile number must be 10 digits');
    expect(mobile.parse('+91 98250 12345')).toBe('9825012345');
    expect(mobile.safeParse('98250a12345').error?.issues[0]?.message).toBe('Mobile number must be 10 digits');
    expect(mobile.safeParse('+1 415 555 0100').success).toBe(false);
    const landline = optionalPhone('Landline number must be 10 digits');
    expect(landline.parse('')).toBeUndefined();
    expect(landline.parse('079-2550-1234')).toBe('7925501234');
  });
});
