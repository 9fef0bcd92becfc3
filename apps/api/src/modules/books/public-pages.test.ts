/**
 * The public book page from the public page cache: a visitor's repeated scan is
 * served from memory, and every change of the book or its publisher is seen at once — in the
 * copy that made it, and (PostgreSQL) in another copy through NOTIFY.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookEndpoints, formatJsbn } from '@jsbn/shared';
import { bookFieldsOf, createBook, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { noticesHeard } from '../../test/notices.js';
import { waitFor } from '../../test/servers.js';
import { registerBook } from './registration.js';

describe.each(ENGINES)('the public book page cache on %s', (engine) => {
  let t: TestApp;
  let owner: { authorization: string };
  let account: { accountId: number };
  let publisherId: number;
  let bookId: number;
  let jsbn: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const publisher = await createPublisher(t.ctx, { publisher_no: 'CACHE' });
    publisherId = publisher.publisherId;
    account = publisher;
    owner = await tokenHeader(t, publisher);
    const book = await createBook(t.ctx, publisherId, { book_title: 'કલ્પસૂત્ર' });
    bookId = book.id;
    jsbn = formatJsbn(book.jsbn_number);
  });
  afterAll(() => t.close());

  const page = async (app: TestApp, number = jsbn, headers: Record<string, string> = {}) => {
    const response = await inject(app.app, bookEndpoints.byJsbn, { params: { jsbnNo: number }, headers });
    expect(response.statusCode).toBe(200);
    return response.json().data as { book: { book_title: string; isAvailable: boolean }; publisher_info: { total_books_count: number } };
  };
  const setAvailable = (isAvailable: boolean) =>
    inject(t.app, bookEndpoints.update, { params: { id: bookId }, body: { isAvailable }, headers: owner });

  it('serves a repeated scan, in any spelling of the number, from one cached reply', async () => {
    // the notices of the books made in beforeAll reach the listener a moment after their
    // commits: once it has heard them, nothing forgets the page
    await noticesHeard(t.ctx);
    t.ctx.publicPages.clear();
    const first = await page(t);
    expect(first.book.book_title).toBe('કલ્પસૂત્ર');
    expect(t.ctx.publicPages.size).toBe(1);
    expect(await page(t, jsbn.toLowerCase().replaceAll('-', ''))).toEqual(first);
    expect(t.ctx.publicPages.size).toBe(1);
    // the owner's view is made afresh (it may hold the private PDF link) and not cached
    await page(t, jsbn, owner);
    expect(t.ctx.publicPages.size).toBe(1);
    const unknown = await inject(t.app, bookEndpoints.byJsbn, { params: { jsbnNo: 'ZZZZZ-00001-A' } });
    expect(unknown.statusCode).toBe(404);
    expect(t.ctx.publicPages.size).toBe(1);
  });

  it('shows a change of the book, and a new book of its publisher, at once', async () => {
    const was = (await page(t)).book.isAvailable;
    expect((await setAvailable(!was)).statusCode).toBe(200);
    expect((await page(t)).book.isAvailable).toBe(!was);
    expect((await setAvailable(was)).statusCode).toBe(200);
    expect((await page(t)).book.isAvailable).toBe(was);
    const before = (await page(t)).publisher_info.total_books_count;
    await registerBook(t.ctx, { publisherId, fields: bookFieldsOf({ book_title: 'યોગશાસ્ત્ર' }), coverKey: null });
    expect((await page(t)).publisher_info.total_books_count).toBe(before + 1);
  });

  it("keeps a publisher's details once for the uncached requests of all its books, forgotten at a change", async () => {
    const other = formatJsbn((await createBook(t.ctx, publisherId, { book_title: 'ઉપદેશમાલા' }, { cover: false })).jsbn_number);
    // (the notice of the new book reaches the listener a moment after its commit)
    await noticesHeard(t.ctx);
    t.ctx.publicPages.clear();
    expect(t.ctx.publisherInfos.size).toBe(0);
    const [first, second] = [await page(t), await page(t, other)];
    expect(second.publisher_info).toEqual(first.publisher_info);
    expect([t.ctx.publicPages.size, t.ctx.publisherInfos.size]).toEqual([2, 1]);
    await registerBook(t.ctx, { publisherId, fields: bookFieldsOf({ book_title: 'નવસ્મરણ' }), coverKey: null });
    expect(t.ctx.publisherInfos.size).toBe(0);
  });

  it.skipIf(engine !== 'postgres')('shows a change made through another copy on the same database (PostgreSQL NOTIFY)', async () => {
    const other = await createTestApp('postgres', { DATABASE_URL: t.ctx.config.DATABASE_URL! });
    try {
      const was = (await page(t)).book.isAvailable;
      const otherOwner = await tokenHeader(other, account);
      expect(
        (await inject(other.app, bookEndpoints.update, { params: { id: bookId }, body: { isAvailable: !was }, headers: otherOwner }))
          .statusCode,
      ).toBe(200);
      await waitFor(async () => (await page(t)).book.isAvailable === !was, 5_000, 'the change reaches the first copy');
    } finally {
      await other.close();
    }
  });
});
