/**
 * The documents of orders — docs/api.md and packages/shared/src/constants.ts: the order letter (generate-pdf; stored
 * once, and sent to the publisher with the notice of its new order, notices.ts), the Excel
 * export of selected orders, and the address labels of selected orders.
 */
import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  EXPORT_FILE_NAMES,
  LOOKUP_CATALOGUES,
  amountText,
  formatJsbn,
  formatMoney,
  lookupText,
  priceText,
  totalsText,
  type InterfaceLanguage,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { libraries, orders, publishers } from '../../db/schema.js';
import type { Actor } from '../../lib/auth.js';
import { notFound } from '../../lib/errors.js';
import { xlsxOf } from '../../lib/excel.js';
import { imageForDocument } from '../../lib/images.js';
import { libraryLanguages, noticeText, priceWords } from '../../lib/notices.js';
import { exportDate, exportHeading } from '../../lib/excel.js';
import { addressLabelsPdf, type LabelAddress } from '../documents/address-labels.js';
import { orderLetterPdf } from '../documents/order-letter.js';
import { cityName, stateName } from '../lookups/geo.js';
import { getOrder, ordersByIds } from './service.js';

/**
 * 'Beawar, Ajmer, Rajasthan, 305901': the town typed beside its district (decision 072), the district, the state
 * named in `lng` (the order letter's language) and the pincode; English on address labels, which couriers read.
 */
const placeOf = (
  row: { town?: string | null; city_id: number | null; state_id: number | null; pincode: string | null },
  lng: InterfaceLanguage = 'en',
) =>
  [row.town, cityName(row.city_id, lng), lookupText(LOOKUP_CATALOGUES[lng], 'states', stateName(row.state_id)), row.pincode]
    .filter(Boolean)
    .join(', ');

/**
 * What the parties said of an order after it was placed, in `lng`: why the publisher accepted fewer copies and in
 * its words, and the library's receipt short or damaged with its note — the order letter's lines, the export's cells.
 */
export function orderNotes(
  lng: InterfaceLanguage,
  order: { partial_reason: string | null; partial_note: string | null; received_as: string | null; received_note: string | null },
): { fewer: string[]; received: string[] } {
  return {
    fewer: [
      ...(order.partial_reason
        ? [noticeText(lng, 'partialAccept.reason', { reason: noticeText(lng, `partialAccept.reasons.${order.partial_reason}`) })]
        : []),
      ...(order.partial_note ? [noticeText(lng, 'partialAccept.note', { note: order.partial_note })] : []),
    ],
    received:
      order.received_as === 'short_or_damaged' ? [noticeText(lng, 'received.shortOrDamaged', { note: order.received_note ?? '' })] : [],
  };
}

/**
 * The order letter PDF of one of the actor's orders (POST /publisher/generate-pdf). With
 * `send` (the ordering library, right after ordering) it is also stored as the letter the
 * publisher's notice of the new order carries (notices.ts) — once per order, however often it
 * is asked; the notice itself goes out with the publisher's digest, not here.
 * @returns the PDF bytes
 * @throws AppError 404 for another account's order
 */
export async function orderLetter(ctx: AppContext, actor: Actor, orderId: number, send: boolean): Promise<Buffer> {
  const pdf = await letterPdf(ctx, actor, orderId);
  if (send && actor.role === 'LIBRARY') await keepLetter(ctx, orderId, pdf);
  return pdf;
}

/**
 * The storage key of the order's letter, made and stored now when the library's browser has
 * not asked for it (the publisher's notice attaches it; `actor` is the publisher).
 * @throws AppError 404 when the order is not the actor's
 */
export async function orderLetterKey(ctx: AppContext, actor: Actor, orderId: number): Promise<string> {
  const [row] = await ctx.db.select({ key: orders.letter_key }).from(orders).where(eq(orders.id, orderId));
  return row?.key ?? keepLetter(ctx, orderId, await letterPdf(ctx, actor, orderId));
}

/**
 * Stores `pdf` as the letter of `orderId` unless one is stored already (two asking at once
 * store one).
 * @returns the key of the order's letter
 */
async function keepLetter(ctx: AppContext, orderId: number, pdf: Buffer): Promise<string> {
  const key = `private/letters/${randomUUID()}.pdf`;
  await ctx.storage.putBuffer(pdf, key);
  const claimed = await ctx.db
    .update(orders)
    .set({ letter_key: key })
    .where(and(eq(orders.id, orderId), isNull(orders.letter_key)))
    .returning({ id: orders.id });
  if (claimed.length) return key;
  await ctx.storage.delete(key);
  const [row] = await ctx.db.select({ key: orders.letter_key }).from(orders).where(eq(orders.id, orderId));
  return row!.key!;
}

/** The order letter PDF of one of the actor's orders, on the library's letterhead in the library's language. */
async function letterPdf(ctx: AppContext, actor: Actor, orderId: number): Promise<Buffer> {
  const order = await getOrder(ctx, actor, orderId);
  const [row] = await ctx.db
    .select({ library: libraries, publisher: publishers })
    .from(orders)
    .innerJoin(libraries, eq(libraries.id, orders.library_id))
    .innerJoin(publishers, eq(publishers.id, orders.publisher_id))
    .where(eq(orders.id, orderId));
  if (!row) throw notFound('Order');
  const { library, publisher } = row;
  const [logo, languages] = await Promise.all([
    imageForDocument(ctx.storage, library.logo_key, 240),
    libraryLanguages(ctx.db, [library.id]),
  ]);
  const language = languages.get(library.id) ?? 'en';
  return orderLetterPdf({
    language,
    orderNumber: order.orderId,
    orderDate: new Date(order.order_date),
    library: {
      name: library.name,
      address: library.address,
      mobile_no: library.mobile_no,
      email: order.library.email,
      sanchalak_name: library.sanchalak_name,
      letterText: library.letter_text ?? '',
      logo,
    },
    publisher: {
      name: publisher.publisher_name,
      address: publisher.address,
      place: placeOf(publisher, language),
      mobile_no: publisher.mobile_no,
    },
    items: order.OrderBookItem.map((item) => ({
      title: item.book.book_title,
      jsbn: item.book.jsbn_number,
      authors: item.book.authors,
      copies: item.number_of_copies,
      accepted: item.accepted_book_copies,
      price: { kind: item.price_kind, minor: item.price_minor, currency: item.currency },
      amount: item.amount_minor,
    })),
    postage: order.postage_minor === null ? null : { currency: order.currency, amount_minor: order.postage_minor },
    totals: order.totals,
    notes: Object.values(orderNotes(language, order)).flat(),
    pay: order.payment.upi_uri
      ? {
          amount: formatMoney(order.amount_due_minor!, order.currency),
          payee: order.payment.payee ?? publisher.publisher_name,
          vpa: order.payment.vpa ?? '',
          qr: await QRCode.toBuffer(order.payment.upi_uri, { width: 330, margin: 2, type: 'png', errorCorrectionLevel: 'M' }),
        }
      : null,
  });
}

/**
 * The Excel export of the actor's selected orders in `lng`: Booked_Orders.xlsx for a publisher,
 * Books_Ordered_By_You.xlsx for a library (sheet Data).
 * @throws AppError 404 when an id is not one of the actor's orders
 */
export async function exportOrders(ctx: AppContext, actor: Actor, ids: number[], lng: InterfaceLanguage) {
  const list = await ordersByIds(ctx, actor, ids);
  const publisherView = actor.role === 'PUBLISHER';
  const heading = (key: string) => exportHeading(lng, key);
  const words = priceWords(lng);
  const bytes = await xlsxOf(
    [
      { header: heading('srNo'), width: 8, value: (_order, index) => index + 1 },
      { header: heading('orderId'), width: 14, value: (order) => order.orderId },
      { header: heading('orderDate'), width: 12, value: (order) => exportDate(order.order_date) },
      publisherView
        ? { header: heading('library'), width: 30, value: (order) => order.library.name }
        : { header: heading('publisher'), width: 30, value: (order) => order.publisher.publisher_name },
      publisherView
        ? { header: heading('libraryAddress'), width: 36, value: (order) => order.library.address }
        : { header: heading('publisherContact'), width: 20, value: (order) => order.publisher.mobile_no },
      {
        header: heading('books'),
        width: 56,
        // each line with its price when ordered and its amount
        value: (order) =>
          order.OrderBookItem.map((item) => {
            const price = priceText({ kind: item.price_kind, minor: item.price_minor, currency: item.currency }, words);
            return `${item.book.book_title} (${formatJsbn(item.book.jsbn_number)}) × ${item.number_of_copies} · ${price} · ${amountText(item.amount_minor, item.currency, words.free)}`;
          }).join('\n'),
      },
      { header: heading('totalCopies'), width: 12, value: (order) => order.totalCopies },
      {
        header: heading('acceptedCopies'),
        width: 14,
        value: (order) =>
          order.status === 'REQUESTED' ? null : order.OrderBookItem.reduce((sum, item) => sum + (item.accepted_book_copies ?? 0), 0),
      },
      { header: heading('status'), width: 12, value: (order) => noticeText(lng, `status.${order.status}`) },
      { header: heading('courier'), width: 20, value: (order) => order.dispetchedOrder?.courierCompanyName },
      { header: heading('courierNumber'), width: 14, value: (order) => order.dispetchedOrder?.courierCompanyNumber },
      { header: heading('trackingId'), width: 16, value: (order) => order.dispetchedOrder?.trackingId },
      {
        header: heading('postage'),
        width: 12,
        value: (order) => (order.postage_minor === null ? null : formatMoney(order.postage_minor, order.currency)),
      },
      { header: heading('total'), width: 14, value: (order) => totalsText(order.totals) },
      { header: heading('payment'), width: 22, value: (order) => noticeText(lng, `paymentState.${order.payment.state}`) },
      { header: heading('utr'), width: 14, value: (order) => order.payment.utr },
      // why fewer copies were accepted, and a receipt short or damaged, as the order letter says them
      { header: heading('fewerCopies'), width: 36, value: (order) => orderNotes(lng, order).fewer.join('\n') || null },
      { header: heading('receivedShort'), width: 36, value: (order) => orderNotes(lng, order).received.join('\n') || null },
    ],
    list,
  );
  return { fileName: `${publisherView ? EXPORT_FILE_NAMES.bookedOrders : EXPORT_FILE_NAMES.booksOrderedByYou}.xlsx`, bytes };
}

/** The publisher's own address as the 'From' of its labels. */
export async function publisherReturnAddress(ctx: AppContext, publisherId: number): Promise<LabelAddress> {
  const [publisher] = await ctx.db.select().from(publishers).where(eq(publishers.id, publisherId));
  if (!publisher) throw notFound('Publisher');
  return { name: publisher.publisher_name, lines: [publisher.address ?? '', placeOf(publisher)], phone: publisher.mobile_no };
}

/**
 * Address labels (addresses.pdf) for the libraries of the publisher's selected orders, their
 * fixed words in `lng`, the printing publisher's language.
 * @throws AppError 404 when an id is not an order addressed to the publisher
 */
export async function orderAddressLabels(
  ctx: AppContext,
  actor: Actor & { publisherId: number },
  ids: number[],
  lng: InterfaceLanguage,
): Promise<Buffer> {
  const list = await ordersByIds(ctx, actor, ids);
  const libraryRows = await ctx.db
    .select()
    .from(libraries)
    .where(inArray(libraries.id, [...new Set(list.map((order) => order.library.id))]));
  const byId = new Map(libraryRows.map((library) => [library.id, library]));
  const to = list.map((order) => {
    const library = byId.get(order.library.id)!;
    return { name: library.name, lines: [library.address], phone: library.mobile_no };
  });
  return addressLabelsPdf(to, await publisherReturnAddress(ctx, actor.publisherId), lng);
}
