/**
 * Orders — docs/api.md (status table and calls), ARCHITECTURE.md and packages/shared/src/messages.ts: creating one
 * order per publisher from a library's cart (idempotent), reading orders scoped to their
 * owner, and every status change as one conditional update with its history row.
 */
import { and, asc, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  MAX_ID,
  MSG,
  ORDER_MSG,
  PAYMENT_MSG,
  ORDER_ACTIONS,
  ORDER_STATUS_LABEL,
  ORDER_TRANSITIONS,
  DEFAULT_CURRENCY,
  formatJsbn,
  formatMoney,
  lineAmount,
  orderNumber,
  orderTotals,
  toMinor,
  type CreateOrdersInput,
  type DashboardData,
  type DispatchOrderInput,
  type InterfaceLanguage,
  type ModelType,
  type OrderAction,
  type OrderEventKind,
  type PaymentState,
  type OrderDto,
  type ORDER_SORT_FIELDS,
  type OrderListQuery,
  type OrderStatus,
  type UpdateOrderStatusInput,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { catalogueSize } from '../books/listing.js';
import { PUBLISHER_SUSPENDED } from '../books/visibility.js';
import type { DbOrTx } from '../../db/client.js';
import { executeNamed, preparedOnce } from '../../db/named.js';
import {
  accounts,
  book_authors,
  books,
  dispatches,
  idempotency_keys,
  libraries,
  order_events,
  order_items,
  orders,
  publishers,
} from '../../db/schema.js';
import type { Actor } from '../../lib/auth.js';
import { AppError, ThrottledError, notFound, validationError, type FieldError } from '../../lib/errors.js';
import { courierNoticeLines, noticeText, type CourierDetails } from '../../lib/notices.js';
import { enqueueMessage } from '../../lib/outbox.js';
import { actorOf } from '../../lib/record-of.js';
import { actorNow, record } from '../../lib/audit.js';
import { containsPattern, pageOf } from '../../lib/pagination.js';
import type { LimitName } from '../../lib/rate-limit.js';
import { receivedAndShelvedMessage, shelveOrder } from '../holdings/service.js';
import { scheduleOrderNotices } from './notice-queue.js';
import { waitingState } from './reminders.js';
import { orderAmountDue, paymentOf } from './payments.js';

/** Success messages by action. */
const DONE: Record<OrderAction, string> = {
  accept: 'Order accepted successfully',
  partialAccept: 'Order partially accepted successfully',
  reject: 'Order rejected successfully',
  cancel: 'Order cancelled successfully',
  dispatch: MSG.orderDispatched,
  receive: 'Order marked as received',
};

/** What the 409 message says the action does. */
const VERB: Record<OrderAction, string> = {
  accept: 'accepted',
  partialAccept: 'accepted',
  reject: 'rejected',
  cancel: 'cancelled',
  dispatch: 'dispatched',
  receive: 'marked as received',
};

/** The owner condition: a library sees its own orders, a publisher the orders addressed to it. */
function ownedBy(actor: Actor): SQL {
  return actor.role === 'LIBRARY' ? eq(orders.library_id, actor.libraryId ?? -1) : eq(orders.publisher_id, actor.publisherId ?? -1);
}

/** The orders an Idempotency-Key made before, or null when it is new. */
async function replayOf(db: DbOrTx, accountId: number, idempotencyKey: string) {
  const [previous] = await db
    .select({ order_ids: idempotency_keys.order_ids })
    .from(idempotency_keys)
    .where(and(eq(idempotency_keys.account_id, accountId), eq(idempotency_keys.key, idempotencyKey)));
  if (!previous) return null;
  const rows = previous.order_ids.length
    ? await db.select({ id: orders.id, publisherId: orders.publisher_id }).from(orders).where(inArray(orders.id, previous.order_ids))
    : [];
  return { replayed: true, orders: rows.map((row) => ({ ...row, orderId: orderNumber(row.id) })) };
}

/**
 * Counts a cart's orders against the library's limits (lib/rate-limit.ts): each order per hour,
 * and one a day to each of its publishers — all counted at once, and taken back if any refuses.
 * @returns what takes them back (orders not made after all: a replay, a refused cart)
 * @throws ThrottledError 429 'Too many orders …' with Retry-After
 */
async function spendOrderBudget(ctx: AppContext, libraryId: number, publisherIds: number[]): Promise<() => Promise<void>> {
  const hits: [LimitName, string, number][] = [
    ['ordersPerLibrary', String(libraryId), publisherIds.length],
    ...publisherIds.map((publisherId): [LimitName, string, number] => ['ordersPerLibraryAndPublisher', `${libraryId}:${publisherId}`, 1]),
  ];
  const outcomes = await Promise.allSettled(hits.map(([limit, key, points]) => ctx.limits.consume(limit, key, points)));
  const refund = async () => {
    await Promise.all(
      hits
        .filter((_, index) => outcomes[index]!.status === 'fulfilled')
        .map(([limit, key, points]) => ctx.limits.refund(limit, key, points)),
    );
  };
  const refused = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (refused) {
    await refund().catch(() => undefined);
    throw refused.reason;
  }
  return refund;
}

/**
 * Creates one REQUESTED order per publisher from the cart lines (POST /book/order-book); each
 * publisher hears of it with its next notice digest (notices.ts, decision 033).
 * With an `idempotencyKey`, a repeat of the same request returns the orders made the first time.
 * @returns the created (or replayed) orders `[{ id, orderId, publisherId }]`
 * @throws AppError 403 without letter text; 400 for a book that is not the named publisher's;
 *   ThrottledError 429 past the library's orders an hour or to one publisher a day
 */
export async function createOrders(
  ctx: AppContext,
  actor: Actor & { libraryId: number },
  input: CreateOrdersInput,
  idempotencyKey: string | undefined,
) {
  const publisherIds = [...new Set(input.orders.map((line) => line.publisherId))];
  let refund: () => Promise<void>;
  try {
    refund = await spendOrderBudget(ctx, actor.libraryId, publisherIds);
  } catch (error) {
    // a repeat of a cart already placed answers with its orders, whatever the limits say now
    const replay = error instanceof ThrottledError && idempotencyKey ? await replayOf(ctx.db, actor.accountId, idempotencyKey) : null;
    if (replay) return replay;
    throw error;
  }
  let result: Awaited<ReturnType<typeof placeCart>>;
  try {
    result = await placeCart(ctx, actor, input, idempotencyKey);
  } catch (error) {
    await refund().catch(() => undefined);
    throw error;
  }
  // a counter left one too high by a failed refund costs less than failing the cart's answer
  if (result.replayed) await refund().catch(() => undefined);
  else ctx.metrics.orderStatusChanges.inc({ status: 'REQUESTED' }, result.orders.length);
  if (!result.replayed)
    await scheduleOrderNotices(
      ctx,
      result.orders.map((order) => order.publisherId),
    );
  return result;
}

/** The orders of the cart in one transaction (see `createOrders`), or the Idempotency-Key's earlier ones. */
async function placeCart(
  ctx: AppContext,
  actor: Actor & { libraryId: number },
  input: CreateOrdersInput,
  idempotencyKey: string | undefined,
) {
  return ctx.db.transaction(async (tx) => {
    if (idempotencyKey) {
      const claimed = await tx
        .insert(idempotency_keys)
        .values({ account_id: actor.accountId, key: idempotencyKey, order_ids: [] })
        .onConflictDoNothing()
        .returning({ key: idempotency_keys.key });
      if (claimed.length === 0) return (await replayOf(tx, actor.accountId, idempotencyKey)) ?? { replayed: true, orders: [] };
    }
    const [library] = await tx.select({ letter_text: libraries.letter_text }).from(libraries).where(eq(libraries.id, actor.libraryId));
    if (!library?.letter_text) throw new AppError('FORBIDDEN', 'Please add letter text to create your first order');

    const found = await cartBooksStatement(tx).execute({ ids: [...new Set(input.orders.map((line) => line.bookId))] });
    const bookOf = new Map(found.map((book) => [book.id, book]));
    const errors: FieldError[] = [];
    input.orders.forEach((line, index) => {
      const book = bookOf.get(line.bookId);
      if (book?.publisher_id !== line.publisherId || book.publisher_suspended)
        errors.push({ field: `orders.${index}.bookId`, message: 'Book not found for this publisher' });
      else if (book.withdrawn_at)
        errors.push({ field: `orders.${index}.bookId`, message: withdrawnBookMessage(book.book_title, book.jsbn_number) });
    });
    if (errors.length) throw validationError(errors);

    // one order per publisher; the same book twice in the cart becomes one line
    const byPublisher = new Map<number, Map<number, number>>();
    for (const line of input.orders) {
      const lines = byPublisher.get(line.publisherId) ?? new Map<number, number>();
      lines.set(line.bookId, (lines.get(line.bookId) ?? 0) + line.numberOfCopies);
      byPublisher.set(line.publisherId, lines);
    }
    const created: { id: number; orderId: string; publisherId: number }[] = [];
    for (const [publisherId, lines] of byPublisher) {
      const cart = [...lines].map(([bookId, copies]) => ({ copies, book: bookOf.get(bookId)! }));
      const orderId = await placeOrder(tx, {
        libraryId: actor.libraryId,
        publisherId,
        at: ctx.clock(),
        actor,
        idempotencyKey,
        lines: cart,
      });
      created.push({ id: orderId, orderId: orderNumber(orderId), publisherId });
    }
    return { replayed: false, orders: created };
  });
}

/**
 * The cart's books that exist, each with what its order line keeps (today's price;
 * one read for the whole cart; a named statement, db/named.ts).
 */
const cartBooksStatement = preparedOnce((db) =>
  db
    .select({
      id: books.id,
      publisher_id: books.publisher_id,
      price_kind: books.price_kind,
      price_minor: books.price_minor,
      currency: books.currency,
      // a withdrawn book, or a suspended publisher's, takes no new order (decision 043)
      withdrawn_at: books.withdrawn_at,
      book_title: books.book_title,
      jsbn_number: books.jsbn_number,
      publisher_suspended: PUBLISHER_SUSPENDED,
    })
    .from(books)
    .where(sql`${books.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('order_cart_books'),
);

/** The refusal of a withdrawn book in a new order (decision 043), naming it. */
export const withdrawnBookMessage = (title: string, jsbn: string) => `This book was withdrawn: ${title} (JSBN ${formatJsbn(jsbn)})`;

type CartBook = Awaited<ReturnType<ReturnType<typeof cartBooksStatement>['execute']>>[number];

/**
 * Writes one REQUESTED order of `lines` with its lines and its first event in one statement,
 * named so PostgreSQL parses it once per connection (four statements before: each a round
 * trip, whose system calls took a fifth of the API's CPU; decision 028), and adds its id to
 * the orders of the Idempotency-Key claimed for the request, if any. The order's currency is
 * its first priced line's, INR when none is priced.
 * @param order.at the order's status_since and its event's time
 * @returns the new order's id
 */
async function placeOrder(
  tx: DbOrTx,
  order: {
    libraryId: number;
    publisherId: number;
    at: Date;
    actor: Actor;
    idempotencyKey: string | undefined;
    lines: { copies: number; book: CartBook }[];
  },
): Promise<number> {
  const { lines } = order;
  const currency = lines.find((line) => line.book.price_minor !== null)?.book.currency ?? DEFAULT_CURRENCY;
  // the record's entry of the new order (decision 042), written by the same statement
  const created = JSON.stringify({
    status: [null, 'REQUESTED'],
    publisher_id: [null, order.publisherId],
    library_id: [null, order.libraryId],
    books: [null, lines.length],
    copies: [null, lines.reduce((sum, line) => sum + line.copies, 0)],
  });
  const actor = actorNow(order.actor);
  const [row] = await executeNamed<{ id: number }>(
    tx,
    'place_order',
    sql`
    with placed as (
      -- the publisher's postage terms as they are today stay with the order (decision 070)
      insert into orders (library_id, publisher_id, status, status_since, currency, postage_terms, postage_rate_minor)
      select ${order.libraryId}, publishers.id, 'REQUESTED', ${order.at.toISOString()}::timestamptz, ${currency},
        publishers.postage_terms, publishers.postage_rate_minor
      from publishers where publishers.id = ${order.publisherId}
      returning id
    ), lines as (
      insert into order_items (order_id, book_id, number_of_copies, price_kind, price_minor, currency)
      select placed.id, line.book_id, line.copies, line.price_kind, line.price_minor, line.currency
      from placed, unnest(
        ${sql.param(lines.map((line) => line.book.id))}::int[], ${sql.param(lines.map((line) => line.copies))}::int[],
        ${sql.param(lines.map((line) => line.book.price_kind))}::text[], ${sql.param(lines.map((line) => line.book.price_minor))}::bigint[],
        ${sql.param(lines.map((line) => line.book.currency))}::text[]
      ) as line(book_id, copies, price_kind, price_minor, currency)
    ), event as (
      -- its publisher is yet to be told of it (notices.ts)
      insert into order_events (order_id, from_status, to_status, actor_account_id, actor_role, created_at, notice_pending)
      select placed.id, null, 'REQUESTED', ${order.actor.accountId}, ${order.actor.role}, ${order.at.toISOString()}::timestamptz, true from placed
    ), recorded as (
      insert into audit_log (actor_account_id, actor_role, actor_name, actor_email, subject_type, subject_id, action, changes)
      select ${order.actor.accountId}, ${order.actor.role}, ${actor.actor_name}, ${actor.actor_email}, 'order', placed.id, 'created', ${created}::jsonb from placed
    ), keyed as (
      -- no row without a key (a key is never null)
      update idempotency_keys set order_ids = idempotency_keys.order_ids || placed.id
      from placed where idempotency_keys.account_id = ${order.actor.accountId} and idempotency_keys.key = ${order.idempotencyKey ?? null}
    )
    select id from placed`,
  );
  return row!.id;
}

/** Sortable columns of order lists. */
const SORTS = {
  order_date: orders.order_date,
  createdAt: orders.created_at,
  status: orders.status,
  library_name: libraries.name,
  publisher_name: publishers.publisher_name,
} satisfies Record<(typeof ORDER_SORT_FIELDS)[number], unknown>;

async function toDtos(
  db: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  rows: {
    order: typeof orders.$inferSelect;
    library: typeof libraries.$inferSelect;
    library_email: string;
    publisher: typeof publishers.$inferSelect;
    publisher_email: string;
  }[],
): Promise<OrderDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.order.id);
  const [items, events, dispatchRows] = await Promise.all([
    db
      .select({ item: order_items, book_title: books.book_title, jsbn_number: books.jsbn_number })
      .from(order_items)
      .innerJoin(books, eq(books.id, order_items.book_id))
      .where(inArray(order_items.order_id, ids))
      .orderBy(asc(order_items.id)),
    db
      .select({ event: order_events, email: accounts.email })
      .from(order_events)
      .leftJoin(accounts, eq(accounts.id, order_events.actor_account_id))
      .where(inArray(order_events.order_id, ids))
      .orderBy(asc(order_events.created_at), asc(order_events.id)),
    db.select().from(dispatches).where(inArray(dispatches.order_id, ids)),
  ]);
  const bookIds = [...new Set(items.map((row) => row.item.book_id))];
  const authors = bookIds.length
    ? await db.select().from(book_authors).where(inArray(book_authors.book_id, bookIds)).orderBy(asc(book_authors.position))
    : [];
  const now = ctx.clock();
  return rows.map(({ order, library, library_email, publisher, publisher_email }) => {
    const orderItems = items.filter((row) => row.item.order_id === order.id);
    const dispatch = dispatchRows.find((row) => row.order_id === order.id);
    const priced = orderItems.map(({ item }) => ({ ...item, copies: item.accepted_book_copies ?? item.number_of_copies }));
    const due = orderAmountDue(order, priced);
    const postage_minor = due.postage_minor;
    return {
      id: order.id,
      orderId: orderNumber(order.id),
      order_date: order.order_date.toISOString(),
      totalCopies: orderItems.reduce((sum, row) => sum + row.item.number_of_copies, 0),
      status: order.status,
      library: {
        id: library.id,
        name: library.name,
        logoUrl: ctx.storage.url(library.logo_key),
        address: library.address,
        mobile_no: library.mobile_no,
        email: library_email,
      },
      publisher: {
        id: publisher.id,
        publisher_name: publisher.publisher_name,
        logoUrl: ctx.storage.url(publisher.logo_key),
        address: publisher.address,
        mobile_no: publisher.mobile_no,
        email: publisher_email,
      },
      OrderBookItem: orderItems.map(({ item, book_title, jsbn_number }, index) => ({
        id: item.id,
        number_of_copies: item.number_of_copies,
        accepted_book_copies: item.accepted_book_copies,
        price_kind: item.price_kind,
        price_minor: item.price_minor,
        currency: item.currency,
        amount_minor: lineAmount(priced[index]!),
        book: {
          id: item.book_id,
          book_title,
          jsbn_number: formatJsbn(jsbn_number),
          authors: authors.filter((author) => author.book_id === item.book_id).map((author) => author.author_name),
        },
      })),
      currency: order.currency,
      postage_minor,
      totals: orderTotals(
        priced,
        postage_minor === null ? null : { currency: order.currency, amount_minor: postage_minor },
        order.currency,
      ),
      postage_terms: order.postage_terms,
      postage_rate_minor: order.postage_rate_minor,
      amount_due_minor: due.amount_minor,
      payment: paymentOf(order, publisher, due),
      partial_reason: order.partial_reason,
      partial_note: order.partial_note,
      received_as: order.received_as,
      received_note: order.received_note,
      dispetchedOrder: dispatch
        ? {
            orderimage: ctx.storage.url(dispatch.file_key),
            courierCompanyName: dispatch.courier_company_name,
            courierCompanyNumber: dispatch.courier_company_number,
            trackingId: dispatch.tracking_id,
          }
        : null,
      status_since: order.status_since.toISOString(),
      reminded_at: order.reminded_at?.toISOString() ?? null,
      ...waitingState(order, actor, now),
      history: events
        .filter((row) => row.event.order_id === order.id)
        .map(({ event, email }) => ({
          kind: event.kind,
          status: event.to_status as OrderStatus,
          ...(event.payment_state ? { payment_state: event.payment_state as PaymentState } : {}),
          at: event.created_at.toISOString(),
          // the scheduled reminder has no actor: it is the platform's own
          by: bySystem(event.kind) ? 'JSBN' : `${event.actor_role} ${email ?? ''}`.trim(),
          role: bySystem(event.kind) ? null : (event.actor_role as ModelType),
        })),
    };
  });
}

/** The scheduled reminders have no actor: they are the platform's own. */
const bySystem = (kind: OrderEventKind) => kind === 'auto_reminder' || kind === 'payment_reminder';

function selectOrders(db: DbOrTx) {
  return db
    .select({
      order: orders,
      library: libraries,
      library_email: sql<string>`(select email from accounts a where a.id = ${libraries.account_id})`,
      publisher: publishers,
      publisher_email: sql<string>`(select email from accounts a where a.id = ${publishers.account_id})`,
    })
    .from(orders)
    .innerJoin(libraries, eq(libraries.id, orders.library_id))
    .innerJoin(publishers, eq(publishers.id, orders.publisher_id));
}

/**
 * The actor's orders (GET /book/order-book): a library's own, or those addressed to a publisher.
 * @returns `{ orderBooks, total }`, default order_date descending
 */
export async function listOrders(ctx: AppContext, actor: Actor, query: OrderListQuery) {
  const conditions: (SQL | undefined)[] = [ownedBy(actor)];
  if (query.orderStatus) conditions.push(eq(orders.status, query.orderStatus));
  if (query.queryString) {
    const pattern = containsPattern(query.queryString);
    const numeric = /^(ord-?)?0*(\d+)$/i.exec(query.queryString)?.[2];
    conditions.push(
      or(
        ilike(libraries.name, pattern),
        ilike(publishers.publisher_name, pattern),
        numeric && Number(numeric) <= MAX_ID ? eq(orders.id, Number(numeric)) : undefined,
        exists(
          ctx.db
            .select({ one: sql`1` })
            .from(order_items)
            .innerJoin(books, eq(books.id, order_items.book_id))
            .where(and(eq(order_items.order_id, orders.id), or(ilike(books.book_title, pattern), ilike(books.book_e_title, pattern)))),
        ),
      ),
    );
  }
  const where = and(...conditions);
  const sortColumn = SORTS[query.sortedField ?? 'order_date'];
  const direction = query.sortedField && query.sortedOrder === 'asc' ? asc : desc;
  const page = pageOf(query);
  const [rows, [counted]] = await Promise.all([
    selectOrders(ctx.db).where(where).orderBy(direction(sortColumn), desc(orders.id)).limit(page.limit).offset(page.offset),
    ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .innerJoin(libraries, eq(libraries.id, orders.library_id))
      .innerJoin(publishers, eq(publishers.id, orders.publisher_id))
      .where(where),
  ]);
  return { orderBooks: await toDtos(ctx.db, ctx, actor, rows), total: counted?.n ?? 0 };
}

/** One of the actor's orders (GET /book/order-book/:id). @throws 404 for another account's order */
export async function getOrder(ctx: AppContext, actor: Actor, orderId: number): Promise<OrderDto> {
  const rows = await selectOrders(ctx.db).where(and(eq(orders.id, orderId), ownedBy(actor)));
  const [order] = await toDtos(ctx.db, ctx, actor, rows);
  if (!order) throw notFound('Order');
  return order;
}

/**
 * The actor's orders with these ids, in the order of `ids`.
 * @throws AppError 404 when any id is not one of the actor's orders
 */
export async function ordersByIds(ctx: AppContext, actor: Actor, ids: number[]): Promise<OrderDto[]> {
  const unique = [...new Set(ids)];
  const rows = await selectOrders(ctx.db).where(and(inArray(orders.id, unique), ownedBy(actor)));
  if (rows.length !== unique.length) throw notFound('Order');
  const dtos = await toDtos(ctx.db, ctx, actor, rows);
  return unique.map((id) => dtos.find((order) => order.id === id)!);
}

/**
 * Which action a PATCH status means for the actor's role, read from `ORDER_TRANSITIONS`: the
 * action of that role that leads to `input.status`. Accepting with counts is the partial accept.
 * @throws AppError 403 when the role has no action leading there
 */
function actionFor(actor: Actor, input: UpdateOrderStatusInput): OrderAction {
  const leading = ORDER_ACTIONS.filter(
    (action) => ORDER_TRANSITIONS[action].by === actor.role && ORDER_TRANSITIONS[action].to === input.status,
  );
  const partial = Boolean(input.orderItems?.length) && leading.includes('partialAccept');
  const action = partial ? 'partialAccept' : leading.find((candidate) => candidate !== 'partialAccept');
  if (action) return action;
  throw new AppError(
    'FORBIDDEN',
    `A ${actor.role === 'PUBLISHER' ? 'publisher' : 'library'} cannot set an order to ${ORDER_STATUS_LABEL[input.status]}`,
  );
}

/** What the work of a status change adds: courier details, fields for the record, lines for the notice, the message. */
interface TransitionOutcome {
  courier?: CourierDetails;
  /** More changes for the record's entry (decision 042): `{ field: [before, after] }`. */
  changes?: Record<string, [unknown, unknown]>;
  /** Lines the other party's notice adds, in its language. */
  noticeLines?: (lng: InterfaceLanguage) => string[];
  /** The message to answer with, instead of the action's. */
  done?: string;
}

/**
 * Moves an order along the table of docs/api.md in one transaction: a conditional
 * `UPDATE … WHERE status = <from>`, the history row, the item counts (accept) or the dispatch
 * record, and one notice to the other party: an e-mail, and for a dispatch also a WhatsApp text
 * to the library, with the lines `work` returns (the courier details).
 * @throws AppError 404 (not the actor's order), 409 (order not in the state the action needs),
 *   400 (partial counts out of range)
 */
async function transition(
  ctx: AppContext,
  actor: Actor,
  orderId: number,
  action: OrderAction,
  work: (tx: DbOrTx) => Promise<TransitionOutcome | void>,
): Promise<string> {
  const rule = ORDER_TRANSITIONS[action];
  const now = ctx.clock();
  const outcome = await ctx.db.transaction(async (tx) => {
    const moved = await tx
      .update(orders)
      // a new status starts a new wait: its days, and its one scheduled reminder
      .set({ status: rule.to, status_since: now, auto_reminded_at: null, updated_at: now })
      .where(and(eq(orders.id, orderId), ownedBy(actor), eq(orders.status, rule.from)))
      .returning({ id: orders.id, library_id: orders.library_id, publisher_id: orders.publisher_id });
    if (moved.length === 0) {
      const [current] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.id, orderId), ownedBy(actor)));
      if (!current) throw notFound('Order');
      throw new AppError(
        'CONFLICT',
        `This order is ${ORDER_STATUS_LABEL[current.status]}; only a ${ORDER_STATUS_LABEL[rule.from]} order can be ${VERB[action]}`,
      );
    }
    const outcome: TransitionOutcome = (await work(tx)) ?? {};
    const { courier } = outcome;
    await tx.insert(order_events).values({
      order_id: orderId,
      from_status: rule.from,
      to_status: rule.to,
      actor_account_id: actor.accountId,
      actor_role: actor.role,
      created_at: now,
    });
    // order_events tell the two parties; the record keeps it for the registry as well (decision 042)
    await record(tx, {
      actor: actorOf(actor),
      subject: 'order',
      subjectId: orderId,
      action: 'status changed',
      changes: {
        status: [rule.from, rule.to],
        ...(courier?.courierCompanyName ? { courier_company_name: [null, courier.courierCompanyName] } : {}),
        ...(courier?.courierCompanyNumber ? { courier_company_number: [null, courier.courierCompanyNumber] } : {}),
        ...(courier?.trackingId ? { tracking_id: [null, courier.trackingId] } : {}),
        ...outcome.changes,
      },
    });
    const order = moved[0]!;
    const [other] =
      actor.role === 'PUBLISHER'
        ? await tx
            .select({ email: accounts.email, whatsapp: libraries.whatsapp_no, language: accounts.preferred_language })
            .from(libraries)
            .innerJoin(accounts, eq(accounts.id, libraries.account_id))
            .where(eq(libraries.id, order.library_id))
        : await tx
            .select({ email: accounts.email, whatsapp: publishers.whatsapp_no, language: accounts.preferred_language })
            .from(publishers)
            .innerJoin(accounts, eq(accounts.id, publishers.account_id))
            .where(eq(publishers.id, order.publisher_id));
    // the notice names who moved the order ('Shri … Trust has dispatched ORD-000003'), as a letter would (decision 039)
    const [mover] =
      actor.role === 'PUBLISHER'
        ? await tx.select({ name: publishers.publisher_name }).from(publishers).where(eq(publishers.id, order.publisher_id))
        : await tx.select({ name: libraries.name }).from(libraries).where(eq(libraries.id, order.library_id));
    if (other) {
      const lng = other.language;
      const values = {
        order: orderNumber(orderId),
        status: noticeText(lng, `status.${rule.to}`),
        publisher: mover?.name ?? '',
        library: mover?.name ?? '',
      };
      const subject = noticeText(lng, 'orderMoved.subject', values);
      const link = `${ctx.config.publicUrl}${actor.role === 'PUBLISHER' ? '/orders' : '/booked-orders'}`;
      const by = actor.role === 'PUBLISHER' ? 'byPublisher' : 'byLibrary';
      const text = [
        noticeText(lng, `orderMoved.${by}.${action}`, values),
        ...(courier ? courierNoticeLines(lng, courier) : []),
        ...(outcome.noticeLines?.(lng) ?? []),
        link,
      ].join('\n');
      await enqueueMessage(tx, { channel: 'email', to: other.email, subject, text });
      if (action === 'dispatch' && other.whatsapp) await enqueueMessage(tx, { channel: 'whatsapp', to: other.whatsapp, subject, text });
    }
    return outcome;
  });
  ctx.metrics.orderStatusChanges.inc({ status: rule.to });
  return outcome.done ?? DONE[action];
}

/**
 * Applies PATCH /book/order-book/:id for the actor: accept, partial accept, reject, cancel,
 * dispatch without details, or received.
 * @returns the message to show
 */
export async function changeOrderStatus(ctx: AppContext, actor: Actor, orderId: number, input: UpdateOrderStatusInput): Promise<string> {
  let action = actionFor(actor, input);
  if (action === 'partialAccept' && (await acceptsEveryCopy(ctx.db, orderId, input.orderItems ?? []))) action = 'accept';
  let shelved: Awaited<ReturnType<typeof shelveOrder>> | null = null;
  const done = await transition(ctx, actor, orderId, action, async (tx) => {
    if (action === 'accept' || action === 'partialAccept') await statePostage(tx, orderId, input.postage);
    if (action === 'accept') {
      await tx.update(order_items).set({ accepted_book_copies: order_items.number_of_copies }).where(eq(order_items.order_id, orderId));
    } else if (action === 'partialAccept') {
      await acceptPartially(tx, orderId, input.orderItems ?? []);
      return partialAcceptReason(tx, orderId, input);
    } else if (action === 'dispatch') {
      await tx.insert(dispatches).values({ order_id: orderId });
    } else if (action === 'receive') {
      // the received copies go on the library's shelves, numbered on (decision 071)
      if (actor.libraryId)
        shelved = await shelveOrder(
          ctx,
          tx,
          { libraryId: actor.libraryId, accountId: actor.accountId },
          orderId,
          ctx.clock().toISOString().slice(0, 10),
        );
      // in full, or short or damaged with the library's note
      return receivedAs(tx, orderId, input);
    }
  });
  const copies = shelved as Awaited<ReturnType<typeof shelveOrder>> | null;
  // a receipt short or damaged says so before where its copies went
  return copies?.count ? receivedAndShelvedMessage(copies.count, copies.first!, copies.last!, done === ORDER_MSG.receivedShort) : done;
}

/**
 * Keeps why the publisher accepted fewer copies on the order: the reason and its words
 * go to the record, and the library's e-mail says them with the new amount due (`amountDue`).
 * @throws 400 naming `partialReason` when none is given
 */
async function partialAcceptReason(tx: DbOrTx, orderId: number, input: UpdateOrderStatusInput): Promise<TransitionOutcome> {
  const reason = input.partialReason;
  if (!reason) throw validationError([{ field: 'partialReason', message: ORDER_MSG.partialReason }]);
  const note = input.partialNote ?? null;
  const [order] = await tx.update(orders).set({ partial_reason: reason, partial_note: note }).where(eq(orders.id, orderId)).returning();
  const lines = await tx
    .select({
      price_kind: order_items.price_kind,
      price_minor: order_items.price_minor,
      currency: order_items.currency,
      copies: sql<number>`coalesce(${order_items.accepted_book_copies}, ${order_items.number_of_copies})`.mapWith(Number),
    })
    .from(order_items)
    .where(eq(order_items.order_id, orderId));
  const due = orderAmountDue(order!, lines);
  return {
    changes: { partial_reason: [null, reason], ...(note ? { partial_note: [null, note] } : {}) },
    noticeLines: (lng) => [
      noticeText(lng, 'partialAccept.reason', { reason: noticeText(lng, `partialAccept.reasons.${reason}`) }),
      ...(note ? [noticeText(lng, 'partialAccept.note', { note })] : []),
      ...(due.amount_minor === null
        ? []
        : [noticeText(lng, 'partialAccept.total', { total: formatMoney(due.amount_minor, due.currency) })]),
    ],
  };
}

/**
 * Keeps how the library received the order: in full, or short or damaged with its note,
 * which the record keeps and the publisher's e-mail says. The order is received either way.
 */
async function receivedAs(tx: DbOrTx, orderId: number, input: UpdateOrderStatusInput): Promise<TransitionOutcome> {
  const as = input.receivedAs ?? 'in_full';
  const note = as === 'short_or_damaged' ? (input.receivedNote ?? null) : null;
  await tx.update(orders).set({ received_as: as, received_note: note }).where(eq(orders.id, orderId));
  if (as === 'in_full') return {};
  return {
    changes: { received_as: [null, as], received_note: [null, note] },
    noticeLines: (lng) => [noticeText(lng, 'received.shortOrDamaged', { note: note ?? '' })],
    done: ORDER_MSG.receivedShort,
  };
}

/**
 * Keeps the postage the publisher states when accepting or dispatching an order whose terms are
 * 'as actual' (decision 070); nothing when none is stated.
 * @param postage major units of the order's currency (rupees), or undefined
 * @returns the postage kept, paise, or null
 * @throws 400 naming `postage` when the order's terms fix the postage
 */
async function statePostage(tx: DbOrTx, orderId: number, postage: number | undefined): Promise<number | null> {
  if (postage === undefined) return null;
  const [order] = await tx.select({ currency: orders.currency, terms: orders.postage_terms }).from(orders).where(eq(orders.id, orderId));
  if (order?.terms !== 'actual') throw validationError([{ field: 'postage', message: PAYMENT_MSG.postageNotActual }]);
  const minor = toMinor(postage, order.currency);
  await tx.update(orders).set({ postage_minor: minor }).where(eq(orders.id, orderId));
  return minor;
}

/**
 * True when `accepted` gives every item of the order its ordered count: the spec's Accept also
 * sends orderItems (docs/api.md), and that is a whole accept, not a partial one.
 */
async function acceptsEveryCopy(db: DbOrTx, orderId: number, accepted: { id: number; PartialBook: number }[]): Promise<boolean> {
  const items = await db
    .select({ id: order_items.id, number_of_copies: order_items.number_of_copies })
    .from(order_items)
    .where(eq(order_items.order_id, orderId));
  const given = new Map(accepted.map((item) => [item.id, item.PartialBook]));
  return items.length > 0 && accepted.length === items.length && items.every((item) => given.get(item.id) === item.number_of_copies);
}

async function acceptPartially(tx: DbOrTx, orderId: number, accepted: { id: number; PartialBook: number }[]) {
  const items = await tx
    .select({ id: order_items.id, number_of_copies: order_items.number_of_copies })
    .from(order_items)
    .where(eq(order_items.order_id, orderId));
  const given = new Map(accepted.map((item) => [item.id, item.PartialBook]));
  const errors: FieldError[] = [];
  accepted.forEach((item, index) => {
    const ordered = items.find((row) => row.id === item.id);
    if (!ordered) errors.push({ field: `orderItems.${index}.id`, message: 'Item is not part of this order' });
    else if (item.PartialBook > ordered.number_of_copies) {
      errors.push({
        field: `orderItems.${index}.PartialBook`,
        message: `Accepted copies must be between 0 and ${ordered.number_of_copies}`,
      });
    }
  });
  items.forEach((item) => {
    if (!given.has(item.id)) errors.push({ field: 'orderItems', message: `Accepted copies are missing for item ${item.id}` });
  });
  if (errors.length) throw validationError(errors);
  if (items.every((item) => given.get(item.id) === 0)) {
    throw validationError([{ field: 'orderItems', message: 'Accept at least one copy, or reject the order' }]);
  }
  for (const item of items) {
    await tx
      .update(order_items)
      .set({ accepted_book_copies: given.get(item.id)! })
      .where(eq(order_items.id, item.id));
  }
}

/**
 * Dispatches an order with courier details, the postage and an optional proof
 * file (POST /book/create-dispatch).
 * @param fileKey the stored proof (the caller deletes it if this throws)
 */
export async function dispatchOrder(ctx: AppContext, actor: Actor, input: DispatchOrderInput, fileKey: string | null): Promise<string> {
  return transition(ctx, actor, input.orderId, 'dispatch', async (tx) => {
    const postage = await statePostage(tx, input.orderId, input.postage);
    await tx.insert(dispatches).values({
      postage_minor: postage,
      order_id: input.orderId,
      courier_company_name: input.courierCompanyName ?? null,
      courier_company_number: input.courierCompanyNumber ?? null,
      tracking_id: input.trackingId ?? null,
      file_key: fileKey,
    });
    return { courier: input };
  });
}

/**
 * Dashboard counts (GET /user/dashboard), apps/web/src/lib/paths.ts: registered publishers,
 * libraries and books; the actor's books (copies) in REQUESTED, IN_PROGRESS, DISPATCHED (in
 * transit) and COMPLETED orders; and a publisher's own registered books (`myBookCount`, null for a
 * library), so its home can offer to register the first one.
 */
export async function dashboard(ctx: AppContext, actor: Actor): Promise<DashboardData> {
  const verified = (table: typeof publishers | typeof libraries) =>
    ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(table)
      .innerJoin(accounts, and(eq(accounts.id, table.account_id), sql`${accounts.email_verified_at} is not null`))
      .then(([row]) => row?.n ?? 0);
  const copies = (status: OrderStatus) =>
    ctx.db
      .select({
        n: sql<number>`coalesce(sum(coalesce(${order_items.accepted_book_copies}, ${order_items.number_of_copies})), 0)`.mapWith(Number),
      })
      .from(order_items)
      .innerJoin(orders, eq(orders.id, order_items.order_id))
      .where(and(ownedBy(actor), eq(orders.status, status)))
      .then(([row]) => row?.n ?? 0);
  const myBooks = async () => {
    if (actor.publisherId === null) return null;
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(books)
      .where(eq(books.publisher_id, actor.publisherId));
    return row?.n ?? 0;
  };
  const [
    publisherCount,
    libraryCount,
    bookCount,
    requestedOrderBook,
    pendingOrderBook,
    dispatchedOrderBook,
    completedOrderBook,
    myBookCount,
  ] = await Promise.all([
    verified(publishers),
    verified(libraries),
    catalogueSize(ctx.db),
    copies('REQUESTED'),
    copies('IN_PROGRESS'),
    copies('DISPATCHED'),
    copies('COMPLETED'),
    myBooks(),
  ]);
  return {
    commonDashboard: { publisherCount, libraryCount, bookCount },
    requestedOrderBook,
    pendingOrderBook,
    completedOrderBook,
    dispatchedOrderBook,
    myBookCount,
  };
}
