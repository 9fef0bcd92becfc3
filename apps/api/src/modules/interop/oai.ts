/**
 * The OAI-PMH 2.0 repository (www.openarchives.org/OAI/openarchivesprotocol.html; decision
 * 034): harvesting the whole catalogue, as Koha's OAI harvester and any HTTP::OAI client do.
 *
 * - The six verbs; formats `oai_dc`, `marcxml` and `marc21` (the same MARC21 slim record, named
 *   as Koha's own repository names it — decision 018's mapping).
 * - Identifiers `oai:<host of PUBLIC_URL>:<JSBN>`; the datestamp is the book's change time
 *   (`updated_at`) to the second; `from`/`until` at second or day granularity.
 * - Sets: `publisher:<publisher_no>` and `language:<MARC code>` (guj, hin, san …).
 * - Lists page by keyset on (updated_at, id) (index `books_changed_idx`, migration 0021), never
 *   by offset: a token holds the last change time and id delivered, so a page costs one index
 *   range at any depth, and a book changed during a harvest moves past the cursor and comes
 *   again later in the same harvest instead of shifting the pages (no record lost or repeated
 *   by an offset).
 * - `deletedRecord` persistent: a JSBN is never reused; a withdrawn book (or a suspended
 *   publisher's) is a deleted header from then on (`WITHDRAWN`, decision 043).
 * - Every error is the protocol's `<error code>` with HTTP 200.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { LANGUAGES, formatJsbn, normalizeJsbn } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { books, publishers } from '../../db/schema.js';
import { languageCodes, marcRecords, marcXmlRecord } from '../books/marc.js';
import { bookPageUrl } from '../books/qr.js';
import { booksByIds } from '../books/book-reads.js';
import { VISIBLE_BOOK } from '../books/visibility.js';
import { DC_NAMESPACE, dublinCore, xmlText } from './xml.js';

const OAI_NAMESPACE = 'http://www.openarchives.org/OAI/2.0/';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** Records a ListRecords page holds, and headers a ListIdentifiers page holds. */
export const RECORDS_PAGE = 100;
export const IDENTIFIERS_PAGE = 500;

/** The metadata formats, by prefix. */
const FORMATS = {
  oai_dc: { schema: 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd', namespace: 'http://www.openarchives.org/OAI/2.0/oai_dc/' },
  marcxml: { schema: 'http://www.loc.gov/standards/marcxml/schema/MARC21slim.xsd', namespace: 'http://www.loc.gov/MARC21/slim' },
  marc21: { schema: 'http://www.loc.gov/standards/marcxml/schema/MARC21slim.xsd', namespace: 'http://www.loc.gov/MARC21/slim' },
} as const;
type Prefix = keyof typeof FORMATS;
const isPrefix = (value: string | undefined): value is Prefix => value !== undefined && Object.hasOwn(FORMATS, value);

/**
 * Whether a book is gone from the catalogue (a deleted header, `deletedRecord` persistent):
 * withdrawn, or its publisher suspended (decision 043). Withdrawing, reinstating, suspending
 * and lifting a suspension all move the books' change time, so an incremental harvest sees each.
 */
export const WITHDRAWN: SQL<boolean> = sql<boolean>`(not ${VISIBLE_BOOK})`;

/** The arguments each verb takes: required, optional; `resumptionToken` is exclusive. */
const VERBS: Record<string, { required: string[]; optional: string[]; exclusive?: string }> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ['identifier'] },
  ListSets: { required: [], optional: [], exclusive: 'resumptionToken' },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [] },
  ListIdentifiers: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  ListRecords: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
};

/** An OAI-PMH error condition (section 3.6), answered as `<error code>` with status 200. */
export class OaiError extends Error {
  constructor(
    readonly code:
      | 'badArgument'
      | 'badVerb'
      | 'badResumptionToken'
      | 'cannotDisseminateFormat'
      | 'idDoesNotExist'
      | 'noRecordsMatch'
      | 'noMetadataFormats'
      | 'noSetHierarchy',
    message: string,
  ) {
    super(message);
  }
}

/** The request's arguments: each name with all its values (a repeated argument is badArgument). */
export type OaiArguments = Record<string, string[]>;

/** UTC `YYYY-MM-DDThh:mm:ssZ` of `date` (second granularity). */
const utc = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

/**
 * A `from`/`until` argument as a time, at second (`…Thh:mm:ssZ`) or day granularity; `until`
 * of a day or a second includes all of it (the change times have microseconds).
 * @returns the bound: `from` → the first instant, `until` → the first instant after
 */
function dateArgument(name: 'from' | 'until', value: string): { at: Date; granularity: 'day' | 'second' } {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const second = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value);
  const at = new Date(day ? `${value}T00:00:00Z` : value);
  // a real date and time: 2026-02-30 or 25:00:00 read back differently
  if ((!day && !second) || Number.isNaN(at.getTime()) || (day ? at.toISOString().slice(0, 10) : utc(at)) !== value) {
    throw new OaiError('badArgument', `${name} must be a date YYYY-MM-DD or a UTC time YYYY-MM-DDThh:mm:ssZ, not '${value}'`);
  }
  if (name === 'until') at.setTime(at.getTime() + (day ? 86_400_000 : 1000));
  return { at, granularity: day ? 'day' : 'second' };
}

/** What a list asks for, carried from page to page in the resumption token. */
interface ListState {
  prefix: Prefix;
  set: string | null;
  /** Bounds as ISO times (`from` inclusive, `until` exclusive). */
  from: string | null;
  until: string | null;
  /** The keyset of the last record delivered: its change time as PostgreSQL prints it, and id. */
  after: [string, number] | null;
  /** Records delivered before this page, and the size of the list when it began. */
  cursor: number;
  total: number;
}

/** What a token's signature covers besides its state: a key of its own for this use of the secret. */
const TOKEN_CONTEXT = 'oai-resumption-token:';

/** The HMAC-SHA256 of `payload` by the site's signing secret (FILE_SIGNING_SECRET), base64url. */
const signatureOf = (ctx: AppContext, payload: string) =>
  createHmac('sha256', ctx.secrets.fileSigningSecret)
    .update(TOKEN_CONTEXT + payload)
    .digest('base64url');

/**
 * The token of `state`: base64url JSON and its HMAC-SHA256 (`<state>.<signature>`), opaque to the
 * harvester. Signed, so a token is always one this repository issued: a forged date or id never
 * reaches the database (decision 064).
 */
function tokenOf(ctx: AppContext, state: ListState): string {
  const payload = Buffer.from(
    JSON.stringify([1, state.prefix, state.set, state.from, state.until, state.after, state.cursor, state.total]),
  ).toString('base64url');
  return `${payload}.${signatureOf(ctx, payload)}`;
}

/** A time a token may carry: null, or an ISO time of the years 1000–9999 that reads back the same. */
const isTokenTime = (value: unknown) =>
  value === null || (typeof value === 'string' && /^[1-9]\d{3}-\d{2}-\d{2}[T ]/.test(value) && !Number.isNaN(new Date(value).getTime()));

/**
 * The state a token carries, its signature checked first and then every field.
 * @throws OaiError badResumptionToken when it is not one of this repository's
 */
function stateOf(ctx: AppContext, token: string): ListState {
  const bad = new OaiError('badResumptionToken', 'The resumption token is not valid: start the list again');
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) throw bad;
  const expected = Buffer.from(signatureOf(ctx, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw bad;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw bad;
  }
  if (!Array.isArray(parts) || parts.length !== 8 || parts[0] !== 1) throw bad;
  const [, prefix, set, from, until, after, cursor, total] = parts as unknown[];
  const validAfter =
    after === null ||
    (Array.isArray(after) &&
      after.length === 2 &&
      isTokenTime(after[0]) &&
      Number.isSafeInteger(after[1]) &&
      (after[1] as number) > 0 &&
      (after[1] as number) <= 2_147_483_647);
  if (!isPrefix(prefix as string) || !(set === null || typeof set === 'string') || !isTokenTime(from) || !isTokenTime(until) || !validAfter)
    throw bad;
  if (!Number.isSafeInteger(cursor) || !Number.isSafeInteger(total) || (cursor as number) < 0) throw bad;
  return {
    prefix: prefix as Prefix,
    set: set,
    from: from as string | null,
    until: until as string | null,
    after: after as [string, number] | null,
    cursor: cursor as number,
    total: total as number,
  };
}

/** The stored `language` values (ids and names) of the books whose languages include MARC code `code`. */
function languageValues(code: string): string[] {
  return LANGUAGES.filter((language) => languageCodes(language.language_name).includes(code)).flatMap((language) => [
    String(language.id),
    language.language_name,
  ]);
}

/** The MARC codes a language set may name. */
const LANGUAGE_SET_CODES = [...new Set(LANGUAGES.flatMap((language) => languageCodes(language.language_name)))].filter(
  (code) => code !== 'und',
);

/** A set's condition on books, or null when no such set exists (the list is then empty: noRecordsMatch). */
async function setCondition(ctx: AppContext, set: string): Promise<SQL | null> {
  const [kind, value] = [set.slice(0, set.indexOf(':')), set.slice(set.indexOf(':') + 1)];
  if (kind === 'publisher') {
    const [publisher] = await ctx.db
      .select({ id: publishers.id })
      .from(publishers)
      .where(eq(publishers.publisher_no, value.toUpperCase()))
      .limit(1);
    return publisher ? eq(books.publisher_id, publisher.id) : null;
  }
  if (kind === 'language' && LANGUAGE_SET_CODES.includes(value)) return inArray(books.language, languageValues(value));
  return null;
}

/** The repository's host, which identifiers name. */
const hostOf = (ctx: AppContext) => new URL(ctx.config.publicUrl).hostname;
const identifierOf = (ctx: AppContext, jsbn: string) => `oai:${hostOf(ctx)}:${formatJsbn(jsbn)}`;

/** The JSBN an identifier names, or null when it is not one of this repository's. */
function jsbnOfIdentifier(ctx: AppContext, identifier: string): string | null {
  const prefix = `oai:${hostOf(ctx)}:`;
  return identifier.startsWith(prefix) ? normalizeJsbn(identifier.slice(prefix.length)) : null;
}

/** A book row as lists read it. */
interface HeaderRow {
  id: number;
  jsbn: string;
  changed: Date;
  /** The change time as PostgreSQL prints it (microseconds kept, for the keyset). */
  changedText: string;
  publisherNo: string;
  language: string;
  withdrawn: boolean;
}

const headerColumns = {
  id: books.id,
  jsbn: books.jsbn_number,
  changed: books.updated_at,
  changedText: sql<string>`${books.updated_at}::text`,
  publisherNo: publishers.publisher_no,
  language: books.language,
  withdrawn: WITHDRAWN,
};

/** The `<header>` of a book: identifier, datestamp, its sets; `status="deleted"` when withdrawn. */
function headerXml(ctx: AppContext, row: HeaderRow): string {
  const sets = [
    `publisher:${row.publisherNo}`,
    ...languageCodes(row.language)
      .filter((code) => code !== 'und')
      .map((code) => `language:${code}`),
  ];
  return `<header${row.withdrawn ? ' status="deleted"' : ''}><identifier>${xmlText(identifierOf(ctx, row.jsbn))}</identifier><datestamp>${utc(row.changed)}</datestamp>${sets
    .map((set) => `<setSpec>${xmlText(set)}</setSpec>`)
    .join('')}</header>`;
}

/** The `<metadata>` of each book of `rows` in `prefix` (withdrawn books have none), by id. */
async function metadataOf(ctx: AppContext, rows: HeaderRow[], prefix: Prefix): Promise<Map<number, string>> {
  const ids = rows.filter((row) => !row.withdrawn).map((row) => row.id);
  if (ids.length === 0) return new Map();
  const found = await booksByIds(ctx, ids);
  if (prefix === 'oai_dc') {
    return new Map(
      found.map((book) => [
        book.id,
        `<oai_dc:dc xmlns:oai_dc="${FORMATS.oai_dc.namespace}" xmlns:dc="${DC_NAMESPACE}" xmlns:xsi="${XSI}" xsi:schemaLocation="${FORMATS.oai_dc.namespace} ${FORMATS.oai_dc.schema}">${dublinCore(book, bookPageUrl(ctx.config.publicUrl, book.jsbn_number))}</oai_dc:dc>`,
      ]),
    );
  }
  const records = await marcRecords(ctx, found);
  return new Map(found.map((book, index) => [book.id, marcXmlRecord(records[index]!)]));
}

/** A `<record>` of OAI-PMH: header and, unless withdrawn, metadata. */
const recordXml = (ctx: AppContext, row: HeaderRow, metadata: string | undefined) =>
  `<record>${headerXml(ctx, row)}${metadata ? `<metadata>${metadata}</metadata>` : ''}</record>`;

/** The arguments after checking them against the verb. @throws OaiError badVerb, badArgument */
function checkedArguments(args: OaiArguments): { verb: string; values: Record<string, string> } {
  const verbs = args.verb ?? [];
  if (verbs.length !== 1 || !Object.hasOwn(VERBS, verbs[0]!)) {
    throw new OaiError(
      'badVerb',
      verbs.length === 0
        ? 'The verb argument is missing'
        : verbs.length > 1
          ? 'The verb argument is repeated'
          : `'${verbs[0]}' is not an OAI-PMH verb`,
    );
  }
  const verb = verbs[0]!;
  const rule = VERBS[verb]!;
  const values: Record<string, string> = {};
  for (const [name, given] of Object.entries(args)) {
    if (name === 'verb') continue;
    if (!rule.required.includes(name) && !rule.optional.includes(name) && rule.exclusive !== name)
      throw new OaiError('badArgument', `${verb} takes no argument '${name}'`);
    if (given.length !== 1) throw new OaiError('badArgument', `The argument '${name}' is repeated`);
    values[name] = given[0]!;
  }
  if (rule.exclusive && values[rule.exclusive] !== undefined) {
    if (Object.keys(values).length > 1)
      throw new OaiError('badArgument', `${rule.exclusive} is an exclusive argument: send it alone with the verb`);
    return { verb, values };
  }
  const missing = rule.required.find((name) => values[name] === undefined);
  if (missing) throw new OaiError('badArgument', `${verb} needs the argument '${missing}'`);
  return { verb, values };
}

/**
 * The books after `after` (a change time as PostgreSQL prints it, and an id) in a list's order:
 * a row comparison, which is one range of the index (updated_at, id) from the last record on.
 * Written as `updated_at > t or (updated_at = t and id > n)` it was no index condition at all:
 * each page read the index from the list's start (a catalogue imported in one transaction
 * shares one change time; 500,000 records deep a page took 2.6 s).
 */
export const changedAfter = (after: [string, number]): SQL =>
  sql`(${books.updated_at}, ${books.id}) > (${after[0]}::timestamptz, ${after[1]}::int)`;

/** The header and the rows of a list page. */
async function listPage(ctx: AppContext, state: ListState, size: number): Promise<HeaderRow[]> {
  const conditions: (SQL | undefined)[] = [
    state.from ? gte(books.updated_at, new Date(state.from)) : undefined,
    state.until ? lt(books.updated_at, new Date(state.until)) : undefined,
    state.after ? changedAfter(state.after) : undefined,
  ];
  if (state.set) {
    const condition = await setCondition(ctx, state.set);
    if (!condition) return [];
    conditions.push(condition);
  }
  return ctx.db
    .select(headerColumns)
    .from(books)
    .innerJoin(publishers, eq(publishers.id, books.publisher_id))
    .where(and(...conditions))
    .orderBy(asc(books.updated_at), asc(books.id))
    .limit(size);
}

/** How many books a new list holds: the publishers' counts for the whole catalogue (kept by triggers, migration 0017), else a count. */
async function listSize(ctx: AppContext, state: ListState): Promise<number> {
  if (!state.set && !state.from && !state.until) {
    const [all] = await ctx.db.select({ n: sql<number>`coalesce(sum(${publishers.book_count}), 0)`.mapWith(Number) }).from(publishers);
    return all?.n ?? 0;
  }
  const condition = state.set ? await setCondition(ctx, state.set) : undefined;
  if (condition === null) return 0;
  const [counted] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(books)
    .where(
      and(
        state.from ? gte(books.updated_at, new Date(state.from)) : undefined,
        state.until ? lt(books.updated_at, new Date(state.until)) : undefined,
        condition,
      ),
    );
  return counted?.n ?? 0;
}

/** ListIdentifiers and ListRecords: a page, and the resumption token of the next (empty on the last page of a resumed list). */
async function list(ctx: AppContext, verb: 'ListIdentifiers' | 'ListRecords', values: Record<string, string>): Promise<string> {
  let state: ListState;
  if (values.resumptionToken !== undefined) {
    state = stateOf(ctx, values.resumptionToken);
  } else {
    if (!isPrefix(values.metadataPrefix))
      throw new OaiError('cannotDisseminateFormat', `The format '${values.metadataPrefix}' is not offered: oai_dc, marcxml or marc21`);
    const from = values.from !== undefined ? dateArgument('from', values.from) : null;
    const until = values.until !== undefined ? dateArgument('until', values.until) : null;
    if (from && until && from.granularity !== until.granularity)
      throw new OaiError('badArgument', 'from and until must have the same granularity');
    if (from && until && from.at >= until.at) throw new OaiError('noRecordsMatch', 'No book changed between from and until');
    state = {
      prefix: values.metadataPrefix,
      set: values.set ?? null,
      from: from?.at.toISOString() ?? null,
      until: until?.at.toISOString() ?? null,
      after: null,
      cursor: 0,
      total: 0,
    };
    state.total = await listSize(ctx, state);
  }
  const size = verb === 'ListRecords' ? RECORDS_PAGE : IDENTIFIERS_PAGE;
  // one more than a page: whether another page follows
  const rows = await listPage(ctx, state, size + 1);
  const page = rows.slice(0, size);
  if (page.length === 0 && state.cursor === 0) throw new OaiError('noRecordsMatch', 'No book matches these arguments');
  const last = page.at(-1);
  const delivered = state.cursor + page.length;
  const more = rows.length > size && last;
  // a list grows while it is harvested (books changed meanwhile come again at its end)
  const total = Math.max(state.total, delivered + (more ? 1 : 0));
  const token = more
    ? `<resumptionToken completeListSize="${total}" cursor="${state.cursor}">${tokenOf(ctx, { ...state, after: [last.changedText, last.id], cursor: delivered, total })}</resumptionToken>`
    : values.resumptionToken !== undefined
      ? `<resumptionToken completeListSize="${total}" cursor="${state.cursor}"/>`
      : '';
  if (verb === 'ListIdentifiers') return `<ListIdentifiers>${page.map((row) => headerXml(ctx, row)).join('')}${token}</ListIdentifiers>`;
  const metadata = await metadataOf(ctx, page, state.prefix);
  return `<ListRecords>${page.map((row) => recordXml(ctx, row, metadata.get(row.id))).join('')}${token}</ListRecords>`;
}

/** The book an identifier names. @throws OaiError idDoesNotExist */
async function bookOfIdentifier(ctx: AppContext, identifier: string): Promise<HeaderRow> {
  const jsbn = jsbnOfIdentifier(ctx, identifier);
  const [row] = jsbn
    ? await ctx.db
        .select(headerColumns)
        .from(books)
        .innerJoin(publishers, eq(publishers.id, books.publisher_id))
        .where(eq(books.jsbn_number, jsbn))
        .limit(1)
    : [];
  if (!row) throw new OaiError('idDoesNotExist', `No book has the identifier '${identifier}'`);
  return row;
}

/** Identify: the repository's name, base URL, earliest datestamp, deleted records kept, second granularity, identifier scheme. */
async function identify(ctx: AppContext, baseUrl: string): Promise<string> {
  const [earliest] = await ctx.db.select({ at: books.updated_at }).from(books).orderBy(asc(books.updated_at), asc(books.id)).limit(1);
  const host = hostOf(ctx);
  return (
    `<Identify><repositoryName>JSBN — Jain Standard Book Numbers</repositoryName><baseURL>${xmlText(baseUrl)}</baseURL><protocolVersion>2.0</protocolVersion>` +
    `<adminEmail>${xmlText(ctx.config.SUPPORT_EMAIL)}</adminEmail><earliestDatestamp>${utc(earliest?.at ?? new Date(0))}</earliestDatestamp>` +
    `<deletedRecord>persistent</deletedRecord><granularity>YYYY-MM-DDThh:mm:ssZ</granularity>` +
    `<description><oai-identifier xmlns="http://www.openarchives.org/OAI/2.0/oai-identifier" xmlns:xsi="${XSI}" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai-identifier http://www.openarchives.org/OAI/2.0/oai-identifier.xsd">` +
    `<scheme>oai</scheme><repositoryIdentifier>${xmlText(host)}</repositoryIdentifier><delimiter>:</delimiter><sampleIdentifier>oai:${xmlText(host)}:AHMJS-00001-Z</sampleIdentifier></oai-identifier></description></Identify>`
  );
}

/** ListSets: every publisher with a book (`publisher:<publisher_no>`) and every language (`language:<code>`). */
async function listSets(ctx: AppContext): Promise<string> {
  const rows = await ctx.db
    .select({ no: publishers.publisher_no, name: publishers.publisher_name })
    .from(publishers)
    .where(gt(publishers.book_count, 0))
    .orderBy(asc(publishers.publisher_no));
  const languageName = (code: string) =>
    LANGUAGES.find((language) => languageCodes(language.language_name).join() === code)?.language_name ?? code;
  return `<ListSets>${rows.map((row) => `<set><setSpec>publisher:${xmlText(row.no)}</setSpec><setName>${xmlText(row.name)}</setName></set>`).join('')}${LANGUAGE_SET_CODES.map(
    (code) => `<set><setSpec>language:${code}</setSpec><setName>${xmlText(languageName(code))}</setName></set>`,
  ).join('')}</ListSets>`;
}

/**
 * Answers an OAI-PMH request (GET query or form POST) with the whole XML document.
 * @param args every argument with all its values
 * @param baseUrl the repository's base URL (`PUBLIC_URL/oai`)
 */
export async function answerOai(ctx: AppContext, args: OaiArguments, baseUrl: string): Promise<string> {
  const head = `<?xml version="1.0" encoding="UTF-8"?>\n<OAI-PMH xmlns="${OAI_NAMESPACE}" xmlns:xsi="${XSI}" xsi:schemaLocation="${OAI_NAMESPACE} http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd"><responseDate>${utc(ctx.clock())}</responseDate>`;
  let checked: { verb: string; values: Record<string, string> } | null = null;
  try {
    checked = checkedArguments(args);
    const { verb, values } = checked;
    const request = `<request verb="${verb}"${Object.entries(values)
      .map(([name, value]) => ` ${name}="${xmlText(value)}"`)
      .join('')}>${xmlText(baseUrl)}</request>`;
    let body: string;
    if (verb === 'Identify') body = await identify(ctx, baseUrl);
    else if (verb === 'ListSets') {
      if (values.resumptionToken !== undefined)
        throw new OaiError('badResumptionToken', 'ListSets is answered whole: it has no resumption token');
      body = await listSets(ctx);
    } else if (verb === 'ListMetadataFormats') {
      if (values.identifier !== undefined) await bookOfIdentifier(ctx, values.identifier);
      body = `<ListMetadataFormats>${Object.entries(FORMATS)
        .map(
          ([prefix, format]) =>
            `<metadataFormat><metadataPrefix>${prefix}</metadataPrefix><schema>${format.schema}</schema><metadataNamespace>${format.namespace}</metadataNamespace></metadataFormat>`,
        )
        .join('')}</ListMetadataFormats>`;
    } else if (verb === 'GetRecord') {
      if (!isPrefix(values.metadataPrefix))
        throw new OaiError('cannotDisseminateFormat', `The format '${values.metadataPrefix}' is not offered: oai_dc, marcxml or marc21`);
      const row = await bookOfIdentifier(ctx, values.identifier!);
      const metadata = await metadataOf(ctx, [row], values.metadataPrefix);
      body = `<GetRecord>${recordXml(ctx, row, metadata.get(row.id))}</GetRecord>`;
    } else {
      body = await list(ctx, verb as 'ListIdentifiers' | 'ListRecords', values);
    }
    return `${head}${request}${body}</OAI-PMH>\n`;
  } catch (error) {
    if (!(error instanceof OaiError)) throw error;
    // badVerb and badArgument: the request element without attributes (section 3.2)
    const plain = error.code === 'badVerb' || error.code === 'badArgument' || !checked;
    const request = plain
      ? `<request>${xmlText(baseUrl)}</request>`
      : `<request verb="${checked!.verb}"${Object.entries(checked!.values)
          .map(([name, value]) => ` ${name}="${xmlText(value)}"`)
          .join('')}>${xmlText(baseUrl)}</request>`;
    return `${head}${request}<error code="${error.code}">${xmlText(error.message)}</error></OAI-PMH>\n`;
  }
}
