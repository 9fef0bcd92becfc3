/**
 * The bill of supply of an order (decision 070): printed books are exempt from GST (HSN 4901), so
 * a publisher documents a supply with a bill of supply (CGST Rules, rule 49), not a tax invoice.
 * One per order, numbered per publisher and Indian financial year — `BOS/2026-27/0001` —
 * allocated once in a transaction under a unique index and never reused; an A4 PDF with the
 * publisher (name, address, GSTIN if any), the library, each title with HSN 4901, copies, price
 * and amount, the postage, and the total in figures and in words with Indian numbering (thousand,
 * lakh, crore; the `to-words` package) in the reader's language, shaped by the PDF machinery of
 * documents/pdf.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ToWords } from 'to-words';
import { formatMoney, type InterfaceLanguage } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { bills_of_supply, libraries, orders, publishers } from '../../db/schema.js';
import type { Actor } from '../../lib/auth.js';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.js';
import { exportDate } from '../../lib/excel.js';
import { noticeText } from '../../lib/notices.js';
import { createPdf, ensureSpace, pdfBytes, text, textHeight, type Pdf } from '../documents/pdf.js';
import { getOrder } from './service.js';

/** The HSN code of printed books (GST exempt). */
export const BOOKS_HSN = '4901';

/** The Indian financial year (April to March, in India's time) of `at`: '2026-27'. */
export function financialYear(at: Date): string {
  const india = new Date(at.getTime() + 330 * 60 * 1000);
  const year = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** A bill's number: 'BOS/2026-27/0001'. */
export const billNumber = (year: string, seq: number) => `BOS/${year}/${String(seq).padStart(4, '0')}`;

const WORDS_LOCALE: Record<InterfaceLanguage, string> = { en: 'en-IN', gu: 'gu-IN', hi: 'hi-IN' };
const toWords = new Map<InterfaceLanguage, ToWords>();

/** Paise as rupees in words with Indian numbering: 'Three Hundred Forty Rupees Only', 'ત્રણ સો ચાલીસ રૂપિયા'. */
export function amountInWords(minor: number, lng: InterfaceLanguage): string {
  let words = toWords.get(lng);
  if (!words) {
    words = new ToWords({ localeCode: WORDS_LOCALE[lng] });
    toWords.set(lng, words);
  }
  // an integer of paise over 100: its shortest decimal form is the two-decimal amount
  return words.convert(minor / 100, { currency: true });
}

/**
 * The order's bill, allocated now when it has none: the next number of the publisher's year,
 * taken in a transaction; two at once collide on the unique index and the loser takes the next.
 * @throws 404 another account's order; 409 an order not accepted yet, or whose amount is unknown
 */
async function billOf(ctx: AppContext, orderId: number, publisherId: number) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const [issued] = await tx.select().from(bills_of_supply).where(eq(bills_of_supply.order_id, orderId));
        if (issued) return issued;
        const now = ctx.clock();
        const year = financialYear(now);
        const [next] = await tx
          .select({ seq: sql<number>`coalesce(max(${bills_of_supply.seq}), 0) + 1`.mapWith(Number) })
          .from(bills_of_supply)
          .where(and(eq(bills_of_supply.publisher_id, publisherId), eq(bills_of_supply.financial_year, year)));
        const [made] = await tx
          .insert(bills_of_supply)
          .values({ order_id: orderId, publisher_id: publisherId, financial_year: year, seq: next!.seq, issued_at: now })
          .returning();
        return made!;
      });
    } catch (error) {
      const collided = isUniqueViolation(error, 'bills_of_supply_number_key') || isUniqueViolation(error, 'bills_of_supply_order_key');
      if (!collided || attempt >= 5) throw error;
    }
  }
}

/**
 * The bill of supply PDF of one of the actor's orders (GET /book/order-book/:id/bill-of-supply.pdf),
 * its words in `lng`; the first request (either party's) allocates its number.
 * @returns the PDF and its number
 * @throws 404 another account's order; 409 not accepted yet, cancelled, or its amount unknown
 */
export async function billOfSupply(ctx: AppContext, actor: Actor, orderId: number, lng: InterfaceLanguage) {
  const order = await getOrder(ctx, actor, orderId);
  if (order.status === 'REQUESTED' || order.status === 'CANCELLED' || order.amount_due_minor === null)
    throw new AppError('CONFLICT', 'A bill of supply is made once the order is accepted and its amount is known');
  const [row] = await ctx.db
    .select({ publisher: publishers, library: libraries })
    .from(orders)
    .innerJoin(publishers, eq(publishers.id, orders.publisher_id))
    .innerJoin(libraries, eq(libraries.id, orders.library_id))
    .where(eq(orders.id, orderId));
  if (!row) throw notFound('Order');
  const bill = await billOf(ctx, orderId, row.publisher.id);
  const number = billNumber(bill.financial_year, bill.seq);
  const words = (key: string, values: Record<string, string | number> = {}) => noticeText(lng, `bill.${key}`, values);
  const doc = createPdf({ title: `${words('title')} ${number}` });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  text(doc, words('title'), { x: left, y: doc.page.margins.top, width, size: 18, bold: true, align: 'center' });
  text(doc, words('exempt'), { x: left, width, size: 9.5, align: 'center' });
  let y = doc.y + 12;
  text(doc, words('number', { number }), { x: left, y, width, size: 10.5, bold: true });
  text(doc, words('date', { date: exportDate(bill.issued_at.toISOString()) }), { x: left, y, width, size: 10.5, align: 'right' });
  text(doc, words('order', { order: order.orderId }), { x: left, width, size: 10.5 });
  y = doc.y + 10;
  const half = width / 2 - 8;
  const party = (x: number, heading: string, lines: string[]) => {
    text(doc, heading, { x, y, width: half, size: 9.5, bold: true, color: '#555555' });
    for (const line of lines.filter(Boolean)) text(doc, line, { x, width: half, size: 10.5 });
    return doc.y;
  };
  const fromEnd = party(left, words('supplier'), [
    row.publisher.publisher_name,
    row.publisher.address ?? '',
    row.publisher.gst_no ? words('gstin', { gstin: row.publisher.gst_no }) : '',
  ]);
  const toEnd = party(left + width / 2 + 8, words('recipient'), [row.library.name, row.library.address]);
  y = Math.max(fromEnd, toEnd) + 14;

  const columns = [
    { title: words('srNo'), width: 28, right: false },
    { title: words('book'), width: 185, right: false },
    { title: words('hsn'), width: 48, right: false },
    { title: words('copies'), width: 50, right: true },
    { title: words('price'), width: 92, right: true },
    { title: words('amount'), width: width - 403, right: true },
  ];
  const row_ = (cells: string[], bold = false) => {
    y = tableRow(doc, columns, cells, y, bold);
  };
  row_(
    columns.map((column) => column.title),
    true,
  );
  order.OrderBookItem.forEach((item, index) => {
    const copies = item.accepted_book_copies ?? item.number_of_copies;
    if (copies === 0) return;
    const price = item.price_kind === 'free' ? 0 : (item.price_minor ?? 0);
    row_([
      String(index + 1),
      item.book.book_title,
      BOOKS_HSN,
      String(copies),
      formatMoney(price, item.currency),
      formatMoney(item.amount_minor ?? 0, item.currency),
    ]);
  });
  y = ensureSpace(doc, 90, y + 8);
  text(doc, words('postage', { amount: formatMoney(order.postage_minor ?? 0, order.currency) }), {
    x: left,
    y,
    width,
    size: 10.5,
    align: 'right',
  });
  text(doc, words('total', { amount: formatMoney(order.amount_due_minor, order.currency) }), {
    x: left,
    width,
    size: 12,
    bold: true,
    align: 'right',
  });
  text(doc, words('inWords', { words: amountInWords(order.amount_due_minor, lng) }), { x: left, y: doc.y + 6, width, size: 10.5 });
  text(doc, words('noTax'), { x: left, y: doc.y + 14, width, size: 9.5, color: '#555555' });
  text(doc, words('for', { publisher: row.publisher.publisher_name }), {
    x: left,
    y: doc.y + 30,
    width,
    size: 10.5,
    bold: true,
    align: 'right',
  });
  return { number, pdf: await pdfBytes(doc) };
}

/** One row of the bill's table: bordered cells, text wrapped in each. @returns the row's bottom */
function tableRow(doc: Pdf, columns: { width: number; right: boolean }[], cells: string[], y: number, bold: boolean): number {
  const height = Math.max(...cells.map((cell, index) => textHeight(doc, cell, { width: columns[index]!.width - 8, size: 9.5, bold }))) + 8;
  const top = ensureSpace(doc, height, y);
  let x = doc.page.margins.left;
  cells.forEach((cell, index) => {
    const { width, right } = columns[index]!;
    doc.rect(x, top, width, height).lineWidth(0.5).strokeColor('#9e9e9e').stroke();
    text(doc, cell, { x: x + 4, y: top + 4, width: width - 8, size: 9.5, bold, pageBreak: false, align: right ? 'right' : 'left' });
    x += width;
  });
  return top + height;
}
