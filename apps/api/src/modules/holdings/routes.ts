/**
 * The holdings endpoints (decision 071): a library's copies, for its own accounts only (every
 * route requires a library; another library's copy or order is a 404).
 */
import type { FastifyInstance } from 'fastify';
import { MSG, holdingEndpoints } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { requireLibrary } from '../../lib/auth.js';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import {
  addHolding,
  listHoldings,
  lookupCode,
  nextAccessionNumber,
  readHolding,
  setHoldingState,
  unshelveOrder,
  updateHolding,
} from './service.js';

export function holdingRoutes(app: FastifyInstance, ctx: AppContext) {
  /** GET /api/library/holdings?queryString&state&place&orderId&pageNo&limit → `{ rows, total }`. */
  route(app, holdingEndpoints.list, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok(await listHoldings(ctx, actor.libraryId, request.query));
  });

  /**
   * POST /api/library/holdings `{ jsbn | book, accession_number?, place?, condition?, note?, source?, acquired_on?, request_id? }`
   * → 201 `{ holding }`; 200 with the same copy when `request_id` already made one (decision 075).
   */
  route(app, holdingEndpoints.add, async (request, reply) => {
    const actor = await requireLibrary(ctx, request);
    const { holding, created } = await addHolding(ctx, actor, request.body);
    const status = created ? 201 : 200;
    return reply.status(status).send(ok({ holding }, `Copy ${holding.accession_number} is on the shelves`, status));
  });

  /** GET /api/library/holdings/next-accession → `{ accession_number }`. */
  route(app, holdingEndpoints.nextAccession, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok({ accession_number: await nextAccessionNumber(ctx.db, actor.libraryId) });
  });

  /** GET /api/library/holdings/lookup?code= → what the code is; 404 naming it when nothing matches. */
  route(app, holdingEndpoints.lookup, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok(await lookupCode(ctx, actor.libraryId, request.query.code));
  });

  /** GET /api/library/holdings/:id → `{ holding }`. */
  route(app, holdingEndpoints.one, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok({ holding: await readHolding(ctx, actor.libraryId, request.params.id) });
  });

  /** PATCH /api/library/holdings/:id `{ accession_number?, place?, condition?, note?, acquired_on? }` → `{ holding }`. */
  route(app, holdingEndpoints.update, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok({ holding: await updateHolding(ctx, actor, request.params.id, request.body) }, MSG.holdingSaved);
  });

  /** PATCH /api/library/holdings/:id/state `{ state, reason? }` → `{ holding }`; 409 for a lent copy. */
  route(app, holdingEndpoints.setState, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok({ holding: await setHoldingState(ctx, actor, request.params.id, request.body) }, MSG.holdingMoved);
  });

  /** POST /api/library/holdings/order/:orderId/unshelve → `{ count }`. */
  route(app, holdingEndpoints.unshelveOrder, async (request) => {
    const actor = await requireLibrary(ctx, request);
    const count = await unshelveOrder(ctx, actor, request.params.orderId);
    return ok({ count }, `${count} copies taken off the shelves`);
  });
}
