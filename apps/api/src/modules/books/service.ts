/**
 * Books — spec books-and-orders §3–§5, §7 and DESIGN §5: registering a book with its JSBN,
 * reading books, searching them and setting availability.
 */
import { and, asc, desc, eq, exists, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  AUTHOR_TYPES,
  MSG,
  JSBN_MAX_SEQUENCE,
  SUBJECTS,
  SWAROOPS,
  formatJsbn,
  makeJsbn,
  normalizeJsbn,
  samvatOf,
  BOOK_MSG,
  apiReply,
  fromMinor,
  toMinor,
  bookByNumber,
  type BookByNumber,
  type BookList,
  type BookDto,
  type BookFields,
  type StoredBookFields,
  type BookListQuery,
  type BookRegistrationResult,
  type DuplicateCheckQuery,
  type DuplicateReason,
  type DuplicateCheckResult,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { preparedOnce } from '../../db/named.js';
import { insertRows } from '../../db/insert-rows.js';
import { formDuplicates, queueFoundPairs } from './duplicates.js';
import { resolveAuthors, type ResolvedAuthor } from './authors.js';
import { book_authors, book_images, book_subjects, books, publishers } from '../../db/schema.js';
import { publicPagesChanged, type CachedPage } from '../../lib/public-pages.js';
import { AppError, notFound, validationError, type FieldError } from '../../lib/errors.js';
import { ALL_LIMIT, containsPattern, likeLiteral } from '../../lib/pagination.js';
import { ok } from '../../lib/reply.js';
import { serializeReply } from '../../lib/serializer.js';
import { publisherInfo } from '../publishers/service.js';
import { generatedPdfUrls } from './document-links.js';
import { qrDataUrl } from './qr.js';
import { bookSnapshot, recordBookChange } from './book-record.js';
import { publisherActor } from '../../lib/record-of.js';
import { imageForDocument } from '../../lib/images.js';
import { SEARCH_VERSION, jsbnCondition, searchColumnsOf, textQuery, type TextQuery } from './search.js';
import { RANKED_MATCHES, byWordIndex, findResults, rankMatches, type SearchPlan } from './search-results.js';
import { PUBLISHER_SUSPENDED, VISIBLE_BOOK, hiddenBookCount, refuseHidden } from './visibility.js';

const SUBJECT_NAME = new Map(SUBJECTS.map((subject) => [subject.id, subject.subject_name]));
const AUTHOR_TYPE_NAME = new Map(AUTHOR_TYPES.map((type) => [type.id, type.author_type]));
const SWAROOP_CODES = new Set(SWAROOPS.map((swaroop) => swaroop.code));

/** Field errors for ids that are not in the lookup lists. */
export function checkLookups(fields: StoredBookFields): FieldError[] {
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
    list.map((author, position) => ({ book_id: bookId, position, author_type_id: author.authorType, author_id: author.authorId, author_name: author.author_name })),
  );
  const subjects = written.flatMap(({ bookId, fields }) => [...new Set(fields.subjects.map((subject) => subject.id))].map((subject_id) => ({ book_id: bookId, subject_id })));
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
  const resolved = await resolveAuthors(db, entries.map((entry) => entry.fields.authors));
  const wanted = new Map<number, number>();
  for (const { publisherId } of entries) wanted.set(publisherId, (wanted.get(publisherId) ?? 0) + 1);
  const ids = [...wanted.keys()].sort((a, b) => a - b);
  await db.select({ id: publishers.id }).from(publishers).where(inArray(publishers.id, ids)).orderBy(asc(publishers.id)).for('update');
  const taken = await db
    .update(publishers)
    // each publisher moves on by its own count: {"<publisher id>": <books>} as one jsonb parameter
    .set({ last_jsbn_seq: sql`${publishers.last_jsbn_seq} + (${sql.param(JSON.stringify(Object.fromEntries(wanted)))}::jsonb ->> ${publishers.id}::text)::int` })
    .where(inArray(publishers.id, ids))
    .returning({ id: publishers.id, last: publishers.last_jsbn_seq, publisher_no: publishers.publisher_no, publisher_name: publishers.publisher_name });
  if (taken.length !== ids.length) throw notFound('Publisher');
  if (taken.some((publisher) => publisher.last > JSBN_MAX_SEQUENCE)) throw new AppError('CONFLICT', `This publisher has used all ${JSBN_MAX_SEQUENCE} JSBN numbers.`);
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
      ...searchColumnsOf({ ...fields, authors: resolved[index]!.map((author) => author.author_name), publisher_name: publisher.publisher_name, jsbn }),
    };
  });
  const inserted = (await insertRows(db, books, rows, ['id', 'jsbn_number'])) as { id: number; jsbn_number: string }[];
  const idOf = new Map(inserted.map((row) => [row.jsbn_number, row.id]));
  const written = rows.map((row, index) => ({ bookId: idOf.get(row.jsbn_number)!, jsbn: row.jsbn_number, fields: entries[index]!.fields, authors: resolved[index]! }));
  await writeAuthorsAndSubjects(db, written);
  await publicPagesChanged(db, ctx.publicPages, ids);
  // counted as the statement returns: a batch whose transaction fails later is counted too (rare)
  ctx.metrics.jsbnsRegistered.inc(written.length);
  return written.map(({ bookId, jsbn }) => ({ id: bookId, jsbn }));
}

/**
 * Registers a book and gives it the next JSBN of its publisher (POST /book; `registerBooks`).
 * @param coverKey stored cover file (the caller deletes it if this throws)
 * @param duplicateReason why the publisher registers it though the form found a book like it (decision 044)
 * @throws AppError 400 for ids not in the lookup lists; 409 when the publisher has used all 99,999 numbers
 */
export async function registerBook(ctx: AppContext, publisherId: number, fields: BookFields, coverKey: string | null, duplicateReason?: DuplicateReason): Promise<BookRegistrationResult> {
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

/** A book's authors, subjects and images as the row of the book carries them (JSON arrays, in their order). */
type BookAuthorRow = Pick<typeof book_authors.$inferSelect, 'author_id' | 'author_type_id' | 'author_name'>;
type BookImageRow = Pick<typeof book_images.$inferSelect, 'id' | 'file_key'>;

/**
 * The columns of a book as lists and pages show it: the book, its publisher's name, number and
 * logo, and its authors, subjects and images, each an array built by the database in the same
 * statement (one round trip a page instead of four).
 */
const bookColumns = {
  book: books,
  publisher_name: publishers.publisher_name,
  publisher_no: publishers.publisher_no,
  publisher_logo: publishers.logo_key,
  authors: sql<BookAuthorRow[]>`coalesce((select json_agg(json_build_object('author_id', a.author_id, 'author_type_id', a.author_type_id, 'author_name', a.author_name) order by a.position) from ${book_authors} a where a.book_id = ${books.id}), '[]'::json)`,
  subject_ids: sql<number[]>`coalesce((select json_agg(s.subject_id order by s.subject_id) from ${book_subjects} s where s.book_id = ${books.id}), '[]'::json)`,
  images: sql<BookImageRow[]>`coalesce((select json_agg(json_build_object('id', i.id, 'file_key', i.file_key) order by i.position, i.id) from ${book_images} i where i.book_id = ${books.id}), '[]'::json)`,
  /** Whether the book's publisher is suspended (decision 043): its pages answer as unknown ones. */
  publisher_suspended: PUBLISHER_SUSPENDED,
};
type BookRow = {
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
const visibleRow = (row: BookRow) => row.book.withdrawn_at === null && !row.publisher_suspended;

/** The books with their publisher, as `bookColumns` (to be narrowed by the caller). */
const selectBooks = (db: DbOrTx) => db.select(bookColumns).from(books).innerJoin(publishers, eq(publishers.id, books.publisher_id));

/**
 * Turns rows (`bookColumns`) into the BookDto shape. The uploaded book PDF link is given when
 * readers is 'Yes' (public) or the viewer is the book's publisher.
 */
async function toDtos(ctx: AppContext, rows: BookRow[], viewerPublisherId?: number): Promise<BookDto[]> {
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
    };
  });
}

/** Sortable columns of book lists (the whitelist BOOK_SORT_FIELDS of the shared schema). */
const SORTS = {
  createdAt: books.created_at,
  book_title: books.book_title,
  book_e_title: books.book_e_title,
  publication_year: books.publication_year,
  jsbn_number: books.jsbn_number,
  publisher_name: publishers.publisher_name,
  language: books.language,
  pages: books.pages,
} as const;

/** What listBooks takes: a page, an optional sort and any of the search filters. */
export type BookListInput = Pick<BookListQuery, 'pageNo' | 'limit'> & Partial<Omit<BookListQuery, 'pageNo' | 'limit'>>;


/**
 * Searches and lists books (GET /book, GET /book/publisher/:id) — spec books §2, §3, §7.
 * `queryString` matches any part of a title in any script (also across Gujarati, Devanagari
 * and Latin), despite a small misspelling, an author, the publisher or a JSBN with or without
 * hyphens, ranked best first (see search.ts); the other filters narrow the result. A
 * `sortedField` overrides the ranking; without either, newest first.
 *
 * A search's results are found a window at a time and kept until any book changes
 * (search-results.ts, decision 021): the pages after the first cost no new search. A search
 * alone (no other filter, no sort) of one word is ranked from the word index, a window at a
 * time (decision 024); its total is the vocabulary's estimate when counting would read too
 * much. Another search alone that matches more books than it would cost to rank them all
 * (`rankingLimit`) ranks the matches among the newest books where about RANKED_MATCHES of them
 * are, then lists the older ones newest first; its total is the vocabulary's estimate
 * (decision 012). Nothing then reads every matching book.
 * @returns one page of books (limit 10|20|25|50|100|all) and the total
 */
export async function listBooks(ctx: AppContext, query: BookListInput): Promise<BookList> {
  if (!query.queryString) return findBooks(ctx, query);
  // a search's time, for the metrics (lib/metrics.ts)
  const started = performance.now();
  try {
    return await findBooks(ctx, query);
  } finally {
    ctx.metrics.search.observe({ kind: 'books' }, (performance.now() - started) / 1000);
  }
}

/** `listBooks` without its timing. */
async function findBooks(ctx: AppContext, query: BookListInput): Promise<BookList> {
  const filters: SQL[] = [];
  if (query.book_title) filters.push(ilike(books.title_text, containsPattern(query.book_title.toLowerCase())));
  if (query.author_name) {
    filters.push(
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(book_authors)
          .where(and(eq(book_authors.book_id, books.id), ilike(book_authors.author_name, containsPattern(query.author_name)))),
      ),
    );
  }
  // the language as written, in any case (a typed `%` or `\` is a character, not a pattern)
  if (query.language) filters.push(ilike(books.language, likeLiteral(query.language)));
  if (query.publisher) filters.push(ilike(publishers.publisher_name, containsPattern(query.publisher)));
  if (query.jsbn_number) filters.push(jsbnCondition(query.jsbn_number) ?? sql`false`);
  if (query.subject?.length) {
    filters.push(
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(book_subjects)
          .where(and(eq(book_subjects.book_id, books.id), inArray(book_subjects.subject_id, query.subject))),
      ),
    );
  }
  if (query.publisherId) filters.push(eq(books.publisher_id, query.publisherId));

  const sortColumn = query.sortedField ? SORTS[query.sortedField] : undefined;
  const page = query.limit === 'all' ? { limit: ALL_LIMIT, offset: 0 } : { limit: Number(query.limit), offset: (query.pageNo - 1) * Number(query.limit) };
  // ties by id in the sort's direction: a page is a range of the column's index (books_title_idx …)
  const order = sortColumn ? (query.sortedOrder === 'asc' ? [asc(sortColumn), asc(books.id)] : [desc(sortColumn), desc(books.id)]) : NEWEST;
  const typed = query.queryString;
  if (!typed || sortColumn) {
    const text = typed ? await textQuery(ctx.db, typed) : undefined;
    // (sortedPage keeps withdrawn books and suspended publishers' out, decision 043)
    if (text?.estimate === 0) return { books: [], total: 0 };
    const found = await sortedPage(ctx.db, and(text?.where, ...filters), order, page);
    return { books: await toDtos(ctx, found.rows), total: found.total };
  }
  const joinPublishers = Boolean(query.publisher);
  if (query.limit === 'all') {
    // every match at once (ranked whole, not kept)
    const text = visibleOnly(await textQuery(ctx.db, typed));
    if (text.estimate === 0) return { books: [], total: 0 };
    const ranked = await rankMatches(ctx.db, text, filters, ALL_LIMIT, joinPublishers);
    return { books: await toDtos(ctx, (await rowsInOrder(ctx.db, ranked.ids)).filter(visibleRow)), total: ranked.matches, ...(ranked.estimated ? { totalIsEstimate: true } : {}) };
  }
  // a search, ranked: its results as far as earlier pages found them, found further when needed
  const needed = page.offset + page.limit;
  const key = JSON.stringify([typed.normalize('NFC').trim().toLowerCase(), query.book_title, query.author_name, query.language, query.publisher, query.jsbn_number, query.subject, query.publisherId]);
  const window = await ctx.searchResults.update(key, async (known) => {
    if (known && (known.ids.length >= needed || known.next === null)) return known;
    const text = known?.text ?? visibleOnly(await textQuery(ctx.db, typed));
    if (text.estimate === 0) return { text, ids: [], total: 0, estimated: false, next: null, read: 0 };
    // a one-word search is ranked from the word index however many books hold it (decision 024)
    const broad = filters.length === 0 && !byWordIndex(text, filters) && text.catalogue > 0 && text.estimate > rankingLimit(text.catalogue);
    const plan: SearchPlan = broad ? { kind: 'broad', catalogue: text.catalogue } : { kind: 'whole', filters, joinPublishers };
    return findResults(ctx.db, text, plan, needed, known);
  });
  // a search ranked from the word index reads no book: its hidden matches are left out here (decision 043)
  const rows = (await rowsInOrder(ctx.db, window.ids.slice(page.offset, needed))).filter(visibleRow);
  // (a broad search's last pages may find fewer matches than its estimate promised)
  const total = window.estimated ? Math.max(window.total, page.offset + rows.length) : window.total;
  return { books: await toDtos(ctx, rows), total, ...(window.estimated ? { totalIsEstimate: true } : {}) };
}

/** The search `text` finding only the books a visitor may see (decision 043). */
const visibleOnly = (text: TextQuery): TextQuery => ({ ...text, where: and(text.where, VISIBLE_BOOK)! });

/** A page of book rows and the total of the list. */
interface RowPage {
  rows: BookRow[];
  total: number;
}

/** Newest first, then by id: the order of lists, and of broad searches past their ranked part. */
const NEWEST = [desc(books.created_at), desc(books.id)];

/** A page of the books a visitor may see (decision 043) meeting `where` in `order`, and how many there are. */
async function sortedPage(db: DbOrTx, where: SQL | undefined, order: SQL[], page: { limit: number; offset: number }): Promise<RowPage> {
  const [rows, total] = await Promise.all([
    selectBooks(db).where(and(where, VISIBLE_BOOK)).orderBy(...order).limit(page.limit).offset(page.offset),
    countBooks(db, where),
  ]);
  return { rows, total };
}

/** How many books the catalogue holds: the sum of the publishers' `book_count` (kept by triggers, migration 0017; decision 025). */
export async function catalogueSize(db: DbOrTx): Promise<number> {
  const [all] = await db.select({ n: sql<number>`coalesce(sum(${publishers.book_count}), 0)`.mapWith(Number) }).from(publishers);
  return all?.n ?? 0;
}

/**
 * How many books a visitor may see (decision 043) meet `where`; every such book (no `where`):
 * the sum of the publishers' `book_count` (kept by triggers, migration 0017) less the hidden
 * ones, not a count of the catalogue.
 */
async function countBooks(db: DbOrTx, where: SQL | undefined): Promise<number> {
  if (where === undefined) {
    const [all, hidden] = await Promise.all([catalogueSize(db), hiddenBookCount(db)]);
    return all - hidden;
  }
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(books).innerJoin(publishers, eq(publishers.id, books.publisher_id)).where(and(where, VISIBLE_BOOK));
  return row?.n ?? 0;
}

/**
 * Matches above which a search is broad: ranking all of them would read more books than
 * finding RANKED_MATCHES of them among the newest (the two costs meet at
 * √(RANKED_MATCHES · catalogue): 10,000 matches in a catalogue of a million).
 */
export const rankingLimit = (catalogue: number) => Math.max(RANKED_MATCHES, Math.sqrt(RANKED_MATCHES * catalogue));

/**
 * The rows of books by ids (`ids`: an array), by JSBN (`key`: canonical) and by id (`key`), as
 * named statements built once (db/named.ts): every search page and first QR scan reads them.
 */
const booksByIdsStatement = preparedOnce((db) => selectBooks(db).where(sql`${books.id} = any(${sql.placeholder('ids')}::int[])`).prepare('books_by_ids'));
const bookByJsbnStatement = preparedOnce((db) => selectBooks(db).where(eq(books.jsbn_number, sql.placeholder('key'))).prepare('book_by_jsbn'));
const bookByIdStatement = preparedOnce((db) => selectBooks(db).where(eq(books.id, sql.placeholder('key'))).prepare('book_by_id'));

/** The rows of the books `ids` (that exist), in the order of `ids`. */
async function rowsInOrder(db: DbOrTx, ids: number[]): Promise<BookRow[]> {
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
 * the links of its generated documents (made on first download, see documents.ts).
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
  const [qrcode_image, publisher_info] = await Promise.all([
    qrDataUrl(ctx.config.publicUrl, book.jsbn_number),
    ctx.publisherInfos.get(book.publisher.id, () => publisherInfo(ctx, book.publisher.id)),
  ]);
  return { book: { ...book, qrcode_image }, publisher_info, generated_pdfs: generatedPdfUrls(book.id, book.publisher.id) };
}

const bookByNumberReply = apiReply(bookByNumber);

/**
 * The API's reply body of a book's public page (GET /book/listing/jsbn/:jsbnNo), as cached and
 * as the server-made page is given it: serialised by the route's response schema.
 */
export const publicBookJson = (ctx: AppContext, page: BookByNumber): string =>
  serializeReply(bookByNumberReply, ok(page), { strict: !ctx.config.isProduction, route: 'GET /api/book/listing/jsbn/:jsbnNo' });

/** The URL of that reply as the web app asks for it. */
export const publicBookPath = (jsbn: string) => `/api/book/listing/jsbn/${encodeURIComponent(jsbn)}`;

/**
 * The public page of a JSBN as a visitor sees it, rendered by `render` (the API's JSON reply,
 * the server-made HTML) and kept in the public page cache under `kind`: a repeated
 * scan costs no database work; a change of the book or its publisher is seen at once.
 * @param refreshMs age (ms) after which the entry is made again behind a request, when not
 *   the cache's default (pages drawn by the app cost tens of ms to make)
 * @param making runs each making of the page (the book's read and `render`; only when it is
 *   not kept or is due to be made again), e.g. as one of a limited number (`AppPages.making`)
 * @throws AppError 404 'Book not found' (nothing is cached); whatever `making` throws
 */
export async function publicBookPage(
  ctx: AppContext,
  jsbnNo: string,
  kind: string,
  render: (page: BookByNumber) => string | Promise<string>,
  refreshMs?: number,
  making: <T>(work: () => Promise<T>) => Promise<T> = (work) => work(),
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

/** The public page cache's key of the page of `jsbnNo` (any case or hyphenation) kept as `kind`; null for a malformed number. */
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

/**
 * Marks a publisher's own book available or unavailable for printing (PATCH /book/:id JSON).
 * @throws AppError 404 when the book is not the publisher's
 */
export async function setAvailability(ctx: AppContext, publisherId: number, bookId: number, isAvailable: boolean) {
  // the change and its record land together (decision 042)
  await ctx.db.transaction(async (tx) => {
    const [own] = await tx.select({ id: books.id }).from(books).where(and(eq(books.id, bookId), eq(books.publisher_id, publisherId))).for('update');
    if (!own) throw notFound('Book');
    const before = await bookSnapshot(tx, bookId);
    await tx.update(books).set({ is_available: isAvailable, updated_at: ctx.clock() }).where(eq(books.id, bookId));
    await recordBookChange(tx, await publisherActor(tx, publisherId), bookId, before);
    await publicPagesChanged(tx, ctx.publicPages, publisherId);
  });
}

/**
 * A publisher's own book row, for edit and uploads.
 * @throws AppError 404 'Book not found' when it does not exist or is another publisher's
 */
export async function ownBook(ctx: AppContext, publisherId: number, bookId: number, db: DbOrTx = ctx.db) {
  const [book] = await db.select().from(books).where(and(eq(books.id, bookId), eq(books.publisher_id, publisherId)));
  if (!book) throw notFound('Book');
  return book;
}

/**
 * Updates a publisher's own book with the registration fields (PATCH /book/:id multipart —
 * spec books §2 'Edit Book', §7 'Update book'). Authors and subjects are replaced, the search
 * text is recomputed; the JSBN never changes. Files replaced or removed here are deleted from
 * storage after the change is committed.
 * @param coverKey a new cover (the caller deletes it if this throws), or null to keep the old one
 * @param removedImageIds ids of extra images to remove
 * @throws AppError 404 (not the publisher's book), 400 (lookup ids, 'Book cover page is required.')
 */
export async function updateBook(
  ctx: AppContext,
  publisherId: number,
  bookId: number,
  fields: BookFields,
  coverKey: string | null,
  removedImageIds: number[] = [],
): Promise<void> {
  const errors = checkLookups(fields);
  if (errors.length) throw validationError(errors);
  const deleteAfter = await ctx.db.transaction(async (tx) => {
    const book = await ownBook(ctx, publisherId, bookId, tx);
    const before = await bookSnapshot(tx, bookId);
    if (!coverKey && !book.cover_key) throw validationError([{ field: 'book_cover', message: MSG.bookCover }]);
    const [publisher] = await tx.select({ publisher_name: publishers.publisher_name }).from(publishers).where(eq(publishers.id, publisherId));
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
 * The duplicate check of the registration form (GET /book/check-jsbn-number — spec books
 * §5, §7): does the publisher already have a book with this title (book_title or English
 * title, NFC, case-insensitive), and has its JSBN id already been issued (ids are never reused)?
 * @throws AppError 404 'Publisher not found' for an unknown publisher_no
 */
export async function checkDuplicate(ctx: AppContext, query: DuplicateCheckQuery): Promise<{ message: string; data: DuplicateCheckResult }> {
  const [publisher] = await ctx.db
    .select({ id: publishers.id, last: publishers.last_jsbn_seq })
    .from(publishers)
    .where(eq(publishers.publisher_no, query.publisher_no));
  if (!publisher) throw notFound('Publisher');
  const title = query.book_title.normalize('NFC').trim().toLowerCase();
  const [same] = await ctx.db
    .select({ jsbn: books.jsbn_number })
    .from(books)
    .where(and(eq(books.publisher_id, publisher.id), or(sql`lower(${books.book_title}) = ${title}`, sql`lower(${books.book_e_title}) = ${title}`)))
    .limit(1);
  const [withId] = await ctx.db
    .select({ id: books.id })
    .from(books)
    .where(and(eq(books.publisher_id, publisher.id), eq(books.publisher_jsbn_id, query.publisher_jsbn_id)));
  const idTaken = Boolean(withId) || query.publisher_jsbn_id <= publisher.last;
  const data = { duplicate: Boolean(same) || idTaken, title_exists: Boolean(same), id_taken: idTaken, jsbn_number: same ? formatJsbn(same.jsbn) : null };
  const message = [same ? BOOK_MSG.duplicateTitle : null, idTaken ? BOOK_MSG.duplicateId : null].filter(Boolean).join(' ') || BOOK_MSG.noDuplicate;
  return { message, data };
}

/**
 * Recomputes `title_text`/`search_text` of books indexed with an older recipe (SEARCH_VERSION),
 * a batch at a time; run at start so an upgraded database searches the new way.
 * @returns the number of books re-indexed
 */
export async function reindexSearch(ctx: AppContext, batchSize = 500): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await ctx.db
      .select({ id: books.id, book: books, publisher_name: publishers.publisher_name })
      .from(books)
      .innerJoin(publishers, eq(publishers.id, books.publisher_id))
      .where(lt(books.search_version, SEARCH_VERSION))
      .limit(batchSize);
    if (rows.length === 0) return done;
    const authors = await ctx.db
      .select({ book_id: book_authors.book_id, name: book_authors.author_name })
      .from(book_authors)
      .where(inArray(book_authors.book_id, rows.map((row) => row.id)));
    for (const { id, book, publisher_name } of rows) {
      const columns = searchColumnsOf({
        ...book,
        authors: authors.filter((author) => author.book_id === id).map((author) => author.name),
        publisher_name,
        jsbn: book.jsbn_number,
      });
      await ctx.db.update(books).set(columns).where(eq(books.id, id));
    }
    done += rows.length;
  }
}
