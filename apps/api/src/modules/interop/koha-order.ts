/**
 * An order as a Koha order file (decision 034): MARC21 (ISO 2709, UTF-8) that Koha's
 * acquisitions loads 'From a staged MARC file' — one record per line of the order, the book's
 * record of decision 018 (JSBN, title, authors, publisher …) with a 975 field Koha's
 * `MarcFieldsToOrder` system preference reads: `price: 975$p` (major units, e.g. 150.00;
 * absent when the order stated none, 0.00 for a free book), `quantity: 975$q` (the copies
 * accepted by the publisher, else ordered) and `$c` the currency (ISO 4217).
 */
import type { FastifyInstance } from 'fastify';
import { interopEndpoints } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { requireActor, type Actor } from '../../lib/auth.js';
import { sendFile } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { marcBinary, marcRecords } from '../books/marc.js';
import { booksByIds } from '../books/book-reads.js';
import { getOrder } from '../orders/service.js';

/** The minor units of a major unit in each currency the catalogue uses (ISO 4217 exponents; 2 otherwise). */
const MINOR_DIGITS: Record<string, number> = { JPY: 0 };

/** `minor` units of `currency` as a decimal string of major units ('15000' INR → '150.00'). */
export function majorUnits(minor: number, currency: string): string {
  const digits = MINOR_DIGITS[currency] ?? 2;
  return (minor / 10 ** digits).toFixed(digits);
}

/**
 * The Koha order file of an order: one MARC21 record per line, with 975 $p price, $q copies, $c currency.
 * @throws AppError 404 when the order is not the actor's (the ordering library or the addressed publisher)
 */
export async function kohaOrderFile(ctx: AppContext, actor: Actor, orderId: number): Promise<{ name: string; bytes: Buffer }> {
  const order = await getOrder(ctx, actor, orderId);
  const items = order.OrderBookItem;
  const found = await booksByIds(
    ctx,
    items.map((item) => item.book.id),
  );
  const records = await marcRecords(ctx, found);
  const byBook = new Map(found.map((book, index) => [book.id, records[index]!]));
  const withOrder = items.map((item) => {
    const record = byBook.get(item.book.id)!;
    const price = item.price_kind === 'free' ? 0 : item.price_minor;
    const copies = item.accepted_book_copies ?? item.number_of_copies;
    const field = [
      '975',
      '  ',
      ...(price === null ? [] : ['p', majorUnits(price, item.currency)]),
      'q',
      String(copies),
      'c',
      item.currency,
    ];
    return { leader: record.leader, fields: [...record.fields, field] };
  });
  return { name: `Koha_order_${order.orderId.replace(/[^A-Za-z0-9_-]/g, '_')}.mrc`, bytes: marcBinary(withOrder) };
}

export function kohaOrderRoutes(app: FastifyInstance, ctx: AppContext) {
  /**
   * GET /api/book/order-book/:id/koha.mrc (the ordering library or the addressed publisher) →
   * the order as a Koha order file, `Koha_order_<order id>.mrc` (application/marc); 404 for
   * another account's order.
   */
  route(app, interopEndpoints.kohaOrder, async (request, reply) => {
    const actor = await requireActor(ctx, request);
    const file = await kohaOrderFile(ctx, actor, request.params.id);
    return sendFile(reply, 'application/marc', file.name, file.bytes);
  });
}
