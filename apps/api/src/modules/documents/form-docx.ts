/**
 * The Word (DOCX) writer of a `FormDocument`, for filling in on a computer or printing:
 * fields and tick boxes as a two-column table (label | blank cell with a bottom rule), ruled
 * tables for lists, and the brand, required-field note and page number in the footer.
 * Fonts are named (Noto Sans, Noto Sans Gujarati for complex script) but not embedded; Word
 * substitutes its own Gujarati font (Shruti, Nirmala UI) where Noto is not installed.
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  HeightRule,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  VerticalAlign,
  WidthType,
  type IBorderOptions,
} from 'docx';
import type { ChoiceBlock, FieldBlock, FormBlock, FormDocument, TableBlock } from './form-model.js';

/** A4 in twips (1/20 pt) and the page margin (50 pt, as in the PDF). */
const PAGE = { width: 11906, height: 16838, margin: 1000 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const LABEL_WIDTH = Math.round(CONTENT_WIDTH * 0.4);
const BRAND_COLOR = 'C2410C';
const MUTED = '555555';
const SHADE = 'F1ECE8';
const RULE: IBorderOptions = { style: BorderStyle.SINGLE, size: 6, color: '888888' };
const NONE: IBorderOptions = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
/** Half-points, as Word counts font sizes. */
const SIZE = { body: 20, hint: 17, title: 28, brand: 30, section: 23 };
const TICK = '☐';

function runs(value: string, options: { bold?: boolean; size?: number; color?: string } = {}): TextRun[] {
  return value.split('\n').map((line, index) => new TextRun({ text: line, break: index > 0 ? 1 : 0, ...options }));
}

function paragraph(value: string, options: { bold?: boolean; size?: number; color?: string; center?: boolean; after?: number } = {}) {
  const { center, after, ...run } = options;
  return new Paragraph({
    children: runs(value, run),
    ...(center ? { alignment: AlignmentType.CENTER } : {}),
    spacing: { after: after ?? 60 },
  });
}

function labelCell(block: FieldBlock | ChoiceBlock): TableCell {
  const children = [paragraph(block.required ? `${block.label} *` : block.label, { after: 0 })];
  if (block.hint) children.push(paragraph(block.hint, { size: SIZE.hint, color: MUTED, after: 0 }));
  return new TableCell({
    children,
    width: { size: LABEL_WIDTH, type: WidthType.DXA },
    borders: { top: NONE, bottom: NONE, left: NONE, right: NONE },
    margins: { top: 80, bottom: 80 },
  });
}

function valueCell(children: Paragraph[], ruled: boolean): TableCell {
  return new TableCell({
    children,
    width: { size: CONTENT_WIDTH - LABEL_WIDTH, type: WidthType.DXA },
    borders: { top: NONE, left: NONE, right: NONE, bottom: ruled ? RULE : NONE },
    verticalAlign: VerticalAlign.BOTTOM,
    margins: { top: 80, bottom: 40, left: 120 },
  });
}

function fieldRow(block: FieldBlock): TableRow {
  const lines = Math.max(1, block.lines ?? 1);
  const blanks = Array.from({ length: lines }, () => paragraph('', { after: lines > 1 ? 200 : 0 }));
  return new TableRow({ children: [labelCell(block), valueCell(blanks, true)], cantSplit: true });
}

function choiceRow(block: ChoiceBlock): TableRow {
  const options = paragraph(block.options.map((option) => `${TICK} ${option}`).join('     '), { after: 0 });
  return new TableRow({ children: [labelCell(block), valueCell([options], false)], cantSplit: true });
}

function fieldTable(blocks: Array<FieldBlock | ChoiceBlock>): Table {
  return new Table({
    rows: blocks.map((block) => (block.kind === 'field' ? fieldRow(block) : choiceRow(block))),
    width: { size: CONTENT_WIDTH, type: WidthType.DXA },
    columnWidths: [LABEL_WIDTH, CONTENT_WIDTH - LABEL_WIDTH],
  });
}

function gridTable(block: TableBlock): Table {
  const widths = block.widths.map((fraction) => Math.round(fraction * CONTENT_WIDTH));
  const borders = { top: RULE, bottom: RULE, left: RULE, right: RULE };
  const cell = (value: string, index: number, head: boolean) =>
    new TableCell({
      children: [paragraph(value, { bold: head, color: head ? undefined : MUTED, after: 0 })],
      width: { size: widths[index] ?? 0, type: WidthType.DXA },
      borders,
      verticalAlign: VerticalAlign.CENTER,
      margins: { left: 80, right: 80 },
      ...(head ? { shading: { type: ShadingType.CLEAR, fill: SHADE, color: 'auto' } } : {}),
    });
  const head = new TableRow({ children: block.columns.map((title, index) => cell(title, index, true)), tableHeader: true });
  const rows = Array.from(
    { length: block.rows },
    (_, row) =>
      new TableRow({
        children: block.columns.map((_column, index) => cell(index === 0 ? String(row + 1) : '', index, false)),
        height: { value: 480, rule: HeightRule.ATLEAST },
        cantSplit: true,
      }),
  );
  return new Table({ rows: [head, ...rows], width: { size: CONTENT_WIDTH, type: WidthType.DXA }, columnWidths: widths });
}

function sectionTitle(title: string): Paragraph {
  return new Paragraph({
    children: runs(title, { bold: true, size: SIZE.section, color: BRAND_COLOR }),
    shading: { type: ShadingType.CLEAR, fill: SHADE, color: 'auto' },
    spacing: { before: 240, after: 80 },
    keepNext: true,
  });
}

/** Turns the blocks into Word body elements; consecutive fields and choices share one table. */
function body(blocks: FormBlock[]): Array<Paragraph | Table> {
  const out: Array<Paragraph | Table> = [];
  let group: Array<FieldBlock | ChoiceBlock> = [];
  const flush = () => {
    if (group.length) out.push(fieldTable(group));
    group = [];
  };
  for (const block of blocks) {
    if (block.kind === 'field' || block.kind === 'choice') {
      group.push(block);
      continue;
    }
    flush();
    if (block.kind === 'section') out.push(sectionTitle(block.title));
    else if (block.kind === 'note') out.push(paragraph(block.text, { size: SIZE.hint, color: MUTED }));
    else if (block.kind === 'list') block.items.forEach((item, index) => out.push(paragraph(`${index + 1}. ${item}`, { size: 19 })));
    else {
      if (block.hint) out.push(paragraph(block.hint, { size: SIZE.hint, color: MUTED }));
      out.push(gridTable(block));
    }
  }
  flush();
  return out;
}

/**
 * Renders `form` as a Word document (A4, 50 pt margins) and resolves with the .docx bytes
 * (a zip whose `word/document.xml` holds every text of the form).
 */
export async function formDocx(form: FormDocument): Promise<Buffer> {
  const header = [
    paragraph(form.brand, { bold: true, size: SIZE.brand, color: BRAND_COLOR, center: true, after: 40 }),
    paragraph(form.title, { bold: true, size: SIZE.title, center: true, after: 40 }),
    ...(form.subtitle ? [paragraph(form.subtitle, { size: 19, color: MUTED, center: true })] : []),
    paragraph(form.sendTo, { bold: true, center: true, after: 200 }),
  ];
  const footer = new Footer({
    children: [
      new Paragraph({
        children: [
          new TextRun({ text: `${form.brand} · ${form.requiredNote}    `, size: 16, color: MUTED }),
          new TextRun({ children: [PageNumber.CURRENT, ' / ', PageNumber.TOTAL_PAGES], size: 16, color: MUTED }),
        ],
      }),
    ],
  });
  const document = new Document({
    title: `${form.title} — JSBN`,
    creator: form.brand,
    styles: {
      default: {
        document: {
          run: {
            font: { ascii: 'Noto Sans', hAnsi: 'Noto Sans', cs: 'Noto Sans Gujarati', eastAsia: 'Noto Sans' },
            size: SIZE.body,
            sizeComplexScript: SIZE.body,
            language: { value: form.lang === 'gu-IN' ? 'en-IN' : form.lang, bidirectional: 'gu-IN' },
          },
        },
      },
    },
    sections: [
      {
        properties: {
          page: {
            size: { width: PAGE.width, height: PAGE.height },
            margin: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
          },
        },
        footers: { default: footer },
        children: [...header, ...body(form.blocks)],
      },
    ],
  });
  return Packer.toBuffer(document);
}
