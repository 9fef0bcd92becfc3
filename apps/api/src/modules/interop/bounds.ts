/**
 * What one request to the library protocols (`/sru`, `/oai`) may make the server do (decision
 * 064; the figures in docs/library-systems.md). A CQL query of 2,000 words took 13.7 s, 1,000
 * OR'd titles 5.9 s, and on PGlite every other request waited: a query is bounded before any
 * of it is read, and every statement it runs on PostgreSQL has a short timeout of its own.
 */
import { sql } from 'drizzle-orm';
import pLimit, { type LimitFunction } from 'p-limit';
import type { AppContext } from '../../context.js';
import type { CqlNode } from './cql.js';

/** The most characters a CQL query may hold (diagnostic 12): a Koha search is under 300. */
export const MAX_QUERY_LENGTH = 1_000;
/** The most characters one search term may hold (diagnostic 23): a whole long title is under 200. */
export const MAX_TERM_LENGTH = 256;
/** The most search clauses a query may join with and/or/not (diagnostic 38): Koha's form sends one a field it fills, 5 at most. */
export const MAX_CLAUSES = 8;
/** The most words all terms of a query may hold together, an `any`/`all` term's included (diagnostic 38). */
export const MAX_WORDS = 16;
/** The most levels parentheses may nest (diagnostic 13). */
export const MAX_NESTING = 8;
/**
 * A statement the protocols run on PostgreSQL is cancelled after this many ms (a 503): a bounded
 * query at a million books takes well under a second (decision 056).
 */
export const PROTOCOL_STATEMENT_TIMEOUT_MS = 2_000;

/** A query past a bound: the SRU diagnostic `code` and what it says. */
export class QueryBoundError extends Error {
  constructor(
    readonly code: 12 | 13 | 23 | 38,
    message: string,
  ) {
    super(message);
  }
}

/** The words of a term as the search reads them (split on white space and masking characters). */
const wordsOf = (term: string) => term.split(/[\s*?^]+/).filter(Boolean);

/** @throws QueryBoundError 12 when `query` is longer than MAX_QUERY_LENGTH (checked before parsing) */
export function checkQueryLength(query: string): void {
  if (query.length > MAX_QUERY_LENGTH) throw new QueryBoundError(12, `a query may hold at most ${MAX_QUERY_LENGTH} characters`);
}

/**
 * Checks a parsed query against the bounds: clauses, words, term length.
 * @throws QueryBoundError 23 or 38
 */
export function checkQueryTree(root: CqlNode): void {
  let clauses = 0;
  let words = 0;
  const pending: CqlNode[] = [root];
  while (pending.length) {
    const node = pending.pop()!;
    if (node.kind === 'boolean') {
      pending.push(node.left, node.right);
      continue;
    }
    clauses++;
    if (node.term.length > MAX_TERM_LENGTH) throw new QueryBoundError(23, `a search term may hold at most ${MAX_TERM_LENGTH} characters`);
    words += wordsOf(node.term).length;
    if (clauses > MAX_CLAUSES) throw new QueryBoundError(38, `a query may join at most ${MAX_CLAUSES} search clauses`);
    if (words > MAX_WORDS) throw new QueryBoundError(38, `the terms of a query may hold at most ${MAX_WORDS} words together`);
  }
}

/**
 * Protocol requests run one at a time on a PGlite database, which runs one statement at a time
 * in this process anyway: a turn of the event loop then holds a statement of one of them, not
 * one of each of them, and a health check waits for one statement (decision 064).
 */
const oneAtATime = new WeakMap<object, LimitFunction>();

/**
 * Runs `read` with a context whose statements on PostgreSQL are cancelled after
 * PROTOCOL_STATEMENT_TIMEOUT_MS: in one transaction (`SET LOCAL statement_timeout`), which also
 * keeps a request to one pooled connection. `read` runs its statements one after another (one
 * connection runs one at a time; node-postgres deprecates sending a second while one runs). On PGlite
 * (one connection, in this process) there is no transaction — it would hold every other request —
 * and no timeout: `read` waits for the protocol requests before it to end, and the bounds above
 * are what keep a request short there. `read` must not call this again (it would wait for itself).
 */
export async function withProtocolTimeout<T>(ctx: AppContext, read: (ctx: AppContext) => Promise<T>): Promise<T> {
  if (!ctx.config.DATABASE_URL) {
    let limit = oneAtATime.get(ctx.db);
    if (!limit) oneAtATime.set(ctx.db, (limit = pLimit(1)));
    return limit(() => read(ctx));
  }
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${PROTOCOL_STATEMENT_TIMEOUT_MS}`));
    return read({ ...ctx, db: tx });
  });
}
