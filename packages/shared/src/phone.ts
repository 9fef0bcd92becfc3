/**
 * Indian phone numbers as people write them — '+91 98250 12345', '098250-12345',
 * '0261 2345678' (a landline with its STD code), '(079) 2550 1234' — read by one parser,
 * libphonenumber-js (India's metadata, decision 039), into the 10 digits the spec keeps
 * (docs/api.md; a courier's number). `@jsbn/shared/phone`, not part of `core`, so the web app's
 * start does not carry the parser (decision 078).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { PHONE_DIGITS } from './constants.js';

/** A character no phone number is written with (digits and the signs people put between them are). */
const NOT_PHONE = /[^\d\s\-.()+]/;

/**
 * The spec's 10 digits of an Indian phone number written any usual way: a country code (+91 or
 * 91 before 10 digits), a trunk 0 before an STD code or a mobile number, spaces, dashes, dots and
 * brackets. A value the parser cannot read as an Indian number (letters, another country's
 * code, too few digits) is returned as it is, for the 10-digit rule to refuse with its message.
 */
export function normalizePhone(value: string): string {
  const text = value.trim();
  if (text === '' || NOT_PHONE.test(text)) return text;
  const parsed = parsePhoneNumberFromString(text, 'IN');
  if (!parsed || parsed.countryCallingCode !== '91') return text;
  const national = String(parsed.nationalNumber);
  return national.length === PHONE_DIGITS ? national : text;
}

/** The most digits a way of writing can have: +91/91 and 10 digits, 0 and 10 digits, or 10. */
function digitsAllowed(value: string): number {
  const start = value.replace(/[^\d+]/g, '');
  if (start.startsWith('+')) return PHONE_DIGITS + 2;
  if (start.startsWith('0')) return PHONE_DIGITS + 1;
  if (start.startsWith('91')) return PHONE_DIGITS + 2;
  return PHONE_DIGITS;
}

/**
 * A phone field's text while it is being typed: only what the field will keep — digits, spaces,
 * dashes, dots, brackets and a leading '+' — and no digit past the most the way of writing can
 * have (12 after '+91' or '91', 11 after a trunk 0, 10 otherwise), so a letter or an 11th mobile digit
 * never shows. `normalizePhone` makes the 10 digits of it when the field is left or sent.
 */
export function phoneWhileTyping(value: string): string {
  const kept = value
    .replace(/^\s+/, '')
    .replace(new RegExp(NOT_PHONE.source, 'g'), '')
    .replace(/(?!^)\+/g, '');
  const max = digitsAllowed(kept);
  let digits = 0;
  let out = '';
  for (const char of kept) {
    if (/\d/.test(char)) {
      if (digits === max) continue;
      digits += 1;
    }
    out += char;
  }
  return out;
}
