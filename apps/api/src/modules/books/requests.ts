/**
 * Requests from readers to a book's publisher — docs/api.md: a request for access to
 * a private PDF, and a reader's order of a book. Each is stored and sent to the publisher's
 * e-mail through the outbox in the same transaction (decision 006), in the publisher's language
 *.
 */
import { eq } from 'drizzle-orm';
import { COUNTRY_CODE, formatJsbn, isoOfDdMmYyyy, type BookPdfRequest, type ReaderOrder } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { accounts, book_requests, books, publishers, reader_orders } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { noticeText } from '../../lib/notices.js';
import { enqueueMessage } from '../../lib/outbox.js';
import { bookPageUrl } from './qr.js';

/**
 * The book and where its publisher is reached (its e-mail and language), for the notices about
 * it: requests to reprint, reports and their answers. @throws AppError 404 'Book not found'
 */
export async function bookAndPublisher(db: DbOrTx, bookId: number) {
  const [row] = await db
    .select({
      id: books.id,
      title: books.book_title,
      e_title: books.book_e_title,
      jsbn: books.jsbn_number,
      publisher_name: publishers.publisher_name,
      email: accounts.email,
      language: accounts.preferred_language,
    })
    .from(books)
    .innerJoin(publishers, eq(publishers.id, books.publisher_id))
    .innerJoin(accounts, eq(accounts.id, publishers.account_id))
    .where(eq(books.id, bookId));
  if (!row) throw notFound('Book');
  return row;
}

/**
 * Counts a request from `ip` to the publisher (`email`): 5 a day from one address to one
 * publisher, so a single address cannot use up the publisher's 50 a day, and those 50 (the
 * route has counted the address's 10 an hour; lib/rate-limit.ts).
 * @throws ThrottledError 429 past either
 */
async function spendRequestBudget(ctx: AppContext, ip: string, email: string): Promise<void> {
  await ctx.limits.consume('bookRequestsPerAddressAndPublisher', `${ip}|${email}`);
  await ctx.limits.consume('bookRequestsPerPublisher', email);
}

/**
 * Stores a request for a book's private PDF from the address `ip` and e-mails it to the
 * publisher (POST /book/book-request/:id). A publisher receives at most 50 such e-mails a day,
 * 5 of them from one address.
 * @throws AppError 404 'Book not found'; ThrottledError 429 past the daily counts
 */
export async function requestBookPdf(ctx: AppContext, bookId: number, request: BookPdfRequest, ip: string): Promise<void> {
  const book = await bookAndPublisher(ctx.db, bookId);
  await spendRequestBudget(ctx, ip, book.email);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(book_requests).values({
      book_id: bookId,
      name: request.name,
      email: request.email,
      mobile_no: request.mobile_no,
      reason: request.Resone,
      referred_by: request.RefferenceBy,
    });
    const say = (key: string, values: Record<string, string> = {}) => noticeText(book.language, key, values);
    const jsbn = formatJsbn(book.jsbn);
    await enqueueMessage(tx, {
      channel: 'email',
      to: book.email,
      subject: say('pdfRequest.subject', { book: book.e_title, jsbn }),
      text: [
        say('pdfRequest.greeting', { publisher: book.publisher_name }),
        '',
        say('pdfRequest.asks', { name: request.name, title: book.title, book: book.e_title, jsbn }),
        '',
        say('pdfRequest.reason', { value: request.Resone }),
        say('pdfRequest.referredBy', { value: request.RefferenceBy }),
        say('contact.email', { value: request.email }),
        say('contact.mobile', { value: `${COUNTRY_CODE} ${request.mobile_no}` }),
        '',
        say('contact.bookPage', { value: bookPageUrl(ctx.config.publicUrl, book.jsbn) }),
      ].join('\n'),
    });
  });
}

/**
 * Stores a reader's order of a book from the address `ip` and e-mails it to the publisher
 * (POST /book/reader/order). The date was checked not to be in the past by
 * `readerOrderFor(todayIso(ctx.clock()))`. Counted with the PDF requests: at most 50 a day to
 * one publisher, 5 of them from one address.
 * @throws AppError 404 'Book not found'; ThrottledError 429 past the daily counts
 */
export async function placeReaderOrder(ctx: AppContext, order: ReaderOrder, ip: string): Promise<void> {
  const book = await bookAndPublisher(ctx.db, order.bookId);
  await spendRequestBudget(ctx, ip, book.email);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(reader_orders).values({
      book_id: book.id,
      name: order.name,
      mobile: order.mobile,
      email: order.email,
      message: order.message,
      book_name: order.bookName ?? book.title,
      wanted_date: isoOfDdMmYyyy(order.date)!,
    });
    const say = (key: string, values: Record<string, string> = {}) => noticeText(book.language, key, values);
    const jsbn = formatJsbn(book.jsbn);
    await enqueueMessage(tx, {
      channel: 'email',
      to: book.email,
      subject: say('readerOrder.subject', { book: book.e_title, jsbn }),
      text: [
        say('pdfRequest.greeting', { publisher: book.publisher_name }),
        '',
        say('readerOrder.wants', { name: order.name, title: order.bookName ?? book.title, jsbn, date: order.date }),
        '',
        order.message,
        '',
        say('contact.email', { value: order.email }),
        say('contact.mobile', { value: `${COUNTRY_CODE} ${order.mobile}` }),
        '',
        say('contact.bookPage', { value: bookPageUrl(ctx.config.publicUrl, book.jsbn) }),
      ].join('\n'),
    });
  });
}
