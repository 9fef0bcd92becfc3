/**
 * A book's entries in the record of changes (decision 042): its fields before and after a
 * change, read in the change's own transaction, and the entry written with it. The fields are
 * the columns the book form sets, its authors and subjects by name, and its files by name
 * (never the search columns or timestamps, which follow from the rest).
 */
import { asc, eq } from 'drizzle-orm';
import { SUBJECTS, fromMinor, type AuditAction } from '@jsbn/shared';
import type { DbOrTx } from '../../db/client.js';
import { book_authors, book_images, book_subjects, books } from '../../db/schema.js';
import { changedFields, record, type AuditActor } from '../../lib/audit.js';
import { fileName, pick } from '../../lib/record-of.js';

/** The book columns the record compares (the form's fields and the availability). */
export const RECORDED_BOOK_FIELDS = [
  'book_title',
  'book_e_title',
  'alternate_title',
  'book_alt_subtitle',
  'book_subtitle_lang',
  'language',
  'height',
  'width',
  'type',
  'other_type',
  'part',
  'publication_year',
  'pages',
  'no_of_copy',
  'price_kind',
  'currency',
  'book_published',
  'published_date',
  'tags',
  'other_subject',
  'readers',
  'electronic_copy',
  'is_public_pdf',
  'pdfurl',
  'contents',
  'is_available',
] as const;

const SUBJECT_NAME = new Map(SUBJECTS.map((subject) => [subject.id, subject.subject_name]));

/** A book's recorded fields, as the record compares them. */
export type BookSnapshot = Record<string, unknown>;

/**
 * The recorded fields of book `bookId` as `db` sees them now (price in rupees, files by name,
 * authors and subjects by name, in their order), or null when there is no such book.
 */
export async function bookSnapshot(db: DbOrTx, bookId: number): Promise<BookSnapshot | null> {
  // one statement after another: `db` may be a transaction, whose one connection takes one query
  // at a time (node-postgres deprecates queuing a second while the first runs)
  const [book] = await db.select().from(books).where(eq(books.id, bookId));
  if (!book) return null;
  const authors = await db
    .select({ name: book_authors.author_name })
    .from(book_authors)
    .where(eq(book_authors.book_id, bookId))
    .orderBy(asc(book_authors.position));
  const subjects = await db
    .select({ id: book_subjects.subject_id })
    .from(book_subjects)
    .where(eq(book_subjects.book_id, bookId))
    .orderBy(asc(book_subjects.subject_id));
  const images = await db
    .select({ key: book_images.file_key })
    .from(book_images)
    .where(eq(book_images.book_id, bookId))
    .orderBy(asc(book_images.position), asc(book_images.id));
  return {
    ...pick(book, RECORDED_BOOK_FIELDS),
    price: book.price_minor === null ? null : fromMinor(book.price_minor, book.currency),
    authors: authors.map((author) => author.name),
    subjects: subjects.map((subject) => SUBJECT_NAME.get(subject.id) ?? String(subject.id)),
    cover: fileName(book.cover_key),
    index_pdf: fileName(book.index_pdf_key),
    book_pdf: fileName(book.book_pdf_key),
    images: images.map((image) => fileName(image.key)),
  };
}

/**
 * Writes the entry of a change of book `bookId` with `db` (the change's transaction): each
 * field that differs between `before` and the book as it is now. Nothing is written when no
 * field changed (a form saved as it was).
 */
export async function recordBookChange(
  db: DbOrTx,
  actor: AuditActor,
  bookId: number,
  before: BookSnapshot | null,
  action: AuditAction = 'updated',
  reason?: string | null,
): Promise<void> {
  const after = await bookSnapshot(db, bookId);
  if (!after) return;
  const changes = changedFields(before ?? {}, after);
  // a new book's empty lists (no images yet) are no change worth a line
  if (!before)
    for (const [field, [, value]] of Object.entries(changes)) if (Array.isArray(value) && value.length === 0) delete changes[field];
  if (Object.keys(changes).length === 0) return;
  await record(db, { actor, subject: 'book', subjectId: bookId, action, changes, reason });
}
