/**
 * The back office's queues (decision 044): possible duplicates found at registration across
 * publishers and scripts, the form's check, the publisher's reason, the operator's answers to
 * pairs and reports (with the book withdrawn and the e-mails in the outbox), reports from the
 * public page (throttled) and a publisher's withdrawal request, failed messages and jobs
 * retried, and who may call what.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookEndpoints, bulkEndpoints, operatorEndpoints } from '@jsbn/shared/core';
import { eq } from 'drizzle-orm';
import { formatJsbn } from '@jsbn/shared';
import { createBook, createLibrary, createOperator, createPublisher, makeJpeg } from '../../seed/factories.js';
import { audit_log, book_reports, books, duplicate_pairs, outbox } from '../../db/schema.js';
import { ENGINES, createTestApp, form, tokenHeader, outboxTo, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { waitFor } from '../../test/servers.js';

const fields = {
  pages: '240',
  publication_year: '2024',
  language: 'Gujarati',
  type: 'AGM1',
  'subjects[0][id]': '1',
  'authors[0][authorType]': '1',
  readers: 'No',
};

describe.each(ENGINES)('back-office queues on %s', (engine) => {
  let t: TestApp;
  let cover: Buffer;
  let first: Awaited<ReturnType<typeof createPublisher>>;
  let second: Awaited<ReturnType<typeof createPublisher>>;
  let secondHeaders: { authorization: string };
  let firstHeaders: { authorization: string };
  let operatorHeaders: { authorization: string };
  let libraryHeaders: { authorization: string };
  let kalpasutra: { id: number; jsbn_number: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    cover = await makeJpeg('Cover');
    first = await createPublisher(t.ctx, { publisher_no: 'SHR01', publisher_name: 'Shrutgyan Prakashan' });
    second = await createPublisher(t.ctx, { publisher_no: 'JNV01', publisher_name: 'Jinvani Granthmala' });
    firstHeaders = await tokenHeader(t, first);
    secondHeaders = await tokenHeader(t, second);
    operatorHeaders = { authorization: `Bearer ${(await createOperator(t.ctx)).token}` };
    const library = await createLibrary(t.ctx);
    libraryHeaders = await tokenHeader(t, library);
    kalpasutra = await createBook(t.ctx, first.publisherId, {
      book_title: 'કલ્પસૂત્ર',
      book_e_title: 'Kalpasutra',
      authors: [{ authorType: 1, author_name: 'ભદ્રબાહુ સ્વામી' }],
    });
    await createBook(t.ctx, first.publisherId, {
      book_title: 'યોગશાસ્ત્ર',
      book_e_title: 'Yogashastra',
      authors: [{ authorType: 1, author_name: 'Hemchandracharya' }],
    });
  });
  afterAll(() => t.close());

  const register = (headers: { authorization: string }, values: Record<string, string>) =>
    inject(t.app, bookEndpoints.register, {
      headers,
      body: form({ ...fields, ...values }, { book_cover: [cover, 'cover.jpg', 'image/jpeg'] }),
    });
  const pairsOf = (bookId: number) => t.ctx.db.select().from(duplicate_pairs).where(eq(duplicate_pairs.book_id, bookId));

  it('answers the form check with the closest book of any publisher, in any script', async () => {
    const similar = await inject(t.app, bookEndpoints.similar, {
      headers: secondHeaders,
      query: { title: 'Kalpsutra', author: 'Bhadrabahu Swami' },
    });
    expect(similar.statusCode).toBe(200);
    expect(similar.json().data.books).toEqual([
      {
        id: kalpasutra.id,
        jsbn_number: kalpasutra.jsbn_number,
        book_title: 'કલ્પસૂત્ર',
        book_e_title: 'Kalpasutra',
        authors: ['ભદ્રબાહુ સ્વામી'],
        publisher_id: first.publisherId,
        publisher_name: 'Shrutgyan Prakashan',
        publication_year: 2024,
        withdrawn_at: null,
        similarity: expect.any(Number),
      },
    ]);
    expect(similar.json().data.books[0].similarity).toBeGreaterThanOrEqual(0.6);
    // another author's book of the same title is another book; so is another title by the same author
    const otherAuthor = await inject(t.app, bookEndpoints.similar, {
      headers: secondHeaders,
      query: { title: 'Kalpasutra', author: 'Vinay Vijay' },
    });
    expect(otherAuthor.json().data.books).toEqual([]);
    const otherTitle = await inject(t.app, bookEndpoints.similar, {
      headers: secondHeaders,
      query: { title: 'Bhaktamar Stotra', author: 'Bhadrabahu Swami' },
    });
    expect(otherTitle.json().data.books).toEqual([]);
    const noTitle = await inject(t.app, bookEndpoints.similar, {
      headers: { ...secondHeaders, 'accept-language': 'gu' },
      query: { title: ' ', author: 'x' },
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().details).toEqual([{ field: 'title', message: 'પુસ્તકનું શીર્ષક જરૂરી છે' }]);
    expect((await inject(t.app, bookEndpoints.similar, { query: { title: 'Kalpasutra' } })).statusCode).toBe(401);
    expect((await inject(t.app, bookEndpoints.similar, { headers: libraryHeaders, query: { title: 'Kalpasutra' } })).statusCode).toBe(403);
  });

  it('queues a pair when another publisher registers the romanised title by the same author, with its reason; none for a different book', async () => {
    const again = await register(secondHeaders, {
      book_title: 'Kalpasutra',
      book_e_title: 'Kalpasutra',
      'authors[0][author_name]': 'Bhadrabahu Swami',
      duplicate_reason: 'NEW_EDITION',
    });
    expect(again.statusCode).toBe(200);
    const pairs = await pairsOf(again.json().data.id);
    expect(pairs.map((pair) => ({ other: pair.other_book_id, reason: pair.publisher_reason, status: pair.status }))).toEqual([
      { other: kalpasutra.id, reason: 'NEW_EDITION', status: 'OPEN' },
    ]);
    expect(pairs[0]!.similarity).toBeGreaterThanOrEqual(0.6);

    const different = await register(secondHeaders, {
      book_title: 'ભક્તામર સ્તોત્ર',
      book_e_title: 'Bhaktamar Stotra',
      'authors[0][author_name]': 'Mantungasuri',
    });
    expect(different.statusCode).toBe(200);
    expect(await pairsOf(different.json().data.id)).toEqual([]);
    // part 2 is not part 1 again
    const part1 = await createBook(t.ctx, first.publisherId, {
      book_title: 'ઉપદેશમાળા ભાગ 1',
      book_e_title: 'Updeshmala Part 1',
      authors: [{ authorType: 1, author_name: 'Dharmadas Gani' }],
    });
    const part2 = await createBook(t.ctx, first.publisherId, {
      book_title: 'ઉપદેશમાળા ભાગ 2',
      book_e_title: 'Updeshmala Part 2',
      authors: [{ authorType: 1, author_name: 'Dharmadas Gani' }],
    });
    expect(await pairsOf(part1.id)).toEqual([]);
    expect(await pairsOf(part2.id)).toEqual([]);

    const badReason = await register(secondHeaders, {
      book_title: 'Navkar',
      book_e_title: 'Navkar',
      'authors[0][author_name]': 'Anyone',
      duplicate_reason: 'BECAUSE',
    });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().details).toEqual([{ field: 'duplicate_reason', message: 'Choose why this book is registered again' }]);
  });

  it('warns of a similar book in the bulk preview, row by row', async () => {
    const preview = await inject(t.app, bulkEndpoints.check, {
      headers: secondHeaders,
      body: {
        rows: [
          { row: 2, values: { book_title: 'कल्पसूत्र', book_e_title: 'Kalpasutra', author_name_1: 'Bhadrabahu', author_type_1: 'Author' } },
          { row: 3, values: { book_title: 'Samaysar', author_name_1: 'Kundkundacharya', author_type_1: 'Author' } },
        ],
      },
    });
    expect(preview.statusCode).toBe(200);
    const [row2, row3] = preview.json().data.rows as { warnings: { column: string; message: string }[] }[];
    expect(row2!.warnings).toContainEqual({
      column: 'book_title',
      message: `A book with a similar title by the same author is already registered: JSBN ${kalpasutra.jsbn_number} (Shrutgyan Prakashan)`,
    });
    expect(row3!.warnings).toEqual([]);
  });

  it('queues the pairs of a bulk upload after its commit, in the job queue', async () => {
    const registered = await inject(t.app, bulkEndpoints.register, {
      headers: secondHeaders,
      body: {
        batch: '0b7f6c1e-2d3a-4c5b-8e9f-0a1b2c3d4e5f',
        rows: [
          {
            row: 2,
            values: {
              book_title: 'कल्पसूत्र',
              book_e_title: 'Kalpa Sutra',
              author_name_1: 'Bhadrabahu Swami',
              author_type_1: 'Author',
              language: 'Gujarati (ગુજરાતી)',
              publication_year: '2020',
              pages: '300',
              type: 'આગમ — Agam (canonical text)',
              subjects: 'Agam',
              currency: 'INR',
              price_kind: 'Free',
              readers: 'No',
            },
          },
        ],
      },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const bookId = registered.json().data.books[0].id as number;
    // the bulk upload's duplicate check runs in the job queue, after the reply
    const pairs = await waitFor(
      async () => {
        const found = await pairsOf(bookId);
        return found.length > 0 && found;
      },
      30_000,
      'the duplicate check of the uploaded book',
    );
    expect(pairs.map((pair) => ({ other: pair.other_book_id, reason: pair.publisher_reason }))).toContainEqual({
      other: kalpasutra.id,
      reason: null,
    });
  });

  it('lists open pairs side by side; not-duplicate and withdraw close them on the record', async () => {
    const queue = await inject(t.app, operatorEndpoints.duplicates, { headers: operatorHeaders });
    expect(queue.statusCode).toBe(200);
    const pair = (
      queue.json().data.pairs as {
        id: number;
        publisher_reason: string;
        book: { publisher_name: string; book_title: string };
        other: { id: number; jsbn_number: string };
      }[]
    ).find((row) => row.other.id === kalpasutra.id)!;
    expect(pair.publisher_reason).toBe('NEW_EDITION');
    expect(pair.book).toMatchObject({ publisher_name: 'Jinvani Granthmala', book_title: 'Kalpasutra' });
    expect(pair.other.jsbn_number).toBe(kalpasutra.jsbn_number);

    // a book that is not one of the pair
    const wrong = await inject(t.app, operatorEndpoints.withdrawDuplicate, {
      params: { id: pair.id },
      headers: operatorHeaders,
      body: { book_id: 999999, reason: 'Same book' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ field: 'book_id', message: 'Choose one of the two books' }]);

    const [row] = await t.ctx.db.select().from(duplicate_pairs).where(eq(duplicate_pairs.id, pair.id));
    const withdrawn = await inject(t.app, operatorEndpoints.withdrawDuplicate, {
      params: { id: pair.id },
      headers: operatorHeaders,
      body: { book_id: row!.book_id, reason: 'Registered twice' },
    });
    expect(withdrawn.statusCode).toBe(200);
    const [book] = await t.ctx.db
      .select({ withdrawn_at: books.withdrawn_at, reason: books.withdrawn_reason, duplicate_of: books.duplicate_of })
      .from(books)
      .where(eq(books.id, row!.book_id));
    expect(book).toEqual({ withdrawn_at: expect.any(Date), reason: 'Registered twice', duplicate_of: kalpasutra.id });
    const [closed] = await t.ctx.db.select().from(duplicate_pairs).where(eq(duplicate_pairs.id, pair.id));
    expect(closed!.status).toBe('WITHDRAWN');
    const entries = await t.ctx.db.select().from(audit_log).where(eq(audit_log.subject_type, 'duplicate'));
    expect(entries.map((entry) => ({ id: entry.subject_id, action: entry.action, reason: entry.reason, role: entry.actor_role }))).toEqual([
      { id: pair.id, action: 'withdrawn', reason: 'Registered twice', role: 'OPERATOR' },
    ]);
    // answered once
    const twice = await inject(t.app, operatorEndpoints.notDuplicate, { params: { id: pair.id }, headers: operatorHeaders });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This pair has already been answered');
    // the withdrawn book is no longer offered as a match, nor left open in the queue
    const after = (await inject(t.app, operatorEndpoints.duplicates, { headers: operatorHeaders })).json().data.pairs as {
      id: number;
    }[];
    expect(after.map((open) => open.id)).not.toContain(pair.id);

    // a reprint: not a duplicate
    const reprint = await register(firstHeaders, {
      book_title: 'યોગશાસ્ત્ર',
      book_e_title: 'Yogashastra',
      'authors[0][author_name]': 'Acharya Hemchandracharya',
      duplicate_reason: 'REPRINT',
    });
    const [reprintPair] = await pairsOf(reprint.json().data.id);
    const notDuplicate = await inject(t.app, operatorEndpoints.notDuplicate, { params: { id: reprintPair!.id }, headers: operatorHeaders });
    expect(notDuplicate.statusCode).toBe(200);
    const [kept] = await pairsOf(reprint.json().data.id);
    expect(kept!.status).toBe('NOT_DUPLICATE');
    const [reprintBook] = await t.ctx.db
      .select({ withdrawn_at: books.withdrawn_at })
      .from(books)
      .where(eq(books.id, reprint.json().data.id));
    expect(reprintBook!.withdrawn_at).toBeNull();
  });

  it('takes a report from the public page, throttled like the contact form', async () => {
    const jsbn = kalpasutra.jsbn_number;
    const missing = await inject(t.app, bookEndpoints.report, {
      raw: true,
      params: { id: jsbn },
      body: { kind: 'NOPE', reason: ' ' },
      remoteAddress: '10.0.0.9',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([
      { field: 'kind', message: 'Choose what is wrong with the book' },
      { field: 'reason', message: 'Reason is required' },
    ]);
    const unknown = await inject(t.app, bookEndpoints.report, {
      params: { id: 'ZZZZZ-00001-0' },
      body: { kind: 'OTHER', reason: 'x' },
      remoteAddress: '10.0.0.8',
    });
    expect(unknown.statusCode).toBe(404);
    const sent = await inject(t.app, bookEndpoints.report, {
      params: { id: jsbn.replaceAll('-', '') },
      body: { kind: 'WRONG_DETAILS', reason: 'લેખકનું નામ ખોટું છે', email: 'Reader@Example.org' },
      remoteAddress: '10.0.0.7',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('Thank you. Your report has been sent to the JSBN team.');
    const [stored] = await t.ctx.db.select().from(book_reports).where(eq(book_reports.reporter_email, 'reader@example.org'));
    expect(stored).toMatchObject({ book_id: kalpasutra.id, kind: 'WRONG_DETAILS', reason: 'લેખકનું નામ ખોટું છે', status: 'OPEN' });
    // five an hour from one address
    for (let n = 0; n < 4; n++) {
      expect(
        (
          await inject(t.app, bookEndpoints.report, {
            params: { id: jsbn },
            body: { kind: 'OTHER', reason: `spam ${n}` },
            remoteAddress: '10.0.0.6',
          })
        ).statusCode,
      ).toBe(200);
    }
    expect(
      (
        await inject(t.app, bookEndpoints.report, {
          params: { id: jsbn },
          body: { kind: 'OTHER', reason: 'spam 4' },
          remoteAddress: '10.0.0.6',
        })
      ).statusCode,
    ).toBe(200);
    const sixth = await inject(t.app, bookEndpoints.report, {
      params: { id: jsbn },
      body: { kind: 'OTHER', reason: 'spam 5' },
      remoteAddress: '10.0.0.6',
    });
    expect(sixth.statusCode).toBe(429);
  });

  it('answers reports: corrected, declined, withdrawn — each recorded and told by e-mail in the right language', async () => {
    const reports = (await inject(t.app, operatorEndpoints.reports, { headers: operatorHeaders })).json().data.reports as {
      id: number;
      kind: string;
      reporter_email: string | null;
      book: { id: number };
    }[];
    const wrong = reports.find((report) => report.reporter_email === 'reader@example.org')!;
    expect(wrong.kind).toBe('WRONG_DETAILS');
    expect(wrong.book.id).toBe(kalpasutra.id);

    const noNote = await inject(t.app, operatorEndpoints.correctReport, {
      params: { id: wrong.id },
      headers: operatorHeaders,
      body: { note: '' },
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().details).toEqual([{ field: 'note', message: 'Note is required' }]);
    const corrected = await inject(t.app, operatorEndpoints.correctReport, {
      params: { id: wrong.id },
      headers: operatorHeaders,
      body: { note: 'Author name fixed' },
    });
    expect(corrected.statusCode).toBe(200);
    const [reader] = await outboxTo(t.app, 'reader@example.org');
    // the reporter wrote in Gujarati: answered in Gujarati
    expect(reader!.subject).toBe(`પુસ્તક Kalpasutra (${kalpasutra.jsbn_number}) વિશે`);
    expect(reader!.text).toContain('JSBN ટીમે પુસ્તકની વિગતો સુધારી છે.');
    expect(reader!.text).toContain('JSBN ટીમની નોંધ: Author name fixed');
    const [publisherMail] = await outboxTo(t.app, first.email);
    expect(publisherMail!.subject).toBe(`About the book Kalpasutra (${kalpasutra.jsbn_number})`);
    expect(publisherMail!.text).toContain('A reader reported a problem with your book "કલ્પસૂત્ર" (Kalpasutra)');
    expect(publisherMail!.text).toContain("The JSBN team has corrected the book's details.");

    const spam = reports.find((report) => report.reporter_email === null && report.book.id === kalpasutra.id)!;
    const declined = await inject(t.app, operatorEndpoints.declineReport, {
      params: { id: spam.id },
      headers: operatorHeaders,
      body: { note: 'Nothing wrong' },
    });
    expect(declined.statusCode).toBe(200);
    expect((await outboxTo(t.app, first.email))[0]!.text).toContain('The JSBN team looked into it and has left the book as it is.');

    const again = await inject(t.app, operatorEndpoints.declineReport, {
      params: { id: wrong.id },
      headers: operatorHeaders,
      body: { note: 'x' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This report has already been answered');

    const recorded = await t.ctx.db.select().from(audit_log).where(eq(audit_log.subject_type, 'report'));
    expect(
      recorded.filter((entry) => entry.subject_id === wrong.id).map((entry) => [entry.action, entry.actor_role, entry.reason]),
    ).toEqual([
      ['reported', 'VISITOR', 'લેખકનું નામ ખોટું છે'],
      ['corrected', 'OPERATOR', 'Author name fixed'],
    ]);
  });

  it("takes a publisher's request to withdraw its own book, and the operator withdraws it", async () => {
    const own = await createBook(t.ctx, second.publisherId, {
      book_title: 'જૂની આવૃત્તિ',
      book_e_title: 'Old edition',
      authors: [{ authorType: 1, author_name: 'Someone Else' }],
    });
    const notMine = await inject(t.app, bookEndpoints.withdrawRequest, {
      params: { id: kalpasutra.id },
      headers: secondHeaders,
      body: { reason: 'Not mine' },
    });
    expect(notMine.statusCode).toBe(404);
    expect(
      (await inject(t.app, bookEndpoints.withdrawRequest, { params: { id: own.id }, headers: libraryHeaders, body: { reason: 'x' } }))
        .statusCode,
    ).toBe(403);
    const asked = await inject(t.app, bookEndpoints.withdrawRequest, {
      params: { id: own.id },
      headers: secondHeaders,
      body: { reason: 'Printed by mistake' },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe('Your request has been sent to the JSBN team');
    const reports = (await inject(t.app, operatorEndpoints.reports, { headers: operatorHeaders })).json().data.reports as {
      id: number;
      kind: string;
      from_publisher: boolean;
      book: { id: number };
    }[];
    const request = reports.find((report) => report.book.id === own.id)!;
    expect(request).toMatchObject({ kind: 'WITHDRAW_REQUEST', from_publisher: true });
    const done = await inject(t.app, operatorEndpoints.withdrawReported, {
      params: { id: request.id },
      headers: operatorHeaders,
      body: { reason: 'At the publisher’s request' },
    });
    expect(done.statusCode).toBe(200);
    const [book] = await t.ctx.db
      .select({ withdrawn_at: books.withdrawn_at, reason: books.withdrawn_reason })
      .from(books)
      .where(eq(books.id, own.id));
    expect(book).toEqual({ withdrawn_at: expect.any(Date), reason: 'At the publisher’s request' });
    const [told] = await outboxTo(t.app, second.email);
    expect(told!.text).toContain('You asked for your book "જૂની આવૃત્તિ" (Old edition), JSBN');
    expect(told!.text).toContain('The JSBN team has withdrawn this JSBN.');
    const [withdrawnEntry] = await t.ctx.db.select().from(audit_log).where(eq(audit_log.action, 'withdrawn'));
    expect(withdrawnEntry).toBeDefined();
    // asked again: it is withdrawn already
    const twice = await inject(t.app, bookEndpoints.withdrawRequest, {
      params: { id: own.id },
      headers: secondHeaders,
      body: { reason: 'again' },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('lists failed messages and jobs and retries them on the record', async () => {
    const [failed] = await t.ctx.db
      .insert(outbox)
      .values({
        channel: 'email',
        recipient: 'gone@example.org',
        subject: 'Your order',
        body: 'x',
        status: 'failed',
        attempts: 5,
        last_error: '550 mailbox unavailable',
      })
      .returning({ id: outbox.id });
    const list = await inject(t.app, operatorEndpoints.failures, { headers: operatorHeaders });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.messages).toContainEqual({
      id: failed!.id,
      channel: 'email',
      recipient: 'gone@example.org',
      subject: 'Your order',
      last_error: '550 mailbox unavailable',
      attempts: 5,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const retried = await inject(t.app, operatorEndpoints.retryMessage, { params: { id: failed!.id }, headers: operatorHeaders });
    expect(retried.statusCode).toBe(200);
    const [pending] = await t.ctx.db
      .select({ status: outbox.status, attempts: outbox.attempts })
      .from(outbox)
      .where(eq(outbox.id, failed!.id));
    expect(pending).toEqual({ status: 'pending', attempts: 0 });
    expect((await inject(t.app, operatorEndpoints.retryMessage, { params: { id: failed!.id }, headers: operatorHeaders })).statusCode).toBe(
      409,
    );
    expect((await inject(t.app, operatorEndpoints.retryMessage, { params: { id: 999999 }, headers: operatorHeaders })).statusCode).toBe(
      404,
    );

    // a job that failed after its retries (as pg-boss leaves one)
    const jobId = '6f1c2a3b-0000-4000-8000-000000000001';
    await t.database.execute(
      `INSERT INTO pgboss.job (id, name, data, state, retry_count, output, completed_on) VALUES ($1, 'document', '{"kind":"catalog","publisherId":7,"language":"gu","key":"k"}', 'failed', 2, '{"message":"font missing"}', now())`,
      [jobId],
    );
    const jobs = (await inject(t.app, operatorEndpoints.failures, { headers: operatorHeaders })).json().data.jobs as {
      id: string;
      about: string;
      last_error: string;
      attempts: number;
    }[];
    expect(jobs).toContainEqual(
      expect.objectContaining({
        id: jobId,
        queue: 'document',
        about: 'catalogue of publisher 7 (ગુજરાતી)',
        last_error: 'font missing',
        attempts: 3,
      }),
    );
    // what a job was for, in the operator's language
    const inHindi = (await inject(t.app, operatorEndpoints.failures, { headers: { ...operatorHeaders, 'accept-language': 'hi' } })).json()
      .data.jobs as { id: string; about: string }[];
    expect(inHindi.find((job) => job.id === jobId)?.about).toBe('प्रकाशक 7 का सूचीपत्र (ગુજરાતી)');
    const again = await inject(t.app, operatorEndpoints.retryJob, { params: { id: jobId }, headers: operatorHeaders });
    expect(again.statusCode).toBe(200);
    const { rows } = await t.database.execute(`SELECT state FROM pgboss.job WHERE id = $1`, [jobId]);
    expect((rows[0] as { state: string }).state).not.toBe('failed');
    expect((await inject(t.app, operatorEndpoints.retryJob, { params: { id: jobId }, headers: operatorHeaders })).statusCode).toBe(404);
    const recorded = await t.ctx.db.select().from(audit_log).where(eq(audit_log.action, 'retried'));
    expect(recorded.map((entry) => entry.subject_type).sort()).toEqual(['job', 'message']);
  });

  it('lets only operators use the queues: none 401, publisher and library 403', async () => {
    const calls = [
      [operatorEndpoints.duplicates, {}],
      [operatorEndpoints.notDuplicate, { id: 1 }],
      [operatorEndpoints.withdrawDuplicate, { id: 1 }],
      [operatorEndpoints.reports, {}],
      [operatorEndpoints.correctReport, { id: 1 }],
      [operatorEndpoints.withdrawReported, { id: 1 }],
      [operatorEndpoints.declineReport, { id: 1 }],
      [operatorEndpoints.failures, {}],
      [operatorEndpoints.retryMessage, { id: 1 }],
      [operatorEndpoints.retryJob, { id: '6f1c2a3b-0000-4000-8000-000000000001' }],
    ] as const;
    for (const [endpoint, params] of calls) {
      const url = endpoint.path;
      // one body for every route, whatever its own contract: the caller is refused before it is read
      const body = endpoint.method === 'POST' ? { note: 'n', reason: 'r', book_id: 1 } : undefined;
      expect((await inject(t.app, endpoint, { raw: true, params, body })).statusCode, url).toBe(401);
      expect((await inject(t.app, endpoint, { raw: true, params, body, headers: firstHeaders })).statusCode, url).toBe(403);
      expect((await inject(t.app, endpoint, { raw: true, params, body, headers: libraryHeaders })).statusCode, url).toBe(403);
    }
    expect(formatJsbn(kalpasutra.jsbn_number)).toBe(kalpasutra.jsbn_number);
  });
});
