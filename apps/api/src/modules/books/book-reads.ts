/**
 * Reading books — docs/api.md: the book rows as lists and pages read them (a
 * book, its publisher and its authors, subjects and images in one statement), their reply shape
 * (`BookDto`), one book by id or JSBN with its QR image, books by ids (exports, MARC, SRU,
 * OAI-PMH) and a publisher's own book row (edit and uploads).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AUTHOR_TYPES, SUBJECTS, formatJsbn, fromMinor, normalizeJsbn, samvatOf, type BookByNumber, type BookDto } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { readAt } from '../holdings/public.js';
import type { DbOrTx } from '../../db/client.js';
import { preparedOnce } from '../../db/named.js';
import { book_authors, book_images, book_subjects, books, publishers } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { publisherInfo } from '../publishers/service.js';
import { generatedPdfUrls } from './document-links.js';
import { qrDataUrl } from './qr.js';
import { PUBLISHER_SUSPENDED, refuseHidden } from './visibility.js';

/** Subject names by id (the lookup list). */
export const SUBJECT_NAME = new Map(SUBJECTS.map((subject) => [subject.id, subject.subject_name]));
/** Author types' names by id (the lookup list). */
export const AUTHOR_TYPE_NAME = new Map(AUTHOR_TYPES.map((type) => [type.id, type.author_type]));
/** A book's authors, subjects and images as the row of the book carries them (JSON arrays, in their order). */
type BookAuthorRow = Pick<typeof book_authors.$inferSelect, 'author_id' | 'author_type_id' | 'author_name'>;
type BookImageRow = Pick<typeof book_images.$inferSelect, 'id' | 'file_key'>;

/**
 * The columns of a book as lists and pages show it: the book, its publisher's name, number and
 * logo, and its authors, subjects and images, each an array built by the database in the same
 * statement (one round trip a page instead of four).
 */
export const bookColumns = {
  book: books,
  publisher_name: publishers.publisher_name,
  publisher_no: publishers.publisher_no,
  publisher_logo: publishers.logo_key,
  authors: sql<
    BookAuthorRow[]
  >`coalesce((select json_agg(json_build_object('author_id', a.author_id, 'author_type_id', a.author_type_id, 'author_name', a.author_name) order by a.position) from ${book_authors} a where a.book_id = ${books.id}), '[]'::json)`,
  subject_ids: sql<
    number[]
  >`coalesce((select json_agg(s.subject_id order by s.subject_id) from ${book_subjects} s where s.book_id = ${books.id}), '[]'::json)`,
  images: sql<
    BookImageRow[]
  >`coalesce((select json_agg(json_build_object('id', i.id, 'file_key', i.file_key) order by i.position, i.id) from ${book_images} i where i.book_id = ${books.id}), '[]'::json)`,
  /** Whether the book's publisher is suspended (decision 043): its pages answer as unknown ones. */
  publisher_suspended: PUBLISHER_SUSPENDED,
};
export type BookRow = {
  book: typeof books.$inferSelect;
  publisher_name: string;
  publisher_no: string;
  publisher_logo: string | null;
  authors: BookAuthorRow[];
  subject_ids: number[];
  images: BookImageRow[];
  publisher_suspended: boolean;
};

/** Whether a visitor may find the book of `row` in search (decision 043; `VISIBLE_BOOK` as the rows carry it). */
export const visibleRow = (row: BookRow) => row.book.withdrawn_at === null && !row.publisher_suspended;

/** The books with their publisher, as `bookColumns` (to be narrowed by the caller). */
export const selectBooks = (db: DbOrTx) => db.select(bookColumns).from(books).innerJoin(publishers, eq(publishers.id, books.publisher_id));

/**
 * Turns rows (`bookColumns`) into the BookDto shape. The uploaded book PDF link is given when
 * readers is 'Yes' (public) or the viewer is the book's publisher; so is a withdrawn book's
 * `withdrawn` (when, why, the JSBN it duplicates — decision 050).
 */
export async function toDtos(ctx: AppContext, rows: BookRow[], viewerPublisherId?: number): Promise<BookDto[]> {
  const own = rows.filter(({ book }) => book.publisher_id === viewerPublisherId);
  const duplicated = [...new Set(own.flatMap(({ book }) => (book.withdrawn_at && book.duplicate_of !== null ? [book.duplicate_of] : [])))];
  const seeJsbn = new Map(
    duplicated.length
      ? (await ctx.db.select({ id: books.id, jsbn: books.jsbn_number }).from(books).where(inArray(books.id, duplicated))).map((row) => [
          row.id,
          formatJsbn(row.jsbn),
        ])
      : [],
  );
  return rows.map(({ book, publisher_name, publisher_no, publisher_logo, authors: authorRows, subject_ids, images: imageRows }) => {
    const images = imageRows.map((image) => ({ id: image.id, url: ctx.storage.url(image.file_key)! }));
    const pdfVisible = book.readers === 'Yes' || viewerPublisherId === book.publisher_id;
    const bookPdf = pdfVisible ? ctx.storage.url(book.book_pdf_key) : null;
    return {
      id: book.id,
      bookId: book.id,
      jsbn_number: formatJsbn(book.jsbn_number),
      book_title: book.book_title,
      book_e_title: book.book_e_title,
      alternate_title: book.alternate_title,
      book_alt_subtitle: book.book_alt_subtitle,
      book_subtitle_lang: book.book_subtitle_lang,
      language: book.language,
      size: book.height && book.width ? `${book.height} * ${book.width}` : null,
      height: book.height,
      width: book.width,
      type: book.type,
      other_type: book.other_type,
      part: book.part,
      publication_year: book.publication_year,
      published_year: book.publication_year,
      ...samvatOf(book.publication_year),
      pages: book.pages,
      no_of_copy: book.no_of_copy,
      price_kind: book.price_kind,
      price: book.price_minor === null ? null : fromMinor(book.price_minor, book.currency),
      currency: book.currency,
      book_published: book.book_published ? 'yes' : 'no',
      published_date: book.published_date,
      tags: book.tags,
      subjects: subject_ids.map((subjectId) => {
        const entry = { id: subjectId, subject_name: SUBJECT_NAME.get(subjectId) ?? '' };
        return { ...entry, subjectId: entry.id, Subject: entry };
      }),
      other_subject: book.other_subject,
      authors: authorRows.map((author) => ({
        authorId: author.author_id,
        authorType: author.author_type_id,
        author_type: AUTHOR_TYPE_NAME.get(author.author_type_id) ?? '',
        author_name: author.author_name,
        AuthorName: { author_name: author.author_name },
        AuthorType: { author_type: AUTHOR_TYPE_NAME.get(author.author_type_id) ?? '' },
      })),
      book_cover: ctx.storage.url(book.cover_key),
      book_image: images,
      bookimage: images.map((image) => image.url),
      index_pdf: ctx.storage.url(book.index_pdf_key),
      pdfpublisher: bookPdf,
      book_pdf: bookPdf,
      has_book_pdf: book.book_pdf_key !== null,
      readers: book.readers,
      electronic_copy: book.electronic_copy,
      isPublicPdf: book.is_public_pdf,
      pdfurl: book.pdfurl,
      isAvailable: book.is_available,
      contents: book.contents,
      status: book.publication_year === null ? 'INCOMPLETE' : 'COMPLETE',
      publisher: { id: book.publisher_id, publisher_name, logoUrl: ctx.storage.url(publisher_logo) },
      publisher_name,
      publisher_no,
      publisher_jsbn_id: String(book.publisher_jsbn_id).padStart(5, '0'),
      createdAt: book.created_at.toISOString(),
      updatedAt: book.updated_at.toISOString(),
      ...(book.withdrawn_at && book.publisher_id === viewerPublisherId
        ? {
            withdrawn: {
              withdrawn_at: book.withdrawn_at.toISOString(),
              reason: book.withdrawn_reason ?? '',
              see_jsbn: book.duplicate_of === null ? null : (seeJsbn.get(book.duplicate_of) ?? null),
            },
          }
        : {}),
    };
  });
}

/**
 * The rows of books by ids (`ids`: an array), by JSBN (`key`: canonical) and by id (`key`), as
 * named statements built once (db/named.ts): every search page and first QR scan reads them.
 */
const booksByIdsStatement = preparedOnce((db) =>
  selectBooks(db)
    .where(sql`${books.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('books_by_ids'),
);
const bookByJsbnStatement = preparedOnce((db) =>
  selectBooks(db)
    .where(eq(books.jsbn_number, sql.placeholder('key')))
    .prepare('book_by_jsbn'),
);
const bookByIdStatement = preparedOnce((db) =>
  selectBooks(db)
    .where(eq(books.id, sql.placeholder('key')))
    .prepare('book_by_id'),
);

/** The rows of the books `ids` (that exist), in the order of `ids`. */
export async function rowsInOrder(db: DbOrTx, ids: number[]): Promise<BookRow[]> {
  if (ids.length === 0) return [];
  const rows = await booksByIdsStatement(db).execute({ ids });
  const byId = new Map(rows.map((row) => [row.book.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The book of `rows` (none or one, from a statement above) as the viewer sees it, or null. */
async function oneBook(ctx: AppContext, rows: BookRow[], viewerPublisherId?: number): Promise<BookDto | null> {
  const [book] = await toDtos(ctx, rows, viewerPublisherId);
  return book ?? null;
}

/**
 * Books with these ids, in the order of `ids` (exports).
 * @throws AppError 404 when an id is not a book
 */
export async function booksByIds(ctx: AppContext, ids: number[]): Promise<BookDto[]> {
  const unique = [...new Set(ids)];
  const rows = await selectBooks(ctx.db).where(inArray(books.id, unique));
  if (rows.length !== unique.length) throw notFound('Book');
  const dtos = await toDtos(ctx, rows);
  return unique.map((id) => dtos.find((book) => book.id === id)!);
}

/**
 * One book with its QR image (GET /book/:id).
 * @param viewerPublisherId the logged-in publisher, who also sees the link of its own private PDF
 * @throws AppError 404 'Book not found'
 */
export async function getBook(ctx: AppContext, bookId: number, viewerPublisherId?: number): Promise<BookDto> {
  const book = await oneBook(ctx, await bookByIdStatement(ctx.db).execute({ key: bookId }), viewerPublisherId);
  if (!book) throw notFound('Book');
  return { ...book, qrcode_image: await qrDataUrl(ctx.config.publicUrl, book.jsbn_number) };
}

/**
 * The public page of a JSBN in any case or hyphenation (GET /book/listing/jsbn/:jsbnNo), with
 * the links of its generated documents (made on first download, see documents.ts) and the
 * libraries that show a copy on their shelves (`read_at`, decision 077).
 * @throws AppError 404 'Book not found' for an unknown or malformed number, or a suspended
 *   publisher's book; GoneError 410 for a withdrawn one (decision 043)
 */
export async function bookByJsbn(ctx: AppContext, jsbnNo: string, viewerPublisherId?: number): Promise<BookByNumber> {
  const canonical = normalizeJsbn(jsbnNo);
  const rows = canonical ? await bookByJsbnStatement(ctx.db).execute({ key: canonical }) : [];
  // a withdrawn book: 410 with when and why; a suspended publisher's: as unknown (decision 043)
  if (rows[0]) await refuseHidden(ctx.db, rows[0].book, rows[0].publisher_suspended);
  const book = await oneBook(ctx, rows, viewerPublisherId);
  if (!book) throw notFound('Book');
  const [qrcode_image, publisher_info, read_at] = await Promise.all([
    qrDataUrl(ctx.config.publicUrl, book.jsbn_number),
    ctx.publisherInfos.get(book.publisher.id, () => publisherInfo(ctx, book.publisher.id)),
    readAt(ctx.db, book.id),
  ]);
  return { book: { ...book, qrcode_image }, publisher_info, generated_pdfs: generatedPdfUrls(book.id, book.publisher.id), read_at };
}

/** A book of one publisher: whose (the signed-in publisher), which, and the transaction to read it in (default `ctx.db`). */
export interface OwnBookOf {
  publisherId: number;
  bookId: number;
  db?: DbOrTx;
}

/**
 * A publisher's own book row, for edit and uploads.
 * @throws AppError 404 'Book not found' when it does not exist or is another publisher's
 */
export async function ownBook(ctx: AppContext, { publisherId, bookId, db = ctx.db }: OwnBookOf) {
  const [book] = await db
    .select()
    .from(books)
    .where(and(eq(books.id, bookId), eq(books.publisher_id, publisherId)));
  if (!book) throw notFound('Book');
  return book;
}
