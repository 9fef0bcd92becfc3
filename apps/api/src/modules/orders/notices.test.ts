/**
 * One library must not flood a publisher: orders are limited per library an hour and
 * per publisher a day (429 with Retry-After, in the caller's language); a publisher hears of
 * one new order once — one e-mail with the order letter and one WhatsApp message, not two
 * e-mails and a WhatsApp — and of several new orders or reminders arriving within a few
 * minutes as one digest (decision 033), in its own language; N orders waiting over 3 days
 * remind it with one message, not N.
 */
/* eslint-disable @typescript-eslint/no-unnecessary-type-assertion -- drizzle's execute on the PgQueryResultHKT base types its result unknown; the cast names the rows */
import { orderEndpoints } from '@jsbn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, gt, sql } from 'drizzle-orm';
import { accounts, order_events, orders, outbox } from '../../db/schema.js';
import { createBook, createLibrary, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { sendOrderNotices, sendOverdueOrderNotices } from './notices.js';
import { remindLateOrders } from './reminders.js';

type Headers = { authorization: string };
type Created = { id: number; orderId: string; publisherId: number };
const DAY = 24 * 60 * 60_000;

describe.each(ENGINES)('order notices and limits on %s', (engine) => {
  let t: TestApp;
  let publisher: Awaited<ReturnType<typeof createPublisher>>;
  let bookId: number;
  let lib: Headers, otherLib: Headers;
  let libraryName: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    publisher = await createPublisher(t.ctx, { publisher_no: 'NTC01', email: 'notices@example.in' });
    bookId = (await createBook(t.ctx, publisher.publisherId, { book_title: 'કલ્પસૂત્ર' }, { cover: false })).id;
    const library = await createLibrary(t.ctx, { name: 'શ્રી જ્ઞાન ભંડાર' });
    libraryName = library.name;
    [lib, otherLib] = await Promise.all([
      tokenHeader(t, library),
      tokenHeader(t, await createLibrary(t.ctx, { name: 'Hemchandracharya Gyan Bhandar' })),
    ]);
  });
  afterAll(() => t.close());

  const order = async (
    headers: Headers,
    lines: { publisherId: number; bookId: number }[] = [{ publisherId: publisher.publisherId, bookId }],
    key?: string,
  ) =>
    inject(t.app, orderEndpoints.create, {
      body: { orders: lines.map((line) => ({ ...line, numberOfCopies: 2 })) },
      headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    });
  const placed = async (headers: Headers = lib) => {
    const reply = await order(headers);
    expect(reply.statusCode).toBe(201);
    return (reply.json().data.orders as Created[])[0]!;
  };
  /** Every message queued after `since` (an outbox id), oldest first. */
  const messagesAfter = async (since: number) =>
    (await t.ctx.db.select().from(outbox).where(gt(outbox.id, since)).orderBy(asc(outbox.id))).map((row) => ({
      channel: row.channel,
      to: row.recipient,
      subject: row.subject,
      text: row.body,
      attachment: row.attachment_key,
    }));
  const lastMessage = async () => (await t.ctx.db.select({ id: sql<number>`coalesce(max(${outbox.id}), 0)::int` }).from(outbox))[0]!.id;
  /** Tells the publisher what is waiting, as its queued digest does when its time comes. */
  const digest = () => sendOrderNotices(t.ctx, publisher.publisherId);
  /** The publisher's digest jobs waiting in the queue, with how long after their queueing they start (s). */
  const waitingDigests = async () =>
    (
      (await t.ctx.db.execute(
        sql`select singleton_key as key, round(extract(epoch from start_after - created_on))::int as wait from pgboss.job where name = 'orderNotices' and state = 'created' and singleton_key = ${String(publisher.publisherId)}`,
      )) as unknown as { rows: { key: string; wait: number }[] }
    ).rows;

  it('tells the publisher of one new order once: one e-mail with the letter and one WhatsApp message', async () => {
    await digest();
    const before = await lastMessage();
    const created = await placed();
    // the library's browser asks for the letter right after ordering (docs/api.md)
    const letter = await inject(t.app, orderEndpoints.letter, { body: { orderId: created.id, sendWhatsapp: true }, headers: lib });
    expect([letter.statusCode, letter.headers['content-type']]).toEqual([200, 'application/pdf']);
    // nothing yet: the notice waits for the publisher's digest, queued once
    expect(await messagesAfter(before)).toEqual([]);
    expect(await waitingDigests()).toEqual([{ key: String(publisher.publisherId), wait: 300 }]);

    expect(await digest()).toBe(1);
    const sent = await messagesAfter(before);
    expect(sent.map((message) => [message.channel, message.to, message.subject])).toEqual([
      ['email', 'notices@example.in', `JSBN order ${created.orderId} from ${libraryName}`],
      ['whatsapp', '9876543210', `JSBN order ${created.orderId} from ${libraryName}`],
    ]);
    expect(sent[0]!.text).toBe(
      `${libraryName} has sent order ${created.orderId} for 2 copies. The order letter is attached. Open Received Orders: https://jsbn.test/booked-orders`,
    );
    expect(sent[0]!.attachment).toMatch(/^private\/letters\/.+\.pdf$/);
    expect(sent[1]!.attachment).toBe(sent[0]!.attachment);
    // asked again, the letter is not sent again, nor the notice
    await inject(t.app, orderEndpoints.letter, { body: { orderId: created.id, sendWhatsapp: true }, headers: lib });
    expect(await digest()).toBe(0);
    expect(await messagesAfter(before)).toHaveLength(2);
  });

  it('tells several new orders arriving within minutes as one digest, in the publisher’s language', async () => {
    await t.ctx.db.update(accounts).set({ preferred_language: 'gu' }).where(eq(accounts.id, publisher.accountId));
    const before = await lastMessage();
    const three = [await placed(lib), await placed(otherLib), await placed(lib)];
    expect(await waitingDigests()).toHaveLength(1);
    expect(await messagesAfter(before)).toEqual([]);
    expect(await digest()).toBe(3);
    const sent = await messagesAfter(before);
    expect(sent.map((message) => [message.channel, message.subject, message.attachment])).toEqual([
      ['email', 'JSBN: 3 ઓર્ડર આપની રાહ જુએ છે', null],
      ['whatsapp', 'JSBN: 3 ઓર્ડર આપની રાહ જુએ છે', null],
    ]);
    expect(sent[0]!.text).toBe(
      [
        'નવા ઓર્ડર:',
        `- ${three[0]!.orderId}, ${libraryName} તરફથી: 1 પુસ્તકની કુલ 2 નકલો`,
        `- ${three[1]!.orderId}, Hemchandracharya Gyan Bhandar તરફથી: 1 પુસ્તકની કુલ 2 નકલો`,
        `- ${three[2]!.orderId}, ${libraryName} તરફથી: 1 પુસ્તકની કુલ 2 નકલો`,
        '',
        "દરેક ઓર્ડર અને તેનો પત્ર જોવા 'આવેલા ઓર્ડર' ખોલો: https://jsbn.test/booked-orders",
      ].join('\n'),
    );
    await t.ctx.db.update(accounts).set({ preferred_language: 'en' }).where(eq(accounts.id, publisher.accountId));
  });

  it('reminds the publisher of N orders waiting over 3 days with one message, not N', async () => {
    const four = [await placed(), await placed(), await placed(), await placed()];
    await digest();
    t.advance(4 * DAY);
    const before = await lastMessage();
    for (const created of four)
      expect((await inject(t.app, orderEndpoints.remind, { params: { id: created.id }, headers: lib })).statusCode).toBe(200);
    expect(await messagesAfter(before)).toEqual([]);
    expect(await digest()).toBe(4);
    const sent = await messagesAfter(before);
    expect(sent.map((message) => [message.channel, message.subject])).toEqual([
      ['email', 'JSBN: 4 orders need your attention'],
      ['whatsapp', 'JSBN: 4 orders need your attention'],
    ]);
    expect(sent[0]!.text.split('\n')).toEqual([
      'Orders you are reminded of:',
      ...four.map((created) => `- ${created.orderId} from ${libraryName}: Requested for 4 days; the library asks about it`),
      '',
      'Open Received Orders to see each order and its letter: https://jsbn.test/booked-orders',
    ]);

    // and the scheduled reminder of the same orders after 7 days: one message too
    t.advance(4 * DAY);
    const later = await lastMessage();
    expect(await remindLateOrders(t.ctx)).toBeGreaterThanOrEqual(4);
    expect(await digest()).toBeGreaterThanOrEqual(4);
    const auto = await messagesAfter(later);
    expect(auto.map((message) => message.channel)).toEqual(['email', 'whatsapp']);
    for (const created of four)
      expect(auto[0]!.text).toContain(`- ${created.orderId} from ${libraryName}: Requested for 8 days with no change`);
  });

  it('leaves out an order the publisher no longer needs to hear of, and tells one reminder alone as before', async () => {
    const cancelled = await placed();
    expect(
      (await inject(t.app, orderEndpoints.setStatus, { params: { id: cancelled.id }, body: { status: 'CANCELLED' }, headers: lib }))
        .statusCode,
    ).toBe(200);
    const before = await lastMessage();
    expect(await digest()).toBe(0);
    expect(await messagesAfter(before)).toEqual([]);

    const waiting = await placed();
    await digest();
    t.advance(4 * DAY);
    expect((await inject(t.app, orderEndpoints.remind, { params: { id: waiting.id }, headers: lib })).statusCode).toBe(200);
    const reminded = await lastMessage();
    expect(await digest()).toBe(1);
    const [email] = await messagesAfter(reminded);
    expect([email!.subject, email!.text]).toEqual([
      `JSBN: reminder about order ${waiting.orderId} from ${libraryName}`,
      `${libraryName} reminds you of order ${waiting.orderId}: it has been Requested for 4 days.\nOpen Received Orders: https://jsbn.test/booked-orders`,
    ]);
  });

  it('sends a digest whose job was lost with the 15-minute sweep', async () => {
    await digest();
    const created = await placed();
    // as if the job had never been queued: the sweep waits twice the digest's time
    await t.ctx.db.execute(sql`delete from pgboss.job where name = 'orderNotices'`);
    expect(await sendOverdueOrderNotices(t.ctx)).toBe(0);
    t.advance(11 * 60_000);
    const before = await lastMessage();
    expect(await sendOverdueOrderNotices(t.ctx)).toBe(1);
    expect((await messagesAfter(before)).map((message) => message.subject)).toEqual([
      `JSBN order ${created.orderId} from ${libraryName}`,
      `JSBN order ${created.orderId} from ${libraryName}`,
    ]);
    const [pending] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(order_events)
      .where(eq(order_events.notice_pending, true));
    expect(pending!.n).toBe(0);
  });

  describe('limits', () => {
    let shelf: { publisherId: number; bookId: number }[];
    let library: Headers;
    beforeAll(async () => {
      shelf = [];
      for (let i = 0; i < 11; i++) {
        const other = await createPublisher(t.ctx);
        shelf.push({ publisherId: other.publisherId, bookId: (await createBook(t.ctx, other.publisherId, {}, { cover: false })).id });
      }
      library = await tokenHeader(t, await createLibrary(t.ctx));
    });

    it('takes 10 orders a day from one library to one publisher, then answers 429 in the caller’s language', async () => {
      const [target] = shelf;
      const statuses = [];
      for (let i = 0; i < 10; i++) statuses.push((await order(library, [target!])).statusCode);
      expect(statuses).toEqual(Array(10).fill(201));
      const refused = await order(library, [target!]);
      expect([refused.statusCode, refused.json().message]).toEqual([
        429,
        'Too many orders to this publisher today. Please try again tomorrow.',
      ]);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      const gujarati = await inject(t.app, orderEndpoints.create, {
        body: { orders: [{ ...target!, numberOfCopies: 1 }] },
        headers: { ...library, 'accept-language': 'gu' },
      });
      expect(gujarati.json().message).toBe('આ પ્રકાશકને આજે ઘણા બધા ઓર્ડર અપાઈ ગયા છે. કૃપા કરી આવતીકાલે ફરી પ્રયત્ન કરો.');
      // a cart refused for one publisher makes no order for the others, nor counts them
      const cart = await order(library, [target!, shelf[1]!]);
      expect(cart.statusCode).toBe(429);
      const [count] = await t.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(eq(orders.publisher_id, shelf[1]!.publisherId));
      expect(count!.n).toBe(0);
      // another library still orders from that publisher
      expect((await order(otherLib, [target!])).statusCode).toBe(201);
    });

    it('takes 50 orders an hour from one library, each order of a cart counted, and still answers a repeated cart', async () => {
      const fresh = await tokenHeader(t, await createLibrary(t.ctx));
      const statuses = [];
      // five carts of ten publishers each: 50 orders
      for (let i = 0; i < 5; i++) statuses.push((await order(fresh, shelf.slice(1, 11), `cart-${i}`)).statusCode);
      expect(statuses).toEqual(Array(5).fill(201));
      const refused = await order(fresh, [shelf[0]!]);
      expect([refused.statusCode, refused.json().message]).toEqual([429, 'Too many orders in the last hour. Please try again later.']);
      // the browser retrying a cart whose answer it lost gets its orders, not a 429
      const retry = await order(fresh, shelf.slice(1, 11), 'cart-4');
      expect(retry.statusCode).toBe(200);
      expect(retry.json().data.orders).toHaveLength(10);
    });
  });
});

describe('the digest on the job queue', () => {
  it('reaches the publisher a moment after its orders, as one message', async () => {
    const t = await createTestApp('pglite', { ORDER_NOTICE_DIGEST_SECONDS: '1' });
    try {
      const publisher = await createPublisher(t.ctx, { email: 'queued@example.in' });
      const bookId = (await createBook(t.ctx, publisher.publisherId, {}, { cover: false })).id;
      const lib = await tokenHeader(t, await createLibrary(t.ctx));
      const cart = { orders: [{ publisherId: publisher.publisherId, bookId, numberOfCopies: 1 }] };
      for (let i = 0; i < 2; i++) expect((await inject(t.app, orderEndpoints.create, { body: cart, headers: lib })).statusCode).toBe(201);
      const toPublisher = async () =>
        (await t.ctx.db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.recipient, 'queued@example.in'))).map(
          (row) => row.subject,
        );
      await expect.poll(toPublisher, { timeout: 15_000 }).toEqual(['JSBN: 2 orders need your attention']);
    } finally {
      await t.close();
    }
  });
});
