/**
 * The record of changes (decision 042) as its readers see it: a publisher reads its own book's
 * history on the book's edit page; the registry's operators read and export the whole record.
 */
import type { FastifyInstance } from 'fastify';
import { operatorEndpoints } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { requireOperator, requirePublisher } from '../../lib/auth.js';
import { requestLanguage } from '../../lib/i18n.js';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { ownBook } from '../books/book-reads.js';
import { bookHistory, historyCsv, historyPage } from './history.js';

const CSV_TYPE = 'text/csv; charset=utf-8';

/** Registers GET /api/book/:id/history, GET /api/operator/history and GET /api/operator/history.csv. */
export function historyRoutes(app: FastifyInstance, ctx: AppContext) {
  /**
   * GET /api/book/:id/history (the book's publisher) → `{ entries: HistoryEntry[] }`, newest
   * first: when, who (role and name: the publisher's, 'JSBN operator', 'System'), the action,
   * each changed field before → after, and the reason given. 401 without a token, 403 for
   * another role, 404 'Book not found' for another publisher's book or none.
   */
  route(app, operatorEndpoints.bookHistory, async (request) => {
    const actor = await requirePublisher(ctx, request);
    await ownBook(ctx, { publisherId: actor.publisherId, bookId: request.params.id });
    return ok({ entries: await bookHistory(ctx, request.params.id, requestLanguage(request)) });
  });

  /**
   * GET /api/operator/history?q&subjectType&subjectId&actor&action&from&to&cursor&limit (operator)
   * → `{ entries, nextCursor }`: the record newest first, `limit` (1–200, default 50) at a time,
   * each entry's subject named (a book's title and JSBN, a publisher's or library's name, an
   * account's e-mail); `q` is a JSBN (the book's entries) or an e-mail (its accounts' entries);
   * `from`/`to` are days in India (YYYY-MM-DD, both inclusive); pass `nextCursor` as `cursor` for
   * the next page. A state's and a city's name (`beforeText`/`afterText`) are in the asker's
   * language (Accept-Language). 400 naming the field for a bad filter ('Search by a JSBN or an e-mail
   * address'); 401 without a token, 403 for another role.
   */
  route(app, operatorEndpoints.history, async (request) => {
    await requireOperator(ctx, request);
    return ok(await historyPage(ctx, request.query, requestLanguage(request)));
  });

  /**
   * GET /api/operator/history.csv with the list's filters (operator) → jsbn-history.csv: UTF-8
   * with a BOM, a header row (at, role, who, account, subject, subject_id, subject_name, action, field,
   * before, after, reason, before_raw, after_raw), one row per changed field, newest first;
   * before/after in words of the asker's language (Accept-Language), the raw values beside.
   * 400/401/403 as the list.
   */
  route(app, operatorEndpoints.historyCsv, async (request, reply) => {
    await requireOperator(ctx, request);
    const { cursor: _cursor, limit: _limit, ...filters } = request.query;
    const csv = await historyCsv(ctx, filters, requestLanguage(request));
    return reply
      .type(CSV_TYPE)
      .header('content-disposition', 'attachment; filename="jsbn-history.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
