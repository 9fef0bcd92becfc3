/**
 * The JSBN (Jain Standard Book Number) — decision 001.
 *
 * A JSBN is `PPPPP-NNNNN-C`:
 *  - `PPPPP` the publisher's 5-character unique id (`publisher_no`, A–Z 0–9),
 *  - `NNNNN` the publisher's 5-digit book sequence (`publisher_jsbn_id`, 00001–99999),
 *  - `C`     one check character, ISO/IEC 7064 MOD 37,36 over the first ten characters.
 *
 * Stored canonical (11 characters, no hyphens, upper case); printed and linked with hyphens.
 */

/** The 36 characters of the MOD 37,36 alphabet, in value order (0–9 → 0–9, A–Z → 10–35). */
export const JSBN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const M = 36;

/** Length of a canonical JSBN (without hyphens). */
export const JSBN_LENGTH = 11;
/** Highest per-publisher sequence number a JSBN can hold. */
export const JSBN_MAX_SEQUENCE = 99_999;

const PUBLISHER_NO = /^[A-Z0-9]{5}$/;
const CANONICAL = /^[A-Z0-9]{5}[0-9]{5}[A-Z0-9]$/;

function valueOf(char: string): number {
  const value = JSBN_ALPHABET.indexOf(char);
  if (value < 0) throw new RangeError(`Character "${char}" is not allowed in a JSBN`);
  return value;
}

/** Runs the ISO 7064 hybrid MOD 37,36 recurrence over `chars`, returning the last product. */
function mod3736Product(chars: string): number {
  let product = M;
  for (const char of chars) {
    let sum = (product + valueOf(char)) % M;
    if (sum === 0) sum = M;
    product = (sum * 2) % (M + 1);
  }
  return product;
}

/**
 * Computes the ISO/IEC 7064 MOD 37,36 check character of `body` (upper-case A–Z, 0–9).
 * @throws RangeError when `body` holds any other character.
 */
export function jsbnCheckCharacter(body: string): string {
  const product = mod3736Product(body);
  return JSBN_ALPHABET[(M + 1 - product) % M]!;
}

/**
 * Builds the canonical JSBN (11 characters, no hyphens) of a publisher's book.
 * @param publisherNo the publisher's 5-character unique id (A–Z, 0–9; case-insensitive)
 * @param sequence    the publisher's book sequence, 1–99999
 * @throws RangeError on a malformed publisher_no or an out-of-range sequence
 */
export function makeJsbn(publisherNo: string, sequence: number): string {
  const prefix = publisherNo.trim().toUpperCase();
  if (!PUBLISHER_NO.test(prefix)) throw new RangeError('publisher_no must be 5 characters A–Z or 0–9');
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > JSBN_MAX_SEQUENCE) {
    throw new RangeError(`JSBN sequence must be an integer from 1 to ${JSBN_MAX_SEQUENCE}`);
  }
  const body = prefix + String(sequence).padStart(5, '0');
  return body + jsbnCheckCharacter(body);
}

/**
 * Reduces what a user typed (any case, hyphens, spaces) to the canonical 11 characters.
 * Returns null when the result is not shaped like a JSBN; the check character is not verified.
 */
export function normalizeJsbn(input: string): string | null {
  const compact = input.replace(/[\s\-‐‑–—_.]/g, '').toUpperCase();
  return CANONICAL.test(compact) ? compact : null;
}

/** True when `input` (any case or hyphenation) is a JSBN whose check character verifies. */
export function isValidJsbn(input: string): boolean {
  const canonical = normalizeJsbn(input);
  if (!canonical) return false;
  const product = mod3736Product(canonical.slice(0, 10));
  return (product + valueOf(canonical[10]!)) % M === 1;
}

/** Prints a JSBN as `PPPPP-NNNNN-C`; input may be canonical or already hyphenated. */
export function formatJsbn(input: string): string {
  const canonical = normalizeJsbn(input) ?? input.toUpperCase();
  return `${canonical.slice(0, 5)}-${canonical.slice(5, 10)}-${canonical.slice(10)}`;
}
