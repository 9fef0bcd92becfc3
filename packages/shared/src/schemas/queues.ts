/**
 * The back office's queues (decision 044): possible duplicates found at registration, reports
 * about a book (from anyone, or a publisher's request to withdraw its own book), and messages
 * and background jobs that could not be done — the requests and replies of their endpoints.
 */
import { z } from 'zod';
import { BOOK_MSG } from '../book-text.js';
import { MSG } from '../messages.js';
import { email, id, optionalText, requiredText } from './common.js';

/** Why a publisher registers a book the check found like an existing one (duplicate_pairs.publisher_reason). */
export const DUPLICATE_REASONS = ['NEW_EDITION', 'REPRINT', 'DIFFERENT_BOOK'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** The registration body's optional `duplicate_reason` (POST /api/book). */
export const duplicateReasonField = z.object({
  // an empty form field is no reason
  duplicate_reason: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(DUPLICATE_REASONS, { error: 'Choose why this book is registered again' }).optional(),
  ),
});

/** GET /api/book/similar?title=…&author=…[&e_title=…] (publisher): the closest existing books. */
export const similarBooksQuery = z.object({
  title: requiredText(MSG.bookTitle, 500),
  e_title: optionalText(500, 'Book English title'),
  /** One author, or several separated by ';'. */
  author: optionalText(500, 'Author name'),
});
export type SimilarBooksQuery = z.infer<typeof similarBooksQuery>;

/** A registered book as the duplicate warning and the operator's queue show it. */
export const queueBook = z.object({
  id: z.number().int(),
  jsbn_number: z.string(),
  book_title: z.string(),
  book_e_title: z.string(),
  authors: z.array(z.string()),
  publisher_id: z.number().int(),
  publisher_name: z.string(),
  publication_year: z.number().int().nullable(),
  /** ISO time when withdrawn, else null. */
  withdrawn_at: z.string().nullable(),
});
export type QueueBook = z.infer<typeof queueBook>;

/** The check's reply: the closest books first, each with its title similarity (0–1). */
export const similarBooksReply = z.object({
  books: z.array(queueBook.extend({ similarity: z.number() })),
});
export type SimilarBooksReply = z.infer<typeof similarBooksReply>;

/** One open pair of the operator's queue: the new book beside the existing one. */
export const duplicatePairDto = z.object({
  id: z.number().int(),
  similarity: z.number(),
  publisher_reason: z.enum(DUPLICATE_REASONS).nullable(),
  created_at: z.string(),
  book: queueBook,
  other: queueBook,
});
export type DuplicatePairDto = z.infer<typeof duplicatePairDto>;
export const duplicatePairsReply = z.object({ pairs: z.array(duplicatePairDto) });
export type DuplicatePairsReply = z.infer<typeof duplicatePairsReply>;

/** POST /api/operator/duplicates/:id/withdraw: which of the two books goes, pointing to the other. */
export const withdrawDuplicateRequest = z.object({
  book_id: id,
  reason: requiredText(BOOK_MSG.reasonRequired, 1000, 'multi'),
});

/** What a visitor can say is wrong with a book ('Report a problem with this book'). */
export const REPORT_KINDS = ['WRONG_DETAILS', 'DUPLICATE', 'SHOULD_BE_WITHDRAWN', 'NOT_JAIN', 'OTHER'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number] | 'WITHDRAW_REQUEST';

/** POST /api/book/:jsbn/report (public). */
export const bookReportRequest = z.object({
  kind: z.enum(REPORT_KINDS, { error: 'Choose what is wrong with the book' }),
  reason: requiredText(BOOK_MSG.reasonRequired, 2000, 'multi'),
  email: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(email.optional()),
});
export type BookReportRequest = z.input<typeof bookReportRequest>;

/** POST /api/book/:id/withdraw-request (the book's publisher). */
export const withdrawRequest = z.object({ reason: requiredText(BOOK_MSG.reasonRequired, 2000, 'multi') });

/** One report of the operator's queue. */
export const bookReportDto = z.object({
  id: z.number().int(),
  kind: z.enum([...REPORT_KINDS, 'WITHDRAW_REQUEST']),
  reason: z.string(),
  reporter_email: z.string().nullable(),
  from_publisher: z.boolean(),
  status: z.enum(['OPEN', 'CORRECTED', 'WITHDRAWN', 'DECLINED']),
  created_at: z.string(),
  book: queueBook,
});
export type BookReportDto = z.infer<typeof bookReportDto>;
export const bookReportsReply = z.object({ reports: z.array(bookReportDto) });
export type BookReportsReply = z.infer<typeof bookReportsReply>;

/** The operator's answer to a report: a note (correct, decline) or a reason (withdraw). */
export const reportNoteRequest = z.object({ note: requiredText('Note is required', 2000, 'multi') });
export const reportWithdrawRequest = z.object({ reason: requiredText(BOOK_MSG.reasonRequired, 1000, 'multi') });

/** A message of the outbox that could not be delivered. */
export const failedMessageDto = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'whatsapp']),
  recipient: z.string(),
  subject: z.string(),
  last_error: z.string().nullable(),
  attempts: z.number().int(),
  /** When it was queued, and when it was last tried (ISO). */
  created_at: z.string(),
  updated_at: z.string(),
});
export type FailedMessageDto = z.infer<typeof failedMessageDto>;

/** A background job that failed after its retries. */
export const failedJobDto = z.object({
  id: z.string(),
  queue: z.string(),
  /** What the job was for, in a few words (e.g. `catalog of publisher 12 (gu)`). */
  about: z.string(),
  last_error: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  failed_at: z.string().nullable(),
});
export type FailedJobDto = z.infer<typeof failedJobDto>;

export const failedDeliveriesReply = z.object({ messages: z.array(failedMessageDto), jobs: z.array(failedJobDto) });
export type FailedDeliveriesReply = z.infer<typeof failedDeliveriesReply>;

/** The warning of the book form and the bulk preview when a book like this one is registered (decision 044). */
export const similarBookMessage = (jsbn: string, publisher: string) =>
  `A book with a similar title by the same author is already registered: JSBN ${jsbn} (${publisher})`;
