/**
 * Books: registration fields, search filters and the shapes the API returns — spec
 * books-and-orders §3, §5, §7. Multipart fields arrive as strings (bracket names such as
 * `authors[0][authorType]` are assembled into arrays before validation).
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { VEER_SAMVAT_OFFSET, VIKRAM_SAMVAT_OFFSET } from '../constants.js';
import { id, listQuery, nfc, optionalText, requiredText } from './common.js';

const yesNo = z.enum(['Yes', 'No']);
const optionalYesNo = z
  .union([yesNo, z.literal('')])
  .optional()
  .nullable()
  .transform((value) => value || undefined);

/** A required positive integer coming from a form field. */
const requiredInt = (message: string, min: number, max: number) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((value, ctx) => {
      const text = String(value).trim();
      if (text === '') {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      const parsed = Number(text);
      if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
        ctx.addIssue({ code: 'custom', message: `${message.replace(/ is required\.$/, '')} must be a whole number from ${min} to ${max}.` });
        return z.NEVER;
      }
      return parsed;
    });

const optionalNumber = (label: string, min: number, max: number) =>
  z
    .union([z.number(), z.string()])
    .optional()
    .nullable()
    .transform((value, ctx) => {
      const text = value == null ? '' : String(value).trim();
      if (text === '') return undefined;
      const parsed = Number(text);
      if (!Number.isFinite(parsed) || parsed < min || parsed > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number from ${min} to ${max}.` });
        return z.NEVER;
      }
      return parsed;
    });

export const bookAuthor = z.object({
  authorType: z.coerce.number({ error: MSG.authorType }).int().positive(MSG.authorType),
  author_name: requiredText(MSG.authorName, 200),
});

/** Fields of POST /api/book and PATCH /api/book/:id (files travel separately). */
export const bookFields = z
  .object({
    book_title: requiredText(MSG.bookTitle, 500),
    book_e_title: requiredText(MSG.bookETitle, 500),
    alternate_title: optionalText(500),
    book_alt_subtitle: optionalText(500),
    book_subtitle_lang: optionalText(100),
    language: requiredText(MSG.language, 100),
    height: optionalNumber('Height', 0.1, 100),
    width: optionalNumber('Width', 0.1, 100),
    type: optionalText(20),
    other_type: optionalText(200),
    part: optionalText(50),
    publication_year: requiredInt(MSG.publicationYear, 1000, 2100),
    pages: requiredInt(MSG.pages, 1, 100_000),
    no_of_copy: optionalNumber('Number of copies', 0, 10_000_000),
    price: optionalNumber('Price', 0, 100_000_000),
    currency: z.string().trim().regex(/^[A-Z]{3}$/, 'Currency must be an ISO 4217 code').default('INR'),
    book_published: z.enum(['yes', 'no']).default('no'),
    published_date: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .pipe(z.iso.date('Published date must be a date YYYY-MM-DD').optional()),
    tags: optionalText(1000),
    subjects: z.array(z.object({ id: id })).max(50).default([]),
    other_subject: optionalText(200),
    authors: z.array(bookAuthor).max(50).default([]),
    readers: optionalYesNo,
    electronic_copy: optionalYesNo,
    isPublicPdf: z
      .union([z.boolean(), z.enum(['true', 'false', ''])])
      .optional()
      .transform((value) => (value === '' || value === undefined ? undefined : value === true || value === 'true')),
    pdfurl: optionalText(1000).pipe(z.url('PDF URL must be a web address').optional()),
    contents: optionalText(20_000),
  })
  .superRefine((book, ctx) => {
    if (!book.type && !book.other_type) ctx.addIssue({ code: 'custom', path: ['type'], message: MSG.swaroop });
    if (book.subjects.length === 0 && !book.other_subject) {
      ctx.addIssue({ code: 'custom', path: ['subjects'], message: MSG.subjectOrOther });
    }
    if (book.authors.length === 0) ctx.addIssue({ code: 'custom', path: ['authors'], message: MSG.authorAtLeastOne });
  });
export type BookFields = z.infer<typeof bookFields>;
/** What a form or a caller may send for a book (before defaults and coercion). */
export type BookFieldsInput = z.input<typeof bookFields>;

/** Vikram and Veer Samvat of a publication year (spec books §4); null when not positive. */
export function samvatOf(year: number | null | undefined): { vikram_samvat: number | null; veer_samvat: number | null } {
  if (!year || year <= 0) return { vikram_samvat: null, veer_samvat: null };
  return { vikram_samvat: year + VIKRAM_SAMVAT_OFFSET, veer_samvat: year + VEER_SAMVAT_OFFSET };
}

/** GET /api/book — list params plus the search filters of spec books §3. */
export const bookListQuery = listQuery.extend({
  book_title: z.string().trim().max(200).optional().transform((value) => (value ? nfc(value) : undefined)),
  author_name: z.string().trim().max(200).optional().transform((value) => (value ? nfc(value) : undefined)),
  language: z.string().trim().max(100).optional(),
  publisher: z.string().trim().max(200).optional().transform((value) => (value ? nfc(value) : undefined)),
  jsbn_number: z.string().trim().max(20).optional(),
  subject: z
    .union([z.array(id), id])
    .optional()
    .transform((value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value])),
  publisherId: id.optional(),
});
export type BookListQuery = z.infer<typeof bookListQuery>;

/** PATCH /api/book/:id `{ isAvailable }` — spec books §4. */
export const bookAvailability = z.object({ isAvailable: z.boolean() });

/** A book as the API returns it. */
export interface BookDto {
  id: number;
  bookId: number;
  jsbn_number: string;
  book_title: string;
  book_e_title: string;
  alternate_title: string | null;
  book_alt_subtitle: string | null;
  book_subtitle_lang: string | null;
  language: string;
  size: string | null;
  height: number | null;
  width: number | null;
  type: string | null;
  other_type: string | null;
  part: string | null;
  publication_year: number;
  published_year: number;
  vikram_samvat: number | null;
  veer_samvat: number | null;
  pages: number;
  no_of_copy: number | null;
  price: number | null;
  currency: string;
  book_published: 'yes' | 'no';
  published_date: string | null;
  tags: string | null;
  subjects: { id: number; subject_name: string }[];
  other_subject: string | null;
  authors: { authorId: number; authorType: number; author_type: string; author_name: string }[];
  book_cover: string | null;
  readers: 'Yes' | 'No' | null;
  electronic_copy: 'Yes' | 'No' | null;
  isPublicPdf: boolean | null;
  pdfurl: string | null;
  isAvailable: boolean;
  contents: string | null;
  publisher: { id: number; publisher_name: string; logoUrl: string | null };
  publisher_name: string;
  publisher_no: string;
  publisher_jsbn_id: string;
  /** PNG data URL of the QR code; only on single-book reads. */
  qrcode_image?: string;
  createdAt: string;
}

/** POST /api/book → data. */
export interface BookRegistrationResult {
  id: number;
  jsbn_number: string;
  qrcode_image: string;
}

/** GET /api/book/listing/jsbn/:jsbnNo → data. */
export interface BookByNumber {
  book: BookDto;
  publisher_info: PublisherInfo;
  generated_pdfs: { single_book_pdf: string | null; publisher_book_list_pdf: string | null; publisher_catalog_pdf: string | null };
}

/** Publisher info (spec books §3). */
export interface PublisherInfo {
  publisherId: number;
  publisher_no: string;
  publisher_name: string;
  publisher_type: string;
  address: string | null;
  pincode: string | null;
  email: string;
  landline_no: string | null;
  mobile_no: string | null;
  whatsapp_no: string | null;
  state_id: number | null;
  city_id: number | null;
  state_name: string;
  city_name: string;
  total_books_count: number;
  total_books: number;
  latest_books: { book_title: string; book_cover: string | null; jsbn_number: string }[];
  logoUrl: string | null;
  last_book_published: string | null;
}
