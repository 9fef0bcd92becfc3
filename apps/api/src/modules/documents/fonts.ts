/**
 * Fonts for generated PDFs — DESIGN §7/§9. Noto Sans (OFL-1.1) as installed by npm from
 * `@fontsource/*`: the WOFF files of the Gujarati, Devanagari, Latin and Latin-extended
 * unicode-range subsets, which fontkit (inside pdfkit) reads and shapes. Nothing comes from
 * the system's font directories, so a fresh machine renders the same pages.
 *
 * The files are read once per process; each PDF document registers them under the names
 * of `FontKey` (regular and bold).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The faces a document can use; a script run picks one of them (see `pdf.ts`). */
export const FONT_FACES = ['gujarati', 'devanagari', 'latin', 'latinExt'] as const;
export type FontFace = (typeof FONT_FACES)[number];
export type FontWeight = 'regular' | 'bold';

/** `<face>-<weight>`, the name each font is registered under in a pdfkit document. */
export type FontKey = `${FontFace}-${FontWeight}`;

const FILES: Record<FontFace, { pkg: string; prefix: string }> = {
  gujarati: { pkg: '@fontsource/noto-sans-gujarati', prefix: 'noto-sans-gujarati-gujarati' },
  devanagari: { pkg: '@fontsource/noto-sans-devanagari', prefix: 'noto-sans-devanagari-devanagari' },
  latin: { pkg: '@fontsource/noto-sans', prefix: 'noto-sans-latin' },
  latinExt: { pkg: '@fontsource/noto-sans', prefix: 'noto-sans-latin-ext' },
};
const WEIGHT_NUMBER: Record<FontWeight, number> = { regular: 400, bold: 700 };

/** The font key of `face` at `weight`. */
export const fontKey = (face: FontFace, weight: FontWeight): FontKey => `${face}-${weight}`;

/**
 * The absolute path of the WOFF file of `face` at `weight`, resolved through the package's
 * `exports` (works from `src` under Vitest/tsx and from `dist` in production).
 * @throws Error when the `@fontsource` package is not installed
 */
export function fontPath(face: FontFace, weight: FontWeight): string {
  const { pkg, prefix } = FILES[face];
  return require.resolve(`${pkg}/files/${prefix}-${WEIGHT_NUMBER[weight]}-normal.woff`);
}

let cache: Map<FontKey, Buffer> | undefined;

/**
 * Every font file as bytes, keyed by `FontKey`; read from disk on the first call and kept
 * for the process (about 0.5 MB in all).
 * @throws Error when a font file is missing
 */
export function loadFonts(): ReadonlyMap<FontKey, Buffer> {
  if (!cache) {
    const fonts = new Map<FontKey, Buffer>();
    for (const face of FONT_FACES) {
      for (const weight of ['regular', 'bold'] as const) fonts.set(fontKey(face, weight), readFileSync(fontPath(face, weight)));
    }
    cache = fonts;
  }
  return cache;
}
