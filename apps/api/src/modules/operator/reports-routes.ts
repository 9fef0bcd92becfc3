/**
 * The operators' queue of reports about books (decision 044): visitors' reports and
 * publishers' withdrawal requests, oldest first; each answered once — corrected (a note of
 * what the operator changed), withdrawn or declined — with the e-mails to the reporter and the
 * publisher (books/reports.ts).
 */
import type { FastifyInstance } from 'fastify';
import { operatorEndpoints } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { requireOperator } from '../../lib/auth.js';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { answerReport, openReports } from '../books/reports.js';

export function reportsRoutes(app: FastifyInstance, ctx: AppContext) {
  const operator = async (request: Parameters<typeof requireOperator>[1]) => {
    const actor = await requireOperator(ctx, request);
    return { accountId: actor.accountId, role: 'OPERATOR' as const };
  };

  /** GET /api/operator/reports (operator) → `{ reports }`: open reports, oldest first, at most 100; 401/403. */
  route(app, operatorEndpoints.reports, async (request) => {
    await operator(request);
    return ok({ reports: await openReports(ctx) });
  });

  /** POST /api/operator/reports/:id/correct `{ note }` (operator): the details were corrected; 400 no note, 404, 409 answered. */
  route(app, operatorEndpoints.correctReport, async (request) => {
    const actor = await operator(request);
    await answerReport(ctx, actor, request.params.id, { action: 'correct', note: request.body.note });
    return ok(null, 'The report was answered');
  });

  /** POST /api/operator/reports/:id/decline `{ note }` (operator): nothing to change; 400, 404, 409. */
  route(app, operatorEndpoints.declineReport, async (request) => {
    const actor = await operator(request);
    await answerReport(ctx, actor, request.params.id, { action: 'decline', note: request.body.note });
    return ok(null, 'The report was answered');
  });

  /** POST /api/operator/reports/:id/withdraw `{ reason }` (operator): the book is withdrawn (`withdrawBook`); 400, 404, 409. */
  route(app, operatorEndpoints.withdrawReported, async (request) => {
    const actor = await operator(request);
    await answerReport(ctx, actor, request.params.id, { action: 'withdraw', reason: request.body.reason });
    return ok(null, 'The book was withdrawn');
  });
}
