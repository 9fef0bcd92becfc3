/**
 * Books: registration fields, search filters and the shapes the API returns — spec
 * docs/api.md. Multipart fields arrive as strings (bracket names such as
 * `authors[0][authorType]` are assembled into arrays before validation).
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { BOOK_MSG, isoOfDdMmYyyy } from '../book-text.js';
import { BOOK_LIST_PAGE_SIZES, BOOK_UPLOAD_FIELDS, DEFAULT_CURRENCY, MAX_BOOK_IMAGES, QR_PRINT_SIZES_MM } from '../constants.js';
import { FILE_RULES } from '../file-rules.js';
import { CURRENCIES } from '../lookups.js';
import { PRICE_KINDS } from '../money.js';
import {
  id,
  listQuery,
  nfc,
  optionalNumber,
  optionalText,
  optionalWebAddress,
  phone,
  requiredText,
  sortField,
  storableText,
} from './common.js';

const yesNo = z.enum(['Yes', 'No']);
const optionalYesNo = z
  .union([yesNo, z.literal('')])
  .optional()
  .nullable()
  .transform((value) => value || undefined);

/** A required positive integer coming from a form field. */
const requiredInt = (message: string, min: number, max: number) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const text = String(value).trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const parsed = Number(text);
    if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
      ctx.addIssue({ code: 'custom', message: `${message.replace(/ is required\.?$/, '')} must be a whole number from ${min} to ${max}` });
      return z.NEVER;
    }
    return parsed;
  });

/**
 * One author of a book (docs/api.md 'Register book'): `authorType` and either `authorId` (an
 * author record, GET /book/author-name) or `authorname` (a new name; `author_name`, the name
 * the book entity uses, is taken as well). With both, `authorId` wins. A missing name is
 * reported on `authorname`.
 * → `{ authorType, authorId?, author_name? }` (the API fills the other from the record).
 */
export const bookAuthor = z
  .object({
    authorType: z.coerce.number({ error: MSG.authorType }).int().positive(MSG.authorType),
    authorId: z
      .union([z.literal(''), z.null(), id], { error: 'Author id must be a positive whole number' })
      .optional()
      .transform((value) => (typeof value === 'number' ? value : undefined)),
    authorname: optionalText(200, 'Author name'),
    author_name: optionalText(200, 'Author name'),
  })
  .superRefine((author, ctx) => {
    if (author.authorId !== undefined || author.authorname || author.author_name) return;
    ctx.addIssue({ code: 'custom', path: ['authorname'], message: MSG.authorName });
  })
  .transform(({ authorType, authorId, authorname, author_name }) => ({
    authorType,
    authorId,
    author_name: authorId === undefined ? (authorname ?? author_name) : undefined,
  }));

/** Fields of POST /api/book and PATCH /api/book/:id (files travel separately). */
const bookObject = z.object({
  book_title: requiredText(MSG.bookTitle, 500),
  book_e_title: requiredText(MSG.bookETitle, 500),
  alternate_title: optionalText(500, 'Original book (alternate title)'),
  book_alt_subtitle: optionalText(500, 'Subtitle'),
  book_subtitle_lang: optionalText(100, 'Subtitle language'),
  language: requiredText(MSG.language, 100),
  /** 'height * width' in inches; used when height and width are not sent. */
  size: optionalText(40, 'Size'),
  height: optionalNumber('Height', 0.1, 100),
  width: optionalNumber('Width', 0.1, 100),
  type: optionalText(20, 'Swaroop'),
  other_type: optionalText(200, 'Other swaroop'),
  part: optionalText(50, 'Part'),
  publication_year: requiredInt(MSG.publicationYear, 1000, 2100),
  pages: requiredInt(MSG.pages, 1, 100_000),
  no_of_copy: optionalNumber('Number of copies', 0, 10_000_000),
  /** Priced, nominal ('for propagation') or free; a free book has no price. */
  price_kind: z.enum(PRICE_KINDS, 'Price type must be priced, nominal or free').default('priced'),
  price: optionalNumber('Price', 0, 100_000_000),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .transform((value) => value || DEFAULT_CURRENCY)
    .pipe(z.enum(CURRENCIES, 'Currency must be an ISO 4217 code')),
  book_published: z.enum(['yes', 'no']).default('no'),
  published_date: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.iso.date('Published date must be a date YYYY-MM-DD').optional()),
  tags: optionalText(1000, 'Tags'),
  subjects: z
    .array(z.object({ id: id }))
    .max(50)
    .default([]),
  other_subject: optionalText(200, 'Other subject'),
  authors: z.array(bookAuthor).max(50).default([]),
  readers: optionalYesNo,
  electronic_copy: optionalYesNo,
  isPublicPdf: z
    .union([z.boolean(), z.enum(['true', 'false', ''])])
    .optional()
    .nullable()
    .transform((value) => (value === '' || value == null ? undefined : value === true || value === 'true')),
  pdfurl: optionalWebAddress(1000, 'PDF link'),
  /**
   * The book PDF chosen in the form (its file name) or already stored: the PDF itself goes
   * through the upload flow (docs/api.md), so the form and the API check only that one is there.
   */
  book_pdf: optionalText(255, 'Book PDF'),
  contents: optionalText(20_000, 'Contents', 'multi'),
});

/**
 * Runs the cross-field rules even when a field already failed (a year out of range): a form or a
 * bulk row shows all its problems at once, not one now and three after it is fixed (decision 039).
 */
const always = () => true;

/**
 * The form's cross-field rules (docs/api.md); `authorsRequired` false for catalogue records.
 * With `always`, a field that failed its own rule holds what was sent, so lists are checked to be lists.
 */
function checkBook(book: Omit<z.infer<typeof bookObject>, 'publication_year'>, ctx: z.RefinementCtx, authorsRequired: boolean) {
  if (!book.type && !book.other_type) ctx.addIssue({ code: 'custom', path: ['type'], message: MSG.swaroop });
  if ((!Array.isArray(book.subjects) || book.subjects.length === 0) && !book.other_subject) {
    ctx.addIssue({ code: 'custom', path: ['subjects'], message: MSG.subjectOrOther });
  }
  if (authorsRequired && Array.isArray(book.authors) && book.authors.length === 0)
    ctx.addIssue({ code: 'custom', path: ['authors'], message: MSG.authorAtLeastOne });
  if (book.price_kind === 'free' && book.price) ctx.addIssue({ code: 'custom', path: ['price'], message: BOOK_MSG.freeHasNoPrice });
  if (!book.readers) ctx.addIssue({ code: 'custom', path: ['readers'], message: BOOK_MSG.readersRequired });
  if (book.readers !== 'Yes') return;
  if (!book.electronic_copy) ctx.addIssue({ code: 'custom', path: ['electronic_copy'], message: BOOK_MSG.electronicCopyRequired });
  if (book.electronic_copy !== 'Yes') return;
  if (book.isPublicPdf === undefined) ctx.addIssue({ code: 'custom', path: ['isPublicPdf'], message: BOOK_MSG.publicPdfRequired });
  else if (book.isPublicPdf && !book.pdfurl) ctx.addIssue({ code: 'custom', path: ['pdfurl'], message: BOOK_MSG.pdfUrlRequired });
  else if (!book.isPublicPdf && !book.book_pdf) ctx.addIssue({ code: 'custom', path: ['book_pdf'], message: BOOK_MSG.bookPdfRequired });
}

/** The dependency resets of docs/api.md and the size text as height and width. */
function finishBook<Book extends Omit<z.infer<typeof bookObject>, 'publication_year'>>(book: Book) {
  let { height, width } = book;
  if ((height === undefined || width === undefined) && book.size) {
    const match = /^\s*(\d+(?:\.\d+)?)\s*[*x×]\s*(\d+(?:\.\d+)?)\s*$/i.exec(book.size);
    if (match) [height, width] = [Number(match[1]), Number(match[2])];
  }
  const electronic = book.readers === 'Yes' ? book.electronic_copy : undefined;
  const isPublicPdf = electronic === 'Yes' ? book.isPublicPdf : undefined;
  return {
    ...book,
    height,
    width,
    electronic_copy: electronic,
    isPublicPdf,
    pdfurl: isPublicPdf ? book.pdfurl : undefined,
    // a free book's price is no price (0 was allowed through)
    price: book.price_kind === 'free' ? undefined : book.price,
  };
}

/**
 * The form's cross-field rules of docs/api.md with their messages, and the dependency
 * resets of docs/api.md: answers that a parent question makes irrelevant are dropped.
 */
export const bookFields = bookObject.superRefine((book, ctx) => checkBook(book, ctx, true), { when: always }).transform(finishBook);

const catalogueObject = bookObject.extend({
  /** Unknown for many old books: library cataloguing's 'date not identified'. */
  publication_year: z
    .union([z.literal(''), z.null(), z.undefined(), requiredInt(MSG.publicationYear, 1000, 2100)])
    .transform((value) => (typeof value === 'number' ? value : undefined)),
});

/**
 * The fields of an imported catalogue record (npm run import:books): the form's rules,
 * except that what an old catalogue does not know stays unknown — no publication year, no
 * author. The book form itself still requires both (`bookFields`).
 */
export const catalogueBookFields = catalogueObject.superRefine((book, ctx) => checkBook(book, ctx, false)).transform(finishBook);
/** A book's fields as registration stores them: the form's, or a catalogue record's (year maybe unknown). */
export type StoredBookFields = z.infer<typeof catalogueBookFields>;
export type BookFields = z.infer<typeof bookFields>;
/** What a form or a caller may send for a book (before defaults and coercion). */
export type BookFieldsInput = z.input<typeof bookFields>;

/** Columns GET /api/book and GET /api/book/publisher/:id sort on (docs/api.md: a whitelist). */
export const BOOK_SORT_FIELDS = [
  'createdAt',
  'book_title',
  'book_e_title',
  'publication_year',
  'jsbn_number',
  'publisher_name',
  'language',
  'pages',
] as const;
export type BookSortField = (typeof BOOK_SORT_FIELDS)[number];

/**
 * GET /api/book — list params plus the search filters of docs/api.md. `limit` also takes
 * '20' (the Newly Published grid, packages/shared/src/constants.ts); `sortedField` is one of BOOK_SORT_FIELDS.
 */
export const bookListQuery = listQuery.extend({
  limit: z.enum(BOOK_LIST_PAGE_SIZES).default('10'),
  sortedField: sortField(BOOK_SORT_FIELDS),
  book_title: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => (value ? nfc(value) : undefined)),
  author_name: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => (value ? nfc(value) : undefined)),
  language: z.string().trim().max(100).optional(),
  publisher: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => (value ? nfc(value) : undefined)),
  jsbn_number: z.string().trim().max(20).optional(),
  subject: z
    .union([z.array(id), id])
    .optional()
    .transform((value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value])),
  publisherId: id.optional(),
});
export type BookListQuery = z.infer<typeof bookListQuery>;

/**
 * GET /api/book/publisher/:publisherId — the list params with the book sort whitelist;
 * `withdrawn=include` asks for the publisher's own withdrawn books too (My Books), honoured for
 * that publisher signed in only (decision 050).
 */
export const publisherBooksQuery = listQuery.extend({
  limit: z.enum(BOOK_LIST_PAGE_SIZES).default('10'),
  sortedField: sortField(BOOK_SORT_FIELDS),
  withdrawn: z.enum(['include']).optional(),
});

/** GET /api/book/check-jsbn-number — the duplicate check of docs/api.md. */
export const duplicateCheckQuery = z.object({
  publisher_no: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{5}$/, MSG.publisherNo5),
  book_title: requiredText(MSG.bookTitle, 500),
  publisher_jsbn_id: z.coerce
    .number({ error: 'JSBN id must be a number from 1 to 99999' })
    .int()
    .min(1, 'JSBN id must be a number from 1 to 99999')
    .max(99_999, 'JSBN id must be a number from 1 to 99999'),
});
export type DuplicateCheckQuery = z.infer<typeof duplicateCheckQuery>;
/** One file the browser is about to upload (docs/api.md 'upload addresses'), checked by `FILE_RULES`. */
export const uploadFileInfo = z
  .object({
    field: z.enum(BOOK_UPLOAD_FIELDS),
    name: z.string({ error: 'File name is required' }).transform(nfc).pipe(storableText('File name', 255).min(1, 'File name is required')),
    type: z.string().trim().toLowerCase().max(100).default(''),
    /** Bytes; optional (docs/api.md sends none): without it the field's limit holds. */
    size: z.number({ error: 'File size must be a number of bytes' }).int().min(1, 'File is empty').optional(),
  })
  .superRefine((file, ctx) => {
    const rule = FILE_RULES[file.field];
    if (!(rule.types as readonly string[]).includes(file.type))
      ctx.addIssue({ code: 'custom', path: ['type'], message: rule.messages.wrongType(file.name, file.type) });
    if (file.size !== undefined && file.size > rule.maxBytes)
      ctx.addIssue({ code: 'custom', path: ['size'], message: rule.messages.tooLarge(file.name, file.size) });
  });

/** POST /api/book/:id/upload-urls `{ files }` — at most 4 images, one index PDF, one book PDF. */
export const uploadUrlsRequest = z
  .object({
    files: z
      .array(uploadFileInfo)
      .min(1, 'Choose at least one file')
      .max(MAX_BOOK_IMAGES + 2),
  })
  .superRefine((body, ctx) => {
    const count = (field: string) => body.files.filter((file) => file.field === field).length;
    if (count('bookimage') > MAX_BOOK_IMAGES) ctx.addIssue({ code: 'custom', path: ['files'], message: BOOK_MSG.maxImages });
    for (const field of ['index_pdf', 'pdfpublisher']) {
      if (count(field) > 1) ctx.addIssue({ code: 'custom', path: ['files'], message: `Only one ${field} file can be uploaded` });
    }
  });
export type UploadUrlsRequest = z.infer<typeof uploadUrlsRequest>;

const requestEmail = z.string({ error: BOOK_MSG.invalidEmail }).trim().toLowerCase().pipe(z.email(BOOK_MSG.invalidEmail).max(254));

/**
 * POST /api/book/book-request/:id — a request for a private book PDF (docs/api.md).
 * Wire names as the spec writes them (`Resone`, `RefferenceBy`); the form's fields are
 * name, mobileNo, email, reason, referredBy.
 */
export const bookPdfRequest = z.object({
  name: requiredText(BOOK_MSG.nameRequired, 200),
  email: requestEmail,
  mobile_no: phone(MSG.phone10),
  Resone: requiredText(BOOK_MSG.reasonRequired, 2000, 'multi'),
  RefferenceBy: requiredText(BOOK_MSG.referredByRequired, 200),
});
export type BookPdfRequest = z.infer<typeof bookPdfRequest>;

/** The reader-order fields (docs/api.md) before the date is compared with today. */
export const readerOrderFields = z.object({
  name: requiredText(BOOK_MSG.nameRequired, 200),
  mobile: phone(MSG.phone10),
  email: requestEmail,
  message: requiredText(BOOK_MSG.messageRequired, 2000, 'multi'),
  bookId: id,
  bookName: optionalText(500, 'Book name'),
  date: z
    .string({ error: BOOK_MSG.dateRequired })
    .trim()
    .superRefine((value, ctx) => {
      if (!value) ctx.addIssue({ code: 'custom', message: BOOK_MSG.dateRequired });
      else if (isoOfDdMmYyyy(value) === null) ctx.addIssue({ code: 'custom', message: BOOK_MSG.dateFormat });
    }),
});

/**
 * POST /api/book/reader/order — the reader order with 'Date cannot be in the past' judged
 * against `today` (YYYY-MM-DD in India; the server passes its clock's day, the form the browser's).
 */
export const readerOrderFor = (today: string) =>
  readerOrderFields.superRefine((order, ctx) => {
    const iso = isoOfDdMmYyyy(order.date);
    if (iso && iso < today) ctx.addIssue({ code: 'custom', path: ['date'], message: BOOK_MSG.datePast });
  });
export type ReaderOrder = z.infer<typeof readerOrderFields>;

/** PATCH /api/book/:id `{ isAvailable }` — docs/api.md. */
export const bookAvailability = z.object({ isAvailable: z.boolean() });

const qrPrintSize = z.coerce
  .number({ error: 'Size must be 20, 25 or 30 mm' })
  .pipe(
    z.union(QR_PRINT_SIZES_MM.map((size) => z.literal(size)) as [z.ZodLiteral<20>, z.ZodLiteral<25>, z.ZodLiteral<30>], {
      error: 'Size must be 20, 25 or 30 mm',
    }),
  )
  .default(25);

/** GET …/qrcode.svg and …/qrcode.pdf `?size=20|25|30` (mm; 25 when not given). */
export const qrPrintQuery = z.object({ size: qrPrintSize });

/** GET /api/book/qr-labels.pdf `?ids=1,2&size=25`: the print sheet of the publisher's selected books. */
export const qrLabelsQuery = z.object({
  ids: z
    .string({ error: 'Please select at least one book' })
    .transform((value): unknown[] =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.coerce.number().int().positive()).min(1, 'Please select at least one book').max(1_000, 'At most 1,000 books on one sheet'),
    ),
  size: qrPrintSize,
});
