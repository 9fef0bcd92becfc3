/**
 * The lending desk's endpoints (decision 076): a library's members and the loans of its copies,
 * for its own accounts only (every route requires a library; another library's member, copy or
 * loan is a 404).
 */
import type { FastifyInstance } from 'fastify';
import { MSG, XLSX_TYPE, lendingEndpoints } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { requireLibrary } from '../../lib/auth.js';
import { pageLanguage } from '../../lib/i18n.js';
import { ok, sendFile } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { exportLoans, lend, listLoans, readLendingSettings, renew, returnCopy, saveLendingSettings } from './loans.js';
import { addMember, listMembers, memberOf, updateMember } from './members.js';

export function lendingRoutes(app: FastifyInstance, ctx: AppContext) {
  /** GET /api/library/members?queryString&all&pageNo&limit → `{ rows, total }`. */
  route(app, lendingEndpoints.members, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok(await listMembers(ctx, actor.libraryId, request.query));
  });

  /** POST /api/library/members `{ name, phone, email?, language?, kind?, note?, member_number?, reminders? }` → 201 `{ member }`. */
  route(app, lendingEndpoints.addMember, async (request, reply) => {
    const actor = await requireLibrary(ctx, request);
    const member = await addMember(ctx, actor, request.body);
    return reply.status(201).send(ok({ member }, MSG.memberSaved, 201));
  });

  /** GET /api/library/members/:id → `{ member }`. */
  route(app, lendingEndpoints.member, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok({ member: await memberOf(ctx.db, actor.libraryId, request.params.id) });
  });

  /** PATCH /api/library/members/:id `{ …fields, active? }` → `{ member }`. */
  route(app, lendingEndpoints.updateMember, async (request) => {
    const actor = await requireLibrary(ctx, request);
    const member = await updateMember(ctx, actor, request.params.id, request.body);
    return ok({ member }, request.body.active === false ? MSG.memberRemoved : MSG.memberSaved);
  });

  /** GET /api/library/loans?status&memberId&holdingId&pageNo&limit → `{ rows, total }`. */
  route(app, lendingEndpoints.loans, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok(await listLoans(ctx, actor.libraryId, request.query));
  });

  /** GET /api/library/loans/export.xlsx?status&memberId&holdingId → Loans.xlsx, headed in the reader's language. */
  route(app, lendingEndpoints.loansXlsx, async (request, reply) => {
    const actor = await requireLibrary(ctx, request);
    const bytes = await exportLoans(ctx, actor.libraryId, request.query, pageLanguage(request));
    return sendFile(reply.header('cache-control', 'private, no-store'), XLSX_TYPE, 'Loans.xlsx', bytes);
  });

  /** POST /api/library/loans `{ code | holdingId, memberId, lent_on?, due_on?, note? }` → 201 `{ loan }`; 409 naming a copy lent already. */
  route(app, lendingEndpoints.lend, async (request, reply) => {
    const actor = await requireLibrary(ctx, request);
    const loan = await lend(ctx, actor, request.body);
    return reply.status(201).send(ok({ loan }, `Copy ${loan.holding.accession_number} lent to ${loan.member.name}`, 201));
  });

  /** POST /api/library/loans/return `{ code | holdingId | loanId }` → `{ loan }`; 409 when the copy is not lent. */
  route(app, lendingEndpoints.returnCopy, async (request) => {
    const actor = await requireLibrary(ctx, request);
    const loan = await returnCopy(ctx, actor, request.body);
    return ok({ loan }, `Copy ${loan.holding.accession_number} is back on the shelves`);
  });

  /** POST /api/library/loans/:id/renew `{ due_on? }` → `{ loan }`. */
  route(app, lendingEndpoints.renew, async (request) => {
    const actor = await requireLibrary(ctx, request);
    const loan = await renew(ctx, actor, request.params.id, request.body);
    return ok({ loan }, loan.due_on ? `Loan renewed: due on ${loan.due_on}` : 'Loan renewed without a due date');
  });

  /** GET /api/library/lending/settings → `{ loan_period_days, sadhu_no_due }`. */
  route(app, lendingEndpoints.settings, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok(await readLendingSettings(ctx, actor.libraryId));
  });

  /** PUT /api/library/lending/settings `{ loan_period_days, sadhu_no_due? }` → the settings saved. */
  route(app, lendingEndpoints.saveSettings, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok(await saveLendingSettings(ctx, actor, request.body), MSG.lendingSaved);
  });
}
