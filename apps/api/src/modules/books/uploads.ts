/**
 * Book files — the upload flow of docs/api.md and docs/decisions/004-book-uploads.md:
 *
 * 1. `createUploadUrls` — the owner asks for one signed, expiring PUT address per file
 *    (`/api/files/upload/<token>?expires=<unix ms>&signature=<HMAC>`, UPLOAD_URL_TTL_MS).
 * 2. `receiveUpload` — the browser PUTs the raw bytes; they are streamed to storage (never held
 *    in memory), checked by their magic bytes and size, and remembered on the upload row,
 *    not yet attached to the book.
 * 3. `finaliseUploads` — attaches every stored upload of the book in one transaction
 *    (index PDF and book PDF replace the old ones; images are appended, at most 4).
 *
 * With S3 storage (docs/decisions/006-production.md) step 1 hands out a presigned S3 PUT for a
 * key chosen now (`object_key`), signed for the declared size and type; the bytes go straight
 * to the bucket, and step 3 checks each object (HeadObject for the size, a ranged GET for the
 * magic bytes) before attaching it — an object that fails is deleted and named in a 413/415.
 *
 * Uploads never finalised are removed with their files by `cleanupStrayUploads` after a day.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { and, asc, count, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import {
  BOOK_MSG,
  MAX_BOOK_IMAGES,
  STRAY_UPLOAD_AGE_MS,
  UPLOAD_URL_TTL_MS,
  type BookUploadField,
  type UploadUrl,
  type UploadUrlsRequest,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { book_images, book_uploads, books } from '../../db/schema.js';
import { publicPagesChanged } from '../../lib/public-pages.js';
import { bookSnapshot, recordBookChange } from './book-record.js';
import { publisherActor } from '../../lib/record-of.js';
import { AppError, validationError, type FieldError } from '../../lib/errors.js';
import type { FileRule } from '../../lib/multipart.js';
import { storageRule, type FilePlace } from '../../lib/upload-rules.js';
import { UnreadableImageError, reencodeImage } from '../../lib/images.js';
import { EXTENSION, SPOOL_BUFFER_BYTES, detectType, type DetectedType } from '../../lib/storage.js';
import { ownBook } from './book-reads.js';

/** Where the files of each upload field are kept: the index PDF is public; the book PDF is private (readers 'No' means by request). */
const PLACES: Record<BookUploadField, FilePlace> = {
  bookimage: { visibility: 'public', folder: 'book-images' },
  index_pdf: { visibility: 'public', folder: 'index-pdfs' },
  pdfpublisher: { visibility: 'private', folder: 'book-pdfs' },
};

/**
 * Storage rule of an upload field (types, size limit in bytes and messages from the shared
 * `FILE_RULES`): where it goes, what its bytes must be, how big it may be; messages name `fileName`.
 */
export function uploadRule(field: BookUploadField, fileName: string): FileRule {
  return storageRule(field, PLACES[field], fileName);
}

function signature(ctx: AppContext, token: string, expires: number): string {
  return createHmac('sha256', ctx.secrets.fileSigningSecret).update(`upload\n${token}\n${expires}`).digest('base64url');
}

/**
 * Signed PUT addresses for the files the browser is about to upload (POST /book/:id/upload-urls).
 * @param files as checked by `uploadUrlsRequest` (field, name, type, size in bytes)
 * @returns one `{ url, fieldname, name, expiresAt }` per file, in order; URLs live UPLOAD_URL_TTL_MS
 * @throws AppError 404 (not the publisher's book), 400 'You can upload upto 4 images'
 */
export async function createUploadUrls(
  ctx: AppContext,
  publisherId: number,
  bookId: number,
  files: UploadUrlsRequest['files'],
): Promise<UploadUrl[]> {
  await ownBook(ctx, { publisherId, bookId });
  const newImages = files.filter((file) => file.field === 'bookimage').length;
  if (newImages) {
    const [existing] = await ctx.db.select({ n: count() }).from(book_images).where(eq(book_images.book_id, bookId));
    if ((existing?.n ?? 0) + newImages > MAX_BOOK_IMAGES) throw validationError([{ field: 'files', message: BOOK_MSG.maxImages }]);
  }
  const now = ctx.clock().getTime();
  const expires = now + UPLOAD_URL_TTL_MS;
  const rows = files.map((file) => {
    const rule = uploadRule(file.field, file.name);
    // with S3 the object's key is chosen now; its extension follows the declared type
    const extension = EXTENSION[file.type as DetectedType] ?? 'bin';
    return {
      token: randomBytes(24).toString('base64url'),
      book_id: bookId,
      field: file.field,
      file_name: file.name,
      declared_type: file.type,
      declared_size: file.size ?? null,
      expires_at: new Date(expires),
      created_at: new Date(now),
      object_key: ctx.storage.kind === 's3' ? `${rule.visibility}/${rule.folder}/${randomUUID()}.${extension}` : null,
    };
  });
  await ctx.db.insert(book_uploads).values(rows);
  return Promise.all(
    rows.map(async (row) => ({
      url:
        (row.object_key
          ? await ctx.storage.presignPut(row.object_key, {
              contentType: row.declared_type,
              contentLength: row.declared_size ?? undefined,
              ttlSeconds: UPLOAD_URL_TTL_MS / 1000,
            })
          : null) ?? `/api/files/upload/${row.token}?expires=${expires}&signature=${signature(ctx, row.token, expires)}`,
      fieldname: row.field,
      name: row.file_name,
      expiresAt: new Date(expires).toISOString(),
    })),
  );
}

/**
 * With S3: checks the objects the browser PUT straight to the bucket for the book's pending
 * uploads — size (HeadObject) within the field's limit and equal to the declared size, magic
 * bytes (ranged GET) of an allowed type matching the declared one; an image must decode and
 * is replaced by its re-encoded self (lib/images.ts) — and records the good ones as stored
 * (file_key, file_size, uploaded_at). Objects that fail are deleted with their row; rows whose
 * object never arrived are left for finalise to forget.
 * @returns one field error per refused file, with the status code it calls for (413 or 415)
 */
async function checkDirectUploads(
  ctx: AppContext,
  bookId: number,
): Promise<{ code: 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE'; detail: FieldError }[]> {
  const pending = await ctx.db
    .select()
    .from(book_uploads)
    .where(
      and(
        eq(book_uploads.book_id, bookId),
        isNull(book_uploads.finalised_at),
        isNull(book_uploads.file_key),
        isNotNull(book_uploads.object_key),
      ),
    );
  const refused: { code: 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE'; detail: FieldError }[] = [];
  for (const upload of pending) {
    const key = upload.object_key!;
    const info = await ctx.storage.inspect(key);
    if (!info) continue;
    const rule = uploadRule(upload.field, upload.file_name);
    const type = detectType(info.head);
    let failure: (typeof refused)[number] | null = null;
    if (info.size > rule.maxBytes || (upload.declared_size !== null && info.size !== upload.declared_size)) {
      failure = { code: 'PAYLOAD_TOO_LARGE', detail: { field: upload.field, message: rule.tooLargeMessage } };
    } else if (!type || !rule.allowed.includes(type) || type !== upload.declared_type) {
      failure = { code: 'UNSUPPORTED_MEDIA_TYPE', detail: { field: upload.field, message: rule.typeMessage } };
    }
    let size = info.size;
    if (!failure && (type === 'image/jpeg' || type === 'image/png')) {
      // an image is decoded and encoded again like every stored image (lib/images.ts)
      try {
        const clean = await reencodeImage(await buffer((await ctx.storage.get(key)).stream), type);
        await ctx.storage.putBuffer(clean, key);
        size = clean.length;
      } catch (error) {
        if (!(error instanceof UnreadableImageError)) throw error;
        failure = { code: 'UNSUPPORTED_MEDIA_TYPE', detail: { field: upload.field, message: rule.unreadableMessage } };
      }
    }
    if (failure) {
      await ctx.storage.delete(key);
      await ctx.db.delete(book_uploads).where(eq(book_uploads.id, upload.id));
      refused.push(failure);
      continue;
    }
    await ctx.db
      .update(book_uploads)
      .set({ file_key: key, file_size: size, uploaded_at: ctx.clock() })
      .where(and(eq(book_uploads.id, upload.id), isNull(book_uploads.finalised_at)));
  }
  return refused;
}

/**
 * Stores the raw body of PUT /files/upload/:token (docs/api.md 'Upload files').
 * @param body the request stream (never buffered)
 * @param declaredLength Content-Length in bytes, when sent: refused at once when over the limit
 * @returns the field and the stored size in bytes
 * @throws AppError 403 (signature altered, link expired), 404 (unknown token), 409 (already
 *   attached), 413 (over the size declared when the address was asked for, or over 10 MB for
 *   an image / 200 MB for a PDF), 415 (bytes not JPEG/PNG/PDF, or an image that does not decode)
 */
export async function receiveUpload(
  ctx: AppContext,
  token: string,
  query: { expires?: string; signature?: string },
  body: Readable,
  declaredLength: number | undefined,
): Promise<{ fieldname: BookUploadField; size: number }> {
  const expires = Number(query.expires);
  const expected = Buffer.from(signature(ctx, token, expires));
  const given = Buffer.from(query.signature ?? '');
  if (!Number.isFinite(expires) || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    body.resume();
    throw new AppError('FORBIDDEN', 'This upload link is not valid');
  }
  if (expires < ctx.clock().getTime()) {
    body.resume();
    throw new AppError('FORBIDDEN', 'This upload link has expired. Please upload the file again.');
  }
  const [upload] = await ctx.db.select().from(book_uploads).where(eq(book_uploads.token, token));
  if (!upload) {
    body.resume();
    throw new AppError('NOT_FOUND', 'Upload not found');
  }
  if (upload.finalised_at) {
    body.resume();
    throw new AppError('CONFLICT', 'This file is already attached to the book');
  }
  // the address was signed for the size the browser declared: not a byte more is taken
  const limits = uploadRule(upload.field, upload.file_name);
  const rule =
    upload.declared_size !== null && upload.declared_size < limits.maxBytes
      ? {
          ...limits,
          maxBytes: upload.declared_size,
          tooLargeMessage: `${upload.file_name} is larger than the ${upload.declared_size} bytes announced for it. Please upload it again.`,
        }
      : limits;
  if (declaredLength !== undefined && declaredLength > rule.maxBytes) {
    body.resume();
    throw new AppError('PAYLOAD_TOO_LARGE', rule.tooLargeMessage, [{ field: upload.field, message: rule.tooLargeMessage }]);
  }
  // storage.put destroys its source when it refuses the file; give it a pass-through so the
  // request itself is drained (and the 413/415 answer reaches the client) instead of reset
  const source = new PassThrough({ highWaterMark: SPOOL_BUFFER_BYTES });
  body.pipe(source);
  let stored;
  try {
    stored = await ctx.storage.put(source, rule);
  } catch (error) {
    body.unpipe(source);
    body.resume();
    if (error instanceof AppError && !error.details)
      throw new AppError(error.code, error.message, [{ field: upload.field, message: error.message }]);
    throw error;
  }
  const updated = await ctx.db
    .update(book_uploads)
    .set({ file_key: stored.key, file_size: stored.size, uploaded_at: ctx.clock() })
    .where(and(eq(book_uploads.id, upload.id), isNull(book_uploads.finalised_at)))
    .returning({ id: book_uploads.id });
  if (updated.length === 0) {
    await ctx.storage.delete(stored.key);
    throw new AppError('CONFLICT', 'This file is already attached to the book');
  }
  // a second PUT to the same address replaces the first file
  if (upload.file_key) await ctx.storage.delete(upload.file_key);
  return { fieldname: upload.field, size: stored.size };
}

/**
 * Attaches stored files to a book inside `tx`: the last index PDF and book PDF replace the
 * book's, images are appended after the existing ones.
 * @returns keys of files no longer used (delete them after the commit)
 * @throws AppError 400 'You can upload upto 4 images' when the book would have more than 4
 */
async function attach(
  tx: DbOrTx,
  ctx: AppContext,
  book: typeof books.$inferSelect,
  files: { field: BookUploadField; key: string }[],
): Promise<string[]> {
  const unused: string[] = [];
  const before = await bookSnapshot(tx, book.id);
  const last = (field: BookUploadField) => files.filter((file) => file.field === field);
  const set: Partial<typeof books.$inferInsert> = { updated_at: ctx.clock() };
  for (const [field, column, current] of [
    ['index_pdf', 'index_pdf_key', book.index_pdf_key],
    ['pdfpublisher', 'book_pdf_key', book.book_pdf_key],
  ] as const) {
    const chosen = last(field);
    if (chosen.length === 0) continue;
    set[column] = chosen.at(-1)!.key;
    unused.push(...chosen.slice(0, -1).map((file) => file.key));
    if (current) unused.push(current);
  }
  const images = last('bookimage');
  if (images.length) {
    const existing = await tx
      .select({ position: book_images.position })
      .from(book_images)
      .where(eq(book_images.book_id, book.id))
      .orderBy(asc(book_images.position));
    if (existing.length + images.length > MAX_BOOK_IMAGES) throw validationError([{ field: 'bookimage', message: BOOK_MSG.maxImages }]);
    const start = (existing.at(-1)?.position ?? -1) + 1;
    await tx.insert(book_images).values(images.map((image, index) => ({ book_id: book.id, position: start + index, file_key: image.key })));
  }
  await tx.update(books).set(set).where(eq(books.id, book.id));
  // the files' names before → after, with the attachment (decision 042)
  await recordBookChange(tx, await publisherActor(tx, book.publisher_id), book.id, before);
  await publicPagesChanged(tx, ctx.publicPages, book.publisher_id);
  return unused;
}

/** True when the book's answers require an uploaded book PDF (docs/api.md). */
const needsBookPdf = (book: typeof books.$inferSelect) =>
  book.readers === 'Yes' && book.electronic_copy === 'Yes' && book.is_public_pdf === false;

/**
 * Attaches every file uploaded for the book and not yet attached (POST /book/:id/finalise —
 * docs/api.md 'a further call finalises the book'), in one transaction; addresses never used
 * are forgotten. Files replaced by newer ones are deleted after the commit.
 * @returns the number of files attached
 * @throws AppError 404 (not the publisher's book), 400 'You can upload upto 4 images' (nothing
 *   attached), 400 'Book PDF is required when Public PDF is No' when the book still lacks the
 *   PDF its answers require (the files that did arrive stay attached; the PDF can be uploaded
 *   again from Edit); with S3, 413/415 naming each file whose object failed the size or
 *   magic-byte check (deleted; the other files are attached)
 */
export async function finaliseUploads(ctx: AppContext, publisherId: number, bookId: number): Promise<number> {
  await ownBook(ctx, { publisherId, bookId });
  const refused = ctx.storage.kind === 's3' ? await checkDirectUploads(ctx, bookId) : [];
  const { unused, attached, book } = await ctx.db.transaction(async (tx) => {
    const current = await ownBook(ctx, { publisherId, bookId, db: tx });
    const pending = await tx
      .select()
      .from(book_uploads)
      .where(and(eq(book_uploads.book_id, bookId), isNull(book_uploads.finalised_at)))
      .orderBy(asc(book_uploads.uploaded_at), asc(book_uploads.id));
    const stored = pending.filter((upload) => upload.file_key !== null);
    const unusedKeys = await attach(
      tx,
      ctx,
      current,
      stored.map((upload) => ({ field: upload.field, key: upload.file_key! })),
    );
    if (stored.length) {
      await tx
        .update(book_uploads)
        .set({ finalised_at: ctx.clock() })
        .where(
          inArray(
            book_uploads.id,
            stored.map((upload) => upload.id),
          ),
        );
    }
    const empty = pending.filter((upload) => upload.file_key === null);
    if (empty.length)
      await tx.delete(book_uploads).where(
        inArray(
          book_uploads.id,
          empty.map((upload) => upload.id),
        ),
      );
    const [after] = await tx.select().from(books).where(eq(books.id, bookId));
    // an S3 object that arrives after its address was forgotten is deleted with it
    const late = empty.filter((upload) => upload.object_key).map((upload) => upload.object_key!);
    return { unused: [...unusedKeys, ...late], attached: stored.length, book: after! };
  });
  await Promise.all(unused.map((key) => ctx.storage.delete(key)));
  if (refused.length)
    throw new AppError(
      refused[0]!.code,
      refused.map((failure) => failure.detail.message).join(' '),
      refused.map((failure) => failure.detail),
    );
  if (needsBookPdf(book) && !book.book_pdf_key) throw validationError([{ field: 'book_pdf', message: BOOK_MSG.bookPdfRequired }]);
  return attached;
}

/**
 * Attaches files that arrived in one multipart request (PATCH /book/upload-files/:id — spec
 * docs/api.md 'Book PDF upload'), the same way finalise does.
 * @param files stored files by field (`pdfpublisher` or its alias `book_pdf`, `index_pdf`, `bookimage`)
 * @throws AppError 404, 400 'You can upload upto 4 images'; the caller deletes the stored files on error
 */
export async function attachUploadedFiles(
  ctx: AppContext,
  publisherId: number,
  bookId: number,
  files: { field: BookUploadField; key: string }[],
): Promise<void> {
  const unused = await ctx.db.transaction(async (tx) => attach(tx, ctx, await ownBook(ctx, { publisherId, bookId, db: tx }), files));
  await Promise.all(unused.map((key) => ctx.storage.delete(key)));
}

/**
 * Removes uploads never finalised that are older than `maxAgeMs` (default a day) with their
 * stored files, and temporary files of interrupted uploads as old. Safe to run from any number
 * of API copies at once. Runs at start and hourly (routes.ts).
 * @returns how many upload rows and temporary files were removed
 */
export async function cleanupStrayUploads(
  ctx: AppContext,
  maxAgeMs: number = STRAY_UPLOAD_AGE_MS,
): Promise<{ uploads: number; tmpFiles: number }> {
  const cutoff = new Date(ctx.clock().getTime() - maxAgeMs);
  const removed = await ctx.db
    .delete(book_uploads)
    .where(and(isNull(book_uploads.finalised_at), lt(book_uploads.created_at, cutoff)))
    .returning({ key: book_uploads.file_key, objectKey: book_uploads.object_key });
  const keys = new Set(removed.flatMap((row) => [row.key, row.objectKey]).filter((key): key is string => Boolean(key)));
  await Promise.all([...keys].map((key) => ctx.storage.delete(key)));
  // finalised rows are only history: forget them after the same time
  await ctx.db.delete(book_uploads).where(and(isNotNull(book_uploads.finalised_at), lt(book_uploads.finalised_at, cutoff)));
  const tmpFiles = await ctx.storage.removeStaleTemp(cutoff);
  return { uploads: removed.length, tmpFiles };
}

/** Re-exported for the routes: which fields the direct multipart upload accepts. */
export const DIRECT_UPLOAD_FIELDS: Record<string, BookUploadField> = {
  pdfpublisher: 'pdfpublisher',
  book_pdf: 'pdfpublisher',
  index_pdf: 'index_pdf',
  bookimage: 'bookimage',
};
