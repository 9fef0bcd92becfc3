/**
 * Address labels (docs/api.md): A5 pages of labels, each addressed 'To' a library and
 * 'From' the publisher's own address; a new page starts when a label would pass the page
 * height minus 20 points. Saved by the browser as addresses.pdf. The publisher prints them, so
 * the fixed words 'To' and 'From' are in the language of the publisher who asks (decision 039;
 * `labels.*` of notices.json); the addresses are as written.
 */
import { COUNTRY_CODE, type InterfaceLanguage } from '@jsbn/shared';
import { noticeText } from '../../lib/notices.js';
import { createPdf, pdfBytes, text, textHeight, type Pdf } from './pdf.js';

export interface LabelAddress {
  name: string;
  lines: string[];
  phone: string | null;
}

/** Space below each label, in points. */
const GAP = 12;
/** The spec's bottom limit: a label must end above page height − 20 points. */
const BOTTOM_LIMIT = 20;
const PADDING = 10;

function blockLines(address: LabelAddress): string[] {
  return [...address.lines.filter(Boolean), ...(address.phone ? [`${COUNTRY_CODE} ${address.phone}`] : [])];
}

function labelHeight(doc: Pdf, to: LabelAddress, from: LabelAddress, width: number, lng: InterfaceLanguage): number {
  const measure = (value: string, bold = false, size = 10) => textHeight(doc, value, { width, size, bold });
  return (
    PADDING * 2 +
    measure(noticeText(lng, 'labels.to'), true) +
    measure(to.name, true, 12) +
    blockLines(to).reduce((sum, line) => sum + measure(line), 0) +
    8 +
    measure(noticeText(lng, 'labels.from'), true, 9) +
    measure(from.name, true, 9) +
    blockLines(from).reduce((sum, line) => sum + measure(line, false, 9), 0)
  );
}

/** Renders one label per recipient in `to`, all from `from`, its fixed words in `lng` (the printing publisher's). @returns the PDF bytes */
export async function addressLabelsPdf(to: LabelAddress[], from: LabelAddress, lng: InterfaceLanguage): Promise<Buffer> {
  const doc = createPdf({ size: 'A5', margin: 28, title: 'Addresses' });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const inner = width - PADDING * 2;
  let y = doc.page.margins.top;
  for (const recipient of to) {
    const height = labelHeight(doc, recipient, from, inner, lng);
    if (y + height > doc.page.height - BOTTOM_LIMIT && y > doc.page.margins.top) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    doc.roundedRect(left, y, width, height, 6).lineWidth(0.8).strokeColor('#6d4c41').stroke();
    const x = left + PADDING;
    text(doc, noticeText(lng, 'labels.to'), { x, y: y + PADDING, width: inner, size: 10, bold: true, pageBreak: false });
    text(doc, recipient.name, { x, width: inner, size: 12, bold: true, pageBreak: false });
    for (const line of blockLines(recipient)) text(doc, line, { x, width: inner, size: 10, pageBreak: false });
    doc.y += 8;
    text(doc, noticeText(lng, 'labels.from'), { x, width: inner, size: 9, bold: true, color: '#5d4037', pageBreak: false });
    text(doc, from.name, { x, width: inner, size: 9, bold: true, color: '#5d4037', pageBreak: false });
    for (const line of blockLines(from)) text(doc, line, { x, width: inner, size: 9, color: '#5d4037', pageBreak: false });
    y += height + GAP;
  }
  return pdfBytes(doc);
}
