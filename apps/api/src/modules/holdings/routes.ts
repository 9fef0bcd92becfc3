/**
 * The holdings endpoints (decision 071): a library's copies, for its own accounts only (every
 * route requires a library; another library's copy or order is a 404).
 */
import type { FastifyInstance } from 'fastify';
import { MSG, holdingEndpoints } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { requireLibrary } from '../../lib/auth.js';
import { holdingsSettings, libraryHoldingsPage, saveHoldingsSettings } from './public.js';
import { XLSX_TYPE } from '../../lib/excel.js';
import { pageLanguage } from '../../lib/i18n.js';
import { ok, sendFile } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { HOLDINGS_FILE, HOLDINGS_MARC_FILE, defaultBranch, holdingsMarc, holdingsXlsx } from './exports.js';
import {
  addHolding,
  allHoldings,
  listHoldings,
  lookupCode,
  nextAccessionNumber,
  orderShelving,
  readHolding,
  setHoldingState,
  unshelveOrder,
  updateHolding,
} from './service.js';

export function holdingRoutes(app: FastifyInstance, ctx: AppContext) {
  /**
   * GET /api/library/holdings?queryString&state&place&orderId&pageNo&limit → `{ rows, total, total_capped }`
   * (a search's total bounded: `listHoldings`).
   */
  route(app, holdingEndpoints.list, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok(await listHoldings(ctx.db, actor.libraryId, request.query));
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

  /** GET /api/library/holdings/export.xlsx?queryString&state&place → Our_Shelves.xlsx, one row per copy, headings in the reader's language. */
  route(app, holdingEndpoints.exportXlsx, async (request, reply) => {
    const actor = await requireLibrary(ctx, request);
    const copies = await allHoldings(ctx, actor.libraryId, request.query);
    return sendFile(reply, XLSX_TYPE, `${HOLDINGS_FILE}.xlsx`, await holdingsXlsx(copies, pageLanguage(request)));
  });

  /** GET /api/library/holdings/export.mrc?queryString&state&place&koha&branch → Our_Shelves_MARC21.mrc: 852 per copy, and 952 with `koha=true`. */
  route(app, holdingEndpoints.exportMrc, async (request, reply) => {
    const actor = await requireLibrary(ctx, request);
    const { koha, branch, ...filters } = request.query;
    const copies = await allHoldings(ctx, actor.libraryId, filters);
    const bytes = await holdingsMarc(ctx, actor.libraryId, copies, koha ? { branch: branch ?? defaultBranch(actor.libraryId) } : undefined);
    return sendFile(reply, 'application/marc', `${HOLDINGS_MARC_FILE}.mrc`, bytes);
  });

  /** GET /api/library/holdings/settings → `{ holdings_public, opening_hours, pincode, state_id, city_id }`. */
  route(app, holdingEndpoints.settings, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok(await holdingsSettings(ctx, actor.libraryId));
  });

  /** PUT /api/library/holdings/settings → the saved settings; 400 naming `city_id` for a city not of the state. */
  route(app, holdingEndpoints.saveSettings, async (request) => {
    const actor = await requireLibrary(ctx, request);
    const saved = await saveHoldingsSettings(ctx, actor, request.body);
    return ok(saved, saved.holdings_public ? MSG.holdingsShown : MSG.holdingsHidden);
  });

  /** GET /api/library/:id/holdings?queryString&pageNo&limit (public) → `{ library, books, total }`; 404 when the library does not show its holdings. */
  route(app, holdingEndpoints.ofLibrary, async (request) => ok(await libraryHoldingsPage(ctx, request.params.id, request.query)));

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

  /** GET /api/library/holdings/order/:orderId → `{ count, accession_numbers, on_shelves, undone }`; 404 for another library's order. */
  route(app, holdingEndpoints.orderShelving, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok(await orderShelving(ctx, actor.libraryId, request.params.orderId));
  });

  /** POST /api/library/holdings/order/:orderId/unshelve → `{ count }`: the order's copies that were on the shelves, now withdrawn; 404 for another library's order. */
  route(app, holdingEndpoints.unshelveOrder, async (request) => {
    const actor = await requireLibrary(ctx, request);
    const count = await unshelveOrder(ctx, actor, request.params.orderId);
    return ok({ count }, count === 1 ? 'One copy taken off the shelves' : `${count} copies taken off the shelves`);
  });
}
