/**
 * Generated documents of books and publishers — spec books §3 'generated_pdfs', §7
 * 'Catalogue', DESIGN §7. Each is made on first request and kept in storage under
 * `public/generated/<kind>-<id>-<version>.pdf`, where the version is a hash of the
 * `updated_at` of what it shows (the book; or the publisher, its books' latest change and
 * count): an edit makes a new version and the old file is deleted when the new one is made.
 * See docs/decisions/004-book-uploads.md.
 */
import { createHash } from 'node:crypto';
import { and, count, eq, max } from 'drizzle-orm';
import QRCode from 'qrcode';
import { formatJsbn, type BookByNumber, type PublisherCatalog } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { books, publishers } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { imageForDocument } from '../../lib/images.js';
import { bookSheetPdf, publisherBookListPdf, publisherCataloguePdf, publisherInfoPdf, type BookWithImages } from '../documents/book-sheets.js';
import { publisherInfo } from '../publishers/service.js';
import { bookPageUrl } from './qr.js';
import { getBook, listBooks } from './service.js';

export type BookDocumentKind = 'book-sheet' | 'book-list' | 'catalog' | 'publisher-info';

/** Where each document is downloaded (the route makes it on first request). */
export const documentUrl = {
  bookSheet: (bookId: number) => `/api/book/${bookId}/sheet.pdf`,
  bookList: (publisherId: number) => `/api/book/publisher/${publisherId}/book-list.pdf`,
  catalog: (publisherId: number) => `/api/book/publisher/${publisherId}/catalog.pdf`,
  publisherInfo: (publisherId: number) => `/api/book/publisher/${publisherId}/info.pdf`,
};

/** The `generated_pdfs` of GET /book/listing/jsbn/:jsbnNo. */
export function generatedPdfUrls(bookId: number, publisherId: number): BookByNumber['generated_pdfs'] {
  return {
    single_book_pdf: documentUrl.bookSheet(bookId),
    publisher_book_list_pdf: documentUrl.bookList(publisherId),
    publisher_catalog_pdf: documentUrl.catalog(publisherId),
  };
}

const versionOf = (...parts: (string | number | Date | null | undefined)[]) =>
  createHash('sha256')
    .update(parts.map((part) => (part instanceof Date ? part.toISOString() : String(part ?? ''))).join('|'))
    .digest('hex')
    .slice(0, 16);

/**
 * The storage key of a document, making it (and deleting older versions) when missing.
 * @param make renders the PDF bytes
 */
async function cached(ctx: AppContext, kind: BookDocumentKind, id: number, version: string, make: () => Promise<Buffer>): Promise<string> {
  const folder = 'public/generated';
  const prefix = `${folder}/${kind}-${id}-`;
  const key = `${prefix}${version}.pdf`;
  const existing = await ctx.storage.list(folder);
  if (existing.includes(key)) return key;
  await ctx.storage.putBuffer(await make(), key);
  await Promise.all(existing.filter((other) => other.startsWith(prefix) && other !== key).map((other) => ctx.storage.delete(other)));
  return key;
}

/** The version of a publisher's documents: the publisher row, its books' latest change and count. */
async function publisherVersion(ctx: AppContext, publisherId: number): Promise<{ version: string; publisher_no: string; logo_key: string | null }> {
  const [publisher] = await ctx.db
    .select({ updated_at: publishers.updated_at, publisher_no: publishers.publisher_no, logo_key: publishers.logo_key })
    .from(publishers)
    .where(eq(publishers.id, publisherId));
  if (!publisher) throw notFound('Publisher');
  const [stats] = await ctx.db.select({ latest: max(books.updated_at), n: count() }).from(books).where(eq(books.publisher_id, publisherId));
  return { version: versionOf(publisher.updated_at, stats?.latest, stats?.n), publisher_no: publisher.publisher_no, logo_key: publisher.logo_key };
}

/** Every book of a publisher with its cover key, newest first. */
async function publisherBooks(ctx: AppContext, publisherId: number) {
  const { books: list } = await listBooks(ctx, { pageNo: 1, limit: 'all', publisherId });
  const covers = await ctx.db.select({ id: books.id, cover_key: books.cover_key }).from(books).where(eq(books.publisher_id, publisherId));
  const coverOf = new Map(covers.map((row) => [row.id, row.cover_key]));
  return list.map((book) => ({ book, coverKey: coverOf.get(book.id) ?? null }));
}

export interface DocumentFile {
  key: string;
  /** The download name, e.g. `JSBN-AHM01-00001-K.pdf`. */
  filename: string;
}

/**
 * The single-book sheet of a book (cover, QR, every fact). @throws AppError 404 'Book not found'
 */
export async function bookSheet(ctx: AppContext, bookId: number): Promise<DocumentFile> {
  const [row] = await ctx.db.select({ updated_at: books.updated_at, cover_key: books.cover_key, publisher_id: books.publisher_id }).from(books).where(eq(books.id, bookId));
  if (!row) throw notFound('Book');
  const publisherStamp = await publisherVersion(ctx, row.publisher_id);
  const key = await cached(ctx, 'book-sheet', bookId, versionOf(row.updated_at, publisherStamp.version), async () => {
    const book = await getBook(ctx, bookId);
    const item: BookWithImages = {
      book,
      cover: await imageForDocument(ctx.storage, row.cover_key, 360),
      qr: await QRCode.toBuffer(bookPageUrl(ctx.config.publicUrl, book.jsbn_number), { width: 220, margin: 1, type: 'png' }),
    };
    return bookSheetPdf(item, await publisherInfo(ctx, row.publisher_id));
  });
  const [jsbn] = await ctx.db.select({ jsbn: books.jsbn_number }).from(books).where(eq(books.id, bookId));
  return { key, filename: `JSBN-${formatJsbn(jsbn!.jsbn)}.pdf` };
}

/** A publisher's book list. @throws AppError 404 'Publisher not found' */
export async function publisherBookList(ctx: AppContext, publisherId: number): Promise<DocumentFile> {
  const { version, publisher_no } = await publisherVersion(ctx, publisherId);
  const key = await cached(ctx, 'book-list', publisherId, version, async () =>
    publisherBookListPdf(await publisherInfo(ctx, publisherId), (await publisherBooks(ctx, publisherId)).map((item) => item.book)),
  );
  return { key, filename: `${publisher_no}-books.pdf` };
}

/** A publisher's catalogue (covers and details of every book). @throws AppError 404 'Publisher not found' */
export async function publisherCatalogue(ctx: AppContext, publisherId: number): Promise<DocumentFile> {
  const { version, publisher_no } = await publisherVersion(ctx, publisherId);
  const key = await cached(ctx, 'catalog', publisherId, version, async () => {
    const items: BookWithImages[] = [];
    for (const { book, coverKey } of await publisherBooks(ctx, publisherId)) items.push({ book, cover: await imageForDocument(ctx.storage, coverKey, 200) });
    return publisherCataloguePdf(await publisherInfo(ctx, publisherId), items);
  });
  return { key, filename: `${publisher_no}.pdf` };
}

/** The publisher info sheet. @throws AppError 404 'Publisher not found' */
export async function publisherInfoSheet(ctx: AppContext, publisherId: number): Promise<DocumentFile> {
  const { version, publisher_no, logo_key } = await publisherVersion(ctx, publisherId);
  const key = await cached(ctx, 'publisher-info', publisherId, version, async () =>
    publisherInfoPdf(await publisherInfo(ctx, publisherId), await imageForDocument(ctx.storage, logo_key, 240)),
  );
  return { key, filename: `${publisher_no}-info.pdf` };
}

/**
 * The catalogue of the publisher with `publisherNo` (GET /book/catalog/:publisher_no — spec
 * books §7): made now if needed, answered with the link of the stored file.
 * @throws AppError 404 'Publisher not found'
 */
export async function catalogueByPublisherNo(ctx: AppContext, publisherNo: string): Promise<PublisherCatalog> {
  const [publisher] = await ctx.db
    .select({ id: publishers.id, publisher_no: publishers.publisher_no, publisher_name: publishers.publisher_name })
    .from(publishers)
    .where(and(eq(publishers.publisher_no, publisherNo.trim().toUpperCase())));
  if (!publisher) throw notFound('Publisher');
  const file = await publisherCatalogue(ctx, publisher.id);
  return {
    generated_pdf: { publisher_catalog_pdf: ctx.storage.url(file.key)! },
    publisher: { publisher_no: publisher.publisher_no, publisher_name: publisher.publisher_name },
  };
}
