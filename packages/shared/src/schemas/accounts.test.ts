import { describe, expect, it } from 'vitest';
import { DISPOSABLE_EMAIL_DOMAINS } from '../constants.js';
import { MSG } from '../messages.js';
import { hasRepeatedDigits, isAcceptableContactEmail, libraryRegistration, publisherRegistration } from './accounts.js';

describe('contact form rules (docs/api.md)', () => {
  it('refuses the 8 disposable domains and malformed addresses', () => {
    expect(DISPOSABLE_EMAIL_DOMAINS).toHaveLength(8);
    for (const domain of DISPOSABLE_EMAIL_DOMAINS) expect(isAcceptableContactEmail(`someone@${domain}`)).toBe(false);
    for (const address of ['a@@b.com', '.a@b.com', 'a.@b.com', 'a..b@c.com', 'a@.b.com', 'a@b', 'ab.com'])
      expect(isAcceptableContactEmail(address), address).toBe(false);
    expect(isAcceptableContactEmail('shah.ramesh@example.co.in')).toBe(true);
  });

  it('finds one digit ten times or any digit four times in a row', () => {
    expect(hasRepeatedDigits('7777777777')).toBe(true);
    expect(hasRepeatedDigits('9800001234')).toBe(true);
    expect(hasRepeatedDigits('9825012345')).toBe(false);
    expect(hasRepeatedDigits('9811181234')).toBe(false);
  });
});

describe('registration schemas', () => {
  it('forces publisher_no to upper case and names each password rule', () => {
    const parsed = publisherRegistration.safeParse({ publisher_no: ' ab12c ' });
    expect(parsed.success).toBe(false);
    const upper = publisherRegistration.shape.publisher_no.parse(' ab12c ');
    expect(upper).toBe('AB12C');
    const messages = (password: string) => {
      const result = libraryRegistration.shape.password.safeParse(password);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages('abc')).toEqual(expect.arrayContaining([MSG.passwordMin, MSG.passwordUpper, MSG.passwordSpecial]));
    expect(messages('ABCDEFGH@')).toEqual([MSG.passwordLower]);
    expect(messages('Abcdefgh@1')).toEqual([]);
  });
});
