/**
 * Many rows in one statement with one parameter: `INSERT … SELECT … FROM
 * jsonb_to_recordset($1)`. Drizzle's `insert().values(rows)` binds one parameter per value —
 * 40,000 for an import batch of 1,000 books — and building that statement took a third of an
 * import's time (`npm run bench:scale -- --parts import`); PostgreSQL parses one JSON
 * document far faster than it binds 40,000 parameters. Column names and types come from the
 * Drizzle table, so the statement follows the schema.
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/**
 * Inserts `rows` into `table`. Every row names the same columns (by their property names, which
 * here are the column names); a column no row names takes its default.
 * @param returning columns to return for each inserted row (in no particular order)
 * @returns the `returning` columns of the inserted rows
 * @throws the database's error (a constraint, a NUL in a text); nothing is inserted then
 */
export async function insertRows<Row extends Record<string, unknown>>(
  db: DbOrTx,
  table: PgTable,
  rows: Row[],
  returning: string[] = [],
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table);
  const names = Object.keys(rows[0]!);
  for (const name of [...names, ...returning]) if (!columns[name]) throw new Error(`${getTableName(table)} has no column ${name}`);
  const list = sql.raw(names.map((name) => `"${columns[name]!.name}"`).join(', '));
  const types = sql.raw(names.map((name) => `"${columns[name]!.name}" ${columns[name]!.getSQLType()}`).join(', '));
  const back = returning.length ? sql.raw(` returning ${returning.map((name) => `"${columns[name]!.name}"`).join(', ')}`) : sql``;
  const result = await db.execute(
    sql`insert into ${table} (${list}) select ${list} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as row(${types})${back}`,
  );
  return (result as { rows: Record<string, unknown>[] }).rows;
}
