/**
 * PDF requests and reader orders — docs/api.md and packages/shared/src/messages.ts: every message of both forms, the
 * date not in the past (judged with the app's clock), and the notice reaching the publisher
 * through the outbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookEndpoints } from '@jsbn/shared/core';
import { BOOK_MSG, MSG, todayIso } from '@jsbn/shared';
import { createBook, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, outboxTo, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';

const DAY = 24 * 60 * 60_000;
/** DD/MM/YYYY of an ISO date. */
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

describe.each(ENGINES)('book requests on %s', (engine) => {
  let t: TestApp;
  let bookId: number;
  let publisherEmail: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    const publisher = await createPublisher(t.ctx, { publisher_name: 'Shrutgyan Prakashan' });
    publisherEmail = publisher.email;
    bookId = (await createBook(t.ctx, publisher.publisherId, { book_title: 'યોગશાસ્ત્ર', book_e_title: 'Yogashastra' })).id;
  });
  afterAll(() => t.close());

  const outbox = () => outboxTo(t.app, publisherEmail);

  it('answers every missing or wrong field of the PDF request with the spec message', async () => {
    const empty = await inject(t.app, bookEndpoints.pdfRequest, {
      params: { id: bookId },
      body: { name: ' ', email: 'nope', mobile_no: '12345', Resone: '', RefferenceBy: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([
      { field: 'name', message: BOOK_MSG.nameRequired },
      { field: 'email', message: BOOK_MSG.invalidEmail },
      { field: 'mobile_no', message: MSG.phone10 },
      { field: 'Resone', message: BOOK_MSG.reasonRequired },
      { field: 'RefferenceBy', message: BOOK_MSG.referredByRequired },
    ]);
    expect([BOOK_MSG.nameRequired, BOOK_MSG.invalidEmail, MSG.phone10, BOOK_MSG.reasonRequired, BOOK_MSG.referredByRequired]).toEqual([
      'Name is required',
      'Invalid email',
      'Phone number must be 10 digits',
      'Reason is required',
      'Referred by is required',
    ]);
    const missing = await inject(t.app, bookEndpoints.pdfRequest, { raw: true, params: { id: bookId }, body: {} });
    expect(missing.json().details.map((detail: { field: string }) => detail.field)).toEqual([
      'name',
      'email',
      'mobile_no',
      'Resone',
      'RefferenceBy',
    ]);
  });

  it('stores a PDF request and sends it to the publisher', async () => {
    const response = await inject(t.app, bookEndpoints.pdfRequest, {
      params: { id: bookId },
      body: {
        name: 'Rakesh Shah',
        email: 'Rakesh@Example.org',
        mobile_no: '9876501234',
        Resone: 'Study of yoga',
        RefferenceBy: 'Gyan Bhandar Palitana',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Request submitted successfully. The publisher will contact you soon.');
    const [message] = await outbox();
    expect(message!.subject).toContain('PDF request for Yogashastra');
    expect(message!.text).toContain('Rakesh Shah');
    expect(message!.text).toContain('Study of yoga');
    expect(message!.text).toContain('rakesh@example.org');
    expect(
      (
        await inject(t.app, bookEndpoints.pdfRequest, {
          params: { id: 999999 },
          body: { name: 'a', email: 'a@b.in', mobile_no: '9876501234', Resone: 'r', RefferenceBy: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('checks the reader order and refuses a date in the past by the app clock', async () => {
    const today = todayIso(t.ctx.clock());
    const order = {
      name: 'Mira',
      mobile: ' 9876501234 ',
      email: 'mira@example.org',
      message: BOOK_MSG.readerQuickFill,
      bookId,
      bookName: 'યોગશાસ્ત્ર',
      date: ddmmyyyy(today),
    };
    const post = (payload: object) => inject(t.app, bookEndpoints.readerOrder, { raw: true, body: payload });

    const invalid = await post({ bookId, name: '', mobile: '98765', email: 'x', message: '', date: '' });
    expect(invalid.json().details).toEqual([
      { field: 'name', message: BOOK_MSG.nameRequired },
      { field: 'mobile', message: MSG.phone10 },
      { field: 'email', message: BOOK_MSG.invalidEmail },
      { field: 'message', message: BOOK_MSG.messageRequired },
      { field: 'date', message: BOOK_MSG.dateRequired },
    ]);
    expect((await post({ ...order, date: '31/02/2030' })).json().details).toEqual([{ field: 'date', message: BOOK_MSG.dateFormat }]);
    const yesterday = todayIso(new Date(t.ctx.clock().getTime() - DAY));
    expect((await post({ ...order, date: ddmmyyyy(yesterday) })).json().details).toEqual([{ field: 'date', message: BOOK_MSG.datePast }]);

    const placed = await post(order);
    expect(placed.statusCode).toBe(200);
    expect(placed.json().message).toBe(BOOK_MSG.readerOrderSent);
    const [message] = await outbox();
    expect(message!.subject).toContain('Reader order for Yogashastra');
    expect(message!.text).toContain('I need this book');
    expect(message!.text).toContain('+91 9876501234');

    // two days later the same date is in the past
    t.advance(2 * DAY);
    expect((await post(order)).json().details).toEqual([{ field: 'date', message: BOOK_MSG.datePast }]);
    expect((await post({ ...order, bookId: 999999, date: ddmmyyyy(todayIso(t.ctx.clock())) })).statusCode).toBe(404);
  });
});
