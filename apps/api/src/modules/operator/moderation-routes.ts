/**
 * The operators' moderation endpoints (decision 043) and the publisher's side of its thread.
 * Every `/api/operator/...` route asks for an operator (`requireOperator`: no token 401, a
 * publisher's or library's 403); `/api/publisher/messages` for a publisher.
 */
import type { FastifyInstance } from 'fastify';
import { operatorEndpoints } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { requireOperator, requirePublisher } from '../../lib/auth.js';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { approveClaimNow } from '../publishers/claims.js';
import {
  answerOperators,
  askPublisher,
  claimQueue,
  operatorActor,
  operatorBookByJsbn,
  publisherThread,
  reinstateByOperator,
  refuseClaim,
  rejectPublisher,
  suspendByOperator,
  verificationQueue,
  verifyPublisher,
  withdrawByOperator,
  type Suspendable,
} from './moderation.js';

export function moderationRoutes(app: FastifyInstance, ctx: AppContext) {
  /** GET /api/operator/books?jsbn= → the book (withdrawn or not) as an operator sees it; 404. */
  route(app, operatorEndpoints.book, async (request) => {
    await requireOperator(ctx, request);
    return ok(await operatorBookByJsbn(ctx, request.query.jsbn));
  });

  /**
   * POST /api/operator/books/:id/withdraw `{ reason, duplicate_of_jsbn? }` → 'Book withdrawn':
   * its page answers 410 with the date and reason; 400 (no reason, unknown duplicate JSBN), 404, 409.
   */
  route(app, operatorEndpoints.withdrawBook, async (request) => {
    const operator = await requireOperator(ctx, request);
    await withdrawByOperator(ctx, operator.accountId, request.params.id, request.body.reason, request.body.duplicate_of_jsbn);
    return ok(null, 'Book withdrawn');
  });

  /** POST /api/operator/books/:id/reinstate `{ reason }` → 'Book reinstated'; 400, 404, 409 when not withdrawn. */
  route(app, operatorEndpoints.reinstateBook, async (request) => {
    const operator = await requireOperator(ctx, request);
    await reinstateByOperator(ctx, operator.accountId, request.params.id, request.body.reason);
    return ok(null, 'Book reinstated');
  });

  // suspending and lifting a publisher's or a library's account
  for (const kind of ['publisher', 'library'] as Suspendable[]) {
    const endpoints =
      kind === 'publisher'
        ? { suspend: operatorEndpoints.suspendPublisher, unsuspend: operatorEndpoints.unsuspendPublisher }
        : { suspend: operatorEndpoints.suspendLibrary, unsuspend: operatorEndpoints.unsuspendLibrary };
    /**
     * POST /api/operator/{publishers|libraries}/:id/suspend `{ reason }` → 'Account suspended':
     * its tokens stop at once, a publisher's books and page are hidden; 400, 404, 409.
     */
    route(app, endpoints.suspend, async (request) => {
      const operator = await requireOperator(ctx, request);
      await suspendByOperator(ctx, operator.accountId, kind, request.params.id, request.body.reason);
      return ok(null, 'Account suspended');
    });
    /** POST /api/operator/{publishers|libraries}/:id/unsuspend `{ reason? }` → 'Suspension lifted': everything shows again; 404, 409. */
    route(app, endpoints.unsuspend, async (request) => {
      const operator = await requireOperator(ctx, request);
      await suspendByOperator(ctx, operator.accountId, kind, request.params.id, null, request.body?.reason?.trim() || null);
      return ok(null, 'Suspension lifted');
    });
  }

  /**
   * GET /api/operator/publishers?verification=NEW|ASKED|VERIFIED|REJECTED (NEW by default) →
   * `{ publishers }`, oldest registration first, each with its details, books count, registration
   * date and thread.
   */
  route(app, operatorEndpoints.verificationQueue, async (request) => {
    await requireOperator(ctx, request);
    return ok({ publishers: await verificationQueue(ctx, request.query.verification) });
  });

  /** POST /api/operator/publishers/:id/verify → 'Publisher verified' ('Verified by JSBN' shows); 404, 409. */
  route(app, operatorEndpoints.verifyPublisher, async (request) => {
    const operator = await requireOperator(ctx, request);
    await verifyPublisher(ctx, operator.accountId, request.params.id);
    return ok(null, 'Publisher verified');
  });

  /** POST /api/operator/publishers/:id/ask `{ question }` → 'Question sent' (e-mail and WhatsApp in its language); 400, 404. */
  route(app, operatorEndpoints.askPublisher, async (request) => {
    const operator = await requireOperator(ctx, request);
    await askPublisher(ctx, operator.accountId, request.params.id, request.body.question);
    return ok(null, 'Question sent');
  });

  /** POST /api/operator/publishers/:id/reject `{ reason }` → 'Publisher rejected' (REJECTED and suspended; told by e-mail); 400, 404, 409. */
  route(app, operatorEndpoints.rejectPublisher, async (request) => {
    const operator = await requireOperator(ctx, request);
    await rejectPublisher(ctx, operator.accountId, request.params.id, request.body.reason);
    return ok(null, 'Publisher rejected');
  });

  /** GET /api/operator/claims → `{ claims }`: pending first (oldest first), with the evidence the claimant sent. */
  route(app, operatorEndpoints.claims, async (request) => {
    await requireOperator(ctx, request);
    return ok({ claims: await claimQueue(ctx) });
  });

  /** POST /api/operator/claims/:id/approve → 'Claim approved' (as support's signed link: the claimant gets a link to set a password); 404, 409. */
  route(app, operatorEndpoints.approveClaim, async (request) => {
    const operator = await requireOperator(ctx, request);
    await approveClaimNow(ctx, request.params.id, operatorActor(operator.accountId));
    return ok(null, 'Claim approved');
  });

  /** POST /api/operator/claims/:id/refuse `{ reason }` → 'Claim refused' (the claimant is told by e-mail); 400, 404, 409. */
  route(app, operatorEndpoints.refuseClaim, async (request) => {
    const operator = await requireOperator(ctx, request);
    await refuseClaim(ctx, operator.accountId, request.params.id, request.body.reason);
    return ok(null, 'Claim refused');
  });

  /** GET /api/publisher/messages (publisher) → `{ verification, verified, thread }`: the operators' questions and its answers. */
  route(app, operatorEndpoints.publisherThread, async (request) => {
    const actor = await requirePublisher(ctx, request);
    return ok(await publisherThread(ctx, actor.publisherId));
  });

  /** POST /api/publisher/messages `{ body }` (publisher) → the thread with its answer; 400, 409 when nothing was asked. */
  route(app, operatorEndpoints.answerThread, async (request) => {
    const actor = await requirePublisher(ctx, request);
    return ok(await answerOperators(ctx, actor, request.body.body), 'Answer sent');
  });
}
