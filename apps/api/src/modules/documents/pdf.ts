/**
 * A small layer over pdfkit for documents that mix Gujarati, Devanagari and Latin text
 * (offline forms now; order letters, address labels and catalogues later). pdfkit draws
 * one font per call, so `text` splits each string into script runs (`script-runs.ts`),
 * wraps words itself, and draws every run on a shared baseline in its own Noto face.
 *
 * Units are PDF points (1/72 inch); A4 is 595.28 × 841.89 pt.
 */
import PDFDocument from 'pdfkit';
import { withoutControlCharacters } from '@jsbn/shared/core';
import { fontKey, loadFonts, type FontWeight } from './fonts.js';
import { splitRuns, type ScriptRun } from './script-runs.js';

export type Pdf = PDFKit.PDFDocument;

/** Distance from the top of a line to its baseline, in font sizes (Noto Sans ascent 1069/1000). */
const ASCENT = 1.07;
/** Line pitch in font sizes: room for Gujarati/Devanagari marks above and below (descent 408/1000). */
const LINE_HEIGHT = 1.5;

export interface PdfOptions {
  /** pdfkit page size name or [width, height] in points; default 'A4'. */
  size?: string | [number, number];
  /** Page margin in points on every side; default 50. */
  margin?: number;
  /** Document title (PDF metadata). */
  title?: string;
  /** Keep pages open for `switchToPage` (page footers that need the page count); default false. */
  bufferPages?: boolean;
}

/**
 * A new pdfkit document with the Noto faces registered (see `fonts.ts`) and the regular
 * Latin face selected. Finish it with `pdfBytes`.
 */
export function createPdf(options: PdfOptions = {}): Pdf {
  const doc = new PDFDocument({
    size: options.size ?? 'A4',
    margin: options.margin ?? 50,
    bufferPages: options.bufferPages ?? false,
    info: {
      Title: withoutControlCharacters(options.title ?? 'JSBN', 'single'),
      Creator: 'JSBN — Jain Standard Book Number',
      Producer: 'JSBN',
    },
  });
  for (const [key, font] of loadFonts()) doc.registerFont(key, font);
  doc.font(fontKey('latin', 'regular'));
  return doc;
}

/** Ends `doc` and resolves with the whole PDF file. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export interface TextOptions {
  /** Left edge in points; default the page's left margin. */
  x?: number;
  /** Top of the first line in points; default `doc.y`. */
  y?: number;
  /** Wrapping width in points; default from `x` to the right margin. */
  width?: number;
  /** Font size in points; default 10. */
  size?: number;
  bold?: boolean;
  align?: 'left' | 'center' | 'right';
  /** Fill colour (any pdfkit colour); default black. */
  color?: string;
  /** Extra space between lines in points; default 0. */
  lineGap?: number;
  /** Start a new page when a line would cross the bottom margin; default true. */
  pageBreak?: boolean;
}

interface Word {
  runs: ScriptRun[];
  width: number;
}
interface Line {
  words: Word[];
  width: number;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function runsWidth(doc: Pdf, runs: ScriptRun[], size: number, weight: FontWeight): number {
  let width = 0;
  for (const run of runs) width += doc.font(fontKey(run.face, weight)).fontSize(size).widthOfString(run.text);
  return width;
}

function measureWord(doc: Pdf, value: string, size: number, weight: FontWeight): Word {
  const runs = splitRuns(value);
  return { runs, width: runsWidth(doc, runs, size, weight) };
}

/** Breaks a word wider than `width` into pieces that fit, at grapheme boundaries. */
function breakWord(doc: Pdf, value: string, width: number, size: number, weight: FontWeight): Word[] {
  const pieces: Word[] = [];
  let piece = '';
  for (const { segment } of graphemes.segment(value)) {
    const next = measureWord(doc, piece + segment, size, weight);
    if (piece && next.width > width) {
      pieces.push(measureWord(doc, piece, size, weight));
      piece = segment;
    } else piece += segment;
  }
  if (piece) pieces.push(measureWord(doc, piece, size, weight));
  return pieces;
}

/** Greedy word wrap of one paragraph (no newlines) into lines no wider than `width`. */
function wrap(doc: Pdf, paragraph: string, width: number, size: number, weight: FontWeight, space: number): Line[] {
  const lines: Line[] = [];
  let line: Line = { words: [], width: 0 };
  for (const token of paragraph.split(/\s+/).filter(Boolean)) {
    const word = measureWord(doc, token, size, weight);
    const parts = word.width > width ? breakWord(doc, token, width, size, weight) : [word];
    for (const part of parts) {
      const added = line.words.length ? space + part.width : part.width;
      if (line.words.length && line.width + added > width) {
        lines.push(line);
        line = { words: [part], width: part.width };
      } else {
        line.words.push(part);
        line.width += added;
      }
    }
  }
  lines.push(line);
  return lines;
}

function layout(doc: Pdf, value: string, options: TextOptions) {
  const size = options.size ?? 10;
  const weight: FontWeight = options.bold ? 'bold' : 'regular';
  const x = options.x ?? doc.page.margins.left;
  const width = options.width ?? doc.page.width - doc.page.margins.right - x;
  const space = runsWidth(doc, [{ text: ' ', face: 'latin' }], size, weight);
  const lines = withoutControlCharacters(value)
    .normalize('NFC')
    .split('\n')
    .flatMap((paragraph) => wrap(doc, paragraph, width, size, weight, space));
  const pitch = size * LINE_HEIGHT + (options.lineGap ?? 0);
  return { size, weight, x, width, space, lines, pitch };
}

/**
 * The height in points that `text(doc, value, options)` would take (without page breaks),
 * for sizing boxes and table rows before drawing. Does not draw or move `doc.y`.
 */
export function textHeight(doc: Pdf, value: string, options: TextOptions = {}): number {
  const { lines, pitch } = layout(doc, value, options);
  return lines.length * pitch;
}

/**
 * The width in points of `value` on one line (no wrapping), in the given size and weight.
 */
export function textWidth(doc: Pdf, value: string, options: Pick<TextOptions, 'size' | 'bold'> = {}): number {
  return runsWidth(
    doc,
    splitRuns(withoutControlCharacters(value, 'single').normalize('NFC')),
    options.size ?? 10,
    options.bold ? 'bold' : 'regular',
  );
}

/** `value` as a PDF text string in UTF-16BE hex with a byte-order mark: `<FEFF…>`. */
function pdfTextString(value: string): string {
  let hex = 'FEFF';
  for (let index = 0; index < value.length; index += 1) hex += value.charCodeAt(index).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

/**
 * Draws one run with its left end at `x` on `baseline`; returns its advance width. The glyphs
 * of shaped Indic text are in visual order (ि before its consonant, a reph after the letter it
 * sits on), so the run is wrapped in a marked-content span whose ActualText is the run's
 * logical text: copy, search and pdftotext then read 'ફોર્મ', not 'ફોમર્'. The span is put
 * inside pdfkit's BT…ET, where the transformation matrix is the one the glyphs use (a span
 * around `doc.text` ends under pdfkit's flipped matrix, and poppler then places the text
 * mirrored, reversing the order of lines).
 */
function drawRun(doc: Pdf, run: ScriptRun, x: number, baseline: number, size: number, weight: FontWeight): number {
  doc.font(fontKey(run.face, weight)).fontSize(size);
  // called on the document below (`.call(this, …)`) and put back as it was afterwards
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const addContent = doc.addContent;
  doc.addContent = function (this: Pdf, data: unknown) {
    if (data === 'ET') addContent.call(this, 'EMC');
    addContent.call(this, data);
    if (data === 'BT') addContent.call(this, `/Span << /ActualText ${pdfTextString(run.text)} >> BDC`);
    return this;
  };
  try {
    doc.text(run.text, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
  } finally {
    doc.addContent = addContent;
  }
  return doc.widthOfString(run.text);
}

/**
 * Draws `value` (NFC-normalised; `\n` starts a new paragraph; runs of white space collapse to
 * one space; control characters are dropped, `withoutControlCharacters`) wrapped to `options.width`, switching font per script run so Gujarati and
 * Devanagari conjuncts and reph are shaped by their own Noto face. Words wider than the line
 * break at grapheme boundaries. Leaves `doc.x` at the left edge, `doc.y` below the last line
 * and the fill colour black, and returns the height drawn in points (on the last page when
 * it broke across pages).
 */
export function text(doc: Pdf, value: string, options: TextOptions = {}): number {
  const { size, weight, x, width, space, lines, pitch } = layout(doc, value, options);
  const pageBreak = options.pageBreak ?? true;
  let y = options.y ?? doc.y;
  let startOfPage = y;
  doc.fillColor(options.color ?? 'black');
  for (const line of lines) {
    if (pageBreak && y + pitch > doc.page.height - doc.page.margins.bottom && y > doc.page.margins.top) {
      doc.addPage();
      y = startOfPage = doc.page.margins.top;
    }
    const offset = options.align === 'center' ? (width - line.width) / 2 : options.align === 'right' ? width - line.width : 0;
    let cursor = x + offset;
    const baseline = y + size * ASCENT;
    for (const word of line.words) {
      for (const run of word.runs) cursor += drawRun(doc, run, cursor, baseline, size, weight);
      cursor += space;
    }
    y += pitch;
  }
  doc.fillColor('black');
  doc.x = x;
  doc.y = y;
  return y - startOfPage;
}

/**
 * Starts a new page when less than `height` points remain above the bottom margin, so a
 * block (a table row, a labelled box) is not split. Returns the `y` to draw the block at.
 */
export function ensureSpace(doc: Pdf, height: number, y: number = doc.y): number {
  if (y + height <= doc.page.height - doc.page.margins.bottom) return y;
  doc.addPage();
  return doc.page.margins.top;
}
