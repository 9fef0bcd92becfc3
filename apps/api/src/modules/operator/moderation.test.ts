/**
 * The operators' moderation (decision 043) as visitors, publishers, libraries and operators see
 * it: a withdrawn book answers 410 with when and why and leaves search, lists, SRU, OAI and new
 * orders while old orders keep it; a suspended publisher's books and page are hidden until the
 * suspension is lifted, and its tokens stop at once; the verification queue with its thread;
 * the claims queue; the role matrix of every operator route.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookEndpoints, formatJsbn, libraryEndpoints, operatorEndpoints, orderEndpoints, publisherEndpoints } from '@jsbn/shared';
import { createBook, createLibrary, createOperator, createPublisher } from '../../seed/factories.js';
import { accounts, audit_log, books, publishers } from '../../db/schema.js';
import { exportDate } from '../../lib/excel.js';
import { listMessages } from '../../lib/outbox.js';
import { ENGINES, authHeader, createTestApp, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';

type Headers = Record<string, string>;

describe.each(ENGINES)('moderation on %s', (engine) => {
  let t: TestApp;
  let operator: Headers;
  let library: Headers;
  let libraryId: number;
  let publisher: Awaited<ReturnType<typeof createPublisher>>;
  let publisherAuth: Headers;

  beforeAll(async () => {
    t = await createTestApp(engine);
    operator = { authorization: `Bearer ${(await createOperator(t.ctx)).token}` };
    const lib = await createLibrary(t.ctx);
    libraryId = lib.libraryId;
    library = await tokenHeader(t, lib);
    publisher = await createPublisher(t.ctx, { publisher_name: 'Shri Agam Prakashan' });
    publisherAuth = await tokenHeader(t, publisher);
  });
  afterAll(() => t.close());

  /** SRU and OAI-PMH answer outside `/api` and the endpoint table. */
  const protocol = (url: '/sru' | '/oai', query: Record<string, string>) => t.app.inject({ method: 'GET', url, query });
  const search = async (queryString: string) =>
    (await inject(t.app, bookEndpoints.list, { query: { queryString, limit: 'all' } })).json().data as {
      books: { id: number }[];
      total: number;
    };
  const recent = async () =>
    (await inject(t.app, bookEndpoints.list, { query: { limit: '100' } })).json().data as { books: { id: number }[]; total: number };

  it("withdraws a book: its API answers 410 with when, why and the book it duplicates, in the reader's language", async () => {
    const original = await createBook(t.ctx, publisher.publisherId, { book_title: 'કલ્પસૂત્ર મૂળ', book_e_title: 'Kalpasutra Mul' });
    const duplicate = await createBook(t.ctx, publisher.publisherId, { book_title: 'કલ્પસૂત્ર મૂળ', book_e_title: 'Kalpasutra Mul again' });
    const jsbn = formatJsbn(duplicate.jsbn_number);
    expect((await inject(t.app, bookEndpoints.byJsbn, { params: { jsbnNo: jsbn } })).statusCode).toBe(200);

    const done = await inject(t.app, operatorEndpoints.withdrawBook, {
      params: { id: duplicate.id },
      headers: operator,
      body: {
        reason: 'Registered twice',
        duplicate_of_jsbn: formatJsbn(original.jsbn_number).toLowerCase(),
      },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Book withdrawn');

    const [row] = await t.ctx.db.select().from(books).where(eq(books.id, duplicate.id));
    const date = exportDate(row!.withdrawn_at!);
    expect(date).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    const gone = await inject(t.app, bookEndpoints.byJsbn, { params: { jsbnNo: jsbn } });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({
      statusCode: 410,
      message: `This JSBN was withdrawn on ${date}: Registered twice`,
      error: 'GONE',
      data: {
        book_title: row!.book_title,
        withdrawn_at: row!.withdrawn_at!.toISOString(),
        reason: 'Registered twice',
        see_jsbn: formatJsbn(original.jsbn_number),
      },
    });
    const gujarati = await inject(t.app, bookEndpoints.byJsbn, { params: { jsbnNo: jsbn }, headers: { 'accept-language': 'gu' } });
    expect(gujarati.json().message).toBe(`આ JSBN ${date} ના રોજ પાછો ખેંચી લેવાયો: Registered twice`);
    // a signed-in publisher is told the same
    expect((await inject(t.app, bookEndpoints.byJsbn, { params: { jsbnNo: jsbn }, headers: publisherAuth })).statusCode).toBe(410);

    // withdrawn twice: 409; the record holds who registered it, then who withdrew it and why
    expect(
      (await inject(t.app, operatorEndpoints.withdrawBook, { params: { id: duplicate.id }, headers: operator, body: { reason: 'again' } }))
        .statusCode,
    ).toBe(409);
    const history = await t.ctx.db.select().from(audit_log).where(eq(audit_log.subject_id, duplicate.id)).orderBy(audit_log.id);
    expect(history.filter((entry) => entry.subject_type === 'book').map((entry) => [entry.action, entry.actor_role, entry.reason])).toEqual(
      [
        ['created', 'PUBLISHER', null],
        ['withdrawn', 'OPERATOR', 'Registered twice'],
      ],
    );

    // reinstated: the page is back
    const back = await inject(t.app, operatorEndpoints.reinstateBook, {
      params: { id: duplicate.id },
      headers: operator,
      body: { reason: 'Withdrawn by mistake' },
    });
    expect(back.statusCode).toBe(200);
    expect((await inject(t.app, bookEndpoints.byJsbn, { params: { jsbnNo: jsbn } })).statusCode).toBe(200);
    expect(
      (await inject(t.app, operatorEndpoints.reinstateBook, { params: { id: duplicate.id }, headers: operator, body: { reason: 'again' } }))
        .statusCode,
    ).toBe(409);
  });

  it('refuses a withdrawal without a reason or naming an unknown duplicate, naming the field', async () => {
    const book = await createBook(t.ctx, publisher.publisherId, { book_title: 'ઉપદેશમાળા' });
    const noReason = await inject(t.app, operatorEndpoints.withdrawBook, {
      params: { id: book.id },
      headers: operator,
      body: { reason: '  ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details).toEqual([{ field: 'reason', message: 'Reason is required' }]);
    const unknown = await inject(t.app, operatorEndpoints.withdrawBook, {
      params: { id: book.id },
      headers: operator,
      body: {
        reason: 'Duplicate',
        duplicate_of_jsbn: 'ZZZZZ-99999-9',
      },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: 'duplicate_of_jsbn', message: 'No book is registered with JSBN ZZZZZ-99999-9' }]);
    expect(
      (await inject(t.app, operatorEndpoints.withdrawBook, { params: { id: 999999 }, headers: operator, body: { reason: 'x' } }))
        .statusCode,
    ).toBe(404);
  });

  it('takes a withdrawn book out of search, lists, the publisher-wise list, SRU and OAI, and refuses it in a new order; an old order keeps it', async () => {
    const other = await createPublisher(t.ctx, { publisher_name: 'Vairagya Granthmala' });
    const kept = await createBook(t.ctx, other.publisherId, { book_title: 'વૈરાગ્ય શતક', book_e_title: 'Vairagya Shatak Kept' });
    const book = await createBook(t.ctx, other.publisherId, { book_title: 'વૈરાગ્ય શતક', book_e_title: 'Vairagya Shatak' });
    const ordered = await inject(t.app, orderEndpoints.create, {
      headers: library,
      body: {
        orders: [{ publisherId: other.publisherId, bookId: book.id, numberOfCopies: 2 }],
      },
    });
    expect(ordered.statusCode).toBe(201);
    const orderId = ordered.json().data.orders[0].id as number;
    expect((await search('Vairagya')).books.map((found) => found.id)).toContain(book.id);
    const totalBefore = (await recent()).total;
    const publisherListBefore = (
      await inject(t.app, bookEndpoints.ofPublisher, { params: { publisherId: other.publisherId }, query: { limit: '100' } })
    ).json().data;
    expect(publisherListBefore.total).toBe(2);

    expect(
      (
        await inject(t.app, operatorEndpoints.withdrawBook, {
          params: { id: book.id },
          headers: operator,
          body: { reason: 'Not a Jain book' },
        })
      ).statusCode,
    ).toBe(200);

    for (const query of ['Vairagya', 'વૈરાગ્ય', formatJsbn(book.jsbn_number)]) {
      expect(
        (await search(query)).books.map((found) => found.id),
        query,
      ).not.toContain(book.id);
    }
    expect((await search('Vairagya')).books.map((found) => found.id)).toContain(kept.id);
    const list = await recent();
    expect(list.books.map((found) => found.id)).not.toContain(book.id);
    expect(list.total).toBe(totalBefore - 1);
    const publisherList = (
      await inject(t.app, bookEndpoints.ofPublisher, { params: { publisherId: other.publisherId }, query: { limit: '100' } })
    ).json().data;
    expect(publisherList.books.map((found: { id: number }) => found.id)).toEqual([kept.id]);
    expect(publisherList.total).toBe(1);
    const info = (await inject(t.app, publisherEndpoints.one, { params: { id: other.publisherId } })).json().data.publisher;
    expect(info.total_books).toBe(1);
    expect(info.latest_books.map((latest: { jsbn_number: string }) => latest.jsbn_number)).toEqual([formatJsbn(kept.jsbn_number)]);
    const directory = (await inject(t.app, publisherEndpoints.list, { query: { queryString: 'Vairagya' } })).json().data.publishers;
    expect(directory).toEqual([expect.objectContaining({ id: other.publisherId, total_books: 1, verified: false })]);

    // SRU: libraries' catalogues no longer find it; OAI: a deleted header
    const sru = await protocol('/sru', {
      operation: 'searchRetrieve',
      version: '1.2',
      query: 'dc.title = "Vairagya Shatak"',
      maximumRecords: '10',
    });
    expect(sru.body).not.toContain(formatJsbn(book.jsbn_number));
    expect(sru.body).toContain(formatJsbn(kept.jsbn_number));
    const oai = await protocol('/oai', {
      verb: 'GetRecord',
      metadataPrefix: 'oai_dc',
      identifier: `oai:jsbn.test:${formatJsbn(book.jsbn_number)}`,
    });
    expect(oai.body).toContain('<header status="deleted">');
    expect(oai.body).not.toContain('<metadata>');

    // a new order is refused naming the book; the old order keeps it
    const refused = await inject(t.app, orderEndpoints.create, {
      headers: library,
      body: {
        orders: [{ publisherId: other.publisherId, bookId: book.id, numberOfCopies: 1 }],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { field: 'orders.0.bookId', message: `This book was withdrawn: વૈરાગ્ય શતક (JSBN ${formatJsbn(book.jsbn_number)})` },
    ]);
    const refusedInHindi = await inject(t.app, orderEndpoints.create, {
      headers: { ...library, 'accept-language': 'hi' },
      body: { orders: [{ publisherId: other.publisherId, bookId: book.id, numberOfCopies: 1 }] },
    });
    expect(refusedInHindi.json().message).toBe(`यह पुस्तक वापस ले ली गई है: વૈરાગ્ય શતક (JSBN ${formatJsbn(book.jsbn_number)})।`);
    const old = (await inject(t.app, orderEndpoints.one, { params: { id: orderId }, headers: library })).json().data.orderBook;
    expect(old.OrderBookItem.map((item: { book: { id: number; book_title: string } }) => item.book)).toEqual([
      expect.objectContaining({ id: book.id, book_title: 'વૈરાગ્ય શતક' }),
    ]);
  });

  it("never gives a withdrawn book's JSBN to another book: numbers only go up", async () => {
    const own = await createPublisher(t.ctx, { publisher_name: 'Sequence Trust' });
    const first = await createBook(t.ctx, own.publisherId, { book_title: 'પ્રથમ' });
    const second = await createBook(t.ctx, own.publisherId, { book_title: 'દ્વિતીય' });
    expect(
      (
        await inject(t.app, operatorEndpoints.withdrawBook, {
          params: { id: second.id },
          headers: operator,
          body: { reason: 'Wrong entry' },
        })
      ).statusCode,
    ).toBe(200);
    const third = await createBook(t.ctx, own.publisherId, { book_title: 'તૃતીય' });
    const sequence = async (id: number) =>
      (await t.ctx.db.select({ seq: books.publisher_jsbn_id }).from(books).where(eq(books.id, id)))[0]!.seq;
    expect([await sequence(first.id), await sequence(second.id), await sequence(third.id)]).toEqual([1, 2, 3]);
    expect(third.jsbn_number).not.toBe(second.jsbn_number);
    const next = (await inject(t.app, bookEndpoints.nextIds, { headers: await tokenHeader(t, own) })).json().data;
    expect(next.publisher_jsbn_id).toBe('00004');
  });

  it('suspends a publisher: its tokens stop, its books and page are hidden; lifting restores everything', async () => {
    const suspended = await createPublisher(t.ctx, { publisher_name: 'Hidden Granth Bhandar' });
    const auth = await tokenHeader(t, suspended);
    const book = await createBook(t.ctx, suspended.publisherId, { book_title: 'ગુપ્ત ગ્રંથ', book_e_title: 'Gupta Granth' });
    const jsbn = formatJsbn(book.jsbn_number);
    const before = (await recent()).total;
    expect((await inject(t.app, operatorEndpoints.publisherThread, { headers: auth })).statusCode).toBe(200);

    const done = await inject(t.app, operatorEndpoints.suspendPublisher, {
      params: { id: suspended.publisherId },
      headers: operator,
      body: { reason: 'Copied titles' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Account suspended');
    // its token stops at once (the account's token version moved on)
    expect((await inject(t.app, operatorEndpoints.publisherThread, { headers: auth })).statusCode).toBe(401);
    expect((await inject(t.app, bookEndpoints.byJsbn, { params: { jsbnNo: jsbn } })).statusCode).toBe(404);
    expect((await inject(t.app, publisherEndpoints.one, { params: { id: suspended.publisherId } })).statusCode).toBe(404);
    expect((await search('Gupta Granth')).books).toEqual([]);
    expect((await recent()).total).toBe(before - 1);
    expect((await inject(t.app, publisherEndpoints.list, { query: { queryString: 'Hidden Granth' } })).json().data.publishers).toEqual([]);
    const refused = await inject(t.app, orderEndpoints.create, {
      headers: library,
      body: {
        orders: [{ publisherId: suspended.publisherId, bookId: book.id, numberOfCopies: 1 }],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(
      (
        await inject(t.app, operatorEndpoints.suspendPublisher, {
          params: { id: suspended.publisherId },
          headers: operator,
          body: { reason: 'again' },
        })
      ).statusCode,
    ).toBe(409);

    const lifted = await inject(t.app, operatorEndpoints.unsuspendPublisher, {
      params: { id: suspended.publisherId },
      headers: operator,
      body: {},
    });
    expect(lifted.statusCode).toBe(200);
    expect((await inject(t.app, bookEndpoints.byJsbn, { params: { jsbnNo: jsbn } })).statusCode).toBe(200);
    expect((await inject(t.app, publisherEndpoints.one, { params: { id: suspended.publisherId } })).statusCode).toBe(200);
    expect((await search('Gupta Granth')).books.map((found) => found.id)).toEqual([book.id]);
    expect((await recent()).total).toBe(before);
    // its old token stays refused; a new sign-in works
    expect((await inject(t.app, operatorEndpoints.publisherThread, { headers: auth })).statusCode).toBe(401);
    expect(
      (await inject(t.app, operatorEndpoints.publisherThread, { headers: await authHeader(t.app, suspended, 'PUBLISHER') })).statusCode,
    ).toBe(200);
    const history = await t.ctx.db.select().from(audit_log).where(eq(audit_log.subject_id, suspended.publisherId));
    expect(history.filter((entry) => entry.subject_type === 'publisher').map((entry) => [entry.action, entry.reason])).toEqual([
      ['suspended', 'Copied titles'],
      ['unsuspended', null],
    ]);
  });

  it('suspends a library: its token stops at once and it leaves the list of libraries until lifted', async () => {
    const other = await createLibrary(t.ctx);
    const auth = await tokenHeader(t, other);
    expect((await inject(t.app, orderEndpoints.list, { headers: auth, query: { orderStatus: 'REQUESTED' } })).statusCode).toBe(200);
    expect(
      (
        await inject(t.app, operatorEndpoints.suspendLibrary, {
          params: { id: other.libraryId },
          headers: operator,
          body: { reason: 'Fake library' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await inject(t.app, orderEndpoints.list, { headers: auth, query: { orderStatus: 'REQUESTED' } })).statusCode).toBe(401);
    // it leaves the list of libraries until the suspension is lifted
    const listed = async () =>
      ((await inject(t.app, libraryEndpoints.list, { query: { queryString: other.name } })).json().data.libraries as { id: number }[]).map(
        (item) => item.id,
      );
    expect(await listed()).toEqual([]);
    expect(
      (
        await inject(t.app, operatorEndpoints.unsuspendLibrary, {
          params: { id: other.libraryId },
          headers: operator,
          body: { reason: 'Checked by phone' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await listed()).toEqual([other.libraryId]);
    expect(
      (await inject(t.app, operatorEndpoints.unsuspendLibrary, { params: { id: other.libraryId }, headers: operator, body: {} }))
        .statusCode,
    ).toBe(409);
  });

  it('lists the verification queue oldest first; asks, takes the answer, verifies and shows the badge', async () => {
    const first = await createPublisher(t.ctx, { publisher_name: 'Queue First Trust' });
    const second = await createPublisher(t.ctx, { publisher_name: 'Queue Second Trust' });
    await t.ctx.db
      .update(publishers)
      .set({ created_at: new Date('2020-01-01T00:00:00Z') })
      .where(eq(publishers.id, first.publisherId));
    await t.ctx.db.execute(`update accounts set preferred_language = 'gu' where id = ${second.accountId}`);
    await createBook(t.ctx, second.publisherId, { book_title: 'પ્રશ્ન ગ્રંથ' });
    // the code sent to its e-mail was entered at this time
    const confirmedAt = new Date('2026-11-30T06:45:00Z');
    await t.ctx.db.update(accounts).set({ email_verified_at: confirmedAt }).where(eq(accounts.id, second.accountId));

    const queue = (await inject(t.app, operatorEndpoints.verificationQueue, { headers: operator, query: { verification: 'NEW' } })).json()
      .data.publishers as {
      id: number;
      books_count: number;
      thread: unknown[];
    }[];
    const ids = queue.map((item) => item.id);
    expect(ids.indexOf(first.publisherId)).toBeLessThan(ids.indexOf(second.publisherId));
    expect(queue.find((item) => item.id === second.publisherId)).toMatchObject({
      books_count: 1,
      thread: [],
      verification: 'NEW',
      email: second.email,
      // what an operator checks: the logo, the GST number, when the e-mail was confirmed, the books
      logo: expect.stringMatching(/\.jpg$/),
      gst_no: null,
      books: [{ book_title: 'પ્રશ્ન ગ્રંથ', jsbn_number: expect.stringMatching(/^[A-Z0-9]{5}\d{5}[0-9A-Z]$/) }],
      email_verified_at: '2026-11-30T06:45:00.000Z',
    });
    // a registration whose e-mail was never confirmed is not in the queue
    const abandoned = await createPublisher(t.ctx, { publisher_name: 'Never Confirmed Trust' });
    await t.ctx.db.update(accounts).set({ email_verified_at: null }).where(eq(accounts.id, abandoned.accountId));
    const again = (await inject(t.app, operatorEndpoints.verificationQueue, { headers: operator, query: { verification: 'NEW' } })).json()
      .data.publishers as { id: number }[];
    expect(again.map((item) => item.id)).not.toContain(abandoned.publisherId);
    expect(again.map((item) => item.id)).toContain(second.publisherId);

    // asked: by e-mail and WhatsApp, in its language
    expect(
      (
        await inject(t.app, operatorEndpoints.askPublisher, {
          params: { id: second.publisherId },
          headers: operator,
          body: {
            question: 'Please send your trust registration number.',
          },
        })
      ).statusCode,
    ).toBe(200);
    const sent = await listMessages(t.ctx.db, second.email);
    expect(sent[0]).toMatchObject({ channel: 'email', subject: 'JSBN: Queue Second Trust વિશે એક પ્રશ્ન' });
    expect(sent[0]!.text).toContain('Please send your trust registration number.');
    expect((await listMessages(t.ctx.db, '9876543210'))[0]).toMatchObject({
      channel: 'whatsapp',
      subject: 'JSBN: Queue Second Trust વિશે એક પ્રશ્ન',
    });
    const asked = (await inject(t.app, operatorEndpoints.verificationQueue, { headers: operator, query: { verification: 'ASKED' } })).json()
      .data.publishers;
    expect(asked.find((item: { id: number }) => item.id === second.publisherId)).toMatchObject({
      answered: false,
      thread: [expect.objectContaining({ from_role: 'OPERATOR' })],
    });

    // the publisher answers from its dashboard: it stays ASKED, answered
    const own = await tokenHeader(t, second);
    const thread = (await inject(t.app, operatorEndpoints.publisherThread, { headers: own })).json().data;
    expect(thread).toMatchObject({
      verification: 'ASKED',
      verified: false,
      thread: [{ from_role: 'OPERATOR', body: 'Please send your trust registration number.' }],
    });
    const answer = await inject(t.app, operatorEndpoints.answerThread, { headers: own, body: { body: 'GJ/1234/Ahmedabad' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.thread.map((message: { from_role: string }) => message.from_role)).toEqual(['OPERATOR', 'PUBLISHER']);
    const answered = (
      await inject(t.app, operatorEndpoints.verificationQueue, { headers: operator, query: { verification: 'ASKED' } })
    ).json().data.publishers;
    expect(answered.find((item: { id: number }) => item.id === second.publisherId)).toMatchObject({ answered: true });
    // another publisher was asked nothing
    const empty = await inject(t.app, operatorEndpoints.answerThread, { headers: publisherAuth, body: { body: 'Hello' } });
    expect(empty.statusCode).toBe(409);
    expect((await inject(t.app, operatorEndpoints.answerThread, { headers: own, body: { body: ' ' } })).json().details).toEqual([
      { field: 'body', message: 'Answer is required' },
    ]);

    expect(
      (await inject(t.app, operatorEndpoints.verifyPublisher, { params: { id: second.publisherId }, headers: operator })).statusCode,
    ).toBe(200);
    expect((await inject(t.app, publisherEndpoints.one, { params: { id: second.publisherId } })).json().data.publisher.verified).toBe(true);
    expect(
      (await inject(t.app, publisherEndpoints.list, { query: { queryString: 'Queue Second' } })).json().data.publishers[0].verified,
    ).toBe(true);
    const [book] = (
      await inject(t.app, bookEndpoints.ofPublisher, { params: { publisherId: second.publisherId }, query: { limit: '10' } })
    ).json().data.books;
    expect((await inject(t.app, bookEndpoints.byJsbn, { params: { jsbnNo: book.jsbn_number } })).json().data.publisher_info.verified).toBe(
      true,
    );
    expect(
      (await inject(t.app, operatorEndpoints.verifyPublisher, { params: { id: second.publisherId }, headers: operator })).statusCode,
    ).toBe(409);
  });

  it('rejects a publisher: REJECTED, suspended with the reason, told by e-mail', async () => {
    const rejected = await createPublisher(t.ctx, { publisher_name: 'Not A Publisher' });
    const response = await inject(t.app, operatorEndpoints.rejectPublisher, {
      params: { id: rejected.publisherId },
      headers: operator,
      body: { reason: 'No such trust exists' },
    });
    expect(response.statusCode).toBe(200);
    const queue = (
      await inject(t.app, operatorEndpoints.verificationQueue, { headers: operator, query: { verification: 'REJECTED' } })
    ).json().data.publishers;
    expect(queue.find((item: { id: number }) => item.id === rejected.publisherId)).toMatchObject({
      verification: 'REJECTED',
      suspended_reason: 'No such trust exists',
    });
    const [mail] = await listMessages(t.ctx.db, rejected.email);
    expect(mail).toMatchObject({ channel: 'email', subject: 'JSBN: Not A Publisher could not be verified' });
    expect(mail!.text).toContain('No such trust exists');
    expect((await inject(t.app, publisherEndpoints.one, { params: { id: rejected.publisherId } })).statusCode).toBe(404);
  });

  it('lists claims pending first with their evidence; approves one as the signed link does and refuses another by e-mail', async () => {
    const imported = await createPublisher(t.ctx, { publisher_name: 'Imported Granthmala', email: 'IMPA1@import.jsbn.invalid' });
    const claim = async (email: string, message: string) => {
      const response = await inject(t.app, publisherEndpoints.claim, {
        params: { id: imported.publisherId },
        body: { fullName: 'Shah Mehul', email, contact: '9876501234', message },
      });
      expect(response.statusCode).toBe(200);
    };
    await claim('trustee@example.test', 'I am the trustee; our letterhead is attached.');
    await claim('impostor@example.test', 'Give me the account.');
    const queue = (await inject(t.app, operatorEndpoints.claims, { headers: operator })).json().data.claims as {
      id: number;
      email: string;
      status: string;
      message: string;
    }[];
    const mine = queue.filter((item) => item.email.endsWith('@example.test'));
    expect(mine.map((item) => [item.email, item.status, item.message])).toEqual([
      ['trustee@example.test', 'PENDING', 'I am the trustee; our letterhead is attached.'],
      ['impostor@example.test', 'PENDING', 'Give me the account.'],
    ]);
    const [trustee, impostor] = mine;

    const refused = await inject(t.app, operatorEndpoints.refuseClaim, {
      params: { id: impostor!.id },
      headers: operator,
      body: { reason: 'The trust does not know you.' },
    });
    expect(refused.statusCode).toBe(200);
    const [mail] = await listMessages(t.ctx.db, 'impostor@example.test');
    expect(mail).toMatchObject({ subject: 'JSBN: your claim of Imported Granthmala' });
    expect(mail!.text).toContain('The trust does not know you.');
    expect((await inject(t.app, operatorEndpoints.approveClaim, { params: { id: impostor!.id }, headers: operator })).statusCode).toBe(409);

    const approved = await inject(t.app, operatorEndpoints.approveClaim, { params: { id: trustee!.id }, headers: operator });
    expect(approved.statusCode).toBe(200);
    expect((await listMessages(t.ctx.db, 'trustee@example.test'))[0]!.link).toMatch(/\/new-password\?token=/);
    const after = (await inject(t.app, operatorEndpoints.claims, { headers: operator })).json().data.claims as {
      id: number;
      status: string;
    }[];
    expect(
      after
        .filter((item) => item.id === trustee!.id || item.id === impostor!.id)
        .map((item) => item.status)
        .sort(),
    ).toEqual(['APPROVED', 'REFUSED']);
  });

  it('lets only operators act: no token 401, a publisher or library 403', async () => {
    const book = await createBook(t.ctx, publisher.publisherId, { book_title: 'ભૂમિકા' });
    const id = { params: { id: book.id } };
    const publisherId = { params: { id: publisher.publisherId } };
    const routes: [string, (headers: Headers) => ReturnType<typeof inject>][] = [
      ['verificationQueue', (headers) => inject(t.app, operatorEndpoints.verificationQueue, { headers })],
      ['claims', (headers) => inject(t.app, operatorEndpoints.claims, { headers })],
      ['book', (headers) => inject(t.app, operatorEndpoints.book, { query: { jsbn: formatJsbn(book.jsbn_number) }, headers })],
      ['withdrawBook', (headers) => inject(t.app, operatorEndpoints.withdrawBook, { ...id, body: { reason: 'x' }, headers })],
      ['reinstateBook', (headers) => inject(t.app, operatorEndpoints.reinstateBook, { ...id, body: { reason: 'x' }, headers })],
      [
        'suspendPublisher',
        (headers) => inject(t.app, operatorEndpoints.suspendPublisher, { ...publisherId, body: { reason: 'x' }, headers }),
      ],
      ['unsuspendPublisher', (headers) => inject(t.app, operatorEndpoints.unsuspendPublisher, { ...publisherId, body: {}, headers })],
      [
        'suspendLibrary',
        (headers) => inject(t.app, operatorEndpoints.suspendLibrary, { params: { id: libraryId }, body: { reason: 'x' }, headers }),
      ],
      [
        'unsuspendLibrary',
        (headers) => inject(t.app, operatorEndpoints.unsuspendLibrary, { params: { id: libraryId }, body: {}, headers }),
      ],
      ['verifyPublisher', (headers) => inject(t.app, operatorEndpoints.verifyPublisher, { ...publisherId, headers })],
      ['askPublisher', (headers) => inject(t.app, operatorEndpoints.askPublisher, { ...publisherId, body: { question: 'x' }, headers })],
      [
        'rejectPublisher',
        (headers) => inject(t.app, operatorEndpoints.rejectPublisher, { ...publisherId, body: { reason: 'x' }, headers }),
      ],
      ['approveClaim', (headers) => inject(t.app, operatorEndpoints.approveClaim, { params: { id: 1 }, headers })],
      ['refuseClaim', (headers) => inject(t.app, operatorEndpoints.refuseClaim, { params: { id: 1 }, body: { reason: 'x' }, headers })],
    ];
    for (const [name, call] of routes) {
      expect((await call({})).statusCode, `${name} without a token`).toBe(401);
      const asPublisher = await call(publisherAuth);
      expect(asPublisher.statusCode, `${name} as a publisher`).toBe(403);
      expect(asPublisher.json().message).toBe('Only operators can do this');
      expect((await call(library)).statusCode, `${name} as a library`).toBe(403);
    }
    // the publisher's thread is the publisher's
    expect((await inject(t.app, operatorEndpoints.publisherThread)).statusCode).toBe(401);
    expect((await inject(t.app, operatorEndpoints.publisherThread, { headers: library })).statusCode).toBe(403);
    // and nothing changed
    const [row] = await t.ctx.db.select({ withdrawn_at: books.withdrawn_at }).from(books).where(eq(books.id, book.id));
    expect(row!.withdrawn_at).toBeNull();
  });
});
