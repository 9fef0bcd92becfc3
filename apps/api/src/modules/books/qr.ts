/**
 * QR codes of books (decision 001): the absolute URL of the public page
 * `PUBLIC_URL/jsbn/PPPPP-NNNNN-C`, as a 200×200 SVG data URL for the page and a JPEG for download,
 * and for print: vector SVG or PDF of one book, an A4 sheet of a publisher's books
 * (`documents/qr-print.ts`).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { QR_SIZE_PX, formatJsbn } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { books } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { qrLabelSheetPdf, type QrPrintSize } from '../documents/qr-print.js';

const OPTIONS = { width: QR_SIZE_PX, margin: 2, errorCorrectionLevel: 'M' } as const;

/**
 * The PNG options of the JPEG download (pngjs, which the types of `qrcode` do not list): one
 * row filter (Paeth) instead of trying all five on every row — the same image in a third of
 * the time. A new object each time: the renderer writes into it.
 */
const pngOptions = () => ({ ...OPTIONS, rendererOpts: { filterType: 4 } as { deflateLevel?: number } });

/** Data URLs already made, by page URL (about 2 KB each; the books scanned most stay). */
const dataUrls = new LRUCache<string, string>({ max: 20_000 });

/** The URL a book's QR code holds. */
export const bookPageUrl = (publicUrl: string, jsbn: string) => `${publicUrl}/jsbn/${formatJsbn(jsbn)}`;

/**
 * `data:image/svg+xml;base64,…` of the QR code (200×200, the spec's size; vector, so sharp at
 * any zoom), made once per book and kept. SVG, not PNG: a PNG cost 3 ms of CPU to encode,
 * half of an uncached request of a book page; the SVG costs 0.4 ms.
 */
export async function qrDataUrl(publicUrl: string, jsbn: string): Promise<string> {
  const url = bookPageUrl(publicUrl, jsbn);
  const known = dataUrls.get(url);
  if (known) return known;
  const svg = await QRCode.toString(url, { ...OPTIONS, type: 'svg' });
  const made = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  dataUrls.set(url, made);
  return made;
}

/** JPEG bytes of the QR code (200×200 px, white background). */
export async function qrJpeg(publicUrl: string, jsbn: string): Promise<Buffer> {
  const png = await QRCode.toBuffer(bookPageUrl(publicUrl, jsbn), { ...pngOptions(), type: 'png' });
  return sharp(png).flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer();
}

/**
 * The A4 print sheet of QR labels of the publisher's books `ids`, in the order given
 * (GET /book/qr-labels.pdf).
 * @throws AppError 404 when an id is not one of the publisher's books
 */
export async function qrLabelSheet(ctx: AppContext, publisherId: number, ids: number[], size: QrPrintSize): Promise<Buffer> {
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .select({ id: books.id, jsbn: books.jsbn_number, title: books.book_title })
    .from(books)
    .where(and(inArray(books.id, unique), eq(books.publisher_id, publisherId)));
  if (rows.length !== unique.length) throw notFound('Book');
  const byId = new Map(rows.map((row) => [row.id, row]));
  return qrLabelSheetPdf(
    unique.map((id) => {
      const row = byId.get(id)!;
      return { url: bookPageUrl(ctx.config.publicUrl, row.jsbn), jsbn: row.jsbn, title: row.title };
    }),
    size,
  );
}
