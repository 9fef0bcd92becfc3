/**
 * Splits mixed Gujarati / Devanagari / Latin text into runs of one font face each, so that
 * every run goes to fontkit's shaper whole (a conjunct or a reph never straddles two fonts).
 */
import { faceHasGlyph, type FontFace } from './fonts.js';

/** A piece of text to be drawn in one face. */
export interface ScriptRun {
  text: string;
  face: FontFace;
}

const GUJARATI = /\p{Script=Gujarati}/u;
const DEVANAGARI = /\p{Script=Devanagari}/u;
const FALLBACK_ORDER: FontFace[] = ['latin', 'latinExt', 'gujarati', 'devanagari'];

/**
 * The face for one character: Gujarati and Devanagari letters and signs go to their script's
 * face; shared characters (space, digits, danda, ZWJ/ZWNJ, ₹, dotted circle) stay in the
 * current run's face when it has them; anything else goes to the first face that has it, else
 * Latin (which draws the missing-glyph box).
 */
function faceOf(char: string, current: FontFace | undefined): FontFace {
  if (GUJARATI.test(char)) return 'gujarati';
  if (DEVANAGARI.test(char)) return 'devanagari';
  const codePoint = char.codePointAt(0)!;
  if (current && faceHasGlyph(current, codePoint)) return current;
  return FALLBACK_ORDER.find((face) => faceHasGlyph(face, codePoint)) ?? 'latin';
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
