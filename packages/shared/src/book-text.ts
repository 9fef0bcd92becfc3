/**
 * Book texts and date helpers without zod (docs/api.md): the messages of the book form
 * and the Samvat and DD/MM/YYYY conversions (the file rules and their messages are in
 * file-rules.ts). Part of `@jsbn/shared/core`.
 */
import { APP_TIME_ZONE, VEER_SAMVAT_OFFSET, VIKRAM_SAMVAT_OFFSET } from './constants.js';

/**
 * Texts of the book form and its files quoted from docs/api.md and packages/shared/src/messages.ts (messages.ts holds the
 * older ones). The API answers with them and the web form shows them.
 */
export const BOOK_MSG = {
  readersRequired: 'Readers field is required when electronic copy is Yes',
  /** The book form's one question for readers and electronic_copy. */
  pdfForReadersRequired: 'Say whether there is a PDF of this book for readers',
  electronicCopyRequired: 'Electronic copy is required',
  publicPdfRequired: 'Public PDF field is required when electronic copy is Yes',
  pdfUrlRequired: 'PDF URL is required when Public PDF is Yes',
  bookPdfRequired: 'Book PDF is required when Public PDF is No',
  maxImages: 'You can upload upto 4 images',
  onlyPdf: 'Only PDF files are allowed',
  pdfTooLarge: 'File size must be less than 200MB',
  pdfWidgetType: 'Only PDF files are allowed. Please select a PDF file.',
  pdfWidgetSize: 'File size exceeds 200MB limit. Please select a smaller file.',
  privatePdf: 'PDF of this book is private. Please submit a request to the publisher for access.',
  pdfNotUploaded: 'PDF is not uploaded by publisher',
  bookIdNotFound: 'Book ID not found',
  /** Edit Book of a book that is not the publisher's own (the API's 404 for it). */
  bookNotFound: 'Book not found',
  loadingBook: 'Loading book data...',
  publisherNoMissing: 'Publisher number not available',
  publisherInfoPdfMissing: 'Publisher Info PDF URL is not available',
  pdfError: 'Error while generating pdf',
  // 'for propagation' prices (not in the spec)
  freeHasNoPrice: 'A free book has no price. Leave Price empty, or choose Priced or For propagation.',
  // PDF request form (docs/api.md) and its replies (packages/shared/src/messages.ts)
  nameRequired: 'Name is required',
  invalidEmail: 'Invalid email',
  reasonRequired: 'Reason is required',
  referredByRequired: 'Referred by is required',
  requestSubmitted: 'Request submitted successfully. The publisher will contact you soon.',
  requestFailed: 'An error occurred',
  // reader order (docs/api.md; the texts are ours where the spec gives none)
  messageRequired: 'Message is required',
  dateRequired: 'Date is required',
  dateFormat: 'Date must be DD/MM/YYYY',
  datePast: 'Date cannot be in the past',
  readerQuickFill: 'I need this book',
  readerOrderSent: 'Your request has been sent to the publisher',
  // duplicate check (docs/api.md; wording ours)
  duplicateTitle: 'A book with this title already exists for this publisher',
  duplicateId: 'This JSBN id is already taken for this publisher',
  noDuplicate: 'No book with this title or JSBN id exists for this publisher',
  finalised: 'Book files saved successfully',
  updated: 'Book updated successfully',
  // a year an imported catalogue record does not know (wording ours)
  yearNotKnown: 'Year not known',
  incompleteYear: 'Incomplete — please add the publication year',
  // catalogue made in the background (wording ours)
  catalogueFailed: 'The catalogue could not be made. Please try again.',
} as const;

/** Messages of bulk registration from an Excel file (wording ours). */
export const BULK_MSG = {
  notWorkbook: 'The file is not an Excel workbook (.xlsx). Please upload the filled template.',
  unpackedTooLarge: 'The file is too large when unpacked. Please upload the filled template.',
  fileTooLarge: 'The file is larger than 2 MB. Please upload at most 1,000 books in one file.',
  noRows: 'The file has no books to register',
  tooManyRows: 'At most 1,000 books in one file. Please split the file.',
  languageNotInList: 'Language is not in the list',
  priceKindNotInList: 'Price type is not in the list',
  currencyNotInList: 'Currency is not in the list',
  yesOrNo: 'Please write Yes or No',
  batchNotFound: 'No books of this upload were found',
  rowTwice: 'Each row may be sent once',
  fileBeingChecked: 'A file is already being checked',
  cellTooLong: 'A cell holds at most 20,000 characters',
} as const;

/** The template's required columns a file lacks: `columns` in the caller's language, comma-separated. */
export const bulkMissingColumnsMessage = (columns: string) => `These columns are missing: ${columns}. Please use the template.`;

/** A title that is in two rows of one file (a warning: both may still be registered). */
export const bulkSameTitleMessage = (row: number) => `The same title is also in row ${row} of this file`;

/** Shown while a catalogue is being made in the background (wording ours). */
export const catalogueProgressMessage = (percent: number) => `Making the catalogue… ${percent}% done. It downloads by itself when ready.`;

/** Vikram and Veer Samvat of a publication year (docs/api.md); null when not positive. */
export function samvatOf(year: number | null | undefined): { vikram_samvat: number | null; veer_samvat: number | null } {
  if (!year || year <= 0) return { vikram_samvat: null, veer_samvat: null };
  return { vikram_samvat: year + VIKRAM_SAMVAT_OFFSET, veer_samvat: year + VEER_SAMVAT_OFFSET };
}

/** Today's date as YYYY-MM-DD in the app's time zone (India). */
export function todayIso(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * The published date the book form sends (docs/api.md): shown DD/MM/YYYY, sent YYYY-MM-DD, an
 * invalid date becomes today (`now`). A date left empty is no date — 'Published: Yes' without
 * one, never today's on its own (decision 039) — and an unpublished book has none.
 */
export function publishedDateToSend(published: boolean, typed: string, now: Date = new Date()): string {
  if (!published || typed.trim() === '') return '';
  return isoOfDdMmYyyy(typed) ?? todayIso(now);
}

/** 'DD/MM/YYYY' → 'YYYY-MM-DD', or null when it is not a real date. */
export function isoOfDdMmYyyy(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [, day, month, year] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCFullYear() !== Number(year) || date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return `${year}-${month}-${day}`;
}
