/**
 * Reports about a book (decision 044): 'Report a problem with this book' from anyone on the
 * public book page, and a publisher's request to withdraw one of its own books. Operators
 * answer each once — corrected (with a note), withdrawn (`withdrawBook`) or declined — in one
 * transaction with the record of it and the e-mails that tell the reporter (when it left an
 * address) and the book's publisher (in its preferred language).
 */
import { and, asc, eq } from 'drizzle-orm';
import { formatJsbn, isInterfaceLanguage, normalizeJsbn, type BookReportDto, type InterfaceLanguage, type ReportKind } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { book_reports, books } from '../../db/schema.js';
import { record, type AuditActor } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { noticeText } from '../../lib/notices.js';
import { enqueueMessage } from '../../lib/outbox.js';
import { queueBooks } from './duplicates.js';
import { bookPageUrl } from './qr.js';
import { bookAndPublisher } from './requests.js';
import { withdrawBook } from './withdrawal.js';

/** The reply to a report already answered by another operator. */
export const REPORT_ANSWERED = 'This report has already been answered';

/**
 * The language a visitor's report is answered in: the script it wrote its reason in (Gujarati,
 * Devanagari — Hindi), else English. A visitor has no account that would say it.
 */
export function reporterLanguage(reason: string): InterfaceLanguage {
  if (/\p{Script=Gujarati}/u.test(reason)) return 'gu';
  if (/\p{Script=Devanagari}/u.test(reason)) return 'hi';
  return 'en';
}

/**
 * Stores a visitor's report about the book `jsbn` (POST /api/book/:jsbn/report) and records it.
 * @throws AppError 404 'Book not found' for an unknown or malformed JSBN
 */
export async function reportBook(
  ctx: AppContext,
  jsbn: string,
  report: { kind: ReportKind; reason: string; email?: string | undefined },
): Promise<number> {
  const number = normalizeJsbn(jsbn);
  if (!number) throw notFound('Book');
  const [book] = await ctx.db.select({ id: books.id }).from(books).where(eq(books.jsbn_number, number));
  if (!book) throw notFound('Book');
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(book_reports)
      .values({ book_id: book.id, kind: report.kind, reason: report.reason, reporter_email: report.email ?? null })
      .returning({ id: book_reports.id });
    await record(tx, {
      actor: { accountId: null, role: 'VISITOR' },
      subject: 'report',
      subjectId: row!.id,
      action: 'reported',
      changes: { kind: [null, report.kind], book_id: [null, book.id] },
      reason: report.reason,
    });
    return row!.id;
  });
}

/**
 * A publisher asks for one of its own books to be withdrawn (POST /api/book/:id/withdraw-request).
 * @throws AppError 404 'Book not found' for another publisher's book or an unknown one; 409 when already withdrawn
 */
export async function requestWithdrawal(
  ctx: AppContext,
  actor: { accountId: number; publisherId: number },
  bookId: number,
  reason: string,
): Promise<number> {
  const [book] = await ctx.db
    .select({ id: books.id, withdrawnAt: books.withdrawn_at })
    .from(books)
    .where(and(eq(books.id, bookId), eq(books.publisher_id, actor.publisherId)));
  if (!book) throw notFound('Book');
  if (book.withdrawnAt) throw new AppError('CONFLICT', 'This book is already withdrawn');
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(book_reports)
      .values({ book_id: book.id, kind: 'WITHDRAW_REQUEST', reason, reporter_account_id: actor.accountId })
      .returning({ id: book_reports.id });
    await record(tx, {
      actor: { accountId: actor.accountId, role: 'PUBLISHER' },
      subject: 'report',
      subjectId: row!.id,
      action: 'withdrawal requested',
      changes: { book_id: [null, book.id] },
      reason,
    });
    return row!.id;
  });
}

/** The open reports, oldest first (at most `limit`), each with its book. */
export async function openReports(ctx: AppContext, limit = 100): Promise<BookReportDto[]> {
  const rows = await ctx.db
    .select()
    .from(book_reports)
    .where(eq(book_reports.status, 'OPEN'))
    .orderBy(asc(book_reports.created_at), asc(book_reports.id))
    .limit(limit);
  const found = await queueBooks(
    ctx.db,
    rows.map((row) => row.book_id),
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    reporter_email: row.reporter_email,
    from_publisher: row.kind === 'WITHDRAW_REQUEST',
    status: row.status,
    created_at: row.created_at.toISOString(),
    book: found.get(row.book_id)!,
  }));
}

/** An operator's answer to a report. */
export type ReportAnswer =
  { action: 'correct'; note: string } | { action: 'decline'; note: string } | { action: 'withdraw'; reason: string };

const STATUS_OF = { correct: 'CORRECTED', decline: 'DECLINED', withdraw: 'WITHDRAWN' } as const;
/** The record's word for each answer. */
const RECORDED_AS = { correct: 'corrected', decline: 'declined', withdraw: 'withdrawn' } as const;

/**
 * Answers the open report `reportId` as the operator `actor`: marks it, withdraws the book for
 * `withdraw` (`withdrawBook`, same transaction), records it, and queues the e-mails — to the
 * reporter when it left an address (in the language of its reason) and to the publisher (in
 * its preferred language; a publisher's own request is answered to it once).
 * @throws AppError 404 'Report not found'; 409 REPORT_ANSWERED when it is no longer open
 */
export async function answerReport(
  ctx: AppContext,
  actor: AuditActor & { accountId: number },
  reportId: number,
  answer: ReportAnswer,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [report] = await tx.select().from(book_reports).where(eq(book_reports.id, reportId)).for('update');
    if (!report) throw notFound('Report');
    if (report.status !== 'OPEN') throw new AppError('CONFLICT', REPORT_ANSWERED);
    const text = answer.action === 'withdraw' ? answer.reason : answer.note;
    if (answer.action === 'withdraw') await withdrawBook(ctx, tx, { bookId: report.book_id, reason: answer.reason, actor });
    const status = STATUS_OF[answer.action];
    const now = ctx.clock();
    await tx
      .update(book_reports)
      .set({ status, resolved_at: now, resolved_by: actor.accountId, resolution_note: text })
      .where(eq(book_reports.id, report.id));
    await record(tx, {
      actor,
      subject: 'report',
      subjectId: report.id,
      action: RECORDED_AS[answer.action],
      changes: { status: ['OPEN', status] },
      reason: text,
    });

    const book = await bookAndPublisher(tx, report.book_id);
    const jsbn = formatJsbn(book.jsbn);
    const page = bookPageUrl(ctx.config.publicUrl, book.jsbn);
    const tell = async (to: string, lng: InterfaceLanguage, whose: 'reporter' | 'publisher') => {
      const say = (key: string, values: Record<string, string> = {}) => noticeText(lng, `reports.${key}`, values);
      await enqueueMessage(tx, {
        channel: 'email',
        to,
        subject: say('subject', { book: book.e_title, jsbn }),
        text: [
          whose === 'publisher' ? say('greetingPublisher', { publisher: book.publisher_name }) : say('greeting'),
          '',
          say(report.kind === 'WITHDRAW_REQUEST' ? 'yourRequest' : whose === 'reporter' ? 'yourReport' : 'aReport', {
            title: book.title,
            book: book.e_title,
            jsbn,
          }),
          say(`outcome.${answer.action}`),
          say('note', { value: text }),
          '',
          say('bookPage', { value: page }),
        ].join('\n'),
      });
    };
    if (report.reporter_email) await tell(report.reporter_email, reporterLanguage(report.reason), 'reporter');
    await tell(book.email, isInterfaceLanguage(book.language) ? book.language : 'en', 'publisher');
  });
}
