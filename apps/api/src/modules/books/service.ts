/**
 * Books — spec books-and-orders §3–§5, §7 and DESIGN §5: registering a book with its JSBN,
 * reading books, searching them and setting availability.
 */
import { and, asc, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  AUTHOR_TYPES,
  JSBN_MAX_SEQUENCE,
  SUBJECTS,
  SWAROOPS,
  formatJsbn,
  makeJsbn,
  normalizeJsbn,
  samvatOf,
  type BookByNumber,
  type BookDto,
  type BookFields,
  type BookListQuery,
  type ListQuery,
  type BookRegistrationResult,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { book_authors, book_subjects, books, publishers } from '../../db/schema.js';
import { AppError, notFound, validationError, type FieldError } from '../../lib/errors.js';
import { containsPattern, pageOf } from '../../lib/pagination.js';
import { publisherInfo } from '../publishers/service.js';
import { qrDataUrl } from './qr.js';

const SUBJECT_NAME = new Map(SUBJECTS.map((subject) => [subject.id, subject.subject_name]));
const AUTHOR_TYPE_NAME = new Map(AUTHOR_TYPES.map((type) => [type.id, type.author_type]));
const SWAROOP_CODES = new Set(SWAROOPS.map((swaroop) => swaroop.code));

/** Lower-cased NFC text the trigram search looks in. */
export function searchTextOf(parts: (string | null | undefined)[]): string {
  return parts.filter(Boolean).join(' \u2022 ').normalize('NFC').toLowerCase();
}

/** Field errors for ids that are not in the lookup lists. */
function checkLookups(fields: BookFields): FieldError[] {
  const errors: FieldError[] = [];
  if (fields.type && !SWAROOP_CODES.has(fields.type)) errors.push({ field: 'type', message: 'Swaroop is not in the list' });
  fields.subjects.forEach((subject, index) => {
    if (!SUBJECT_NAME.has(subject.id)) errors.push({ field: `subjects.${index}.id`, message: 'Subject is not in the list' });
  });
  fields.authors.forEach((author, index) => {
    if (!AUTHOR_TYPE_NAME.has(author.authorType)) errors.push({ field: `authors.${index}.authorType`, message: 'Author type is not in the list' });
  });
  return errors;
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

/**
 * Registers a book and gives it the next JSBN of its publisher (POST /book). The sequence is
 * taken with one `UPDATE … RETURNING` in the same transaction, so two books never share a number.
 * @param coverKey stored cover file (the caller deletes it if this throws)
 * @param options.tx run inside this transaction; options.sourceRef the imported record's id
 * @throws AppError 400 for ids not in the lookup lists; 409 when the publisher has used all 99,999 numbers
 */
export async function registerBook(
  ctx: AppContext,
  publisherId: number,
  fields: BookFields,
  coverKey: string | null,
  options: { tx?: DbOrTx; sourceRef?: string } = {},
): Promise<BookRegistrationResult> {
  const errors = checkLookups(fields);
  if (errors.length) throw validationError(errors);
  const run = async (db: DbOrTx) => {
    const [publisher] = await db
      .update(publishers)
      .set({ last_jsbn_seq: sql`${publishers.last_jsbn_seq} + 1` })
      .where(eq(publishers.id, publisherId))
      .returning({ seq: publishers.last_jsbn_seq, publisher_no: publishers.publisher_no, publisher_name: publishers.publisher_name });
    if (!publisher) throw notFound('Publisher');
    if (publisher.seq > JSBN_MAX_SEQUENCE) {
      throw new AppError('CONFLICT', `This publisher has used all ${JSBN_MAX_SEQUENCE} JSBN numbers.`);
    }
    const jsbn = makeJsbn(publisher.publisher_no, publisher.seq);
    const [book] = await db
      .insert(books)
      .values({
        publisher_id: publisherId,
        publisher_jsbn_id: publisher.seq,
        jsbn_number: jsbn,
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
        publication_year: fields.publication_year,
        pages: fields.pages,
        no_of_copy: fields.no_of_copy ?? null,
        price_minor: fields.price === undefined ? null : Math.round(fields.price * 100),
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
        cover_key: coverKey,
        source_ref: options.sourceRef ?? null,
        search_text: searchTextOf([
          fields.book_title,
          fields.book_e_title,
          fields.alternate_title,
          ...fields.authors.map((author) => author.author_name),
          publisher.publisher_name,
          jsbn,
          formatJsbn(jsbn),
        ]),
      })
      .returning({ id: books.id });
    const bookId = book!.id;
    await db.insert(book_authors).values(
      fields.authors.map((author, position) => ({ book_id: bookId, position, author_type_id: author.authorType, author_name: author.author_name })),
    );
    const subjectIds = [...new Set(fields.subjects.map((subject) => subject.id))];
    if (subjectIds.length) await db.insert(book_subjects).values(subjectIds.map((subject_id) => ({ book_id: bookId, subject_id })));
    return { id: bookId, jsbn_number: formatJsbn(jsbn), qrcode_image: await qrDataUrl(ctx.config.publicUrl, jsbn) };
  };
  return options.tx ? run(options.tx) : ctx.db.transaction(run);
}

const bookColumns = {
  book: books,
  publisher_name: publishers.publisher_name,
  publisher_no: publishers.publisher_no,
  publisher_logo: publishers.logo_key,
};
type BookRow = { book: typeof books.$inferSelect; publisher_name: string; publisher_no: string; publisher_logo: string | null };

/** Turns rows into the BookDto shape, loading authors and subjects of all rows in two queries. */
async function toDtos(ctx: AppContext, rows: BookRow[]): Promise<BookDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.book.id);
  const [authorRows, subjectRows] = await Promise.all([
    ctx.db.select().from(book_authors).where(inArray(book_authors.book_id, ids)).orderBy(asc(book_authors.book_id), asc(book_authors.position)),
    ctx.db.select().from(book_subjects).where(inArray(book_subjects.book_id, ids)),
  ]);
  return rows.map(({ book, publisher_name, publisher_no, publisher_logo }) => ({
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
    price: book.price_minor === null ? null : book.price_minor / 100,
    currency: book.currency,
    book_published: book.book_published ? 'yes' : 'no',
    published_date: book.published_date,
    tags: book.tags,
    subjects: subjectRows
      .filter((subject) => subject.book_id === book.id)
      .map((subject) => ({ id: subject.subject_id, subject_name: SUBJECT_NAME.get(subject.subject_id) ?? '' })),
    other_subject: book.other_subject,
    authors: authorRows
      .filter((author) => author.book_id === book.id)
      .map((author) => ({
        authorId: author.id,
        authorType: author.author_type_id,
        author_type: AUTHOR_TYPE_NAME.get(author.author_type_id) ?? '',
        author_name: author.author_name,
      })),
    book_cover: ctx.storage.url(book.cover_key),
    readers: book.readers,
    electronic_copy: book.electronic_copy,
    isPublicPdf: book.is_public_pdf,
    pdfurl: book.pdfurl,
    isAvailable: book.is_available,
    contents: book.contents,
    publisher: { id: book.publisher_id, publisher_name, logoUrl: ctx.storage.url(publisher_logo) },
    publisher_name,
    publisher_no,
    publisher_jsbn_id: String(book.publisher_jsbn_id).padStart(5, '0'),
    createdAt: book.created_at.toISOString(),
  }));
}

/** Sortable columns of book lists. */
const SORTS = {
  createdAt: books.created_at,
  book_title: books.book_title,
  book_e_title: books.book_e_title,
  publication_year: books.publication_year,
  jsbn_number: books.jsbn_number,
  publisher_name: publishers.publisher_name,
} as const;

/** The JSBN condition for what a user typed: a whole JSBN exactly, or a prefix of one. */
function jsbnCondition(input: string): SQL | undefined {
  const whole = normalizeJsbn(input);
  if (whole) return eq(books.jsbn_number, whole);
  const compact = input.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z0-9]{3,11}$/.test(compact) && /\d/.test(compact) ? ilike(books.jsbn_number, `${compact}%`) : undefined;
}

/**
 * Searches and lists books (GET /book, GET /book/publisher/:id). `queryString` matches any part
 * of a title (any script), an author, the publisher or a JSBN with or without hyphens, ranked
 * by trigram word similarity; the other filters narrow the result.
 * @returns one page of books and the total count
 */
export async function listBooks(
  ctx: AppContext,
  query: ListQuery & Partial<Omit<BookListQuery, keyof ListQuery>>,
): Promise<{ books: BookDto[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  let rank: SQL | undefined;
  if (query.queryString) {
    const text = query.queryString.normalize('NFC').toLowerCase();
    conditions.push(or(ilike(books.search_text, containsPattern(text)), jsbnCondition(query.queryString)));
    rank = sql`word_similarity(${text}, ${books.search_text})`;
  }
  if (query.book_title) {
    const pattern = containsPattern(query.book_title);
    conditions.push(or(ilike(books.book_title, pattern), ilike(books.book_e_title, pattern), ilike(books.alternate_title, pattern)));
  }
  if (query.author_name) {
    conditions.push(
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(book_authors)
          .where(and(eq(book_authors.book_id, books.id), ilike(book_authors.author_name, containsPattern(query.author_name)))),
      ),
    );
  }
  if (query.language) conditions.push(ilike(books.language, query.language));
  if (query.publisher) conditions.push(ilike(publishers.publisher_name, containsPattern(query.publisher)));
  if (query.jsbn_number) conditions.push(jsbnCondition(query.jsbn_number) ?? sql`false`);
  if (query.subject?.length) {
    conditions.push(
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(book_subjects)
          .where(and(eq(book_subjects.book_id, books.id), inArray(book_subjects.subject_id, query.subject))),
      ),
    );
  }
  if (query.publisherId) conditions.push(eq(books.publisher_id, query.publisherId));
  const where = and(...conditions);

  const sortColumn = query.sortedField ? SORTS[query.sortedField as keyof typeof SORTS] : undefined;
  const order = sortColumn
    ? [query.sortedOrder === 'asc' ? asc(sortColumn) : desc(sortColumn)]
    : rank
      ? [desc(rank)]
      : [desc(books.created_at)];
  const page = pageOf(query);
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select(bookColumns)
      .from(books)
      .innerJoin(publishers, eq(publishers.id, books.publisher_id))
      .where(where)
      .orderBy(...order, desc(books.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(books).innerJoin(publishers, eq(publishers.id, books.publisher_id)).where(where),
  ]);
  return { books: await toDtos(ctx, rows), total: counted?.n ?? 0 };
}

async function findBook(ctx: AppContext, condition: SQL): Promise<BookDto | null> {
  const rows = await ctx.db.select(bookColumns).from(books).innerJoin(publishers, eq(publishers.id, books.publisher_id)).where(condition);
  const [book] = await toDtos(ctx, rows);
  return book ?? null;
}

/** One book with its QR image (GET /book/:id). @throws 404 */
export async function getBook(ctx: AppContext, bookId: number): Promise<BookDto> {
  const book = await findBook(ctx, eq(books.id, bookId));
  if (!book) throw notFound('Book');
  return { ...book, qrcode_image: await qrDataUrl(ctx.config.publicUrl, book.jsbn_number) };
}

/**
 * The public page of a JSBN in any case or hyphenation (GET /book/listing/jsbn/:jsbnNo).
 * @throws AppError 404 'Book not found' for an unknown or malformed number
 */
export async function bookByJsbn(ctx: AppContext, jsbnNo: string): Promise<BookByNumber> {
  const canonical = normalizeJsbn(jsbnNo);
  const book = canonical ? await findBook(ctx, eq(books.jsbn_number, canonical)) : null;
  if (!book) throw notFound('Book');
  return {
    book: { ...book, qrcode_image: await qrDataUrl(ctx.config.publicUrl, book.jsbn_number) },
    publisher_info: await publisherInfo(ctx, book.publisher.id),
    generated_pdfs: { single_book_pdf: null, publisher_book_list_pdf: null, publisher_catalog_pdf: null },
  };
}

/**
 * Marks a publisher's own book available or unavailable for printing (PATCH /book/:id).
 * @throws AppError 404 when the book is not the publisher's
 */
export async function setAvailability(ctx: AppContext, publisherId: number, bookId: number, isAvailable: boolean) {
  const updated = await ctx.db
    .update(books)
    .set({ is_available: isAvailable, updated_at: new Date() })
    .where(and(eq(books.id, bookId), eq(books.publisher_id, publisherId)))
    .returning({ id: books.id });
  if (updated.length === 0) throw notFound('Book');
}
