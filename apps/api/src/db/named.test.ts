/**
 * Named statements (db/named.ts, decision 026) on both engines: the same statement run again
 * with other values answers for those values, and on PostgreSQL it is prepared on the
 * connection once, under its name; a statement built once is built once per connection, for
 * all the transactions on it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook, createPublisher } from '../seed/factories.js';
import { executeNamed, preparedOnce } from './named.js';
import { books } from './schema.js';
import { ENGINES, createTestApp, type TestApp } from '../test/harness.js';

describe.each(ENGINES)('named statements on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('answers each run for its own values, prepared once on a PostgreSQL connection', async () => {
    const { publisherId } = await createPublisher(t.ctx, { publisher_name: 'Shrut Prakashan' });
    const first = await createBook(t.ctx, publisherId, { book_title: 'કલ્પસૂત્ર' }, { cover: false });
    const second = await createBook(t.ctx, publisherId, { book_title: 'तत्त्वार्थसूत्र' }, { cover: false });
    const titles = (ids: number[]) => sql`select book_title from books where id = any(${sql.param(ids)}::int[]) order by id`;
    // one connection throughout: a transaction
    const prepared = await t.ctx.db.transaction(async (tx) => {
      expect(await executeNamed(tx, 'test_titles', titles([first.id]))).toEqual([{ book_title: 'કલ્પસૂત્ર' }]);
      expect(await executeNamed(tx, 'test_titles', titles([second.id, first.id]))).toEqual([
        { book_title: 'કલ્પસૂત્ર' },
        { book_title: 'तत्त्वार्थसूत्र' },
      ]);
      expect(await executeNamed(tx, 'test_titles', titles([]))).toEqual([]);
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- drizzle's execute on the PgQueryResultHKT base types its result unknown; the cast names the rows
      return (await tx.execute(sql`select name, statement from pg_prepared_statements where name = 'test_titles'`)) as unknown as {
        rows: { name: string; statement: string }[];
      };
    });
    // node-postgres prepares it under its name; PGlite runs each statement on its own
    if (engine === 'postgres')
      expect(prepared.rows).toEqual([
        { name: 'test_titles', statement: expect.stringContaining('select book_title from books where id = any($1::int[])') },
      ]);
    else expect(prepared.rows).toEqual([]);
  });

  it('builds a prepared statement once per PostgreSQL connection, for every transaction on it', async () => {
    const { publisherId } = await createPublisher(t.ctx, { publisher_name: 'Jinvani Trust' });
    const book = await createBook(t.ctx, publisherId, { book_title: 'ઉપદેશમાલા' }, { cover: false });
    let built = 0;
    const titleOf = preparedOnce((db) => {
      built++;
      return db
        .select({ book_title: books.book_title })
        .from(books)
        .where(eq(books.id, sql.placeholder('id')))
        .prepare('test_title_of');
    });
    // one after another: the pool lends the connection it was given back last
    for (let run = 0; run < 5; run++) {
      expect(await t.ctx.db.transaction((tx) => titleOf(tx).execute({ id: book.id }))).toEqual([{ book_title: 'ઉપદેશમાલા' }]);
    }
    expect(await titleOf(t.ctx.db).execute({ id: -1 })).toEqual([]);
    // PostgreSQL: the connection's and the pool's; PGlite gives each transaction a session of its own
    expect(built).toBe(engine === 'postgres' ? 2 : 6);
  });
});
