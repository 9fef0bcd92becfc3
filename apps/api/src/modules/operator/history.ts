/**
 * Reading the record of changes (decision 042): a book's history for its publisher, and the
 * operators' filtered list — newest first, keyset-paged — and its CSV (UTF-8 with a BOM, so
 * Excel shows Gujarati and Devanagari right).
 */
import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import type { Readable } from 'node:stream';
import {
  LOOKUP_CATALOGUES,
  RECORD_CATALOGUES,
  formatJsbn,
  lookupText,
  normalizeJsbn,
  recordChangeText,
  type HistoryEntry,
  type HistoryQuery,
  type InterfaceLanguage,
  type RecordWords,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { accounts, audit_log, books, libraries, publishers } from '../../db/schema.js';
import { validationError } from '../../lib/errors.js';
import { cityName, stateName } from '../lookups/geo.js';

/** How an operator and the system are named in a history. */
export const OPERATOR_NAME = 'JSBN operator';
export const SYSTEM_NAME = 'System';
export const VISITOR_NAME = 'Visitor';

/**
 * The entries meeting `where`, newest first, at most `limit`, with the acting publisher's or
 * library's name; a state's and a city's name in `lng` (the asker's language).
 */
async function entries(
  db: DbOrTx,
  where: SQL | undefined,
  limit: number,
  withAccounts: boolean,
  lng: InterfaceLanguage = 'en',
): Promise<HistoryEntry[]> {
  const rows = await db
    .select({ entry: audit_log, publisher: publishers.publisher_name, library: libraries.name })
    .from(audit_log)
    .leftJoin(publishers, and(eq(audit_log.actor_role, 'PUBLISHER'), eq(publishers.account_id, audit_log.actor_account_id)))
    .leftJoin(libraries, and(eq(audit_log.actor_role, 'LIBRARY'), eq(libraries.account_id, audit_log.actor_account_id)))
    .where(where)
    .orderBy(desc(audit_log.id))
    .limit(limit);
  return named(
    db,
    withAccounts,
    rows.map(({ entry, publisher, library }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      who: whoOf(entry, publisher ?? library, withAccounts),
      subject: { type: entry.subject_type, id: entry.subject_id },
      action: entry.action,
      changes: Object.entries(entry.changes).map(([field, [before, after]]) => ({ field, before, after })),
      reason: entry.reason,
    })),
    lng,
  );
}

/** Recorded fields holding a book's id: named by its JSBN. */
const BOOK_ID_FIELDS = new Set(['book_id', 'other_book_id', 'duplicate_of', 'withdrawn_book_id']);

/** A recorded id as a number, or null. */
const idOf = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/** The ids of the subjects of `type` among `found`. */
const subjectIds = (found: HistoryEntry[], type: HistoryEntry['subject']['type']) => [
  ...new Set(found.filter((entry) => entry.subject.type === type).map((entry) => entry.subject.id)),
];

/**
 * The names of the page's subjects (`subject.name`): a book's title and JSBN, a publisher's or
 * library's name, an account's e-mail — one statement per kind, each over at most a page of ids
 * by primary key. A subject no longer found keeps no name.
 */
async function subjectNames(db: DbOrTx, found: HistoryEntry[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const bookIds = subjectIds(found, 'book');
  const publisherIds = subjectIds(found, 'publisher');
  const libraryIds = subjectIds(found, 'library');
  const accountIds = subjectIds(found, 'account');
  const [bookRows, publisherRows, libraryRows, accountRows] = await Promise.all([
    bookIds.length
      ? db.select({ id: books.id, title: books.book_title, jsbn: books.jsbn_number }).from(books).where(inArray(books.id, bookIds))
      : [],
    publisherIds.length
      ? db.select({ id: publishers.id, name: publishers.publisher_name }).from(publishers).where(inArray(publishers.id, publisherIds))
      : [],
    libraryIds.length ? db.select({ id: libraries.id, name: libraries.name }).from(libraries).where(inArray(libraries.id, libraryIds)) : [],
    accountIds.length ? db.select({ id: accounts.id, name: accounts.email }).from(accounts).where(inArray(accounts.id, accountIds)) : [],
  ]);
  for (const row of bookRows) names.set(`book ${row.id}`, `${row.title} · ${formatJsbn(row.jsbn)}`);
  for (const row of publisherRows) names.set(`publisher ${row.id}`, row.name);
  for (const row of libraryRows) names.set(`library ${row.id}`, row.name);
  for (const row of accountRows) names.set(`account ${row.id}`, row.name);
  return names;
}

/**
 * `found` with each id a reader cannot read named (`beforeText`/`afterText`): a state's and a
 * city's name in `lng`, a book's JSBN (one statement for the page's books). An id no longer known keeps
 * no name (the raw value shows). `withSubjects` (the operators' list) names each entry's subject
 * too (`subjectNames`).
 */
async function named(db: DbOrTx, withSubjects: boolean, found: HistoryEntry[], lng: InterfaceLanguage): Promise<HistoryEntry[]> {
  const subjects = withSubjects ? await subjectNames(db, found) : new Map<string, string>();
  const bookIds = new Set<number>();
  for (const entry of found) {
    for (const change of entry.changes) {
      if (!BOOK_ID_FIELDS.has(change.field)) continue;
      for (const value of [change.before, change.after]) if (idOf(value) !== null) bookIds.add(idOf(value)!);
    }
  }
  const jsbns = bookIds.size
    ? new Map(
        (
          await db
            .select({ id: books.id, jsbn: books.jsbn_number })
            .from(books)
            .where(inArray(books.id, [...bookIds]))
        ).map((row) => [row.id, formatJsbn(row.jsbn)]),
      )
    : new Map<number, string>();
  const nameOf = (field: string, value: unknown): string | null | undefined => {
    const id = idOf(value);
    if (id === null) return undefined;
    if (field === 'state_id') {
      const state = stateName(id);
      return state ? lookupText(LOOKUP_CATALOGUES[lng], 'states', state) : undefined;
    }
    if (field === 'city_id') return cityName(id, lng) || undefined;
    if (BOOK_ID_FIELDS.has(field)) return jsbns.get(id);
    return undefined;
  };
  return found.map((entry) => ({
    ...entry,
    subject: { ...entry.subject, ...withName(subjects.get(`${entry.subject.type} ${entry.subject.id}`)) },
    changes: entry.changes.map((change) => {
      const beforeText = nameOf(change.field, change.before);
      const afterText = nameOf(change.field, change.after);
      return { ...change, ...(beforeText === undefined ? {} : { beforeText }), ...(afterText === undefined ? {} : { afterText }) };
    }),
  }));
}

/**
 * Who acted (decision 063): the name kept when it acted — a record written before migration
 * 0030 kept none and shows today's — with today's name beside it (`currentName`) when the
 * publisher or library has since been renamed; the operators' list also gets the account and
 * the e-mail it had then.
 */
function whoOf(entry: typeof audit_log.$inferSelect, today: string | null, withAccounts: boolean): HistoryEntry['who'] {
  const name = nameOf(entry.actor_role, entry.actor_name ?? today);
  const renamed = entry.actor_name !== null && today !== null && today !== entry.actor_name && nameOf(entry.actor_role, today) !== name;
  return {
    role: entry.actor_role,
    name,
    ...(renamed ? { currentName: today } : {}),
    ...(withAccounts ? { accountId: entry.actor_account_id, email: entry.actor_email } : {}),
  };
}

/** The display name of an actor: its publisher's or library's name, or its role's. */
function nameOf(role: HistoryEntry['who']['role'], profileName: string | null): string {
  if (role === 'OPERATOR') return OPERATOR_NAME;
  if (role === 'SYSTEM') return SYSTEM_NAME;
  if (role === 'VISITOR') return VISITOR_NAME;
  return profileName ?? role;
}

/** A book's whole history, newest first (its publisher has checked it is theirs). */
export async function bookHistory(ctx: AppContext, bookId: number, lng: InterfaceLanguage = 'en'): Promise<HistoryEntry[]> {
  return entries(ctx.db, and(eq(audit_log.subject_type, 'book'), eq(audit_log.subject_id, bookId)), 10_000, false, lng);
}

/** India's offset: the operators' days are Indian days. */
const IST = '+05:30';
const DAY_MS = 86_400_000;

/** The start of day `date` (YYYY-MM-DD) in India. @throws AppError 400 naming `field` for no such day */
function dayStart(date: string, field: 'from' | 'to'): Date {
  const start = new Date(`${date}T00:00:00${IST}`);
  // '2026-02-30' parses to 2 March: a day must read back as it was written
  const back = new Date(start.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);
  if (Number.isNaN(start.getTime()) || back !== date)
    throw validationError([{ field, message: `${field === 'from' ? 'From' : 'To'} is not a date` }]);
  return start;
}

/** `{ name }`, or nothing when there is no name. */
const withName = (name: string | undefined) => (name === undefined ? {} : { name });

/** The message of a search that is neither a JSBN nor an e-mail address (field `q`). */
export const SEARCH_MESSAGE = 'Search by a JSBN or an e-mail address';

/** A condition no entry meets: a search for a JSBN or an e-mail the registry does not know. */
const NOTHING = sql`false`;

/**
 * The entries a search `q` asks for: a JSBN's book (its own entries), or an e-mail's accounts —
 * the entries they wrote, and those about the accounts and their publisher or library. The JSBN
 * and the e-mail are looked up by their unique indexes first, so the record itself is read only
 * through its subject and actor indexes, newest first and a page at a time.
 * @throws AppError 400 naming `q` when it is neither a JSBN nor an e-mail address
 */
async function searchCondition(db: DbOrTx, q: string): Promise<SQL> {
  if (q.includes('@')) {
    const found = await db
      .select({ account: accounts.id, publisher: publishers.id, library: libraries.id })
      .from(accounts)
      .leftJoin(publishers, eq(publishers.account_id, accounts.id))
      .leftJoin(libraries, eq(libraries.account_id, accounts.id))
      .where(eq(accounts.email, q.toLowerCase()));
    const ids = (key: 'account' | 'publisher' | 'library') => found.map((row) => row[key]).filter((id): id is number => id !== null);
    const about = (type: 'account' | 'publisher' | 'library') =>
      ids(type).length ? and(eq(audit_log.subject_type, type), inArray(audit_log.subject_id, ids(type))) : undefined;
    if (!found.length) return NOTHING;
    return or(inArray(audit_log.actor_account_id, ids('account')), about('account'), about('publisher'), about('library'))!;
  }
  const jsbn = normalizeJsbn(q);
  if (!jsbn) throw validationError([{ field: 'q', message: SEARCH_MESSAGE }]);
  const [book] = await db.select({ id: books.id }).from(books).where(eq(books.jsbn_number, jsbn));
  return book ? and(eq(audit_log.subject_type, 'book'), eq(audit_log.subject_id, book.id))! : NOTHING;
}

/**
 * The conditions of the operators' filters (without the cursor).
 * @throws AppError 400 for a day that does not exist, `to` before `from`, or a search that is
 *   neither a JSBN nor an e-mail address
 */
async function filtersOf(db: DbOrTx, query: Omit<HistoryQuery, 'cursor' | 'limit'>): Promise<SQL[]> {
  const conditions: SQL[] = [];
  if (query.q) conditions.push(await searchCondition(db, query.q));
  if (query.subjectType) conditions.push(eq(audit_log.subject_type, query.subjectType));
  if (query.subjectId) conditions.push(eq(audit_log.subject_id, query.subjectId));
  if (query.actor) conditions.push(eq(audit_log.actor_account_id, query.actor));
  if (query.action?.trim()) conditions.push(eq(audit_log.action, query.action.trim()));
  const from = query.from ? dayStart(query.from, 'from') : null;
  const to = query.to ? new Date(dayStart(query.to, 'to').getTime() + DAY_MS) : null;
  if (from && to && to <= from) throw validationError([{ field: 'to', message: 'To must not be before From' }]);
  if (from) conditions.push(gte(audit_log.at, from));
  if (to) conditions.push(lt(audit_log.at, to));
  return conditions;
}

/**
 * A page of the record for the operators, newest first: entries older than `cursor` meeting
 * the filters, at most `limit`; `nextCursor` asks for the next page (null on the last).
 * @throws AppError 400 as `filtersOf`
 */
export async function historyPage(
  ctx: AppContext,
  query: HistoryQuery,
  lng: InterfaceLanguage = 'en',
): Promise<{ entries: HistoryEntry[]; nextCursor: number | null }> {
  const conditions = await filtersOf(ctx.db, query);
  if (query.cursor) conditions.push(lt(audit_log.id, query.cursor));
  const found = await entries(ctx.db, and(...conditions), query.limit + 1, true, lng);
  const page = found.slice(0, query.limit);
  return { entries: page, nextCursor: found.length > query.limit ? page.at(-1)!.id : null };
}

/** Entries read at a time for the CSV. */
const CSV_PAGE = 1_000;

/**
 * The CSV's columns, in order: `before` and `after` as a reader reads them (record-text.ts, in
 * the asker's language), `before_raw` and `after_raw` as the record keeps them (codes, ids,
 * file names: for an operator matching them with the database).
 */
export const CSV_COLUMNS = [
  'at',
  'role',
  'who',
  'account',
  'subject',
  'subject_id',
  'subject_name',
  'action',
  'field',
  'before',
  'after',
  'reason',
  'before_raw',
  'after_raw',
] as const;

/** A changed value as a raw CSV cell: text as it is, a list or number as JSON, nothing as empty. */
const cell = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** A moment as the CSV writes it: DD/MM/YYYY HH:MM in India. */
const csvMoment = (iso: string) =>
  new Date(iso)
    .toLocaleString('en-GB', {
      timeZone: 'Asia/Kolkata',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    .replace(',', '');

/** The words of the CSV's readable values in `lng`. */
const csvWords = (lng: InterfaceLanguage): RecordWords => ({
  lookups: LOOKUP_CATALOGUES[lng],
  // nothing is an empty cell, not a dash
  record: { ...RECORD_CATALOGUES[lng], values: { ...RECORD_CATALOGUES[lng].values, empty: '' } },
  moment: csvMoment,
  day: (date) => date.split('-').reverse().join('/'),
});

/**
 * The record meeting the operators' filters as CSV, newest first, one row per changed field
 * (an entry without changes is one row with the field empty), read a page at a time so a long
 * record never sits in memory; the values readable in `lng` and raw (CSV_COLUMNS). UTF-8 with a
 * byte order mark: Excel then reads Gujarati and Devanagari as they are.
 * @throws AppError 400 as `historyPage` (before any byte is sent)
 */
export async function historyCsv(
  ctx: AppContext,
  query: Omit<HistoryQuery, 'cursor' | 'limit'>,
  lng: InterfaceLanguage = 'en',
): Promise<Readable> {
  const conditions = await filtersOf(ctx.db, query);
  const words = csvWords(lng);
  // a value Excel would take for a formula (=, +, -, @, a tab or a carriage return first) is written after an apostrophe
  const csv = stringify({ bom: true, header: true, columns: [...CSV_COLUMNS], escape_formulas: true });
  void (async () => {
    let cursor: number | null = null;
    for (;;) {
      const page = await entries(ctx.db, and(...conditions, cursor === null ? undefined : lt(audit_log.id, cursor)), CSV_PAGE, true, lng);
      for (const entry of page) {
        const base = {
          at: entry.at,
          role: entry.who.role,
          who: entry.who.name,
          account: entry.who.accountId ?? '',
          subject: entry.subject.type,
          subject_id: entry.subject.id,
          subject_name: entry.subject.name ?? '',
          action: entry.action,
          reason: entry.reason ?? '',
        };
        const changes = entry.changes.length ? entry.changes : [null];
        for (const change of changes) {
          const text = change ? recordChangeText(change, words) : null;
          const readable = text === null ? { before: '', after: '' } : 'summary' in text ? { before: '', after: text.summary } : text;
          const row = {
            ...base,
            field: change?.field ?? '',
            ...readable,
            before_raw: cell(change?.before),
            after_raw: cell(change?.after),
          };
          // wait while the client reads slowly: the stream's buffer stays small
          if (!csv.write(row)) await new Promise((resolve) => csv.once('drain', resolve));
        }
      }
      if (page.length < CSV_PAGE) break;
      cursor = page.at(-1)!.id;
    }
    csv.end();
  })().catch((error: unknown) => csv.destroy(error instanceof Error ? error : new Error(String(error))));
  return csv;
}
