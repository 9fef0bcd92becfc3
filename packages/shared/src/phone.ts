/**
 * Indian phone numbers as people paste them (issue 10): '+91 98250 12345', '098250-12345',
 * '(079) 2550 1234' → the 10 digits the spec keeps (accounts §5). Part of `@jsbn/shared/core`.
 */
import { PHONE_DIGITS } from './constants.js';

/**
 * Keeps the digits of `value` and drops a country code (+91 / 91 before 10 digits) or a trunk
 * zero (0 before 10 digits). Anything else is returned as its digits, for the 10-digit rule to
 * judge; a value with letters or other signs is returned as it is (and fails that rule).
 */
export function normalizePhone(value: string): string {
  if (/[^\d\s\-.()+]/.test(value)) return value;
  const digits = value.replace(/\D/g, '');
  if (digits.length === PHONE_DIGITS + 2 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === PHONE_DIGITS + 1 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}
