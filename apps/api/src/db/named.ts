/**
 * Named statements for the reads every search and every first QR scan makes
 * (decision 026). PostgreSQL parses and plans an unnamed statement on every call — for a search
 * about as long as running it (≈ 1.5 of 3 ms of the database's time for a new word) — while a
 * named one is parsed once per connection and, once its plans prove alike, planned once too.
 * node-postgres prepares a statement under its name the first time a connection runs it, and
 * Drizzle passes the name through (`prepareQuery`); PGlite ignores it.
 *
 * A name stands for one text of SQL: only statements whose text never changes with their
 * values get one (arrays are one `$n::int[]`, not a list of `$n`s), and each name here is
 * given to one statement.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/** Turns SQL into its text and values (no casing options are used by the app). */
const dialect = new PgDialect();

/**
 * Runs `query` as the named statement `name` (on PostgreSQL prepared on each pooled connection
 * once) and returns its rows as the driver gives them (columns by name, types parsed).
 * @param name the statement's name; the text `query` makes must be the same on every call
 * @throws the driver's error, as `db.execute` would
 */
export async function executeNamed<Row>(db: DbOrTx, name: string, query: SQL): Promise<Row[]> {
  const result = await db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
  return (result as { rows: Row[] }).rows;
}

/**
 * `make` — a Drizzle query builder ending in `.prepare(name)`, its values `sql.placeholder`s —
 * built once per database session and kept: each run skips building the SQL as well. A session
 * is the pool's (`ctx.db`) or, on PostgreSQL, one pooled connection's, which every transaction
 * on that connection shares (db/client.ts), so a statement a transaction runs is built once per
 * connection too; PGlite's transactions each have a session of their own.
 */
export function preparedOnce<Statement>(make: (db: DbOrTx) => Statement): (db: DbOrTx) => Statement {
  const made = new WeakMap<object, Statement>();
  return (db) => {
    const session = db._.session;
    let statement = made.get(session);
    if (statement === undefined) {
      statement = make(db);
      made.set(session, statement);
    }
    return statement;
  };
}
