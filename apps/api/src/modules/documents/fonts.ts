/**
 * Fonts for generated PDFs — decision 004 and decision 005: Noto Sans faces (OFL-1.1) shipped with the app,
 * never the system's font directories, so a fresh machine renders the same pages.
 *
 * - Gujarati: `apps/api/assets/fonts/NotoSansGujarati-{Regular,Bold}.ttf` (version 2.001,
 *   copied from Debian's fonts-noto-core; licence in `assets/fonts/OFL.txt`). The npm build
 *   (`@fontsource/noto-sans-gujarati` 5.x, font version 2.106) has a mark anchor that makes
 *   fontkit 2.0.4 throw on અં / આં / અઁ (`anchor.xCoordinate` of null), so it cannot be used.
 * - Devanagari, Latin and Latin-extended: the WOFF files of the unicode-range subsets of
 *   `@fontsource/noto-sans-devanagari` and `@fontsource/noto-sans` (npm), which fontkit reads.
 *
 * The files are read and parsed by fontkit once per process; each PDF registers the parsed
 * fonts under the names of `FontKey` (regular and bold), so the tables its text needs (the
 * character map, the shaping rules, the glyphs) are decoded once per process rather than once
 * per PDF (pdfkit takes a fontkit font as well as bytes; each document still embeds its own
 * subset; decision 061).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);
/** `apps/api/assets/fonts/` — three levels above this file in both `src/` and `dist/`. */
const ASSET_FONTS = new URL('../../../assets/fonts/', import.meta.url);

/** The faces a document can use; a script run picks one of them (see `script-runs.ts`). */
export const FONT_FACES = ['gujarati', 'devanagari', 'latin', 'latinExt'] as const;
export type FontFace = (typeof FONT_FACES)[number];
export type FontWeight = 'regular' | 'bold';

/** `<face>-<weight>`, the name each font is registered under in a pdfkit document. */
export type FontKey = `${FontFace}-${FontWeight}`;

const WEIGHT_NUMBER: Record<FontWeight, number> = { regular: 400, bold: 700 };
const FILES: Record<FontFace, (weight: FontWeight) => string> = {
  gujarati: (weight) => fileURLToPath(new URL(`NotoSansGujarati-${weight === 'bold' ? 'Bold' : 'Regular'}.ttf`, ASSET_FONTS)),
  devanagari: (weight) =>
    require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${WEIGHT_NUMBER[weight]}-normal.woff`),
  latin: (weight) => require.resolve(`@fontsource/noto-sans/files/noto-sans-latin-${WEIGHT_NUMBER[weight]}-normal.woff`),
  latinExt: (weight) => require.resolve(`@fontsource/noto-sans/files/noto-sans-latin-ext-${WEIGHT_NUMBER[weight]}-normal.woff`),
};

/** The font key of `face` at `weight`. */
export const fontKey = (face: FontFace, weight: FontWeight): FontKey => `${face}-${weight}`;

/**
 * The absolute path of the font file of `face` at `weight`.
 * @throws Error when an `@fontsource` package is not installed
 */
export function fontPath(face: FontFace, weight: FontWeight): string {
  return FILES[face](weight);
}

let fonts: Map<FontKey, fontkit.Font> | undefined;

/**
 * Every font parsed by fontkit, keyed by `FontKey`; read and parsed on the first call and kept
 * for the process (about 1 MB of files), shared by every document (`createPdf`). Sharing is safe:
 * fontkit keeps only what it decoded, and its shaping runs synchronously, so two documents never
 * shape with one font at the same moment; each document keeps its own subset and layout cache.
 * @throws Error when a font file is missing or not a font
 */
export function loadFonts(): ReadonlyMap<FontKey, fontkit.Font> {
  if (!fonts) {
    const loaded = new Map<FontKey, fontkit.Font>();
    for (const face of FONT_FACES) {
      for (const weight of ['regular', 'bold'] as const)
        loaded.set(fontKey(face, weight), fontkit.create(readFileSync(fontPath(face, weight))) as fontkit.Font);
    }
    fonts = loaded;
  }
  return fonts;
}

/** True when the regular font of `face` has a glyph for `codePoint` (bold covers the same). */
export function faceHasGlyph(face: FontFace, codePoint: number): boolean {
  return loadFonts().get(fontKey(face, 'regular'))!.hasGlyphForCodePoint(codePoint);
}
