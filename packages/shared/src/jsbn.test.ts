import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JSBN_ALPHABET, formatJsbn, isValidJsbn, jsbnCheckCharacter, makeJsbn, normalizeJsbn } from './jsbn.js';

const publisherNo = fc.string({ unit: fc.constantFrom(...JSBN_ALPHABET), minLength: 5, maxLength: 5 });
const sequence = fc.integer({ min: 1, max: 99_999 });

/** Deterministic generator of canonical JSBNs for the error-detection measurements. */
function* generatedJsbns(count: number): Generator<string> {
  let seed = 20261121;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  for (let i = 0; i < count; i++) {
    let prefix = '';
    for (let k = 0; k < 5; k++) prefix += JSBN_ALPHABET[(next() >> 8) % 36];
    yield makeJsbn(prefix, ((next() >> 8) % 99_999) + 1);
  }
}

describe('JSBN', () => {
  it('builds PPPPP + 5-digit sequence + check character', () => {
    const jsbn = makeJsbn('ahm01', 7);
    expect(jsbn).toMatch(/^AHM0100007[0-9A-Z]$/);
    expect(formatJsbn(jsbn)).toBe(`AHM01-00007-${jsbn[10]}`);
  });

  it('verifies every number it makes, in any case or hyphenation', () => {
    fc.assert(
      fc.property(publisherNo, sequence, (prefix, seq) => {
        const jsbn = makeJsbn(prefix, seq);
        return isValidJsbn(jsbn) && isValidJsbn(formatJsbn(jsbn).toLowerCase()) && normalizeJsbn(formatJsbn(jsbn)) === jsbn;
      }),
    );
  });

  it('rejects malformed input and out-of-range sequences', () => {
    expect(normalizeJsbn('AHM01-0007-X')).toBeNull();
    expect(isValidJsbn('')).toBe(false);
    expect(() => makeJsbn('AHM0', 1)).toThrow(RangeError);
    expect(() => makeJsbn('AHM01', 0)).toThrow(RangeError);
    expect(() => makeJsbn('AHM01', 100_000)).toThrow(RangeError);
    expect(() => jsbnCheckCharacter('AHM0$')).toThrow(RangeError);
  });

  it('catches every single-character change', () => {
    let changes = 0;
    for (const jsbn of generatedJsbns(300)) {
      for (let position = 0; position < jsbn.length; position++) {
        for (const char of JSBN_ALPHABET) {
          if (position >= 5 && position < 10 && !/[0-9]/.test(char)) continue;
          if (char === jsbn[position]) continue;
          const changed = jsbn.slice(0, position) + char + jsbn.slice(position + 1);
          changes++;
          expect(isValidJsbn(changed), `${jsbn} → ${changed}`).toBe(false);
        }
      }
    }
    expect(changes).toBeGreaterThan(300 * 10 * 9);
  });

  /** Share of neighbour swaps in `numbers` that no longer verify. */
  function swapDetection(numbers: Iterable<string>) {
    let swaps = 0;
    let caught = 0;
    for (const jsbn of numbers) {
      for (let position = 0; position < jsbn.length - 1; position++) {
        if (jsbn[position] === jsbn[position + 1]) continue;
        const swapped = jsbn.slice(0, position) + jsbn[position + 1] + jsbn[position] + jsbn.slice(position + 2);
        swaps++;
        if (!isValidJsbn(swapped) && checkFails(swapped)) caught++;
      }
    }
    return { swaps, rate: caught / swaps };
  }

  /** The bare MOD 37,36 check over 11 characters, without the JSBN shape rules. */
  function checkFails(candidate: string): boolean {
    return jsbnCheckCharacter(candidate.slice(0, 10)) !== candidate[10];
  }

  it('catches over 99.8 % of swaps of two neighbours over generated 10-character bodies (the ISO 7064 figure)', () => {
    function* randomBodies(count: number) {
      let seed = 7064;
      const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
      for (let i = 0; i < count; i++) {
        let body = '';
        for (let k = 0; k < 10; k++) body += JSBN_ALPHABET[(next() >> 8) % 36];
        yield body + jsbnCheckCharacter(body);
      }
    }
    const { swaps, rate } = swapDetection(randomBodies(30_000));
    expect(swaps).toBeGreaterThan(250_000);
    expect(rate).toBeGreaterThan(0.998);
  });

  it('catches over 99.6 % of neighbour swaps in real-shaped JSBNs, whose middle five are digits', () => {
    const { swaps, rate } = swapDetection(generatedJsbns(30_000));
    expect(swaps).toBeGreaterThan(250_000);
    expect(rate).toBeGreaterThan(0.996);
  });
});
