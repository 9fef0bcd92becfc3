/**
 * QR codes a printer can use: vector art of a book's QR code for its back
 * cover, with 'JSBN PPPPP-NNNNN-C' under it — as SVG (the text as outlines of Noto Sans, so it
 * prints the same without the font) and as PDF — and an A4 sheet of QR labels of many books.
 *
 * Every code holds the book page's URL, error correction level M (a scuffed cover still scans),
 * a quiet zone of 4 modules (ISO/IEC 18004), and is `size` millimetres wide including the quiet
 * zone: 20, 25 or 30 mm. Units: mm in the API, points (1/72 inch) inside PDFs.
 */
import * as fontkit from 'fontkit';
import QRCode from 'qrcode';
import { formatJsbn, type QR_PRINT_SIZES_MM } from '@jsbn/shared';
import { fontPath } from './fonts.js';
import { createPdf, pdfBytes, text, textWidth, type Pdf } from './pdf.js';

/** A size offered (`QR_PRINT_SIZES_MM`), in mm: the width of the code with its quiet zone. */
export type QrPrintSize = (typeof QR_PRINT_SIZES_MM)[number];

/** White modules around the code on every side. */
const QUIET_ZONE = 4;
/** Points per millimetre. */
const PT_PER_MM = 72 / 25.4;
/** The caption's font size as a share of the code's width. */
const CAPTION_SIZE = 0.085;

/** The dark modules of the QR code of `url`, and its width in modules (without the quiet zone). */
function qrMatrix(url: string): { count: number; dark: (row: number, column: number) => boolean } {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  return { count: modules.size, dark: (row, column) => Boolean(modules.get(row, column)) };
}

/**
 * The dark modules as runs per row (`[row, firstColumn, length]`), so a drawing has one
 * rectangle per run instead of one per module.
 */
function darkRuns(url: string): { count: number; runs: [number, number, number][] } {
  const { count, dark } = qrMatrix(url);
  const runs: [number, number, number][] = [];
  for (let row = 0; row < count; row += 1) {
    let start = -1;
    for (let column = 0; column <= count; column += 1) {
      const on = column < count && dark(row, column);
      if (on && start < 0) start = column;
      if (!on && start >= 0) {
        runs.push([row, start, column - start]);
        start = -1;
      }
    }
  }
  return { count, runs };
}

/** The caption under a code. */
export const qrCaption = (jsbn: string) => `JSBN ${formatJsbn(jsbn)}`;

let latin: fontkit.Font | undefined;
/** Noto Sans Regular, for the caption's outlines. */
function captionFont(): fontkit.Font {
  latin ??= fontkit.openSync(fontPath('latin', 'regular')) as fontkit.Font;
  return latin;
}

/**
 * The QR code of `url` as an SVG document `size` mm wide, the caption below it as outlines.
 * @returns the SVG text (UTF-8)
 */
export function qrPrintSvg(url: string, jsbn: string, size: QrPrintSize): string {
  const { count, runs } = darkRuns(url);
  const width = count + QUIET_ZONE * 2;
  // the caption: CAPTION_SIZE of the width, in module units, shrunk to fit inside the quiet zone
  const font = captionFont();
  const caption = font.layout(qrCaption(jsbn));
  const advance = caption.glyphs.reduce((sum, _glyph, index) => sum + caption.positions[index]!.xAdvance, 0);
  const room = width - 2;
  const fontSize = Math.min(width * CAPTION_SIZE, (room * font.unitsPerEm) / advance);
  const scale = fontSize / font.unitsPerEm;
  const baseline = width + fontSize * 0.2 + font.ascent * scale;
  const height = baseline + Math.abs(font.descent) * scale + fontSize * 0.3;
  let x = (width - advance * scale) / 2;
  const glyphs: string[] = [];
  caption.glyphs.forEach((glyph, index) => {
    const position = caption.positions[index]!;
    glyphs.push(
      glyph.path
        .scale(scale, -scale)
        .translate(x + position.xOffset * scale, baseline - position.yOffset * scale)
        .toSVG(),
    );
    x += position.xAdvance * scale;
  });
  const modules = runs.map(([row, column, length]) => `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h${length}v1h-${length}z`).join('');
  const mm = (value: number) => `${Number(((value / width) * size).toFixed(3))}mm`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${mm(width)}" height="${mm(height)}" viewBox="0 0 ${width} ${Number(height.toFixed(3))}" shape-rendering="crispEdges">`,
    `<title>${qrCaption(jsbn)}</title>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<path fill="#000" d="${modules}"/>`,
    `<path fill="#000" shape-rendering="geometricPrecision" d="${glyphs.join('')}"/>`,
    '</svg>',
  ].join('\n');
}

/** Draws the code of `url` with its caption, `size` mm wide, its top left corner at (`x`, `y`) points. @returns the height drawn in points */
function drawLabel(doc: Pdf, url: string, jsbn: string, size: QrPrintSize, x: number, y: number): number {
  const { count, runs } = darkRuns(url);
  const width = size * PT_PER_MM;
  const module = width / (count + QUIET_ZONE * 2);
  for (const [row, column, length] of runs)
    doc.rect(x + (column + QUIET_ZONE) * module, y + (row + QUIET_ZONE) * module, length * module, module);
  doc.fillColor('black').fill();
  const caption = qrCaption(jsbn);
  const room = width - 2 * module;
  const fontSize = Math.min(width * CAPTION_SIZE, (room / textWidth(doc, caption, { size: 10 })) * 10);
  text(doc, caption, { x, y: y + width, width, size: fontSize, align: 'center', pageBreak: false });
  return width + fontSize * 1.5;
}

/** The QR code of `url` as a one-label PDF page, exactly the label's size. @returns the PDF bytes */
export async function qrPrintPdf(url: string, jsbn: string, size: QrPrintSize): Promise<Buffer> {
  const width = size * PT_PER_MM;
  const height = width * (1 + CAPTION_SIZE * 1.5);
  const doc = createPdf({ size: [width, height], margin: 0, title: qrCaption(jsbn) });
  drawLabel(doc, url, jsbn, size, 0, 0);
  return pdfBytes(doc);
}

/** One book on a label sheet. */
export interface SheetLabel {
  url: string;
  jsbn: string;
  /** The title in its own script (cut to one line on the label). */
  title: string;
}

/** Space around each label on the sheet and the sheet's margin, in mm. */
const SHEET_GAP_MM = 6;
const SHEET_MARGIN_MM = 10;

/** `value` cut with '…' to fit `width` points at `size`. */
function oneLine(doc: Pdf, value: string, width: number, size: number): string {
  if (textWidth(doc, value, { size }) <= width) return value;
  const characters = [...new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(value)].map((part) => part.segment);
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (textWidth(doc, `${characters.slice(0, middle).join('').trimEnd()}…`, { size }) <= width) low = middle;
    else high = middle - 1;
  }
  return `${characters.slice(0, low).join('').trimEnd()}…`;
}

/**
 * An A4 sheet (or several) of QR labels, `size` mm each, in a grid with dashed cutting lines:
 * the code, 'JSBN …' and the title cut to one line.
 * @returns the PDF bytes
 */
export async function qrLabelSheetPdf(labels: SheetLabel[], size: QrPrintSize): Promise<Buffer> {
  const doc = createPdf({ margin: SHEET_MARGIN_MM * PT_PER_MM, title: 'JSBN QR labels' });
  const margin = SHEET_MARGIN_MM * PT_PER_MM;
  const gap = SHEET_GAP_MM * PT_PER_MM;
  const labelWidth = size * PT_PER_MM;
  const titleSize = Math.max(6, labelWidth * CAPTION_SIZE);
  const cellWidth = labelWidth + gap;
  const cellHeight = labelWidth * (1 + CAPTION_SIZE * 1.5) + titleSize * 1.6 + gap;
  const columns = Math.floor((doc.page.width - 2 * margin) / cellWidth);
  const rows = Math.floor((doc.page.height - 2 * margin) / cellHeight);
  // the grid centred across the page
  const start = (doc.page.width - columns * cellWidth) / 2;
  labels.forEach((label, index) => {
    const onPage = index % (columns * rows);
    if (index > 0 && onPage === 0) doc.addPage();
    const left = start + (onPage % columns) * cellWidth;
    const top = margin + Math.floor(onPage / columns) * cellHeight;
    doc.save().rect(left, top, cellWidth, cellHeight).dash(2, { space: 2 }).lineWidth(0.3).strokeColor('#9e9e9e').stroke().restore();
    const x = left + gap / 2;
    const y = top + gap / 2;
    const drawn = drawLabel(doc, label.url, label.jsbn, size, x, y);
    text(doc, oneLine(doc, label.title, labelWidth, titleSize), {
      x,
      y: y + drawn,
      width: labelWidth,
      size: titleSize,
      align: 'center',
      pageBreak: false,
    });
  });
  return pdfBytes(doc);
}
