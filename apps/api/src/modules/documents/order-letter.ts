/**
 * The order letter (docs/api.md "Order summary PDF"): an A4 letter on the library's
 * letterhead (logo, name, address, contacts), addressed to the publisher, with the library's
 * letter text and the ordered books — title in its own script, JSBN, authors, copies, price
 * and amount ('Free', 'for propagation'), with the postage and the total. Its fixed
 * words ('To', 'Subject', 'Sr. no', 'Copies', 'Total copies', 'Thanking you') are in the
 * library's language (`letter.*` of notices.json), the date DD/MM/YYYY (the order's day in
 * India, as every list shows it), numbers in Latin digits.
 */
import {
  COUNTRY_CODE,
  amountText,
  formatMoney,
  priceText,
  totalsText,
  type InterfaceLanguage,
  type MoneyTotal,
  type PriceKind,
} from '@jsbn/shared';
import { exportDate } from '../../lib/excel.js';
import { noticeText } from '../../lib/notices.js';
import { createPdf, ensureSpace, pdfBytes, text, textHeight, type Pdf } from './pdf.js';

export interface OrderLetter {
  /** The library's language: the letter's fixed words. */
  language: InterfaceLanguage;
  orderNumber: string;
  /** When the order was placed. */
  orderDate: Date;
  library: {
    name: string;
    address: string;
    mobile_no: string;
    email: string;
    sanchalak_name: string;
    letterText: string;
    logo: Buffer | null;
  };
  publisher: { name: string; address: string | null; place: string; mobile_no: string | null };
  items: {
    title: string;
    jsbn: string;
    authors: string[];
    copies: number;
    accepted: number | null;
    /** The price when ordered, minor units (null: not stated, or free). */
    price: { kind: PriceKind; minor: number | null; currency: string };
    /** Price × copies, minor units; null when no price was stated. */
    amount: number | null;
  }[];
  /** Postage stated at dispatch, in the order's currency, or null. */
  postage: MoneyTotal | null;
  /** Books and postage, one sum per currency. */
  totals: MoneyTotal[];
  /**
   * What the two parties said of the order after it was placed, in the letter's language: why the publisher
   * accepted fewer copies (and in its words), and the library's receipt short or damaged with its note.
   */
  notes: string[];
  /** How to pay by UPI, once the amount is known (decision 070): the `upi://pay` link as a QR code (PNG). */
  pay: { amount: string; payee: string; vpa: string; qr: Buffer } | null;
}

/** The books table's columns: their heading (a key of `letter.*`) and width in points. */
const COLUMNS = [
  { header: 'letter.srNo', width: 24, right: false },
  { header: 'letter.book', width: 118, right: false },
  { header: 'letter.jsbn', width: 80, right: false },
  { header: 'letter.authors', width: 78, right: false },
  { header: 'letter.copies', width: 60, right: true },
  { header: 'letter.price', width: 78, right: true },
  { header: 'letter.amount', width: 57, right: true },
] as const;

function tableRow(doc: Pdf, cells: string[], y: number, bold = false): number {
  const left = doc.page.margins.left;
  const height = Math.max(...cells.map((cell, index) => textHeight(doc, cell, { width: COLUMNS[index]!.width - 8, size: 9, bold }))) + 8;
  const top = ensureSpace(doc, height, y);
  let x = left;
  cells.forEach((cell, index) => {
    const { width } = COLUMNS[index]!;
    doc.rect(x, top, width, height).lineWidth(0.5).strokeColor('#9e9e9e').stroke();
    text(doc, cell, {
      x: x + 4,
      y: top + 4,
      width: width - 8,
      size: 9,
      bold,
      pageBreak: false,
      align: COLUMNS[index]!.right ? 'right' : 'left',
    });
    x += width;
  });
  return top + height;
}

/** Renders the order letter. @returns the PDF bytes */
export async function orderLetterPdf(letter: OrderLetter): Promise<Buffer> {
  const words = (key: string, values: Record<string, string | number> = {}) => noticeText(letter.language, key, values);
  const doc = createPdf({ title: words('letter.title', { order: letter.orderNumber }) });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  let y = doc.page.margins.top;

  // letterhead
  let textLeft = left;
  if (letter.library.logo) {
    try {
      doc.image(letter.library.logo, left, y, { fit: [64, 64] });
      textLeft = left + 76;
    } catch {
      // a logo pdfkit cannot read leaves the letterhead without it
    }
  }
  text(doc, letter.library.name, { x: textLeft, y, width: width - (textLeft - left), size: 16, bold: true, color: '#bf360c' });
  text(doc, letter.library.address, { x: textLeft, width: width - (textLeft - left), size: 9.5 });
  text(doc, `${COUNTRY_CODE} ${letter.library.mobile_no} · ${letter.library.email}`, {
    x: textLeft,
    width: width - (textLeft - left),
    size: 9.5,
    color: '#424242',
  });
  y = Math.max(doc.y, y + 68) + 6;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(1.5)
    .strokeColor('#bf360c')
    .stroke();
  y += 12;

  text(doc, words('letter.title', { order: letter.orderNumber }), { x: left, y, width: width / 2, size: 10, bold: true, pageBreak: false });
  text(doc, words('letter.date', { date: exportDate(letter.orderDate) }), {
    x: left + width / 2,
    y,
    width: width / 2,
    size: 10,
    align: 'right',
    pageBreak: false,
  });
  y += 26;

  text(doc, words('letter.to'), { x: left, y, size: 10.5 });
  text(doc, letter.publisher.name, { size: 10.5, bold: true });
  if (letter.publisher.address) text(doc, letter.publisher.address, { size: 10.5 });
  if (letter.publisher.place) text(doc, letter.publisher.place, { size: 10.5 });
  if (letter.publisher.mobile_no) text(doc, `${COUNTRY_CODE} ${letter.publisher.mobile_no}`, { size: 10.5 });
  y = doc.y + 12;

  text(doc, words('letter.subject', { order: letter.orderNumber }), { x: left, y, size: 10.5, bold: true });
  y = doc.y + 8;
  text(doc, letter.library.letterText, { x: left, y, width, size: 10.5 });
  y = doc.y + 12;

  y = tableRow(
    doc,
    COLUMNS.map((column) => words(column.header)),
    y,
    true,
  );
  letter.items.forEach((item, index) => {
    const copies =
      item.accepted === null || item.accepted === item.copies
        ? String(item.copies)
        : words('letter.accepted', { copies: item.copies, accepted: item.accepted });
    const priceCell = priceText(item.price, { free: words('letter.free'), nominal: words('letter.nominal') });
    const amountCell = amountText(item.amount, item.price.currency, words('letter.free'));
    y = tableRow(doc, [String(index + 1), item.title, item.jsbn, item.authors.join(', '), copies, priceCell, amountCell], y);
  });
  const total = letter.items.reduce((sum, item) => sum + item.copies, 0);
  y = ensureSpace(doc, 90, y + 8);
  text(doc, words('letter.totalCopies', { total }), { x: left, y, width, size: 10.5, bold: true, align: 'right' });
  // the money, when any of it is known
  if (letter.postage)
    text(doc, words('letter.postage', { amount: formatMoney(letter.postage.amount_minor, letter.postage.currency) }), {
      x: left,
      width,
      size: 10.5,
      align: 'right',
    });
  if (letter.postage || letter.items.some((item) => item.amount !== null)) {
    text(doc, words('letter.total', { amount: totalsText(letter.totals) }), { x: left, width, size: 10.5, bold: true, align: 'right' });
  }
  if (letter.notes.length) {
    y = ensureSpace(doc, 16 * letter.notes.length + 12, doc.y + 12);
    letter.notes.forEach((note, index) => text(doc, note, { x: left, ...(index === 0 ? { y } : {}), width, size: 10 }));
  }
  if (letter.pay) {
    // the amount due as a QR code any UPI app scans (NPCI's upi://pay link)
    const size = 110;
    y = ensureSpace(doc, size + 16, doc.y + 12);
    doc.image(letter.pay.qr, left + width - size, y, { width: size, height: size });
    text(doc, words('letter.pay', { amount: letter.pay.amount, payee: letter.pay.payee }), {
      x: left,
      y,
      width: width - size - 16,
      size: 10.5,
      bold: true,
    });
    text(doc, words('letter.payHow', { vpa: letter.pay.vpa }), { x: left, width: width - size - 16, size: 9.5 });
    doc.y = Math.max(doc.y, y + size);
  }
  y = ensureSpace(doc, 70, doc.y + 24);
  text(doc, words('letter.thanking'), { x: left, y, size: 10.5 });
  text(doc, words('letter.for', { library: letter.library.name }), { size: 10.5, bold: true });
  text(doc, letter.library.sanchalak_name, { size: 10.5 });
  return pdfBytes(doc);
}
