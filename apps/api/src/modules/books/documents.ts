/**
 * Generated documents of books and publishers — docs/api.md 'generated_pdfs'
 * 'Catalogue', decision 004. Everyone may ask for them, so each is made in the language of whoever
 * asks (their `Accept-Language` or the switcher's cookie) and cached per language. Each is made on
 * first request and kept in storage under `public/generated/<kind>-<id>-<lng>-<version>.pdf`,
 * where the version is a hash of the `updated_at` of what it shows (the book; or the
 * publisher, its books' latest change and count): an edit makes a new version and the old file
 * of that language is deleted when the new one is made.
 * The catalogue, which for a big publisher takes longer than a request should, is made by a
 * background job (`makeDocument`) whose progress waiting users are shown.
 * See docs/decisions/004-book-uploads.md.
 */
import { createHash } from 'node:crypto';
import { setImmediate, setTimeout } from 'node:timers/promises';
import { and, count, eq, inArray, lt, max } from 'drizzle-orm';
import pLimit from 'p-limit';
import QRCode from 'qrcode';
import { INTERFACE_LANGUAGES, formatJsbn, type InterfaceLanguage, type PublisherCatalog } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { books, document_jobs, publishers } from '../../db/schema.js';
import type { JobData } from '../../lib/jobs.js';
import { notFound } from '../../lib/errors.js';
import { imageForDocument } from '../../lib/images.js';
import {
  bookSheetPdf,
  publisherBookListPdf,
  publisherCataloguePdf,
  publisherInfoPdf,
  type BookWithImages,
} from '../documents/book-sheets.js';
import { publisherInfo } from '../publishers/service.js';
import { bookPageUrl } from './qr.js';
import { getBook } from './book-reads.js';
import { listBooks } from './listing.js';

export type BookDocumentKind = 'book-sheet' | 'book-list' | 'catalog' | 'publisher-info' | 'library-info';

/** A short hash of what a document shows (its rows' `updated_at`, counts): its version. */
export const versionOf = (...parts: (string | number | Date | null | undefined)[]) =>
  createHash('sha256')
    .update(parts.map((part) => (part instanceof Date ? part.toISOString() : String(part ?? ''))).join('|'))
    .digest('hex')
    .slice(0, 16);

const GENERATED_FOLDER = 'public/generated';
const documentKey = (kind: BookDocumentKind, id: number, lng: InterfaceLanguage, version: string) =>
  `${GENERATED_FOLDER}/${kind}-${id}-${lng}-${version}.pdf`;
/** `<folder>/<kind>-<id>-` `<lng>-`? `<version>.pdf`: a stored document's language, null for one kept before documents had a language. */
const STORED_LANGUAGE = new RegExp(`-(${INTERFACE_LANGUAGES.join('|')})-[0-9a-f]+\\.pdf$`);

/**
 * Stores a made document under `key`, first deleting the older versions of the same document in
 * the same language (and those kept before documents had a language): whoever finds the new
 * file finds the old ones gone.
 */
async function store(ctx: AppContext, key: string, bytes: Buffer): Promise<void> {
  const language = STORED_LANGUAGE.exec(key)?.[1];
  if (language) {
    const prefix = key.replace(STORED_LANGUAGE, '-');
    const existing = await ctx.storage.list(GENERATED_FOLDER);
    const older = existing.filter(
      (other) =>
        other !== key &&
        other.startsWith(prefix) &&
        /^(?:[a-z]{2}-)?[0-9a-f]+\.pdf$/.test(other.slice(prefix.length)) &&
        (STORED_LANGUAGE.exec(other)?.[1] ?? language) === language,
    );
    await Promise.all(older.map((other) => ctx.storage.delete(other)));
  }
  await ctx.storage.putBuffer(bytes, key);
}

/**
 * The storage key of a document in `lng`, making it (and deleting older versions) when missing.
 * @param version changes whenever what the document shows changes (`versionOf`)
 * @param make renders the PDF bytes
 */
export async function cached(
  ctx: AppContext,
  kind: BookDocumentKind,
  id: number,
  lng: InterfaceLanguage,
  version: string,
  make: () => Promise<Buffer>,
): Promise<string> {
  const key = documentKey(kind, id, lng, version);
  if (!(await ctx.storage.inspect(key))) await store(ctx, key, await make());
  return key;
}

/** The version of a publisher's documents: the publisher row, its books' latest change and count. */
async function publisherVersion(
  ctx: AppContext,
  publisherId: number,
): Promise<{ version: string; publisher_no: string; logo_key: string | null; books: number }> {
  const [publisher] = await ctx.db
    .select({ updated_at: publishers.updated_at, publisher_no: publishers.publisher_no, logo_key: publishers.logo_key })
    .from(publishers)
    .where(eq(publishers.id, publisherId));
  if (!publisher) throw notFound('Publisher');
  const [stats] = await ctx.db
    .select({ latest: max(books.updated_at), n: count() })
    .from(books)
    .where(eq(books.publisher_id, publisherId));
  return {
    version: versionOf(publisher.updated_at, stats?.latest, stats?.n),
    publisher_no: publisher.publisher_no,
    logo_key: publisher.logo_key,
    books: stats?.n ?? 0,
  };
}

/** Covers made ready for the catalogue at once (sharp decodes on libuv's threads). */
const COVERS_AT_ONCE = 4;

/**
 * Every book of a publisher with its cover (200 px wide), newest first.
 * @param onCover called after each book's cover is ready (or found missing)
 */
async function publisherBooksWithCovers(ctx: AppContext, publisherId: number, onCover: () => void): Promise<BookWithImages[]> {
  const { books: list } = await listBooks(ctx, { pageNo: 1, limit: 'all', publisherId });
  const covers = await ctx.db.select({ id: books.id, cover_key: books.cover_key }).from(books).where(eq(books.publisher_id, publisherId));
  const coverOf = new Map(covers.map((row) => [row.id, row.cover_key]));
  const limit = pLimit(COVERS_AT_ONCE);
  return Promise.all(
    list.map((book) =>
      limit(async () => {
        const cover = await imageForDocument(ctx.storage, coverOf.get(book.id) ?? null, 200);
        onCover();
        return { book, cover };
      }),
    ),
  );
}

export interface DocumentFile {
  key: string;
  /** The download name, e.g. `JSBN-AHM01-00001-K.pdf`. */
  filename: string;
}

/**
 * The single-book sheet of a book (cover, QR, every fact) in `lng`. @throws AppError 404 'Book not found'
 */
export async function bookSheet(ctx: AppContext, bookId: number, lng: InterfaceLanguage): Promise<DocumentFile> {
  const [row] = await ctx.db
    .select({ updated_at: books.updated_at, cover_key: books.cover_key, publisher_id: books.publisher_id })
    .from(books)
    .where(eq(books.id, bookId));
  if (!row) throw notFound('Book');
  const publisherStamp = await publisherVersion(ctx, row.publisher_id);
  const key = await cached(ctx, 'book-sheet', bookId, lng, versionOf(row.updated_at, publisherStamp.version), async () => {
    const book = await getBook(ctx, bookId);
    const item: BookWithImages = {
      book,
      cover: await imageForDocument(ctx.storage, row.cover_key, 360),
      qr: await QRCode.toBuffer(bookPageUrl(ctx.config.publicUrl, book.jsbn_number), { width: 220, margin: 1, type: 'png' }),
    };
    return bookSheetPdf(item, await publisherInfo(ctx, row.publisher_id), lng);
  });
  const [jsbn] = await ctx.db.select({ jsbn: books.jsbn_number }).from(books).where(eq(books.id, bookId));
  return { key, filename: `JSBN-${formatJsbn(jsbn!.jsbn)}.pdf` };
}

/** A publisher's book list in `lng`. @throws AppError 404 'Publisher not found' */
export async function publisherBookList(ctx: AppContext, publisherId: number, lng: InterfaceLanguage): Promise<DocumentFile> {
  const { version, publisher_no } = await publisherVersion(ctx, publisherId);
  const key = await cached(ctx, 'book-list', publisherId, lng, version, async () =>
    publisherBookListPdf(
      await publisherInfo(ctx, publisherId),
      (await listBooks(ctx, { pageNo: 1, limit: 'all', publisherId })).books,
      lng,
    ),
  );
  return { key, filename: `${publisher_no}-books.pdf` };
}

/** How a document being made in the background is getting on (GET /book/catalog/:publisher_no). */
export interface DocumentProgress {
  state: 'queued' | 'running' | 'failed';
  /** 0–100. */
  percent: number;
  /** How many books the document shows. */
  books: number;
}

/** A made document, or how far its making has got. */
export type DocumentState = { file: DocumentFile } | { progress: DocumentProgress };

const DAY_MS = 24 * 60 * 60_000;
/** How often a waiting request looks at a document's progress, ms. */
const PROGRESS_POLL_MS = 100;

/**
 * A publisher's catalogue (covers and details of every book) in `lng`. Made in the background
 * (lib/jobs.ts, queue `document`): the first request queues it, and every request waits up to
 * `waitMs` for it before answering how far it has got. A request that finds its making failed
 * answers that (state 'failed') and queues it again.
 * @param waitMs how long this request may wait for the document, ms
 * @throws AppError 404 'Publisher not found'
 */
export async function publisherCatalogue(
  ctx: AppContext,
  publisherId: number,
  waitMs: number,
  lng: InterfaceLanguage,
): Promise<DocumentState> {
  const { version, publisher_no, books: count } = await publisherVersion(ctx, publisherId);
  const key = documentKey('catalog', publisherId, lng, version);
  const file = { key, filename: `${publisher_no}.pdf` };
  if (await ctx.storage.inspect(key)) return { file };
  const progressOf = (job: typeof document_jobs.$inferSelect): DocumentState => ({
    progress: {
      state: job.state as DocumentProgress['state'],
      percent: job.total ? Math.floor((100 * job.done) / job.total) : 0,
      books: count,
    },
  });
  // queued once per version; a making that failed is told to the request that finds it, which
  // queues it again, as is one whose file has gone from the storage since it was made
  const [before] = await ctx.db.select().from(document_jobs).where(eq(document_jobs.key, key));
  if (!before || before.state === 'failed' || before.state === 'ready') {
    const queued = await ctx.db
      .insert(document_jobs)
      .values({ key, total: 2 * count })
      .onConflictDoUpdate({
        target: document_jobs.key,
        set: { state: 'queued', done: 0, updated_at: new Date() },
        where: inArray(document_jobs.state, ['failed', 'ready']),
      })
      .returning({ key: document_jobs.key });
    if (queued.length) await ctx.jobs.send('document', { kind: 'catalog', publisherId, language: lng, key });
    if (before?.state === 'failed') return progressOf(before);
  }
  const deadline = Date.now() + waitMs;
  for (;;) {
    const [job] = await ctx.db.select().from(document_jobs).where(eq(document_jobs.key, key));
    if (!job || job.state === 'ready') return { file };
    if (job.state === 'failed' || Date.now() >= deadline) return progressOf(job);
    await setTimeout(PROGRESS_POLL_MS);
  }
}

/** Progress is written at most this often while a document is made, ms. */
const PROGRESS_WRITE_MS = 250;
/** The drawing yields to other requests after this many books. */
const BOOKS_PER_SLICE = 50;

/**
 * Makes the document of a `document` job (lib/jobs.ts) and stores it, writing its progress
 * (covers made, then books drawn) to `document_jobs` as it goes.
 * @throws the failure of the attempt, after marking the job failed
 */
export async function makeDocument(ctx: AppContext, job: JobData['document']): Promise<void> {
  const mark = (set: Partial<typeof document_jobs.$inferInsert>) =>
    ctx.db
      .update(document_jobs)
      .set({ ...set, updated_at: new Date() })
      .where(eq(document_jobs.key, job.key));
  if (await ctx.storage.inspect(job.key)) return void (await mark({ state: 'ready' }));
  await mark({ state: 'running', done: 0, last_error: null });
  let done = 0;
  let written = 0;
  const step = () => {
    done++;
    if (Date.now() - written < PROGRESS_WRITE_MS) return;
    written = Date.now();
    void mark({ done }).catch(() => undefined); // progress is a courtesy; the job goes on
  };
  try {
    const items = await publisherBooksWithCovers(ctx, job.publisherId, step);
    const bytes = await publisherCataloguePdf(
      await publisherInfo(ctx, job.publisherId),
      items,
      job.language ?? 'en',
      async (drawn) => {
        for (let at = 0; at < drawn; at++) step();
        await setImmediate();
      },
      BOOKS_PER_SLICE,
    );
    await store(ctx, job.key, bytes);
    await mark({ state: 'ready', done });
  } catch (error) {
    await mark({ state: 'failed', last_error: String((error as Error)?.message ?? error) }).catch(() => undefined);
    throw error;
  }
}

/** Forgets the progress of documents made or failed over a day ago (housekeeping). @returns how many */
export async function forgetDocumentJobs(ctx: AppContext): Promise<number> {
  const removed = await ctx.db
    .delete(document_jobs)
    .where(and(inArray(document_jobs.state, ['ready', 'failed']), lt(document_jobs.updated_at, new Date(ctx.clock().getTime() - DAY_MS))))
    .returning({ key: document_jobs.key });
  return removed.length;
}

/** The publisher info sheet in `lng`. @throws AppError 404 'Publisher not found' */
export async function publisherInfoSheet(ctx: AppContext, publisherId: number, lng: InterfaceLanguage): Promise<DocumentFile> {
  const { version, publisher_no, logo_key } = await publisherVersion(ctx, publisherId);
  const key = await cached(ctx, 'publisher-info', publisherId, lng, version, async () =>
    publisherInfoPdf(await publisherInfo(ctx, publisherId), await imageForDocument(ctx.storage, logo_key, 240), lng),
  );
  return { key, filename: `${publisher_no}-info.pdf` };
}

/**
 * The catalogue of the publisher with `publisherNo` (GET /book/catalog/:publisher_no — spec
 * docs/api.md) in `lng`, as `publisherCatalogue` gives it: the link of the stored file, or (while it is
 * being made) a null link and its progress.
 * @param waitMs how long this request may wait for the document, ms
 * @throws AppError 404 'Publisher not found'
 */
export async function catalogueByPublisherNo(
  ctx: AppContext,
  publisherNo: string,
  waitMs: number,
  lng: InterfaceLanguage,
): Promise<PublisherCatalog> {
  const [publisher] = await ctx.db
    .select({ id: publishers.id, publisher_no: publishers.publisher_no, publisher_name: publishers.publisher_name })
    .from(publishers)
    .where(eq(publishers.publisher_no, publisherNo.trim().toUpperCase()));
  if (!publisher) throw notFound('Publisher');
  const made = await publisherCatalogue(ctx, publisher.id, waitMs, lng);
  return {
    generated_pdf: { publisher_catalog_pdf: 'file' in made ? ctx.storage.url(made.file.key)! : null },
    publisher: { publisher_no: publisher.publisher_no, publisher_name: publisher.publisher_name },
    ...('progress' in made ? { progress: made.progress } : {}),
  };
}
