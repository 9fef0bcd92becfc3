/**
 * The PDF writer of a `FormDocument` (A4, printable, for filling in by hand): a header, then
 * each block — labelled writing lines, character boxes, tick boxes and ruled tables — and a
 * footer with the page number on every page.
 */
import type { ChoiceBlock, FieldBlock, FormDocument, TableBlock } from './form-model.js';
import { createPdf, ensureSpace, pdfBytes, text, textHeight, textWidth, type Pdf } from './pdf.js';

const BRAND_COLOR = '#c2410c';
const MUTED = '#555555';
const RULE = '#888888';
const SHADE = '#f1ece8';
const SIZE = 10;
const HINT_SIZE = 8.5;
const LABEL_WIDTH = 190;
const GUTTER = 12;
const ROW_GAP = 7;
const WRITING_PITCH = 22;
const BOX = { width: 15, height: 18, gap: 2 };
const TICK = 9;
const TABLE_ROW = 24;

interface Frame {
  left: number;
  width: number;
}

function frameOf(doc: Pdf): Frame {
  return { left: doc.page.margins.left, width: doc.page.width - doc.page.margins.left - doc.page.margins.right };
}

function hline(doc: Pdf, x1: number, x2: number, y: number, color = RULE) {
  doc.save().lineWidth(0.6).strokeColor(color).moveTo(x1, y).lineTo(x2, y).stroke().restore();
}

function header(doc: Pdf, form: FormDocument, frame: Frame) {
  text(doc, form.brand, { size: 15, bold: true, align: 'center', color: BRAND_COLOR });
  text(doc, form.title, { size: 14, bold: true, align: 'center' });
  if (form.subtitle) text(doc, form.subtitle, { size: 9.5, align: 'center', color: MUTED });
  doc.y += 2;
  text(doc, form.sendTo, { size: 10, bold: true, align: 'center' });
  doc.y += 4;
  hline(doc, frame.left, frame.left + frame.width, doc.y, BRAND_COLOR);
  doc.y += 8;
}

/** Label (with `*`) and hint in the left column; returns their height. */
function labelColumn(doc: Pdf, y: number, frame: Frame, block: FieldBlock | ChoiceBlock, measureOnly = false): number {
  const caption = block.required ? `${block.label} *` : block.label;
  const labelOptions = { x: frame.left, y, width: LABEL_WIDTH, size: SIZE, pageBreak: false };
  const hintOptions = { x: frame.left, width: LABEL_WIDTH, size: HINT_SIZE, color: MUTED, pageBreak: false };
  if (measureOnly) return textHeight(doc, caption, labelOptions) + (block.hint ? textHeight(doc, block.hint, hintOptions) : 0);
  let height = text(doc, caption, labelOptions);
  if (block.hint) height += text(doc, block.hint, { ...hintOptions, y: y + height });
  return height;
}

function field(doc: Pdf, block: FieldBlock, frame: Frame) {
  const extraLines = Math.max(0, (block.lines ?? 1) - 1);
  const needed = Math.max(labelColumn(doc, 0, frame, block, true), BOX.height) + extraLines * WRITING_PITCH + ROW_GAP;
  const y = ensureSpace(doc, needed);
  const labelHeight = labelColumn(doc, y, frame, block);
  const valueLeft = frame.left + LABEL_WIDTH + GUTTER;
  const right = frame.left + frame.width;
  let bottom = y + Math.max(labelHeight, BOX.height);
  if (block.boxes) {
    doc.save().lineWidth(0.6).strokeColor(RULE);
    for (let index = 0; index < block.boxes; index += 1)
      doc.rect(valueLeft + index * (BOX.width + BOX.gap), y, BOX.width, BOX.height).stroke();
    doc.restore();
  } else {
    hline(doc, valueLeft, right, y + SIZE * 1.5);
  }
  for (let index = 1; index <= extraLines; index += 1) {
    const lineY = y + SIZE * 1.5 + index * WRITING_PITCH;
    hline(doc, frame.left, right, lineY);
    bottom = Math.max(bottom, lineY + 2);
  }
  doc.x = frame.left;
  doc.y = bottom + ROW_GAP;
}

/** Lays the options out left to right in the value column, wrapping; returns rows of [x, option]. */
function choiceRows(doc: Pdf, options: string[], left: number, right: number): Array<Array<[number, string]>> {
  const rows: Array<Array<[number, string]>> = [[]];
  let x = left;
  for (const option of options) {
    const width = TICK + 4 + textWidth(doc, option, { size: SIZE });
    if (x > left && x + width > right) {
      rows.push([]);
      x = left;
    }
    rows[rows.length - 1]!.push([x, option]);
    x += width + 16;
  }
  return rows;
}

function choice(doc: Pdf, block: ChoiceBlock, frame: Frame) {
  const valueLeft = frame.left + LABEL_WIDTH + GUTTER;
  const rows = choiceRows(doc, block.options, valueLeft, frame.left + frame.width);
  const pitch = SIZE * 1.5 + 3;
  const y = ensureSpace(doc, Math.max(labelColumn(doc, 0, frame, block, true), rows.length * pitch) + ROW_GAP);
  const labelHeight = labelColumn(doc, y, frame, block);
  rows.forEach((row, index) => {
    const rowY = y + index * pitch;
    for (const [x, option] of row) {
      doc
        .save()
        .lineWidth(0.7)
        .strokeColor('#333333')
        .rect(x, rowY + 4, TICK, TICK)
        .stroke()
        .restore();
      text(doc, option, { x: x + TICK + 4, y: rowY, size: SIZE, pageBreak: false, width: 1000 });
    }
  });
  doc.x = frame.left;
  doc.y = y + Math.max(labelHeight, rows.length * pitch) + ROW_GAP;
}

function table(doc: Pdf, block: TableBlock, frame: Frame) {
  const columns = block.columns.map((title, index) => ({ title, width: (block.widths[index] ?? 0) * frame.width }));
  const headHeight =
    Math.max(...columns.map((column) => textHeight(doc, column.title, { width: column.width - 8, size: SIZE, bold: true }))) + 6;
  const hintHeight = block.hint ? textHeight(doc, block.hint, { size: HINT_SIZE, width: frame.width }) : 0;
  let y = ensureSpace(doc, hintHeight + headHeight + block.rows * TABLE_ROW + ROW_GAP);
  if (block.hint) y += text(doc, block.hint, { y, size: HINT_SIZE, color: MUTED, width: frame.width }) + 2;
  doc.save().rect(frame.left, y, frame.width, headHeight).fill(SHADE).restore();
  let x = frame.left;
  for (const column of columns) {
    text(doc, column.title, { x: x + 4, y: y + 3, width: column.width - 8, size: SIZE, bold: true, pageBreak: false });
    x += column.width;
  }
  const bottom = y + headHeight + block.rows * TABLE_ROW;
  doc.save().lineWidth(0.6).strokeColor(RULE);
  doc.rect(frame.left, y, frame.width, bottom - y).stroke();
  for (let row = 0; row <= block.rows; row += 1) hline(doc, frame.left, frame.left + frame.width, y + headHeight + row * TABLE_ROW);
  x = frame.left;
  for (const column of columns.slice(0, -1)) {
    x += column.width;
    doc.moveTo(x, y).lineTo(x, bottom).stroke();
  }
  doc.restore();
  for (let row = 1; row <= block.rows; row += 1) {
    text(doc, String(row), {
      x: frame.left + 4,
      y: y + headHeight + (row - 1) * TABLE_ROW + 5,
      size: SIZE,
      color: MUTED,
      pageBreak: false,
    });
  }
  doc.x = frame.left;
  doc.y = bottom + ROW_GAP + 2;
}

function footer(doc: Pdf, form: FormDocument, frame: Frame) {
  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page += 1) {
    doc.switchToPage(page);
    const y = doc.page.height - doc.page.margins.bottom + 14;
    hline(doc, frame.left, frame.left + frame.width, y - 4);
    text(doc, `${form.brand} · ${form.requiredNote}`, { x: frame.left, y, width: frame.width, size: 8, color: MUTED, pageBreak: false });
    text(doc, `${page + 1} / ${range.count}`, {
      x: frame.left,
      y,
      width: frame.width,
      size: 8,
      color: MUTED,
      align: 'right',
      pageBreak: false,
    });
  }
}

/**
 * Renders `form` as an A4 PDF (50 pt margins) and resolves with the file's bytes.
 * Every text goes through `pdf.text`, so Gujarati and Devanagari are shaped by Noto faces.
 */
export async function formPdf(form: FormDocument): Promise<Buffer> {
  const doc = createPdf({ title: `${form.title} — JSBN`, bufferPages: true });
  const frame = frameOf(doc);
  header(doc, form, frame);
  for (const block of form.blocks) {
    switch (block.kind) {
      case 'section': {
        const height = textHeight(doc, block.title, { size: 11.5, bold: true }) + 4;
        const y = ensureSpace(doc, height + 40, doc.y + 4);
        doc.save().rect(frame.left, y, frame.width, height).fill(SHADE).restore();
        text(doc, block.title, { x: frame.left + 6, y: y + 2, size: 11.5, bold: true, color: BRAND_COLOR });
        doc.y = y + height + 6;
        break;
      }
      case 'note':
        text(doc, block.text, { size: 9, color: MUTED });
        doc.y += 4;
        break;
      case 'list':
        block.items.forEach((item, index) => {
          const y = ensureSpace(doc, textHeight(doc, item, { x: frame.left + 16, size: 9.5 }));
          text(doc, `${index + 1}.`, { x: frame.left, y, size: 9.5, pageBreak: false });
          text(doc, item, { x: frame.left + 16, y, size: 9.5 });
        });
        doc.y += 6;
        break;
      case 'field':
        field(doc, block, frame);
        break;
      case 'choice':
        choice(doc, block, frame);
        break;
      case 'table':
        table(doc, block, frame);
        break;
    }
  }
  footer(doc, form, frame);
  return pdfBytes(doc);
}
