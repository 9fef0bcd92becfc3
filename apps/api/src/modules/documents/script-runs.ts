/**
 * Splits mixed Gujarati / Devanagari / Latin text into runs of one font face each, so that
 * every run goes to fontkit's shaper whole (a conjunct or a reph never straddles two fonts).
 */
import { createRequire } from 'node:module';
import type { FontFace } from './fonts.js';

const require = createRequire(import.meta.url);

/** A piece of text to be drawn in one face. */
export interface ScriptRun {
  text: string;
  face: FontFace;
}

type Ranges = Array<[number, number]>;

/** Parses a CSS unicode-range list (`U+0000-00FF,U+0131`) into inclusive code point ranges. */
function parseRanges(list: string): Ranges {
  return list.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from!, 16), parseInt(to ?? from!, 16)];
  });
}

// The unicode-range of each @fontsource subset file: what the browser would take from it too.
const latinRanges = require('@fontsource/noto-sans/unicode.json') as Record<string, string>;
const gujaratiRanges = require('@fontsource/noto-sans-gujarati/unicode.json') as Record<string, string>;
const devanagariRanges = require('@fontsource/noto-sans-devanagari/unicode.json') as Record<string, string>;
const COVERAGE: Record<FontFace, Ranges> = {
  gujarati: parseRanges(gujaratiRanges.gujarati!),
  devanagari: parseRanges(devanagariRanges.devanagari!),
  latin: parseRanges(latinRanges.latin!),
  latinExt: parseRanges(latinRanges['latin-ext']!),
};

/** True when the subset file of `face` holds a glyph for `codePoint` (by its unicode-range). */
export function faceCovers(face: FontFace, codePoint: number): boolean {
  return COVERAGE[face].some(([from, to]) => codePoint >= from && codePoint <= to);
}

const GUJARATI = /\p{Script=Gujarati}/u;
const DEVANAGARI = /\p{Script=Devanagari}/u;
const FALLBACK_ORDER: FontFace[] = ['latin', 'latinExt', 'gujarati', 'devanagari'];

/**
 * The face for one character: Gujarati and Devanagari letters and signs go to their script's
 * face; shared characters (danda, ZWJ/ZWNJ, ₹, dotted circle, space) stay in the current run's
 * face when it holds them; anything else goes to the first face that holds it, else Latin.
 */
function faceOf(char: string, current: FontFace | undefined): FontFace {
  if (GUJARATI.test(char)) return 'gujarati';
  if (DEVANAGARI.test(char)) return 'devanagari';
  const codePoint = char.codePointAt(0)!;
  if (current && (char === ' ' || faceCovers(current, codePoint))) return current;
  return FALLBACK_ORDER.find((face) => faceCovers(face, codePoint)) ?? 'latin';
}

/**
 * Splits `value` into consecutive runs, each drawable in one face; concatenating the runs'
 * text gives `value` back unchanged. Empty input gives no runs.
 */
export function splitRuns(value: string): ScriptRun[] {
  const runs: ScriptRun[] = [];
  let current: ScriptRun | undefined;
  for (const char of value) {
    const face = faceOf(char, current?.face);
    if (current && current.face === face) current.text += char;
    else runs.push((current = { text: char, face }));
  }
  return runs;
}
