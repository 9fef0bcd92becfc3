import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, like, or } from 'drizzle-orm';
import { MSG, type CallInput, type ContractOf } from '@jsbn/shared';
import { accountEndpoints, orderEndpoints } from '@jsbn/shared/core';
import { outbox } from '../../db/schema.js';
import { createBook, createLibrary, createPublisher, makeJpeg } from '../../seed/factories.js';
import { ENGINES, createTestApp, form, tokenHeader, type TestApp } from '../../test/harness.js';
import { sendOrderNotices } from './notices.js';
import { inject } from '../../test/inject.js';

type Headers = { authorization: string };
/** What a status change sends (accept, partly accept, reject, cancel, receive). */
type StatusBody = CallInput<ContractOf<typeof orderEndpoints.setStatus>>['body'];
/** The order statuses the list filters by. */
type ListStatus = NonNullable<CallInput<ContractOf<typeof orderEndpoints.list>>['query']>['orderStatus'];

describe.each(ENGINES)('orders on %s', (engine) => {
  let t: TestApp;
  let pub1: Headers, pub2: Headers, lib: Headers, otherLib: Headers;
  let ids: { pub1: number; pub2: number };
  let books: { a: number; b: number; c: number };
  let libraryEmail: string;

  beforeAll(async () => {
    // the races below place a hundred orders from one library: past its daily limit with one publisher
    t = await createTestApp(engine, { ORDER_LIMIT_PER_HOUR: '100000', ORDER_LIMIT_PER_PUBLISHER_DAY: '100000' });
    const p1 = await createPublisher(t.ctx, { publisher_no: 'PUB01', publisher_name: 'Shri Jain Sahitya Prakashan Trust' });
    const p2 = await createPublisher(t.ctx, { publisher_no: 'PUB02' });
    const l1 = await createLibrary(t.ctx, { name: 'શ્રી જ્ઞાન ભંડાર' });
    libraryEmail = l1.email;
    const l2 = await createLibrary(t.ctx);
    [pub1, pub2, lib, otherLib] = await Promise.all([tokenHeader(t, p1), tokenHeader(t, p2), tokenHeader(t, l1), tokenHeader(t, l2)]);
    ids = { pub1: p1.publisherId, pub2: p2.publisherId };
    books = {
      a: (await createBook(t.ctx, p1.publisherId, { book_title: 'કલ્પસૂત્ર' })).id,
      b: (await createBook(t.ctx, p1.publisherId, { book_title: 'યોગશાસ્ત્ર', book_e_title: 'Yogashastra' })).id,
      c: (await createBook(t.ctx, p2.publisherId, { book_title: 'समयसार', book_e_title: 'Samaysara' })).id,
    };
  });
  afterAll(() => t.close());

  const order = (headers: Headers, lines: { publisherId: number; bookId: number; numberOfCopies: number }[], key?: string) =>
    inject(t.app, orderEndpoints.create, { headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, body: { orders: lines } });
  const patch = (headers: Headers, id: number, payload: StatusBody) =>
    inject(t.app, orderEndpoints.setStatus, { params: { id }, headers, body: payload });
  const list = async (headers: Headers, orderStatus: ListStatus) =>
    (await inject(t.app, orderEndpoints.list, { headers, query: { orderStatus } })).json().data;
  /** Tells each publisher what is waiting for it, as its queued digest does when its time comes (notices.ts). */
  const tellPublishers = async () => {
    for (const publisherId of [ids.pub1, ids.pub2]) await sendOrderNotices(t.ctx, publisherId);
  };

  it('makes one order per publisher, once per Idempotency-Key', async () => {
    const lines = [
      { publisherId: ids.pub1, bookId: books.a, numberOfCopies: 2 },
      { publisherId: ids.pub1, bookId: books.b, numberOfCopies: 1 },
      { publisherId: ids.pub2, bookId: books.c, numberOfCopies: 3 },
    ];
    const first = await order(lib, lines, 'cart-1');
    expect(first.statusCode).toBe(201);
    // docs/api.md: data.message beside the orders made
    expect(first.json().data.message).toBe('2 orders placed successfully');
    expect(first.json().message).toBe('2 orders placed successfully');
    const created = first.json().data.orders as { id: number; orderId: string; publisherId: number }[];
    expect(created.map((o) => o.publisherId).sort()).toEqual([ids.pub1, ids.pub2].sort());
    const retry = await order(lib, lines, 'cart-1');
    expect(retry.statusCode).toBe(200);
    expect(
      retry
        .json()
        .data.orders.map((o: { id: number }) => o.id)
        .sort(),
    ).toEqual(created.map((o) => o.id).sort());
    const pending = await list(lib, 'REQUESTED');
    expect(pending.total).toBe(2);
    const search = await inject(t.app, orderEndpoints.list, { headers: lib, query: { queryString: created[0]!.orderId } });
    expect(search.json().data.orderBooks.map((o: { id: number }) => o.id)).toEqual([created[0]!.id]);
    const huge = await inject(t.app, orderEndpoints.list, { headers: lib, query: { queryString: 'ORD-99999999999' } });
    expect(huge.json().data.total).toBe(0);
    const toPub1 = await list(pub1, 'REQUESTED');
    expect(toPub1.total).toBe(1);
    expect(toPub1.orderBooks[0]).toMatchObject({ status: 'REQUESTED', totalCopies: 3, library: { name: 'શ્રી જ્ઞાન ભંડાર' } });
    expect(toPub1.orderBooks[0].OrderBookItem.map((item: { number_of_copies: number }) => item.number_of_copies).sort()).toEqual([1, 2]);
  });

  it('writes each order with its lines in the cart’s order, the same book twice as one line, its first event and the publisher’s notice', async () => {
    await tellPublishers();
    const placed = await order(lib, [
      { publisherId: ids.pub1, bookId: books.b, numberOfCopies: 2 },
      { publisherId: ids.pub2, bookId: books.c, numberOfCopies: 1 },
      { publisherId: ids.pub1, bookId: books.a, numberOfCopies: 1 },
      { publisherId: ids.pub1, bookId: books.b, numberOfCopies: 3 },
    ]);
    expect(placed.statusCode).toBe(201);
    const [toPub1, toPub2] = placed.json().data.orders as { id: number; orderId: string; publisherId: number }[];
    expect([toPub1!.publisherId, toPub2!.publisherId]).toEqual([ids.pub1, ids.pub2]);
    const read = async (id: number) => (await inject(t.app, orderEndpoints.one, { params: { id }, headers: lib })).json().data.orderBook;
    const first = await read(toPub1!.id);
    expect(first).toMatchObject({ orderId: toPub1!.orderId, status: 'REQUESTED', totalCopies: 6, currency: 'INR' });
    expect(
      first.OrderBookItem.map((item: { book: { id: number }; number_of_copies: number; accepted_book_copies: number | null }) => [
        item.book.id,
        item.number_of_copies,
        item.accepted_book_copies,
      ]),
    ).toEqual([
      [books.b, 5, null],
      [books.a, 1, null],
    ]);
    expect(first.history).toEqual([
      { kind: 'status', status: 'REQUESTED', at: first.status_since, by: `LIBRARY ${libraryEmail}`, role: 'LIBRARY' },
    ]);
    expect(
      (await read(toPub2!.id)).OrderBookItem.map((item: { book: { id: number }; number_of_copies: number }) => [
        item.book.id,
        item.number_of_copies,
      ]),
    ).toEqual([[books.c, 1]]);
    await tellPublishers();
    const notices = await t.ctx.db
      .select()
      .from(outbox)
      .where(or(like(outbox.subject, `%${toPub1!.orderId}%`), like(outbox.subject, `%${toPub2!.orderId}%`)))
      .orderBy(asc(outbox.id));
    // one e-mail with the order letter and one WhatsApp message to each publisher
    expect(notices.map((notice) => [notice.channel, notice.subject, Boolean(notice.attachment_key)])).toEqual([
      ['email', `JSBN order ${toPub1!.orderId} from શ્રી જ્ઞાન ભંડાર`, true],
      ['whatsapp', `JSBN order ${toPub1!.orderId} from શ્રી જ્ઞાન ભંડાર`, true],
      ['email', `JSBN order ${toPub2!.orderId} from શ્રી જ્ઞાન ભંડાર`, true],
      ['whatsapp', `JSBN order ${toPub2!.orderId} from શ્રી જ્ઞાન ભંડાર`, true],
    ]);
    expect(notices[0]!.body).toContain(`શ્રી જ્ઞાન ભંડાર has sent order ${toPub1!.orderId} for 6 copies. The order letter is attached.`);
  });

  it('takes an order through accept, dispatch with proof and receipt, with its history', async () => {
    const [created] = (await order(lib, [{ publisherId: ids.pub2, bookId: books.c, numberOfCopies: 4 }])).json().data.orders;
    const accepted = await patch(pub2, created.id, { status: 'IN_PROGRESS' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().message).toBe('Order accepted successfully');
    expect(accepted.json().data).toEqual({ message: 'Order accepted successfully' });

    const proof = await makeJpeg('receipt', { width: 100, height: 100 });
    const dispatched = await inject(t.app, orderEndpoints.dispatch, {
      headers: pub2, // a courier's landline as Indians write it, with its STD code and trunk 0 (decision 039)
      body: form(
        { orderId: created.id, courierCompanyName: 'Shree Maruti Courier', courierCompanyNumber: '0261 2345678', trackingId: 'SMC123456' },
        { orderImage: [proof, 'r.jpg', 'image/jpeg'] },
      ),
    });
    expect(dispatched.statusCode).toBe(200);
    expect(dispatched.json().message).toBe(MSG.orderDispatched);

    const inTransit = (await list(lib, 'DISPATCHED')).orderBooks.find((o: { id: number }) => o.id === created.id);
    expect(inTransit.dispetchedOrder).toMatchObject({
      courierCompanyName: 'Shree Maruti Courier',
      courierCompanyNumber: '2612345678',
      trackingId: 'SMC123456',
    });
    const file = await t.app.inject({ method: 'GET', url: inTransit.dispetchedOrder.orderimage });
    expect(file.statusCode).toBe(200);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: (await sharp(proof).metadata()).width });
    const unsigned = await t.app.inject({ method: 'GET', url: inTransit.dispetchedOrder.orderimage.split('?')[0] });
    expect(unsigned.statusCode).toBe(403);

    const received = await patch(lib, created.id, { status: 'COMPLETED' });
    expect(received.statusCode).toBe(200);
    const detail = (await inject(t.app, orderEndpoints.one, { params: { id: created.id }, headers: lib })).json().data.orderBook;
    expect(detail.status).toBe('COMPLETED');
    expect(detail.history.map((event: { status: string }) => event.status)).toEqual([
      'REQUESTED',
      'IN_PROGRESS',
      'DISPATCHED',
      'COMPLETED',
    ]);
    expect(detail.OrderBookItem[0].accepted_book_copies).toBe(4);
  });

  it('answers 409 for an action in the wrong state and 404 for another account’s order', async () => {
    const [created] = (await order(lib, [{ publisherId: ids.pub1, bookId: books.a, numberOfCopies: 1 }])).json().data.orders;
    expect((await patch(pub2, created.id, { status: 'IN_PROGRESS' })).statusCode).toBe(404);
    expect((await patch(otherLib, created.id, { status: 'CANCELLED' })).statusCode).toBe(404);
    expect((await inject(t.app, orderEndpoints.one, { params: { id: created.id }, headers: otherLib })).statusCode).toBe(404);
    const early = await patch(lib, created.id, { status: 'COMPLETED' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This order is Requested; only a Dispatched order can be marked as received');
    // each role moves an order only along its own rows of the transition table
    for (const [headers, status, message] of [
      [lib, 'IN_PROGRESS', 'A library cannot set an order to Preparing'],
      [lib, 'DISPATCHED', 'A library cannot set an order to Dispatched'],
      [pub1, 'COMPLETED', 'A publisher cannot set an order to Completed'],
    ] as const) {
      const refused = await patch(headers, created.id, { status });
      expect([refused.statusCode, refused.json().message]).toEqual([403, message]);
    }

    const cancelled = await patch(lib, created.id, { status: 'CANCELLED' });
    expect(cancelled.json().message).toBe('Order cancelled successfully');
    const late = await patch(pub1, created.id, { status: 'IN_PROGRESS' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This order is Cancelled; only a Requested order can be accepted');
  });

  it('lets a publisher reject or partly accept, clamping nothing silently', async () => {
    const [rejectMe] = (await order(lib, [{ publisherId: ids.pub1, bookId: books.a, numberOfCopies: 1 }])).json().data.orders;
    expect((await patch(pub1, rejectMe.id, { status: 'CANCELLED' })).json().message).toBe('Order rejected successfully');

    const [partial] = (
      await order(lib, [
        { publisherId: ids.pub1, bookId: books.a, numberOfCopies: 5 },
        { publisherId: ids.pub1, bookId: books.b, numberOfCopies: 2 },
      ])
    ).json().data.orders;
    const items = (await inject(t.app, orderEndpoints.one, { params: { id: partial.id }, headers: pub1 })).json().data.orderBook
      .OrderBookItem as { id: number; number_of_copies: number }[];
    const tooMany = await patch(pub1, partial.id, {
      status: 'IN_PROGRESS',
      orderItems: items.map((item) => ({ id: item.id, PartialBook: item.number_of_copies + 1 })),
    });
    expect(tooMany.statusCode).toBe(400);
    const ok = await patch(pub1, partial.id, {
      status: 'IN_PROGRESS',
      orderItems: items.map((item) => ({ id: item.id, PartialBook: item.number_of_copies === 5 ? 3 : 0 })),
      partialReason: 'out_of_stock',
    });
    expect(ok.json().message).toBe('Order partially accepted successfully');
    const detail = (await inject(t.app, orderEndpoints.one, { params: { id: partial.id }, headers: lib })).json().data.orderBook;
    expect(detail.OrderBookItem.map((item: { accepted_book_copies: number }) => item.accepted_book_copies).sort()).toEqual([0, 3]);
  });

  it('takes orderItems with every ordered count as an accept, not a partial one (docs/api.md)', async () => {
    const [whole] = (
      await order(lib, [
        { publisherId: ids.pub1, bookId: books.a, numberOfCopies: 4 },
        { publisherId: ids.pub1, bookId: books.b, numberOfCopies: 2 },
      ])
    ).json().data.orders;
    const items = (await inject(t.app, orderEndpoints.one, { params: { id: whole.id }, headers: pub1 })).json().data.orderBook
      .OrderBookItem as { id: number; number_of_copies: number }[];
    const accepted = await patch(pub1, whole.id, {
      status: 'IN_PROGRESS',
      orderItems: items.map((item) => ({ id: item.id, PartialBook: item.number_of_copies })),
    });
    expect(accepted.json().data).toEqual({ message: 'Order accepted successfully' });
    const detail = (await inject(t.app, orderEndpoints.one, { params: { id: whole.id }, headers: lib })).json().data.orderBook;
    expect(detail.OrderBookItem.map((item: { accepted_book_copies: number }) => item.accepted_book_copies).sort()).toEqual([2, 4]);
  });

  it('checks quantities, books, roles, dispatch fields and letter text', async () => {
    const zero = await order(lib, [{ publisherId: ids.pub1, bookId: books.a, numberOfCopies: 0 }]);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().details).toEqual([{ field: 'orders.0.numberOfCopies', message: MSG.orderQuantity }]);
    const empty = await order(lib, []);
    expect(empty.json().details).toEqual([{ field: 'orders', message: MSG.noItems }]);
    const wrongPublisher = await order(lib, [{ publisherId: ids.pub2, bookId: books.a, numberOfCopies: 1 }]);
    expect(wrongPublisher.json().details).toEqual([{ field: 'orders.0.bookId', message: 'Book not found for this publisher' }]);
    expect((await order(pub1, [{ publisherId: ids.pub1, bookId: books.a, numberOfCopies: 1 }])).statusCode).toBe(403);

    const noLetter = await createLibrary(t.ctx, { letter_text: null });
    const refused = await order(await tokenHeader(t, noLetter), [{ publisherId: ids.pub1, bookId: books.a, numberOfCopies: 1 }]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Please add letter text to create your first order');

    const [created] = (await order(lib, [{ publisherId: ids.pub1, bookId: books.a, numberOfCopies: 1 }])).json().data.orders;
    await patch(pub1, created.id, { status: 'IN_PROGRESS' });
    const badNumber = await inject(t.app, orderEndpoints.dispatch, {
      headers: pub1,
      body: form({ orderId: created.id, courierCompanyNumber: '12345' }),
    });
    expect(badNumber.json().details).toEqual([{ field: 'courierCompanyNumber', message: MSG.invalidCourierNumber }]);
    // an India Post tracking id is checked (UPU S10): a mistyped digit is named, in the publisher's language
    const badArticle = await inject(t.app, orderEndpoints.dispatch, {
      headers: { ...pub1, 'accept-language': 'gu' },
      body: form({ orderId: created.id, courierCompanyName: 'India Post', trackingId: 'EE123456784IN' }),
    });
    expect(badArticle.statusCode).toBe(400);
    expect(badArticle.json().details).toEqual([
      { field: 'trackingId', message: 'ઇન્ડિયા પોસ્ટનો ટ્રેકિંગ આઈડી બે અક્ષર, નવ અંક અને IN હોય છે, જેમ કે EE123456785IN: કૃપા કરી તપાસો' },
    ]);
    const badFile = await inject(t.app, orderEndpoints.dispatch, {
      headers: pub1,
      body: form({ orderId: created.id }, { orderImage: [Buffer.from('plain text'), 'x.txt', 'text/plain'] }),
    });
    expect(badFile.statusCode).toBe(415);
    expect(badFile.json().message).toBe(MSG.unsupportedFile);
    const bigFile = await inject(t.app, orderEndpoints.dispatch, {
      headers: pub1,
      body: form(
        { orderId: created.id },
        { orderImage: [Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5_242_880)]), 'big.pdf', 'application/pdf'] },
      ),
    });
    expect(bigFile.statusCode).toBe(413);
    expect(bigFile.json().message).toBe(MSG.dispatchFileTooLarge);
    const plain = await inject(t.app, orderEndpoints.dispatch, { headers: pub1, body: form({ orderId: created.id }) });
    expect(plain.statusCode).toBe(200);
    const twice = await inject(t.app, orderEndpoints.dispatch, { headers: pub1, body: form({ orderId: created.id }) });
    expect(twice.statusCode).toBe(409);
  });

  it('gives exactly one winner when accept and cancel race for the same order, 100 times', async () => {
    for (let round = 0; round < 100; round++) {
      const [created] = (await order(lib, [{ publisherId: ids.pub1, bookId: books.a, numberOfCopies: 1 }])).json().data.orders;
      const [accept, cancel] = await Promise.all([
        patch(pub1, created.id, { status: 'IN_PROGRESS' }),
        patch(lib, created.id, { status: 'CANCELLED' }),
      ]);
      expect([accept.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      const detail = (await inject(t.app, orderEndpoints.one, { params: { id: created.id }, headers: lib })).json().data.orderBook;
      expect(detail.status).toBe(accept.statusCode === 200 ? 'IN_PROGRESS' : 'CANCELLED');
      expect(detail.history).toHaveLength(2);
    }
  });

  it('creates one order for 20 concurrent requests with one Idempotency-Key', async () => {
    const lines = [{ publisherId: ids.pub2, bookId: books.c, numberOfCopies: 1 }];
    const before = (await list(lib, 'REQUESTED')).total as number;
    const responses = await Promise.all(Array.from({ length: 20 }, () => order(lib, lines, 'double-click-key')));
    expect(responses.every((response) => [200, 201].includes(response.statusCode))).toBe(true);
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(new Set(responses.map((response) => response.json().data.orders[0].id)).size).toBe(1);
    expect((await list(lib, 'REQUESTED')).total).toBe(before + 1);
  });

  it('lets two racing accepts of one order win exactly once', async () => {
    const [created] = (await order(lib, [{ publisherId: ids.pub1, bookId: books.b, numberOfCopies: 1 }])).json().data.orders;
    const results = await Promise.all([
      patch(pub1, created.id, { status: 'IN_PROGRESS' }),
      patch(pub1, created.id, { status: 'CANCELLED' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const detail = (await inject(t.app, orderEndpoints.one, { params: { id: created.id }, headers: pub1 })).json().data.orderBook;
    expect(detail.history).toHaveLength(2);
  });

  it('counts books on both dashboards', async () => {
    const library = await createLibrary(t.ctx);
    const headers = await tokenHeader(t, library);
    const publisher = await createPublisher(t.ctx);
    const publisherHeaders = await tokenHeader(t, publisher);
    // a new publisher's home offers to register its first book: it has none
    expect((await inject(t.app, accountEndpoints.dashboard, { headers: publisherHeaders })).json().data.myBookCount).toBe(0);
    const book = await createBook(t.ctx, publisher.publisherId);
    const [first] = (await order(headers, [{ publisherId: publisher.publisherId, bookId: book.id, numberOfCopies: 2 }])).json().data.orders;
    await order(headers, [{ publisherId: publisher.publisherId, bookId: book.id, numberOfCopies: 5 }]);
    await patch(publisherHeaders, first.id, { status: 'IN_PROGRESS' });
    const libraryView = (await inject(t.app, accountEndpoints.dashboard, { headers })).json().data;
    expect(libraryView).toMatchObject({ requestedOrderBook: 5, pendingOrderBook: 2, completedOrderBook: 0, dispatchedOrderBook: 0 });
    expect(libraryView.commonDashboard.bookCount).toBeGreaterThanOrEqual(4);
    expect(libraryView.myBookCount).toBeNull();
    const publisherView = (await inject(t.app, accountEndpoints.dashboard, { headers: publisherHeaders })).json().data;
    expect(publisherView).toMatchObject({
      requestedOrderBook: 5,
      pendingOrderBook: 2,
      completedOrderBook: 0,
      dispatchedOrderBook: 0,
      myBookCount: 1,
    });
    // dispatched: the two copies are in transit on both dashboards
    await inject(t.app, orderEndpoints.dispatch, { headers: publisherHeaders, body: form({ orderId: first.id }) });
    const inTransit = (await inject(t.app, accountEndpoints.dashboard, { headers })).json().data;
    expect(inTransit).toMatchObject({ requestedOrderBook: 5, pendingOrderBook: 0, dispatchedOrderBook: 2, completedOrderBook: 0 });
    expect((await inject(t.app, accountEndpoints.dashboard, { headers: publisherHeaders })).json().data).toMatchObject({
      dispatchedOrderBook: 2,
    });
  });

  it('keeps cancelled and rejected orders in the Cancelled list, saying who ended them and when', async () => {
    const [cancelled] = (await order(otherLib, [{ publisherId: ids.pub2, bookId: books.c, numberOfCopies: 1 }])).json().data.orders;
    const [rejected] = (await order(otherLib, [{ publisherId: ids.pub2, bookId: books.c, numberOfCopies: 2 }])).json().data.orders;
    expect((await patch(otherLib, cancelled.id, { status: 'CANCELLED' })).json().message).toBe('Order cancelled successfully');
    expect((await patch(pub2, rejected.id, { status: 'CANCELLED' })).json().message).toBe('Order rejected successfully');
    for (const viewer of [otherLib, pub2]) {
      const rows = (await list(viewer, 'CANCELLED')).orderBooks as {
        id: number;
        status: string;
        history: { status: string; role: string; at: string }[];
      }[];
      const mine = rows.filter((row) => [cancelled.id, rejected.id].includes(row.id));
      expect(mine.map((row) => row.status)).toEqual(['CANCELLED', 'CANCELLED']);
      const ended = (id: number) => mine.find((row) => row.id === id)!.history.at(-1)!;
      expect(ended(cancelled.id)).toMatchObject({ status: 'CANCELLED', role: 'LIBRARY' });
      expect(ended(rejected.id)).toMatchObject({ status: 'CANCELLED', role: 'PUBLISHER' });
      expect(Date.parse(ended(rejected.id).at)).not.toBeNaN();
    }
    // still the other library's business only
    expect((await list(lib, 'CANCELLED')).orderBooks.map((row: { id: number }) => row.id)).not.toContain(cancelled.id);
  });

  it('sends one notice per event to the other party; a dispatch carries the courier details by e-mail and WhatsApp', async () => {
    await tellPublishers();
    const [created] = (await order(lib, [{ publisherId: ids.pub1, bookId: books.a, numberOfCopies: 1 }])).json().data.orders;
    await tellPublishers();
    const notices = async () =>
      (
        await t.ctx.db
          .select()
          .from(outbox)
          .where(or(like(outbox.subject, `%${created.orderId}%`), like(outbox.body, `%${created.orderId}%`)))
          .orderBy(asc(outbox.id))
      ).map((row) => ({ channel: row.channel, to: row.recipient, body: row.body }));
    const [placed] = await notices();
    expect(placed!.body).toContain(`has sent order ${created.orderId} for 1 copy. The order letter is attached.`);
    await patch(pub1, created.id, { status: 'IN_PROGRESS' });
    await inject(t.app, orderEndpoints.dispatch, {
      headers: pub1,
      body: form({
        orderId: created.id,
        courierCompanyName: 'Shree Maruti Courier',
        courierCompanyNumber: '9898012345',
        trackingId: 'SMC123456',
      }),
    });
    await patch(lib, created.id, { status: 'COMPLETED' });
    const sent = await notices();
    // placed → publisher (e-mail and WhatsApp), accepted → library, dispatched → library (e-mail and WhatsApp), received → publisher
    expect(sent.map((notice) => notice.channel)).toEqual(['email', 'whatsapp', 'email', 'email', 'whatsapp', 'email']);
    // the publisher's WhatsApp message set aside, the others by their place
    sent.splice(1, 1);
    // the new status is named, not its code ('it is now status.IN_PROGRESS' once)
    // each names who moved the order (decision 039)
    expect(sent[1]!.body).toContain(`Shri Jain Sahitya Prakashan Trust has accepted order ${created.orderId}; it is now Preparing.`);
    const dispatchText = [
      `Shri Jain Sahitya Prakashan Trust has dispatched order ${created.orderId}; it is now Dispatched.`,
      'Courier: Shree Maruti Courier',
      'Courier number: 9898012345',
      'Tracking id: SMC123456',
    ].join('\n');
    expect(sent[2]!.body.startsWith(dispatchText)).toBe(true);
    expect(sent[3]).toMatchObject({ to: '9123456780' });
    expect(sent[3]!.body).toBe(sent[2]!.body);
    expect(sent[4]!.body).toContain(`શ્રી જ્ઞાન ભંડાર has received order ${created.orderId}; it is now Completed.`);
  });
});
