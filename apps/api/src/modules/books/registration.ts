/**
 * Writing books — docs/api.md and decision 001: registering books with their
 * JSBNs (the form's one book, the bulk and the importer's batches), editing a publisher's own
 * book, its availability, the next ids and the form's duplicate check. Every change lands
 * with its record (decision 042) and tells the public page cache.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  BOOK_MSG,
  JSBN_MAX_SEQUENCE,
  MSG,
  SWAROOPS,
  formatJsbn,
  makeJsbn,
  toMinor,
  type BookFields,
  type BookRegistrationResult,
  type DuplicateCheckQuery,
  type DuplicateCheckResult,
  type DuplicateReason,
  type StoredBookFields,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { insertRows } from '../../db/insert-rows.js';
import { book_authors, book_images, book_subjects, books, publishers } from '../../db/schema.js';
import { AppError, notFound, validationError, type FieldError } from '../../lib/errors.js';
import { publicPagesChanged } from '../../lib/public-pages.js';
import { publisherActor } from '../../lib/record-of.js';
import { resolveAuthors, type ResolvedAuthor } from './authors.js';
import { AUTHOR_TYPE_NAME, SUBJECT_NAME, ownBook } from './book-reads.js';
import { bookSnapshot, recordBookChange } from './book-record.js';
import { formDuplicates, queueFoundPairs } from './duplicates.js';
import { qrDataUrl } from './qr.js';
import { bookTextToCopies } from '../holdings/search-text.js';
import { searchColumnsOf } from './search.js';

const SWAROOP_CODES = new Set(SWAROOPS.map((swaroop) => swaroop.code));

/** Field errors for ids that are not in the lookup lists. */
export function checkLookups(fields: StoredBookFields): FieldError[] {
  const errors: FieldError[] = [];
  if (fields.type && !SWAROOP_CODES.has(fields.type)) errors.push({ field: 'type', message: 'Swaroop is not in the list' });
  fields.subjects.forEach((subject, index) => {
    if (!SUBJECT_NAME.has(subject.id)) errors.push({ field: `subjects.${index}.id`, message: 'Subject is not in the list' });
  });
  fields.authors.forEach((author, index) => {
    if (!AUTHOR_TYPE_NAME.has(author.authorType))
      errors.push({ field: `authors.${index}.authorType`, message: 'Author type is not in the list' });
  });
  return errors;
}

/** The book columns a form sets (registration and edit alike). */
function columnsOf(fields: StoredBookFields) {
  return {
    book_title: fields.book_title,
    book_e_title: fields.book_e_title,
    alternate_title: fields.alternate_title ?? null,
    book_alt_subtitle: fields.book_alt_subtitle ?? null,
    book_subtitle_lang: fields.book_subtitle_lang ?? null,
    language: fields.language,
    height: fields.height ?? null,
    width: fields.width ?? null,
    type: fields.type ?? null,
    other_type: fields.other_type ?? null,
    part: fields.part ?? null,
    publication_year: fields.publication_year ?? null,
    pages: fields.pages,
    no_of_copy: fields.no_of_copy ?? null,
    price_kind: fields.price_kind,
    price_minor: fields.price === undefined ? null : toMinor(fields.price, fields.currency),
    currency: fields.currency,
    book_published: fields.book_published === 'yes',
    published_date: fields.published_date ?? null,
    tags: fields.tags ?? null,
    other_subject: fields.other_subject ?? null,
    readers: fields.readers ?? null,
    electronic_copy: fields.electronic_copy ?? null,
    is_public_pdf: fields.isPublicPdf ?? null,
    pdfurl: fields.pdfurl ?? null,
    contents: fields.contents ?? null,
  };
}

/** Writes the author rows and subject rows of books (after their old ones were deleted), in two statements. */
async function writeAuthorsAndSubjects(db: DbOrTx, written: { bookId: number; fields: StoredBookFields; authors: ResolvedAuthor[] }[]) {
  const authors = written.flatMap(({ bookId, authors: list }) =>
    list.map((author, position) => ({
      book_id: bookId,
      position,
      author_type_id: author.authorType,
      author_id: author.authorId,
      author_name: author.author_name,
    })),
  );
  const subjects = written.flatMap(({ bookId, fields }) =>
    [...new Set(fields.subjects.map((subject) => subject.id))].map((subject_id) => ({ book_id: bookId, subject_id })),
  );
  await insertRows(db, book_authors, authors);
  await insertRows(db, book_subjects, subjects);
}

/** The next ids a publisher's new book will get (GET /book/book-jsbn-number). */
export async function nextJsbnIds(ctx: AppContext, publisherId: number) {
  const [publisher] = await ctx.db
    .select({ publisher_no: publishers.publisher_no, last: publishers.last_jsbn_seq })
    .from(publishers)
    .where(eq(publishers.id, publisherId));
  if (!publisher) throw notFound('Publisher');
  return { publisher_no: publisher.publisher_no, publisher_jsbn_id: String(publisher.last + 1).padStart(5, '0') };
}

/** A book to register: its publisher, its form's fields, its stored cover, the imported record it comes from. */
export interface NewBook {
  publisherId: number;
  /** The form's fields, or an imported record's (whose year may be unknown). */
  fields: StoredBookFields;
  coverKey: string | null;
  sourceRef?: string;
}

/**
 * Registers books in the transaction `db`, giving each publisher's books its next JSBNs in
 * the order of `entries` — taken with one `UPDATE … RETURNING` of the publishers (locked in
 * id order), so two registrations never share a number — with one insert of the books, one
 * of their authors and one of their subjects, however many books and publishers (the form's
 * one book and the importer's batches alike).
 * @returns each book's id and canonical JSBN, in the order of `entries`
 * @throws AppError 400 for ids not in the lookup lists (nothing is written); 404 when a
 *   publisher does not exist; 409 when a publisher would pass 99,999 numbers
 */
export async function registerBooks(ctx: AppContext, db: DbOrTx, entries: NewBook[]): Promise<{ id: number; jsbn: string }[]> {
  for (const entry of entries) {
    const errors = checkLookups(entry.fields);
    if (errors.length) throw validationError(errors);
  }
  if (entries.length === 0) return [];
  const resolved = await resolveAuthors(
    db,
    entries.map((entry) => entry.fields.authors),
  );
  const wanted = new Map<number, number>();
  for (const { publisherId } of entries) wanted.set(publisherId, (wanted.get(publisherId) ?? 0) + 1);
  const ids = [...wanted.keys()].sort((a, b) => a - b);
  await db.select({ id: publishers.id }).from(publishers).where(inArray(publishers.id, ids)).orderBy(asc(publishers.id)).for('update');
  const taken = await db
    .update(publishers)
    // each publisher moves on by its own count: {"<publisher id>": <books>} as one jsonb parameter
    .set({
      last_jsbn_seq: sql`${publishers.last_jsbn_seq} + (${sql.param(JSON.stringify(Object.fromEntries(wanted)))}::jsonb ->> ${publishers.id}::text)::int`,
    })
    .where(inArray(publishers.id, ids))
    .returning({
      id: publishers.id,
      last: publishers.last_jsbn_seq,
      publisher_no: publishers.publisher_no,
      publisher_name: publishers.publisher_name,
    });
  if (taken.length !== ids.length) throw notFound('Publisher');
  if (taken.some((publisher) => publisher.last > JSBN_MAX_SEQUENCE))
    throw new AppError('CONFLICT', `This publisher has used all ${JSBN_MAX_SEQUENCE} JSBN numbers`);
  // each publisher's numbers, handed out in the order of `entries`
  const next = new Map(taken.map((publisher) => [publisher.id, { ...publisher, seq: publisher.last - wanted.get(publisher.id)! + 1 }]));
  const rows = entries.map(({ publisherId, fields, coverKey, sourceRef }, index) => {
    const publisher = next.get(publisherId)!;
    const seq = publisher.seq++;
    const jsbn = makeJsbn(publisher.publisher_no, seq);
    return {
      publisher_id: publisherId,
      publisher_jsbn_id: seq,
      jsbn_number: jsbn,
      ...columnsOf(fields),
      cover_key: coverKey,
      source_ref: sourceRef ?? null,
      ...searchColumnsOf({
        ...fields,
        authors: resolved[index]!.map((author) => author.author_name),
        publisher_name: publisher.publisher_name,
        jsbn,
      }),
    };
  });
  const inserted = (await insertRows(db, books, rows, ['id', 'jsbn_number'])) as { id: number; jsbn_number: string }[];
  const idOf = new Map(inserted.map((row) => [row.jsbn_number, row.id]));
  const written = rows.map((row, index) => ({
    bookId: idOf.get(row.jsbn_number)!,
    jsbn: row.jsbn_number,
    fields: entries[index]!.fields,
    authors: resolved[index]!,
  }));
  await writeAuthorsAndSubjects(db, written);
  await publicPagesChanged(db, ctx.publicPages, ids);
  // counted as the statement returns: a batch whose transaction fails later is counted too (rare)
  ctx.metrics.jsbnsRegistered.inc(written.length);
  return written.map(({ bookId, jsbn }) => ({ id: bookId, jsbn }));
}

/** One book from the registration form (POST /book). */
export interface BookToRegister {
  publisherId: number;
  fields: BookFields;
  /** The stored cover file (the caller deletes it if the registration throws). */
  coverKey: string | null;
  /** Why the publisher registers it though the form found a book like it (decision 044). */
  duplicateReason?: DuplicateReason;
}

/**
 * Registers a book and gives it the next JSBN of its publisher (POST /book; `registerBooks`).
 * @throws AppError 400 for ids not in the lookup lists; 409 when the publisher has used all 99,999 numbers
 */
export async function registerBook(
  ctx: AppContext,
  { publisherId, fields, coverKey, duplicateReason }: BookToRegister,
): Promise<BookRegistrationResult> {
  // the books like it, read before the transaction locks the publisher's row (decision 044)
  const similar = await formDuplicates(ctx.db, fields);
  const [book] = await ctx.db.transaction(async (tx) => {
    const made = await registerBooks(ctx, tx, [{ publisherId, fields, coverKey }]);
    // the new book's every field, from nothing (decision 042)
    await recordBookChange(tx, await publisherActor(tx, publisherId), made[0]!.id, null, 'created');
    // a close match of an existing book is queued for the operators with the book (decision 044)
    await queueFoundPairs(tx, made[0]!.id, similar, duplicateReason);
    return made;
  });
  return { id: book!.id, jsbn_number: formatJsbn(book!.jsbn), qrcode_image: await qrDataUrl(ctx.config.publicUrl, book!.jsbn) };
}

/** A change of a book's availability: whose book (the signed-in publisher), which, and whether it can be printed. */
export interface AvailabilityChange {
  publisherId: number;
  bookId: number;
  isAvailable: boolean;
}

/**
 * Marks a publisher's own book available or unavailable for printing (PATCH /book/:id JSON).
 * @throws AppError 404 when the book is not the publisher's
 */
export async function setAvailability(ctx: AppContext, { publisherId, bookId, isAvailable }: AvailabilityChange) {
  // the change and its record land together (decision 042)
  await ctx.db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: books.id })
      .from(books)
      .where(and(eq(books.id, bookId), eq(books.publisher_id, publisherId)))
      .for('update');
    if (!own) throw notFound('Book');
    const before = await bookSnapshot(tx, bookId);
    await tx.update(books).set({ is_available: isAvailable, updated_at: ctx.clock() }).where(eq(books.id, bookId));
    await recordBookChange(tx, await publisherActor(tx, publisherId), bookId, before);
    await publicPagesChanged(tx, ctx.publicPages, publisherId);
  });
}

/** An edit of a book from the edit form (PATCH /book/:id multipart). */
export interface BookEdit {
  /** The signed-in publisher, whose book it must be. */
  publisherId: number;
  bookId: number;
  fields: BookFields;
  /** A new cover (the caller deletes it if the edit throws), or null to keep the old one. */
  coverKey: string | null;
  /** Ids of extra images to remove (default none). */
  removedImageIds?: number[];
}

/**
 * Updates a publisher's own book with the registration fields (PATCH /book/:id multipart —
 * apps/web/src/lib/paths.ts 'Edit Book', docs/api.md 'Update book'). Authors and subjects are replaced, the search
 * text is recomputed; the JSBN never changes. Files replaced or removed here are deleted from
 * storage after the change is committed.
 * @throws AppError 404 (not the publisher's book), 400 (lookup ids, 'Book cover page is required')
 */
export async function updateBook(
  ctx: AppContext,
  { publisherId, bookId, fields, coverKey, removedImageIds = [] }: BookEdit,
): Promise<void> {
  const errors = checkLookups(fields);
  if (errors.length) throw validationError(errors);
  const deleteAfter = await ctx.db.transaction(async (tx) => {
    const book = await ownBook(ctx, { publisherId, bookId, db: tx });
    const before = await bookSnapshot(tx, bookId);
    if (!coverKey && !book.cover_key) throw validationError([{ field: 'book_cover', message: MSG.bookCover }]);
    const [publisher] = await tx
      .select({ publisher_name: publishers.publisher_name })
      .from(publishers)
      .where(eq(publishers.id, publisherId));
    const [authors] = await resolveAuthors(tx, [fields.authors]);
    await tx
      .update(books)
      .set({
        ...columnsOf(fields),
        ...(coverKey ? { cover_key: coverKey } : {}),
        ...searchColumnsOf({
          ...fields,
          authors: authors!.map((author) => author.author_name),
          publisher_name: publisher!.publisher_name,
          jsbn: book.jsbn_number,
        }),
        updated_at: ctx.clock(),
      })
      .where(eq(books.id, bookId));
    // the book's copies on libraries' shelves are found by its new text (decision 080)
    await bookTextToCopies(tx, [bookId]);
    await tx.delete(book_authors).where(eq(book_authors.book_id, bookId));
    await tx.delete(book_subjects).where(eq(book_subjects.book_id, bookId));
    await writeAuthorsAndSubjects(tx, [{ bookId, fields, authors: authors! }]);
    await publicPagesChanged(tx, ctx.publicPages, publisherId);
    const removed = removedImageIds.length
      ? await tx
          .delete(book_images)
          .where(and(eq(book_images.book_id, bookId), inArray(book_images.id, removedImageIds)))
          .returning({ key: book_images.file_key })
      : [];
    await recordBookChange(tx, await publisherActor(tx, publisherId), bookId, before);
    return [...(coverKey && book.cover_key ? [book.cover_key] : []), ...removed.map((row) => row.key)];
  });
  await Promise.all(deleteAfter.map((key) => ctx.storage.delete(key)));
}

/**
 * The duplicate check of the registration form (GET /book/check-jsbn-number —
 * docs/api.md): does the publisher already have a book with this title (book_title or English
 * title, NFC, case-insensitive), and has its JSBN id already been issued (ids are never reused)?
 * @throws AppError 404 'Publisher not found' for an unknown publisher_no
 */
export async function checkDuplicate(
  ctx: AppContext,
  query: DuplicateCheckQuery,
): Promise<{ message: string; data: DuplicateCheckResult }> {
  const [publisher] = await ctx.db
    .select({ id: publishers.id, last: publishers.last_jsbn_seq })
    .from(publishers)
    .where(eq(publishers.publisher_no, query.publisher_no));
  if (!publisher) throw notFound('Publisher');
  const title = query.book_title.normalize('NFC').trim().toLowerCase();
  const [same] = await ctx.db
    .select({ jsbn: books.jsbn_number })
    .from(books)
    .where(
      and(
        eq(books.publisher_id, publisher.id),
        or(sql`lower(${books.book_title}) = ${title}`, sql`lower(${books.book_e_title}) = ${title}`),
      ),
    )
    .limit(1);
  const [withId] = await ctx.db
    .select({ id: books.id })
    .from(books)
    .where(and(eq(books.publisher_id, publisher.id), eq(books.publisher_jsbn_id, query.publisher_jsbn_id)));
  const idTaken = Boolean(withId) || query.publisher_jsbn_id <= publisher.last;
  const data = {
    duplicate: Boolean(same) || idTaken,
    title_exists: Boolean(same),
    id_taken: idTaken,
    jsbn_number: same ? formatJsbn(same.jsbn) : null,
  };
  const message =
    [same ? BOOK_MSG.duplicateTitle : null, idTaken ? BOOK_MSG.duplicateId : null].filter(Boolean).join(' ') || BOOK_MSG.noDuplicate;
  return { message, data };
}
