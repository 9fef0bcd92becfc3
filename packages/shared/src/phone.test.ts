import { describe, expect, it } from 'vitest';
import { normalizePhone, phoneWhileTyping } from './phone.js';
import { contactMessage } from './schemas/accounts.js';
import { optionalPhone, phone } from './schemas/common.js';
import { dispatchFields } from './schemas/orders.js';

describe('phone numbers as people write them (decision 039)', () => {
  it('keeps the 10 digits of a mobile or a landline written any usual way', () => {
    expect(normalizePhone('+91 98250 12345')).toBe('9825012345');
    expect(normalizePhone('098250-12345')).toBe('9825012345');
    expect(normalizePhone('91-98250-12345')).toBe('9825012345');
    expect(normalizePhone('(079) 2550 1234')).toBe('7925501234');
    expect(normalizePhone('0261 2345678')).toBe('2612345678');
    expect(normalizePhone('0261-2345678')).toBe('2612345678');
    expect(normalizePhone('+91 261 234 5678')).toBe('2612345678');
    expect(normalizePhone('9825012345')).toBe('9825012345');
  });

  it('leaves what is not an Indian phone number for the 10-digit rule to refuse', () => {
    expect(normalizePhone('98250a12345')).toBe('98250a12345');
    expect(normalizePhone('12345')).toBe('12345');
    expect(normalizePhone('+1 415 555 0100')).toBe('+1 415 555 0100');
    const mobile = phone('Mobile number must be 10 digits');
    expect(mobile.parse('+91 98250 12345')).toBe('9825012345');
    expect(mobile.safeParse('98250a12345').error?.issues[0]?.message).toBe('Mobile number must be 10 digits');
    expect(mobile.safeParse('+1 415 555 0100').success).toBe(false);
    expect(mobile.safeParse('98250123456').success).toBe(false);
    const landline = optionalPhone('Landline number must be 10 digits');
    expect(landline.parse('')).toBeUndefined();
    expect(landline.parse('079-2550-1234')).toBe('7925501234');
    expect(landline.parse('0261 2345678')).toBe('2612345678');
  });

  it('reads the contact form and the courier number with the same parser', () => {
    const contact = { fullName: 'Anil Shah', email: 'anil@example.in', message: 'Please call me about my books.' };
    expect(contactMessage.parse({ ...contact, contact: '+91 98250 12345' }).contact).toBe('9825012345');
    expect(contactMessage.safeParse({ ...contact, contact: '12345' }).error?.issues[0]?.message).toBe('Contact number must be 10 digits');
    expect(dispatchFields.parse({ orderId: 3, courierCompanyNumber: '0261 2345678' }).courierCompanyNumber).toBe('2612345678');
    expect(dispatchFields.parse({ orderId: 3, courierCompanyNumber: '0' }).courierCompanyNumber).toBeUndefined();
    expect(dispatchFields.safeParse({ orderId: 3, courierCompanyNumber: '12345' }).error?.issues[0]?.message).toBe('Invalid Number');
  });

  it('shows only what a field keeps while it is typed', () => {
    expect(phoneWhileTyping('abc')).toBe('');
    expect(phoneWhileTyping('98250a')).toBe('98250');
    expect(phoneWhileTyping('982501234567')).toBe('9825012345');
    expect(phoneWhileTyping('0261 23456789')).toBe('0261 2345678');
    expect(phoneWhileTyping('+91 98250 123456')).toBe('+91 98250 12345');
    expect(phoneWhileTyping('98+25')).toBe('9825');
    expect(phoneWhileTyping('  0261-2345678')).toBe('0261-2345678');
  });
});
