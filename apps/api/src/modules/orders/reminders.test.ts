/**
 * Order reminders (decision 019): how long an order has waited, the library's reminder (after 3 days, at most
 * one a day, e-mail and WhatsApp to the publisher in the publisher's language, with its next
 * notice digest — notices.ts), and the scheduled reminder after 7 days — once, even when two
 * API copies run it together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, like, sql } from 'drizzle-orm';
import { MSG, orderEndpoints } from '@jsbn/shared';
import { accounts, order_events, outbox } from '../../db/schema.js';
import { createBook, createLibrary, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { sendOrderNotices } from './notices.js';
import { remindLateOrders } from './reminders.js';

type Headers = { authorization: string };
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

describe.each(ENGINES)('order reminders on %s', (engine) => {
  let t: TestApp;
  let pub: Headers, lib: Headers, otherLib: Headers;
  let publisher: Awaited<ReturnType<typeof createPublisher>>;
  let bookId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    publisher = await createPublisher(t.ctx, { publisher_no: 'REM01', email: 'reminded@example.in' });
    const library = await createLibrary(t.ctx, { name: 'શ્રી જ્ઞાન ભંડાર' });
    const other = await createLibrary(t.ctx);
    [pub, lib, otherLib] = await Promise.all([tokenHeader(t, publisher), tokenHeader(t, library), tokenHeader(t, other)]);
    bookId = (await createBook(t.ctx, publisher.publisherId, { book_title: 'કલ્પસૂત્ર' })).id;
  });
  afterAll(() => t.close());

  /** Tells the publisher what is waiting, as its queued digest does when its time comes. */
  const digest = () => sendOrderNotices(t.ctx, publisher.publisherId);
  const placeOrder = async () => {
    const reply = await inject(t.app, orderEndpoints.create, {
      body: { orders: [{ publisherId: publisher.publisherId, bookId, numberOfCopies: 2 }] },
      headers: lib,
    });
    await digest();
    return reply.json().data.orders[0] as { id: number; orderId: string };
  };
  const remind = async (headers: Headers, id: number) => {
    const reply = await inject(t.app, orderEndpoints.remind, { params: { id }, headers });
    await digest();
    return reply;
  };
  const read = async (headers: Headers, id: number) =>
    (await inject(t.app, orderEndpoints.one, { params: { id }, headers })).json().data.orderBook;
  /** The reminders the publisher was sent about `orderId`, oldest first. */
  const reminders = async (orderId: string) =>
    (
      await t.ctx.db
        .select()
        .from(outbox)
        .where(like(outbox.subject, `%reminder about order ${orderId}%`))
        .orderBy(asc(outbox.id))
    ).map((row) => ({ channel: row.channel, to: row.recipient, text: row.body }));

  it('shows the days waited on both sides and lets the library remind only after 3 days, once a day', async () => {
    const order = await placeOrder();
    expect(await read(lib, order.id)).toMatchObject({ waiting_days: 0, can_remind: false, reminded_at: null });

    const early = await remind(lib, order.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(MSG.reminderTooEarly);
    expect(await reminders(order.orderId)).toEqual([]);

    t.advance(3 * DAY + HOUR);
    expect(await read(lib, order.id)).toMatchObject({ waiting_days: 3, can_remind: true });
    // the publisher sees the wait too, but does not remind itself
    expect(await read(pub, order.id)).toMatchObject({ waiting_days: 3, can_remind: false });
    expect((await remind(pub, order.id)).statusCode).toBe(403);
    // another library's order is not found
    expect((await remind(otherLib, order.id)).statusCode).toBe(404);

    const sent = await remind(lib, order.id);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ message: MSG.reminderSent });
    const text = `શ્રી જ્ઞાન ભંડાર reminds you of order ${order.orderId}: it has been Requested for 3 days.\nOpen Received Orders: https://jsbn.test/booked-orders`;
    expect(await reminders(order.orderId)).toEqual([
      { channel: 'email', to: 'reminded@example.in', text },
      { channel: 'whatsapp', to: '9876543210', text },
    ]);

    // a second one the same day is refused, with when to try again
    t.advance(20 * HOUR);
    const again = await remind(lib, order.id);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(MSG.reminderToday);
    expect(Number(again.headers['retry-after'])).toBe(4 * 60 * 60);
    expect(await read(lib, order.id)).toMatchObject({ waiting_days: 3, can_remind: false });

    t.advance(4 * HOUR);
    expect((await remind(lib, order.id)).statusCode).toBe(200);
    expect(await reminders(order.orderId)).toHaveLength(4);

    // the history lists each reminder beside the status changes
    const history = (await read(pub, order.id)).history as { kind: string; status: string; by: string; role: string | null }[];
    expect(history.map((entry) => [entry.kind, entry.status, entry.role])).toEqual([
      ['status', 'REQUESTED', 'LIBRARY'],
      ['reminder', 'REQUESTED', 'LIBRARY'],
      ['reminder', 'REQUESTED', 'LIBRARY'],
    ]);

    // once accepted, the wait starts again: 0 days, no reminder until 3 more days
    expect(
      (await inject(t.app, orderEndpoints.setStatus, { params: { id: order.id }, body: { status: 'IN_PROGRESS' }, headers: pub }))
        .statusCode,
    ).toBe(200);
    expect(await read(lib, order.id)).toMatchObject({ status: 'IN_PROGRESS', waiting_days: 0, can_remind: false });
    expect((await remind(lib, order.id)).json().message).toBe(MSG.reminderTooEarly);
  });

  it('refuses a reminder for an order not waiting on the publisher', async () => {
    const order = await placeOrder();
    await inject(t.app, orderEndpoints.setStatus, { params: { id: order.id }, body: { status: 'CANCELLED' }, headers: lib });
    t.advance(4 * DAY);
    const reply = await remind(lib, order.id);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(MSG.reminderNotWaiting);
    expect(await read(lib, order.id)).toMatchObject({ status: 'CANCELLED', waiting_days: null, can_remind: false });
    // in the library's language
    const gujarati = await inject(t.app, orderEndpoints.remind, { params: { id: order.id }, headers: { ...lib, 'accept-language': 'gu' } });
    expect(gujarati.json().message).toBe('પ્રકાશક પાસે રાહ જોતા ઓર્ડર (વિનંતી કરેલ કે તૈયાર થઈ રહ્યો છે) માટે જ યાદ અપાવી શકાય છે');
  });

  it('reminds the publisher by itself after 7 days, once, even when two copies run the job together', async () => {
    // earlier tests' orders are reminded about here too; this one is looked at
    const order = await placeOrder();
    await t.ctx.db.update(accounts).set({ preferred_language: 'hi' }).where(eq(accounts.email, 'reminded@example.in'));
    t.advance(7 * DAY - HOUR);
    await remindLateOrders(t.ctx);
    expect(await reminders(order.orderId)).toEqual([]);

    t.advance(2 * HOUR);
    const runs = await Promise.all([remindLateOrders(t.ctx), remindLateOrders(t.ctx), remindLateOrders(t.ctx)]);
    expect(runs.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    await digest();
    // the earlier tests' orders are reminded of in the same message, in Hindi
    const line = `- ${order.orderId}, શ્રી જ્ઞાન ભંડાર से: 7 दिन से अनुरोधित, बिना किसी बदलाव के`;
    const sent = await t.ctx.db
      .select()
      .from(outbox)
      .where(like(outbox.body, `%${line}%`))
      .orderBy(asc(outbox.id));
    expect(sent.map((row) => [row.channel, row.body.split('\n')[0]])).toEqual([
      ['email', 'जिनकी याद दिलाई गई है, वे ऑर्डर:'],
      ['whatsapp', 'जिनकी याद दिलाई गई है, वे ऑर्डर:'],
    ]);
    // a day later, a week later: never again for this wait
    t.advance(8 * DAY);
    await remindLateOrders(t.ctx);
    await digest();
    expect(await t.ctx.db.$count(outbox, like(outbox.body, `%${order.orderId},%बदलाव%`))).toBe(2);
    const history = (await read(lib, order.id)).history as { kind: string; by: string; role: string | null }[];
    expect(history.filter((entry) => entry.kind === 'auto_reminder')).toEqual([expect.objectContaining({ by: 'JSBN', role: null })]);
  });

  it('runs on the job queue: a queued reminder job reminds and queues the publisher’s digest', async () => {
    const order = await placeOrder();
    t.advance(7 * DAY + HOUR);
    await t.ctx.jobs.send('orderReminders', {});
    await expect
      .poll(
        async () =>
          t.ctx.db.$count(
            order_events,
            sql`${order_events.order_id} = ${order.id} and ${order_events.kind} = 'auto_reminder' and ${order_events.notice_pending}`,
          ),
        { timeout: 10_000 },
      )
      .toBe(1);
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- drizzle's execute on the PgQueryResultHKT base types its result unknown; the cast names the rows
    const digests = (await t.ctx.db.execute(
      sql`select singleton_key from pgboss.job where name = 'orderNotices' and state = 'created'`,
    )) as unknown as { rows: unknown[] };
    expect(digests.rows).toEqual([{ singleton_key: String(publisher.publisherId) }]);
    // and pg-boss keeps its 15-minute schedule
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- drizzle's execute on the PgQueryResultHKT base types its result unknown; the cast names the rows
    const schedules = (await t.ctx.db.execute(sql`select name, cron from pgboss.schedule`)) as unknown as { rows: unknown[] };
    expect(schedules.rows).toEqual([{ name: 'orderReminders', cron: '*/15 * * * *' }]);
  });
});
