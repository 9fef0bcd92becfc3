/**
 * A book's public page as the public page cache keeps it (decision 022): the API's reply of
 * GET /book/listing/jsbn/:jsbnNo serialised once, the server-made HTML page (`modules/web`),
 * their cache keys, and the cover made small for link previews.
 */
import { eq } from 'drizzle-orm';
import { apiReply, bookByNumber, normalizeJsbn, type BookByNumber } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { books } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { imageForDocument } from '../../lib/images.js';
import type { CachedPage } from '../../lib/public-pages.js';
import { ok } from '../../lib/reply.js';
import { serializeReply } from '../../lib/serializer.js';
import { bookByJsbn } from './book-reads.js';

const bookByNumberReply = apiReply(bookByNumber);

/**
 * The API's reply body of a book's public page (GET /book/listing/jsbn/:jsbnNo), as cached and
 * as the server-made page is given it: serialised by the route's response schema.
 */
export const publicBookJson = (ctx: AppContext, page: BookByNumber): string =>
  serializeReply(bookByNumberReply, ok(page), { strict: !ctx.config.isProduction, route: 'GET /api/book/listing/jsbn/:jsbnNo' });

/** The URL of that reply as the web app asks for it. */
export const publicBookPath = (jsbn: string) => `/api/book/listing/jsbn/${encodeURIComponent(jsbn)}`;

/** Which public page of a book `publicBookPage` gives, and how it is made. */
export interface PublicBookPageOf {
  /** The JSBN as asked, in any case or hyphenation. */
  jsbnNo: string;
  /** What the page is cached as (the API's reply, the page rendered in a language …): part of the cache key. */
  kind: string;
  /** Makes the page's body from the book (the API's JSON reply, the server-made HTML). */
  render: (page: BookByNumber) => string | Promise<string>;
  /**
   * Age (ms) after which the entry is made again behind a request, when not the cache's
   * default (pages rendered by the app cost tens of ms to make).
   */
  refreshMs?: number;
  /**
   * Runs each making of the page (the book's read and `render`; only when it is not cached or
   * is due to be made again), e.g. as one of a limited number (`AppPages.making`); default: at once.
   */
  making?: <T>(work: () => Promise<T>) => Promise<T>;
}

/**
 * The public page of a JSBN as a visitor sees it, rendered by `render` and cached in the public
 * page cache under `kind`: a repeated scan costs no database work; a change of the book or its
 * publisher is seen at once.
 * @throws AppError 404 'Book not found' (nothing is cached); whatever `making` throws
 */
export async function publicBookPage(
  ctx: AppContext,
  { jsbnNo, kind, render, refreshMs, making = (work) => work() }: PublicBookPageOf,
): Promise<CachedPage> {
  const key = publicBookKey(kind, jsbnNo);
  if (!key) throw notFound('Book');
  return ctx.publicPages.get(key, () =>
    making(async () => {
      const page = await bookByJsbn(ctx, jsbnNo);
      return { body: await render(page), publisherId: page.publisher_info.publisherId, refreshMs };
    }),
  );
}

/** The public page cache's key of the page of `jsbnNo` (any case or hyphenation) cached as `kind`; null for a malformed number. */
export function publicBookKey(kind: string, jsbnNo: string): string | null {
  const canonical = normalizeJsbn(jsbnNo);
  return canonical ? `${kind}:${canonical}` : null;
}

/** Width of a book's share image in px (`share.jpg`, the page's `og:image`). */
export const SHARE_IMAGE_WIDTH = 600;

/**
 * The cover of the book `jsbnNo` made ready for link previews: at most `SHARE_IMAGE_WIDTH` px
 * wide, JPEG.
 * @throws AppError 404 when the book does not exist or has no cover that decodes
 */
export async function shareImage(ctx: AppContext, jsbnNo: string): Promise<Buffer> {
  const canonical = normalizeJsbn(jsbnNo);
  const [row] = canonical ? await ctx.db.select({ cover_key: books.cover_key }).from(books).where(eq(books.jsbn_number, canonical)) : [];
  const image = await imageForDocument(ctx.storage, row?.cover_key ?? null, SHARE_IMAGE_WIDTH);
  if (!image) throw notFound('Book');
  return image;
}
