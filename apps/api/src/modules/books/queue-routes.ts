/**
 * The book side of the back office's queues (decision 044): the form's check for books like
 * the one being registered, 'Report a problem with this book' on the public page, and a
 * publisher's request to withdraw one of its own books.
 */
import type { FastifyInstance } from 'fastify';
import { bookEndpoints } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { requirePublisher } from '../../lib/auth.js';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { similarBooks } from './duplicates.js';
import { reportBook, requestWithdrawal } from './reports.js';

/** The reply to a report, whoever sent it. */
export const REPORT_RECEIVED = 'Thank you. Your report has been sent to the JSBN team.';
/** The reply to a publisher's withdrawal request. */
export const WITHDRAW_REQUESTED = 'Your request has been sent to the JSBN team';

export function bookQueueRoutes(app: FastifyInstance, ctx: AppContext) {
  /**
   * GET /api/book/similar?title=…&author=…[&e_title=…] (publisher; several authors separated by
   * ';') → `{ books }`: at most 5 registered books, by any publisher, whose title and author
   * are close to these in any script or spelling (books/duplicates.ts), closest first; 400 no title.
   */
  route(app, bookEndpoints.similar, async (request) => {
    await requirePublisher(ctx, request);
    const { title, e_title, author } = request.query;
    const authors = (author ?? '')
      .split(';')
      .map((name) => name.trim())
      .filter(Boolean);
    return ok({ books: await similarBooks(ctx.db, { title, eTitle: e_title ?? null, authors }) });
  });

  /**
   * POST /api/book/:id/report `{ kind, reason, email? }` (public; `id` the book's JSBN, with or
   * without dashes) → REPORT_RECEIVED; 400 per field, 404 unknown JSBN, 429 past 5 an hour from
   * one address (as the contact form) or 3 an hour from one e-mail.
   */
  route(app, bookEndpoints.report, async (request) => {
    await ctx.limits.consume('bookReportsPerAddress', request.ip);
    if (request.body.email) await ctx.limits.consume('bookReportsPerEmail', request.body.email);
    await reportBook(ctx, request.params.id, request.body);
    return ok(null, REPORT_RECEIVED);
  });

  /**
   * POST /api/book/:id/withdraw-request `{ reason }` (the book's publisher) → WITHDRAW_REQUESTED;
   * 400 no reason, 404 another publisher's book, 409 already withdrawn; 401/403.
   */
  route(app, bookEndpoints.withdrawRequest, async (request) => {
    const actor = await requirePublisher(ctx, request);
    await requestWithdrawal(ctx, actor, request.params.id, request.body.reason);
    return ok(null, WITHDRAW_REQUESTED);
  });
}
