/**
 * Order endpoints — docs/api.md: create orders (Idempotency-Key), list and read own orders,
 * change status, dispatch with courier details and proof, remind the publisher of a waiting order.
 */
import type { FastifyInstance } from 'fastify';
import { ADDRESS_LABELS_FILE, dispatchFields, orderEndpoints, type CreatedOrders } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { requireActor, requireLibrary, requirePublisher } from '../../lib/auth.js';
import { AppError, parseOrThrow } from '../../lib/errors.js';
import { withMultipart } from '../../lib/multipart.js';
import { PDF, ok, sendFile } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { DISPATCH_FILE } from '../../lib/upload-rules.js';
import { XLSX_TYPE } from '../../lib/excel.js';
import { exportOrders, orderAddressLabels, orderLetter } from './documents.js';
import { sendReminder } from './reminders.js';
import { answerPayment, recordPayment } from './payments.js';
import { billOfSupply } from './bill-of-supply.js';
import { changeOrderStatus, createOrders, dispatchOrder, getOrder, listOrders } from './service.js';
import { pageLanguage } from '../../lib/i18n.js';

export function orderRoutes(app: FastifyInstance, ctx: AppContext) {
  /**
   * POST /api/book/order-book (library; header Idempotency-Key, ≤ 200 characters)
   * `{ orders: [{ publisherId, bookId, numberOfCopies, bookTitle }] }` → data `{ message, orders: [{ id,
   * orderId, publisherId }] }` (docs/api.md: data.message and the created orders; `CreatedOrders`).
   * A repeated key returns the first request's orders (200) instead of creating new ones.
   */
  route(app, orderEndpoints.create, async (request, reply) => {
    const actor = await requireLibrary(ctx, request);
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (key !== undefined && (key.length === 0 || key.length > 200)) {
      throw new AppError('BAD_REQUEST', 'Idempotency-Key must be 1 to 200 characters', [
        { field: 'Idempotency-Key', message: 'must be 1 to 200 characters' },
      ]);
    }
    const result = await createOrders(ctx, actor, request.body, key);
    const count = result.orders.length;
    const message = `${count} order${count === 1 ? '' : 's'} placed successfully`;
    const data: CreatedOrders = { message, orders: result.orders };
    return reply.status(result.replayed ? 200 : 201).send(ok(data, message, result.replayed ? 200 : 201));
  });

  /** GET /api/book/order-book — orderListQuery → `{ orderBooks, total }` of the caller's orders. */
  route(app, orderEndpoints.list, async (request) => {
    const actor = await requireActor(ctx, request);
    return ok(await listOrders(ctx, actor, request.query));
  });

  /** GET /api/book/order-book/export.xlsx?ids=1,2 → Booked_Orders.xlsx (publisher) or Books_Ordered_By_You.xlsx (library); 400 none selected. */
  route(app, orderEndpoints.exportXlsx, async (request, reply) => {
    const actor = await requireActor(ctx, request);
    const { fileName, bytes } = await exportOrders(ctx, actor, request.query.ids, pageLanguage(request));
    return sendFile(reply, XLSX_TYPE, fileName, bytes);
  });

  /** GET /api/book/order-book/addresses.pdf?ids=1,2 (publisher) → addresses.pdf, A5 labels To each library, From the publisher, 'To' and 'From' in the publisher's language. */
  route(app, orderEndpoints.addressLabels, async (request, reply) => {
    const actor = await requirePublisher(ctx, request);
    const pdf = await orderAddressLabels(ctx, actor, request.query.ids, pageLanguage(request));
    return sendFile(reply, PDF, ADDRESS_LABELS_FILE, pdf);
  });

  /**
   * POST /api/publisher/generate-pdf `{ orderId, sendWhatsapp }` → the order letter PDF (inline).
   * The ordering library or the addressed publisher may ask; `sendWhatsapp` from the library sends it once.
   */
  route(app, orderEndpoints.letter, async (request, reply) => {
    const actor = await requireActor(ctx, request);
    const pdf = await orderLetter(ctx, actor, request.body.orderId, request.body.sendWhatsapp);
    return sendFile(reply, PDF, `order-${request.body.orderId}.pdf`, pdf, 'inline');
  });

  /**
   * GET /api/book/order-book/:id/bill-of-supply.pdf (the order's library or publisher) → the bill of
   * supply PDF in the page's language; the first request numbers it (BOS/2026-27/0001, decision 070).
   * 404 another account's order; 409 not accepted yet, cancelled, or its amount unknown.
   */
  route(app, orderEndpoints.billOfSupply, async (request, reply) => {
    const actor = await requireActor(ctx, request);
    const { number, pdf } = await billOfSupply(ctx, actor, request.params.id, pageLanguage(request));
    return sendFile(reply, PDF, `bill-of-supply-${number.replaceAll('/', '-')}.pdf`, pdf, 'inline');
  });

  /** GET /api/book/order-book/:id → `{ orderBook }`; 404 for another account's order. */
  route(app, orderEndpoints.one, async (request) => {
    const actor = await requireActor(ctx, request);
    return ok({ orderBook: await getOrder(ctx, actor, request.params.id) });
  });

  /**
   * PATCH /api/book/order-book/:id `{ status, orderItems?, postage?, partialReason?, partialNote?, receivedAs?,
   * receivedNote? }` → data `{ message }` (docs/api.md). A partial accept needs `partialReason` (out_of_stock,
   * limited_per_library, other — other with `partialNote`); a receipt `receivedAs: 'short_or_damaged'` needs
   * `receivedNote`. 400 naming the field; 403 wrong role; 404 another account's order; 409 wrong state.
   */
  route(app, orderEndpoints.setStatus, async (request) => {
    const actor = await requireActor(ctx, request);
    const message = await changeOrderStatus(ctx, actor, request.params.id, request.body);
    return ok({ message }, message);
  });

  /**
   * POST /api/book/order-book/:id/reminder (library) → data `{ message: 'Reminder sent to the
   * publisher' }`: reminds the publisher of an order waiting on it for more than 3 days, by e-mail
   * and WhatsApp. 404 another library's order; 409 not Requested or Preparing,
   * or not yet 3 days; 429 with Retry-After (s) when a reminder went out in the last day.
   */
  route(app, orderEndpoints.remind, async (request) => {
    const actor = await requireLibrary(ctx, request);
    const message = await sendReminder(ctx, actor, request.params.id);
    return ok({ message }, message);
  });

  /**
   * POST /api/book/order-book/:id/payment (library) `{ utr: 12 digits, paid_on: YYYY-MM-DD, amount: rupees }`
   * → data `{ message }`: the payment is 'paid', awaiting the publisher (decision 070). 400 naming
   * the field; 404 another library's order; 409 not accepted yet, or paid or confirmed already.
   */
  route(app, orderEndpoints.recordPayment, async (request) => {
    const actor = await requireLibrary(ctx, request);
    const message = await recordPayment(ctx, actor, request.params.id, request.body);
    return ok({ message }, message);
  });

  /**
   * PATCH /api/book/order-book/:id/payment (publisher) `{ state: 'confirmed' | 'queried' }` → data
   * `{ message }` (decision 070). 404 another publisher's order; 409 no payment awaiting confirmation.
   */
  route(app, orderEndpoints.answerPayment, async (request) => {
    const actor = await requirePublisher(ctx, request);
    const message = await answerPayment(ctx, actor, request.params.id, request.body);
    return ok({ message }, message);
  });

  /**
   * POST /api/book/create-dispatch (publisher, multipart: optional `orderImage` JPEG/PNG/PDF ≤ 5 MB,
   * orderId, courierCompanyName, courierCompanyNumber (10 characters), trackingId) → message.
   */
  route(app, orderEndpoints.dispatch, async (request) => {
    const actor = await requirePublisher(ctx, request);
    return withMultipart(request, ctx.storage, { orderImage: DISPATCH_FILE }, async (upload) => {
      const input = parseOrThrow(dispatchFields, upload.fields);
      return ok(null, await dispatchOrder(ctx, actor, input, upload.files.orderImage?.[0]?.key ?? null));
    });
  });
}
