/**
 * A library's interests (decision 073): what it states and follows, which new books its digest
 * names — matching its languages, subjects and swaroops or a followed publisher or author, each
 * once, never one withdrawn, of a suspended publisher, already ordered or on its shelves — and that nothing
 * matching sends nothing; the digest's e-mail in the library's language with its signed links
 * (add to cart, not for us) and RFC 8058 one-click unsubscribe, which works without signing in;
 * and the counts a publisher sees.
 */
/* eslint-disable @typescript-eslint/no-unnecessary-type-assertion -- drizzle's execute on the PgQueryResultHKT base types its result unknown; the cast names the rows */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJsbn } from '@jsbn/shared';
import { holdingEndpoints, interestEndpoints, orderEndpoints } from '@jsbn/shared/core';
import { accounts, digest_books, library_interests, outbox } from '../../db/schema.js';
import { createBook, createLibrary, createOperator, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { suspendByOperator, withdrawByOperator } from '../operator/moderation.js';
import { DIGEST_MAX_BOOKS, runInterestDigests, sendInterestDigest } from './digest.js';
import { LINK_DAYS, signDigestLink } from './tokens.js';

type Headers = { authorization: string };
const DAY = 24 * 60 * 60_000;

describe.each(ENGINES)('interests and digests on %s', (engine) => {
  let t: TestApp;
  let publisher: Awaited<ReturnType<typeof createPublisher>>;
  let other: Awaited<ReturnType<typeof createPublisher>>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    publisher = await createPublisher(t.ctx, { publisher_name: 'શ્રી જૈન સાહિત્ય મંદિર' });
    other = await createPublisher(t.ctx, { publisher_name: 'Jinvani Granthmala' });
  });
  afterAll(() => t.close());

  /** A new library signed in, in `language`. */
  const newLibrary = async (name: string, language: 'en' | 'gu' | 'hi' = 'en') => {
    const library = await createLibrary(t.ctx, { name });
    await t.ctx.db.update(accounts).set({ preferred_language: language }).where(eq(accounts.id, library.accountId));
    return { ...library, headers: await tokenHeader(t, library) };
  };
  const putInterests = (headers: Headers, payload: object, language = 'en') =>
    inject(t.app, interestEndpoints.save, { raw: true, body: payload, headers: { ...headers, 'accept-language': language } });
  const follow = (headers: Headers, kind: 'publisher' | 'author', id: number, method: 'PUT' | 'DELETE' = 'PUT') =>
    kind === 'publisher'
      ? inject(t.app, method === 'PUT' ? interestEndpoints.followPublisher : interestEndpoints.unfollowPublisher, {
          params: { publisherId: id },
          headers,
        })
      : inject(t.app, method === 'PUT' ? interestEndpoints.followAuthor : interestEndpoints.unfollowAuthor, {
          params: { authorId: id },
          headers,
        });
  /** The messages queued to `to` after outbox id `since`. */
  const messagesTo = async (to: string, since = 0) =>
    t.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, to.toLowerCase()), gt(outbox.id, since)))
      .orderBy(asc(outbox.id));
  const lastOutboxId = async () => (await t.ctx.db.select({ id: sql<number>`coalesce(max(${outbox.id}), 0)::int` }).from(outbox))[0]!.id;
  /** The database's clock, after everything registered so far: the end of a digest's window. */
  const now = async () =>
    new Date(((await t.ctx.db.execute(sql`select clock_timestamp() as at`)) as unknown as { rows: { at: string | Date }[] }).rows[0]!.at);
  const book = (publisherId: number, title: string, overrides: Parameters<typeof createBook>[2] = {}) =>
    createBook(t.ctx, publisherId, { book_title: title, book_e_title: title, ...overrides }, { cover: false });

  it('a library states its interests and reads them back; a value not in its list is a 400 naming it, in its language', async () => {
    const library = await newLibrary('Interest Bhandar');
    const empty = await inject(t.app, interestEndpoints.mine, { headers: library.headers });
    expect(empty.json().data.interests).toEqual({
      languages: [],
      subject_ids: [],
      swaroops: [],
      frequency: 'weekly',
      publishers: [],
      authors: [],
    });

    const saved = await putInterests(library.headers, {
      languages: ['Gujarati', 'Sanskrit', 'Gujarati'],
      subject_ids: [1, 3],
      swaroops: ['AGM1'],
    });
    expect([saved.statusCode, saved.json().message]).toEqual([200, 'Your interests are saved']);
    expect(saved.json().data.interests).toMatchObject({
      languages: ['Gujarati', 'Sanskrit'],
      subject_ids: [1, 3],
      swaroops: ['AGM1'],
      frequency: 'weekly',
    });

    const bad = await putInterests(
      library.headers,
      { languages: ['Klingon'], subject_ids: [999], swaroops: ['NOPE'], frequency: 'daily' },
      'gu',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { field: 'languages.0', message: 'દરેક ભાષા યાદીમાંથી પસંદ કરો' },
      { field: 'subject_ids.0', message: 'દરેક વિષય યાદીમાંથી પસંદ કરો' },
      { field: 'swaroops.0', message: 'દરેક સ્વરૂપ યાદીમાંથી પસંદ કરો' },
      { field: 'frequency', message: 'દર અઠવાડિયે અથવા ક્યારેય નહીં, એક પસંદ કરો' },
    ]);
    // nothing half-written
    const after = await inject(t.app, interestEndpoints.mine, { headers: library.headers });
    expect(after.json().data.interests.languages).toEqual(['Gujarati', 'Sanskrit']);

    // only a library states interests; a visitor is asked to sign in
    const asPublisher = await putInterests(await tokenHeader(t, publisher), { languages: [] });
    expect(asPublisher.statusCode).toBe(403);
    expect((await inject(t.app, interestEndpoints.mine)).statusCode).toBe(401);
  });

  it('follows a publisher and an author once each, and stops; an unknown one is a 404', async () => {
    const library = await newLibrary('Follow Bhandar');
    const written = await book(publisher.publisherId, 'Follow test', { authors: [{ authorType: 1, author_name: 'મુનિ શ્રી જંબૂવિજયજી' }] });
    const authorId = (
      (await t.ctx.db.execute(sql`select author_id from book_authors where book_id = ${written.id}`)) as unknown as {
        rows: { author_id: number }[];
      }
    ).rows[0]!.author_id;

    const first = await follow(library.headers, 'publisher', publisher.publisherId);
    expect([first.statusCode, first.json().message]).toEqual([200, 'You follow this publisher: its new books will be in your digest']);
    await follow(library.headers, 'publisher', publisher.publisherId);
    const byAuthor = await follow(library.headers, 'author', authorId);
    expect(byAuthor.json().data.interests).toMatchObject({
      publishers: [{ id: publisher.publisherId, publisher_name: 'શ્રી જૈન સાહિત્ય મંદિર', publisher_no: publisher.publisher_no }],
      authors: [{ id: authorId, author_name: 'મુનિ શ્રી જંબૂવિજયજી' }],
    });
    expect((await follow(library.headers, 'publisher', 999_999)).json()).toMatchObject({ statusCode: 404, message: 'Publisher not found' });
    expect((await follow(library.headers, 'author', 999_999)).json()).toMatchObject({ statusCode: 404, message: 'Author not found' });

    const stopped = await follow(library.headers, 'publisher', publisher.publisherId, 'DELETE');
    expect([stopped.json().message, stopped.json().data.interests.publishers]).toEqual(['You no longer follow this publisher', []]);
    expect((await follow(await tokenHeader(t, publisher), 'publisher', other.publisherId)).statusCode).toBe(403);
  });

  it('a digest names the new books matching the interests or a follow, once each, and none hidden, ordered or on the shelves', async () => {
    const library = await newLibrary('Shri Hemchandracharya Gyan Bhandar');
    await putInterests(library.headers, { languages: ['Gujarati'], subject_ids: [1], swaroops: [] });
    await follow(library.headers, 'publisher', other.publisherId);
    const before = await book(publisher.publisherId, 'Registered before', {});
    // the window starts when the library first stated an interest: a book before it is not news
    await t.ctx.db
      .update(library_interests)
      .set({ since: await now() })
      .where(eq(library_interests.library_id, library.libraryId));

    const matches = await book(publisher.publisherId, 'કલ્પસૂત્ર', {
      language: 'Gujarati, Sanskrit',
      subjects: [{ id: 1 }],
      price_kind: 'free',
    });
    const priced = await book(publisher.publisherId, 'આગમ દર્શન', {
      language: 'Gujarati',
      subjects: [{ id: 1 }, { id: 4 }],
      price_kind: 'priced',
      price: 120,
    });
    await book(publisher.publisherId, 'Hindi Agam', { language: 'Hindi', subjects: [{ id: 1 }] });
    await book(publisher.publisherId, 'Gujarati Story', { language: 'Gujarati', subjects: [{ id: 7 }] });
    const followed = await book(other.publisherId, 'English Sutra', {
      language: 'English',
      subjects: [{ id: 7 }],
      price_kind: 'nominal',
      price: 20,
    });
    const withdrawn = await book(publisher.publisherId, 'Withdrawn Agam', { language: 'Gujarati', subjects: [{ id: 1 }] });
    const ordered = await book(publisher.publisherId, 'Ordered Agam', { language: 'Gujarati', subjects: [{ id: 1 }] });
    const operator = await createOperator(t.ctx);
    await withdrawByOperator(t.ctx, operator.accountId, withdrawn.id, 'Registered twice', undefined);
    const order = await inject(t.app, orderEndpoints.create, {
      headers: library.headers,
      body: { orders: [{ publisherId: publisher.publisherId, bookId: ordered.id, numberOfCopies: 1 }] },
    });
    expect(order.statusCode).toBe(201);
    // a book already on its shelves (a gift) is not news either
    const shelved = await book(publisher.publisherId, 'Shelved Agam', { language: 'Gujarati', subjects: [{ id: 1 }] });
    const copy = await inject(t.app, holdingEndpoints.add, {
      headers: library.headers,
      body: { jsbn: shelved.jsbn_number, source: 'gift' },
    });
    expect(copy.statusCode).toBe(201);
    const since = await lastOutboxId();

    expect(await sendInterestDigest(t.ctx, library.libraryId, await now())).toBe(3);
    const [mail, ...others] = await messagesTo(library.email, since);
    expect(others).toEqual([]); // no WhatsApp: it is not configured here
    expect(mail).toMatchObject({ channel: 'email', subject: 'JSBN: 3 new books for Shri Hemchandracharya Gyan Bhandar' });
    const titles = [...mail!.body.matchAll(/^\d+\. (.+)$/gm)].map((match) => match[1]);
    expect(titles).toEqual(['કલ્પસૂત્ર', 'આગમ દર્શન', 'English Sutra']);
    expect(mail!.body).not.toContain(before.jsbn_number);
    expect(mail!.body).toContain(`JSBN ${formatJsbn(matches.jsbn_number)} · Publisher: શ્રી જૈન સાહિત્ય મંદિર · Price: Free + postage`);
    expect(mail!.body).toContain(`JSBN ${formatJsbn(priced.jsbn_number)} · Publisher: શ્રી જૈન સાહિત્ય મંદિર · Price: ₹120.00`);
    expect(mail!.body).toContain(
      `JSBN ${formatJsbn(followed.jsbn_number)} · Publisher: Jinvani Granthmala · Price: ₹20.00 (for propagation)`,
    );
    expect(mail!.body).toMatch(/Add to cart: https:\/\/jsbn\.test\/api\/interests\/cart\?token=[\w.-]+\n/);
    expect(mail!.body).toContain('Change your interests: https://jsbn.test/interests');
    expect(mail!.unsubscribe_url).toMatch(/^https:\/\/jsbn\.test\/api\/interests\/unsubscribe\?token=[\w.-]+$/);
    expect(mail!.body).toContain(`Stop these e-mails: ${mail!.unsubscribe_url}`);
    // the HTML part: each book with its two links as buttons, and the foot's links
    expect(mail!.html).toContain('<html lang="en">');
    expect(mail!.html!.match(/>Add to cart<\/a>/g)).toHaveLength(3);
    expect(mail!.html!.match(/>Not for us<\/a>/g)).toHaveLength(3);
    expect(mail!.html).toContain(`href="${mail!.unsubscribe_url}"`);

    // named once: the next digest has nothing to say, and says nothing
    const named = await t.ctx.db.select().from(digest_books).where(eq(digest_books.library_id, library.libraryId));
    expect(named.map((row) => row.book_id).sort((a, b) => a - b)).toEqual([matches.id, priced.id, followed.id].sort((a, b) => a - b));
    expect(await sendInterestDigest(t.ctx, library.libraryId, await now())).toBe(0);
    expect(await messagesTo(library.email, since)).toHaveLength(1);
  });

  it('sends no digest when nothing matches, none to a library that chose never, and none for a suspended publisher’s book', async () => {
    const quiet = await newLibrary('Quiet Bhandar');
    await putInterests(quiet.headers, { languages: ['Kannada'] });
    const never = await newLibrary('Never Bhandar');
    await putInterests(never.headers, { languages: ['Gujarati'], frequency: 'never' });
    const follower = await newLibrary('Follower Bhandar');
    const suspended = await createPublisher(t.ctx, { publisher_name: 'Suspended Trust' });
    await follow(follower.headers, 'publisher', suspended.publisherId);
    const since = await lastOutboxId();
    await book(publisher.publisherId, 'Another Gujarati book', { language: 'Gujarati' });
    await book(suspended.publisherId, 'Of a suspended publisher', { language: 'Gujarati' });
    const operator = await createOperator(t.ctx);
    await suspendByOperator(t.ctx, operator.accountId, 'publisher', suspended.publisherId, 'Not a Jain publisher');

    t.advance(2 * 60_000); // past the run's settling margin
    await runInterestDigests(t.ctx);
    t.advance(-2 * 60_000);
    for (const library of [quiet, never, follower]) expect(await messagesTo(library.email, since)).toEqual([]);
  });

  it('writes the digest in the library’s language', async () => {
    const library = await newLibrary('શ્રી આત્માનંદ જૈન જ્ઞાન ભંડાર', 'gu');
    await follow(library.headers, 'publisher', other.publisherId);
    const since = await lastOutboxId();
    const written = await book(other.publisherId, 'ભક્તામર સ્તોત્ર', { price_kind: 'free' });
    expect(await sendInterestDigest(t.ctx, library.libraryId, await now())).toBe(1);
    const [mail] = await messagesTo(library.email, since);
    expect(mail!.subject).toBe('JSBN: શ્રી આત્માનંદ જૈન જ્ઞાન ભંડાર માટે 1 નવું પુસ્તક');
    expect(mail!.body).toContain(`JSBN ${formatJsbn(written.jsbn_number)} · પ્રકાશક: Jinvani Granthmala · કિંમત: વિના મૂલ્યે + ટપાલ ખર્ચ`);
    expect(mail!.body).toContain('ઓર્ડર યાદીમાં ઉમેરો: https://jsbn.test/api/interests/cart?token=');
    expect(mail!.html).toContain('<html lang="gu">');
    expect(mail!.html).toContain('>અમારા માટે નથી</a>');
  });

  it('names at most DIGEST_MAX_BOOKS books and counts the rest', async () => {
    const library = await newLibrary('Busy Bhandar');
    const prolific = await createPublisher(t.ctx);
    await follow(library.headers, 'publisher', prolific.publisherId);
    const since = await lastOutboxId();
    for (let index = 0; index < DIGEST_MAX_BOOKS + 2; index++) await book(prolific.publisherId, `Book ${index + 1}`);
    expect(await sendInterestDigest(t.ctx, library.libraryId, await now())).toBe(DIGEST_MAX_BOOKS);
    const [mail] = await messagesTo(library.email, since);
    expect(mail!.subject).toBe(`JSBN: ${DIGEST_MAX_BOOKS} new books for Busy Bhandar`);
    expect(mail!.body).toContain('2 more new books match your interests: see Recently Published. https://jsbn.test/new-published-books');
  });

  it('the e-mail’s links: add to cart leads to the book in the cart, not for us asks before it acts, a broken or expired link says so', async () => {
    const library = await newLibrary('Links Bhandar');
    await follow(library.headers, 'publisher', publisher.publisherId);
    const since = await lastOutboxId();
    const written = await book(publisher.publisherId, 'જ્ઞાનસાર');
    await sendInterestDigest(t.ctx, library.libraryId, await now());
    const [mail] = await messagesTo(library.email, since);
    const link = (label: string) => {
      const url = new URL(new RegExp(`${label}: (\\S+)`).exec(mail!.body)![1]!);
      return url.pathname + url.search;
    };

    const cart = await t.app.inject({ method: 'GET', url: link('Add to cart') });
    expect([cart.statusCode, cart.headers.location]).toEqual([
      303,
      `/publisher-wise-books/${publisher.publisherId}?book=${encodeURIComponent(formatJsbn(written.jsbn_number))}`,
    ]);
    expect(cart.headers['cache-control']).toBe('private, no-store');

    // opening 'Not for us' changes nothing (mail scanners open links): it shows one button
    const asked = await t.app.inject({ method: 'GET', url: link('Not for us') });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('<form method="post">');
    expect(asked.body).toContain('Tell JSBN that જ્ઞાનસાર is not for Links Bhandar: it will not be suggested again.');
    const row = () =>
      t.ctx.db
        .select()
        .from(digest_books)
        .where(and(eq(digest_books.library_id, library.libraryId), eq(digest_books.book_id, written.id)));
    expect((await row())[0]).toMatchObject({ dismissed_at: null });
    expect((await row())[0]!.carted_at).not.toBeNull();
    const done = await t.app.inject({ method: 'POST', url: link('Not for us') });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Done: જ્ઞાનસાર will not be suggested to Links Bhandar again.');
    expect((await row())[0]!.dismissed_at).not.toBeNull();

    const broken = await t.app.inject({ method: 'GET', url: `${link('Add to cart').slice(0, -4)}abcd` });
    expect(broken.statusCode).toBe(404);
    expect(broken.body).toContain('This link is not valid.');
    // a cart link used as an unsubscribe link is no unsubscribe link
    const wrongKind = await inject(t.app, interestEndpoints.unsubscribe, { query: { token: link('Add to cart').split('=').pop()! } });
    expect(wrongKind.statusCode).toBe(404);
    t.advance((LINK_DAYS + 1) * DAY);
    const expired = await t.app.inject({ method: 'GET', url: link('Add to cart') });
    t.advance(-(LINK_DAYS + 1) * DAY);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This link has expired.');
  });

  it('unsubscribes in one click (RFC 8058): a POST without signing in, after a page that changes nothing', async () => {
    const library = await newLibrary('Unsubscribe Bhandar', 'hi');
    await putInterests(library.headers, { languages: ['Hindi'] });
    const token = await signDigestLink(t.ctx, { kind: 'unsubscribe', libraryId: library.libraryId });
    const url = `/api/interests/unsubscribe?token=${token}`;
    const frequency = async () =>
      (await t.ctx.db.select().from(library_interests).where(eq(library_interests.library_id, library.libraryId)))[0]!.frequency;

    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="hi">');
    expect(page.body).toContain('>ये ई-मेल बंद करें</button>');
    expect(await frequency()).toBe('weekly');

    const oneClick = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('हो गया: Unsubscribe Bhandar को अब नई पुस्तकों के ई-मेल नहीं मिलेंगे।');
    expect(await frequency()).toBe('never');
    // as multipart/form-data too, and twice is once
    const form = new FormData();
    form.append('List-Unsubscribe', 'One-Click');
    expect((await t.app.inject({ method: 'POST', url, payload: form })).statusCode).toBe(200);
    const shown = await inject(t.app, interestEndpoints.mine, { headers: library.headers });
    expect(shown.json().data.interests.frequency).toBe('never');

    // no more digests, whatever is new
    const since = await lastOutboxId();
    await book(publisher.publisherId, 'हिन्दी पुस्तक', { language: 'Hindi' });
    expect(await sendInterestDigest(t.ctx, library.libraryId, await now())).toBe(0);
    expect(await messagesTo(library.email, since)).toEqual([]);
    // a forged token unsubscribes nobody
    expect((await inject(t.app, interestEndpoints.unsubscribe, { query: { token: `${token.slice(0, -2)}xx` } })).statusCode).toBe(404);
  });

  it('a publisher sees how many libraries follow it and how many digests named each book: counts only', async () => {
    const counted = await createPublisher(t.ctx);
    const [first, second] = await Promise.all([newLibrary('Counting One'), newLibrary('Counting Two')]);
    for (const library of [first, second]) await follow(library.headers, 'publisher', counted.publisherId);
    const popular = await book(counted.publisherId, 'Popular');
    for (const library of [first, second]) await sendInterestDigest(t.ctx, library.libraryId, await now());
    await follow(second.headers, 'publisher', counted.publisherId, 'DELETE');
    const quiet = await book(counted.publisherId, 'Quiet');
    for (const library of [first, second]) await sendInterestDigest(t.ctx, library.libraryId, await now());

    const reach = await inject(t.app, interestEndpoints.reach, { headers: await tokenHeader(t, counted) });
    expect(reach.json().data).toEqual({
      followers: 1,
      total: 2,
      books: [
        { id: popular.id, jsbn_number: popular.jsbn_number.replaceAll('-', ''), book_title: 'Popular', digests: 2 },
        { id: quiet.id, jsbn_number: quiet.jsbn_number.replaceAll('-', ''), book_title: 'Quiet', digests: 1 },
      ],
    });
    expect(reach.body).not.toContain('Counting');
    expect((await inject(t.app, interestEndpoints.reach, { headers: first.headers })).statusCode).toBe(403);
  });
});
