/**
 * The SRU target (SRU 1.1 and 1.2, www.loc.gov/standards/sru; decision 034): what Koha's
 * Z39.50/SRU copy cataloguing (YAZ's ZOOM) asks a remote target. Operations `explain` and
 * `searchRetrieve`; queries in CQL (cql.ts) on the indexes Koha sends; records as MARC21 slim
 * (the mapping of decision 018) or Dublin Core; every problem a diagnostic in the reply
 * (`info:srw/diagnostic/1/N`), never an HTTP error. Titles, authors and 'anywhere' go through
 * the product's own search (`textQuery`, decision 012): 'kalpasutra' finds 'કલ્પસૂત્ર'.
 */
import { and, desc, eq, inArray, not, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { SUBJECTS, normalizeJsbn, type BookDto } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { book_authors, book_subjects, books, publishers } from '../../db/schema.js';
import { containsPattern } from '../../lib/pagination.js';
import { marcRecords, marcXmlRecord } from '../books/marc.js';
import { withCopies } from '../holdings/exports.js';
import { publicHoldings852, readAtBooks } from '../holdings/public.js';
import { bookPageUrl } from '../books/qr.js';
import {
  jsbnCondition,
  otherScript,
  readVocabulary,
  textQuery,
  type TextQuery,
  type Vocabulary,
  type WordPattern,
} from '../books/search.js';
import { booksByIds } from '../books/book-reads.js';
import { VISIBLE_BOOK } from '../books/visibility.js';
import { CqlSyntaxError, parseCql, type CqlNode, type CqlTerm } from './cql.js';
import { MAX_NESTING, QueryBoundError, checkQueryLength, checkQueryTree, withProtocolTimeout } from './bounds.js';
import {
  CANDIDATE_ROWS,
  RANKED_RESULTS,
  candidateRows,
  findAmongCandidates,
  findAmongTitleRows,
  newestPage,
  rankFromWordIndex,
  type FoundPage,
  type WordSource,
} from './sru-search.js';
import { DC_NAMESPACE, dublinCore, element, xmlText } from './xml.js';

/** The SRU 1.x namespace every reply is in. */
export const SRW_NAMESPACE = 'http://www.loc.gov/zing/srw/';
const DIAGNOSTIC_NAMESPACE = 'http://www.loc.gov/zing/srw/diagnostic/';
const EXPLAIN_NAMESPACE = 'http://explain.z3950.org/dtd/2.0/';

/** The versions answered; a request's version is echoed. */
const VERSIONS = ['1.1', '1.2'];
/** Records a reply holds when the request names no `maximumRecords`, and at most. */
export const DEFAULT_RECORDS = 10;
export const MAX_RECORDS = 100;

/** The record schemas, by every name a client may send. */
const SCHEMAS = {
  marcxml: { identifier: 'info:srw/schema/1/marcxml-v1.1', title: 'MARC21 slim (MARCXML)' },
  dc: { identifier: 'info:srw/schema/1/dc-v1.1', title: 'Dublin Core' },
} as const;
type SchemaName = keyof typeof SCHEMAS;
const SCHEMA_NAMES: Record<string, SchemaName> = {
  marcxml: 'marcxml',
  marc21: 'marcxml',
  'marc21-xml': 'marcxml',
  'info:srw/schema/1/marcxml-v1.1': 'marcxml',
  'info:srw/schema/1/marcxml-v1.1-light': 'marcxml',
  'http://www.loc.gov/marc21/slim': 'marcxml',
  dc: 'dc',
  'info:srw/schema/1/dc-v1.1': 'dc',
  'info:srw/schema/1/dc-schema': 'dc',
};

/** The SRU diagnostics used here (www.loc.gov/standards/sru/diagnostics/diagnosticsList.html). */
const DIAGNOSTIC_MESSAGES: Record<number, string> = {
  1: 'General system error',
  4: 'Unsupported operation',
  5: 'Unsupported version',
  6: 'Unsupported parameter value',
  7: 'Mandatory parameter not supplied',
  10: 'Query syntax error',
  12: 'Too many characters in query',
  13: 'Invalid or unsupported use of parentheses',
  16: 'Unsupported index',
  19: 'Unsupported relation',
  20: 'Unsupported relation modifier',
  23: 'Too many characters in term',
  37: 'Unsupported boolean operator',
  38: 'Too many boolean operators in query',
  61: 'First record position out of range',
  66: 'Unknown schema for retrieval',
  71: 'Unsupported record packing',
  80: 'Sort not supported',
};

/** A problem with a request, sent as an SRU diagnostic: `info:srw/diagnostic/1/<code>` with `details`. */
export class SruDiagnostic extends Error {
  constructor(
    readonly code: number,
    readonly details: string,
  ) {
    super(`${DIAGNOSTIC_MESSAGES[code] ?? 'Diagnostic'}: ${details}`);
  }
}

/** A diagnostic element (the `diag` namespace). */
function diagnosticXml(diagnostic: SruDiagnostic): string {
  return `<diag:diagnostic xmlns:diag="${DIAGNOSTIC_NAMESPACE}"><diag:uri>info:srw/diagnostic/1/${diagnostic.code}</diag:uri><diag:details>${xmlText(diagnostic.details)}</diag:details><diag:message>${xmlText(DIAGNOSTIC_MESSAGES[diagnostic.code] ?? '')}</diag:message></diag:diagnostic>`;
}

/** The indexes a query may name, each by the names Koha and YAZ use. */
type IndexKind = 'id' | 'title' | 'author' | 'subject' | 'publisher' | 'anywhere';
const INDEXES: Record<string, IndexKind> = {
  'bath.standardidentifier': 'id',
  'bath.isbn': 'id',
  'dc.identifier': 'id',
  'rec.id': 'id',
  stdid: 'id',
  isbn: 'id',
  jsbn: 'id',
  'dc.title': 'title',
  'bath.title': 'title',
  title: 'title',
  'dc.author': 'author',
  'dc.creator': 'author',
  'bath.author': 'author',
  'bath.name': 'author',
  author: 'author',
  creator: 'author',
  'dc.subject': 'subject',
  'bath.subject': 'subject',
  subject: 'subject',
  'dc.publisher': 'publisher',
  publisher: 'publisher',
  'cql.anywhere': 'anywhere',
  'cql.serverchoice': 'anywhere',
  'cql.keywords': 'anywhere',
  anywhere: 'anywhere',
  any: 'anywhere',
};

/** The relations answered; `==` is CQL 1.2's exact, `adj` a phrase (as `=`). */
const RELATIONS = new Set(['=', '==', 'exact', 'any', 'all', 'adj', '<>']);
/** Relation modifiers that change nothing here (matching is always case-insensitive and on any part of a word). */
const MODIFIERS = new Set([
  'relevant',
  'ignorecase',
  'stem',
  'masked',
  'unmasked',
  'word',
  'string',
  'ignoreaccents',
  'ignoreaccent',
  'lang',
  'fuzzy',
]);

/** What a term of the query becomes: a condition on `books`, and how well a book matches (higher first). */
interface Compiled {
  where: SQL;
  rank: SQL;
  /** About how many books match (the search's estimate; Infinity: not known), 0: none. */
  estimate: number;
  /** A query of one word alone on title or anywhere: what ranks it from the word index (sru-search.ts). */
  oneWord?: WordSource;
  /** Words of the word index one of which every matching book holds (a union); undefined: not known. */
  candidates?: WordSource[];
  /** About how many books the catalogue has (the vocabulary's figure; 0: not asked). */
  catalogue: number;
}

/** The title rank `textQuery` gives a corrected word (search.ts): a title holding any word of a corrected query earns it. */
const CORRECTION_RANK = 2;

/** Most books a newest-first reading checks before it leaves the query to the trigram index (sru-search.ts). */
const NEWEST_BUDGET = 20_000;

/** No rank (a cast, so that ORDER BY never reads it as a column position). */
const NO_RANK = sql`0::int`;
const none: Compiled = { where: sql`false`, rank: NO_RANK, estimate: 0, candidates: [], catalogue: 0 };

/** The term without CQL's masking characters: every match is on any part of a word already. */
const unmasked = (term: string) => term.replace(/\\(.)/g, '$1').replace(/[*?^]/g, ' ').replace(/\s+/g, ' ').trim();

/** A JSBN in any written form: 'JSBN 12345-00001-X', '1234500001X', 'jsbn:12345 00001 x'. */
function jsbnOf(term: string): string | null {
  return normalizeJsbn(term.trim().replace(/^(urn:)?jsbn[:\s]*/i, ''));
}

/** `field` lower-cased equals `value` lower-cased (NFC). */
const equalsLower = (field: SQL | AnyColumn, value: string) => sql`lower(${field}) = ${value.normalize('NFC').toLowerCase()}`;

/**
 * A book one of whose authors' names contains one of `forms` (lower case): a check of the
 * book's own authors (their index by book), one book at a time. `OFFSET 0` keeps PostgreSQL
 * from hashing the subquery instead — reading every author row of the catalogue (1.35 million
 * at a million books, 250 ms) to check a few thousand books.
 */
function authorNamed(forms: string[]): SQL {
  return sql`exists (select 1 from ${book_authors} where ${book_authors.book_id} = ${books.id} and (${sql.join(
    forms.map((form) => sql`lower(${book_authors.author_name}) like ${containsPattern(form)}`),
    sql` or `,
  )}) offset 0)`;
}

/** A book with a subject whose name contains `value`, or an 'other subject' that does. */
function subjectNamed(value: string): SQL {
  const lower = value.toLowerCase();
  const ids = SUBJECTS.filter((subject) => subject.subject_name.toLowerCase().includes(lower)).map((subject) => subject.id);
  return or(
    ids.length
      ? sql`exists (select 1 from ${book_subjects} where ${book_subjects.book_id} = ${books.id} and ${inArray(book_subjects.subject_id, ids)})`
      : undefined,
    sql`lower(${books.other_subject}) like ${containsPattern(lower)}`,
  )!;
}

/** A book of a publisher whose name contains `value`. */
const publisherNamed = (value: string) =>
  sql`exists (select 1 from ${publishers} where ${publishers.id} = ${books.publisher_id} and lower(${publishers.publisher_name}) like ${containsPattern(value.toLowerCase())})`;

/**
 * One word or phrase on one index (relation `=`), through the product's search where the index
 * is text (its words read from `vocabulary`, the whole query's, where it holds them).
 */
async function matchText(ctx: AppContext, kind: IndexKind, value: string, vocabulary?: Vocabulary): Promise<Compiled> {
  if (!value) return none;
  if (kind === 'id') {
    const jsbn = jsbnOf(value);
    return jsbn ? { where: eq(books.jsbn_number, jsbn), rank: NO_RANK, estimate: 1, catalogue: 0 } : none;
  }
  if (kind === 'subject') return { where: subjectNamed(value), rank: NO_RANK, estimate: Infinity, catalogue: 0 };
  if (kind === 'publisher') return { where: publisherNamed(value), rank: NO_RANK, estimate: Infinity, catalogue: 0 };
  const text = await textQuery(ctx.db, value, { vocabulary });
  if (text.estimate === 0) return none;
  const candidates = await wordSources(ctx, kind, value, text, vocabulary);
  const found = { rank: text.rank, estimate: text.estimate, catalogue: text.catalogue, ...(candidates ? { candidates } : {}) };
  // one word alone on title or anywhere: ranked from the word index (sru-search.ts)
  const oneWord = text.words && candidates && kind !== 'author' ? { oneWord: candidates[0]! } : {};
  if (kind === 'anywhere') return { where: text.where, ...found, ...oneWord };
  // the rank is above 0 only for a book whose title holds the query (decision 012's title ranks)
  // (the title first: a book read newest first is checked on its short title before its long search text)
  if (kind === 'title') return { where: and(sql`${text.rank} > 0`, text.where)!, ...found, ...oneWord };
  // an author: the name holds the query in its script or the other Indic one; a Latin query
  // also finds an Indic name through the search's romanisation when no title holds it
  const lower = value.normalize('NFC').toLowerCase();
  const forms = [lower, otherScript(lower)].filter((form): form is string => Boolean(form));
  const latin = !/[\u0900-\u0aff]/u.test(value);
  return { where: and(text.where, latin ? or(authorNamed(forms), sql`${text.rank} = 0`) : authorNamed(forms))!, ...found };
}

/** The words of a text term apart, as `wordSources` asks the search about each. */
const piecesOf = (value: string) => [...new Set(value.normalize('NFC').toLowerCase().split(/\s+/).filter(Boolean))];

/**
 * The words of the word index one of which every book matching the text term `value` (on
 * `kind`, its search `text`) holds: the query's own patterns when it is one word; for several
 * words, those of the word the fewest books hold (a match holds each word as typed, in its
 * Latin key or corrected — what `textQuery` of that word alone gives as patterns), counting
 * only title words for a title unless a word was corrected (a corrected query ranks a title
 * holding any one of its words). Undefined when not every word is one the word index knows
 * (digits, fewer than three letters, a JSBN).
 */
async function wordSources(
  ctx: AppContext,
  kind: IndexKind,
  value: string,
  text: TextQuery,
  vocabulary?: Vocabulary,
): Promise<WordSource[] | undefined> {
  if (text.words) return [{ patterns: text.words, titleOnly: kind === 'title', estimate: text.estimate }];
  if (jsbnCondition(value)) return undefined;
  const pieces = piecesOf(value);
  if (pieces.length < 2) return undefined;
  // one after another: on PostgreSQL the search runs in one transaction on one connection (decision 064)
  const texts: TextQuery[] = [];
  for (const piece of pieces) texts.push(await textQuery(ctx.db, piece, { vocabulary }));
  if (!texts.every((piece): piece is TextQuery & { words: WordPattern[] } => piece.words !== undefined)) return undefined;
  const corrected = texts.some((piece) => piece.words.some((word) => word.titleRank === CORRECTION_RANK));
  const rarest = texts.reduce((best, piece) => (piece.estimate < best.estimate ? piece : best));
  return [{ patterns: rarest.words, titleOnly: kind === 'title' && !corrected, estimate: rarest.estimate }];
}

/** The exact value of a field (`exact`, `==`): a whole title in any of its forms, a whole author name, subject or publisher. */
function matchExact(kind: IndexKind, value: string): Compiled {
  if (kind === 'id') {
    const jsbn = jsbnOf(value);
    return jsbn ? { where: eq(books.jsbn_number, jsbn), rank: NO_RANK, estimate: 1, catalogue: 0 } : none;
  }
  const lower = value.normalize('NFC').toLowerCase();
  const title = or(
    equalsLower(books.book_title, lower),
    equalsLower(books.book_e_title, lower),
    equalsLower(books.alternate_title, lower),
  )!;
  const author = sql`exists (select 1 from ${book_authors} where ${book_authors.book_id} = ${books.id} and lower(${book_authors.author_name}) = ${lower})`;
  const where = {
    title,
    author,
    anywhere: or(title, author)!,
    subject: or(
      sql`exists (select 1 from ${book_subjects} where ${book_subjects.book_id} = ${books.id} and ${inArray(book_subjects.subject_id, [
        0,
        ...SUBJECTS.filter((subject) => subject.subject_name.toLowerCase() === lower).map((subject) => subject.id),
      ])})`,
      equalsLower(books.other_subject, lower),
    )!,
    publisher: sql`exists (select 1 from ${publishers} where ${publishers.id} = ${books.publisher_id} and lower(${publishers.publisher_name}) = ${lower})`,
  }[kind];
  return { where, rank: NO_RANK, estimate: Infinity, catalogue: 0 };
}

/**
 * The texts the search clauses of `node` look up in the product's search (`matchText` and the
 * pieces of `wordSources`), so that one statement reads what the vocabulary says of all their
 * words (`readVocabulary`) instead of one a word: 16 statements for the longest query
 * accepted (decision 064). A text missed here is still looked up, by itself.
 */
function searchedTexts(node: CqlNode): string[] {
  if (node.kind === 'boolean') return [...searchedTexts(node.left), ...searchedTexts(node.right)];
  const kind = INDEXES[node.index];
  if (kind === undefined || kind === 'id' || kind === 'subject' || kind === 'publisher') return [];
  if (node.relation === 'exact' || node.relation === '==') return [];
  const value = unmasked(node.term);
  const values = node.relation === 'any' || node.relation === 'all' ? value.split(' ').filter(Boolean) : [value];
  return values.flatMap((text) => [text, ...piecesOf(text)]);
}

/** A search clause as a condition (its text read from `vocabulary` where it holds it). @throws SruDiagnostic 16, 19 or 20 */
async function compileTerm(ctx: AppContext, term: CqlTerm, vocabulary: Vocabulary | undefined): Promise<Compiled> {
  const kind = INDEXES[term.index];
  if (!kind) throw new SruDiagnostic(16, term.index);
  if (!RELATIONS.has(term.relation)) throw new SruDiagnostic(19, term.relation);
  const modifier = term.modifiers.find((name) => !MODIFIERS.has(name));
  if (modifier) throw new SruDiagnostic(20, modifier);
  if (term.relation === 'exact' || term.relation === '==') return matchExact(kind, term.term.trim());
  const value = kind === 'id' ? term.term : unmasked(term.term);
  if (term.relation === 'any' || term.relation === 'all') {
    // each word apart: any of them, or all of them
    const words = kind === 'id' ? value.split(/\s+/).filter(Boolean) : value.split(' ').filter(Boolean);
    const parts: Compiled[] = [];
    for (const word of words) parts.push(await matchText(ctx, kind, word, vocabulary));
    if (parts.length === 0) return none;
    if (parts.length === 1) return parts[0]!;
    const join = term.relation === 'any' ? or : and;
    const estimates = parts.map((part) => part.estimate);
    const candidates = term.relation === 'any' ? anyCandidates(parts) : allCandidates(parts);
    return {
      where: join(...parts.map((part) => part.where))!,
      rank: sql`(${sql.join(
        parts.map((part) => part.rank),
        sql` + `,
      )})`,
      estimate: term.relation === 'any' ? estimates.reduce((sum, value) => sum + value, 0) : Math.min(...estimates),
      catalogue: Math.max(...parts.map((part) => part.catalogue)),
      ...(candidates ? { candidates } : {}),
    };
  }
  const matched = await matchText(ctx, kind, value, vocabulary);
  return term.relation === '<>' ? { where: not(matched.where), rank: NO_RANK, estimate: Infinity, catalogue: matched.catalogue } : matched;
}

/** A query tree as a condition (and / or / not; `prox` is refused). @throws SruDiagnostic */
async function compile(ctx: AppContext, node: CqlNode, vocabulary: Vocabulary | undefined): Promise<Compiled> {
  if (node.kind === 'term') return compileTerm(ctx, node, vocabulary);
  if (node.operator === 'prox') throw new SruDiagnostic(37, 'prox');
  if (node.modifiers.length) throw new SruDiagnostic(37, `${node.operator}/${node.modifiers[0]}`);
  // in turn, never at once: one connection runs one statement at a time (decision 064)
  const left = await compile(ctx, node.left, vocabulary);
  const right = await compile(ctx, node.right, vocabulary);
  const catalogue = Math.max(left.catalogue, right.catalogue);
  const withCandidates = (candidates: WordSource[] | undefined) => (candidates ? { candidates } : {});
  if (node.operator === 'and') {
    return {
      where: and(left.where, right.where)!,
      rank: sql`(${left.rank} + ${right.rank})`,
      estimate: Math.min(left.estimate, right.estimate),
      catalogue,
      ...withCandidates(allCandidates([left, right])),
    };
  }
  if (node.operator === 'or') {
    return {
      where: or(left.where, right.where)!,
      rank: sql`greatest(${left.rank}, ${right.rank})`,
      estimate: left.estimate + right.estimate,
      catalogue,
      ...withCandidates(anyCandidates([left, right])),
    };
  }
  return {
    where: and(left.where, not(right.where))!,
    rank: left.rank,
    estimate: left.estimate,
    catalogue,
    ...withCandidates(left.candidates),
  };
}

/** About how many books hold a word of `candidates` (Infinity: not known). */
const candidateBooks = (candidates: WordSource[] | undefined) =>
  candidates ? candidates.reduce((sum, source) => sum + source.estimate, 0) : Infinity;

/** The candidates of a match of all of `parts`: those of the part with the fewest (a match of all is a match of each). */
function allCandidates(parts: Compiled[]): WordSource[] | undefined {
  return parts
    .map((part) => part.candidates)
    .reduce((best, candidates) => (candidateBooks(candidates) < candidateBooks(best) ? candidates : best));
}

/** The candidates of a match of any of `parts`: all of theirs, when each part has them. */
function anyCandidates(parts: Compiled[]): WordSource[] | undefined {
  return parts.every((part) => part.candidates) ? parts.flatMap((part) => part.candidates!) : undefined;
}

/** The parameters of a request, by their SRU names (GET query, form POST or the SRW SOAP body). */
export type SruParameters = Record<string, string | undefined>;

/** An SRU reply: its XML (one element, no declaration) and whether it is an explain reply. */
export interface SruReply {
  body: string;
}

/** A whole number parameter, or a diagnostic 6 naming it. */
function wholeNumber(parameters: SruParameters, name: string, fallback: number, min: number): number {
  const value = parameters[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value.trim()) || Number(value) < min) throw new SruDiagnostic(6, name);
  return Number(value);
}

/** The explain record: the server, the indexes (with the sets they belong to), the schemas and the limits. */
function explainRecord(ctx: AppContext, version: string): string {
  const url = new URL(ctx.config.publicUrl);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const index = (title: string, names: [string, string][]) =>
    `<index><title>${xmlText(title)}</title><map>${names.map(([set, name]) => `<name set="${set}">${name}</name>`).join('')}</map></index>`;
  return (
    `<explain xmlns="${EXPLAIN_NAMESPACE}">` +
    `<serverInfo protocol="SRU" version="${version}"><host>${xmlText(url.hostname)}</host><port>${port}</port><database>sru</database></serverInfo>` +
    `<databaseInfo><title lang="en" primary="true">JSBN — Jain Standard Book Numbers</title><description lang="en" primary="true">${xmlText(
      'Books published by Jain sanghs, trusts and small presses, each with its JSBN: MARC21 records for copy cataloguing.',
    )}</description></databaseInfo>` +
    `<indexInfo>` +
    `<set name="cql" identifier="info:srw/cql-context-set/1/cql-v1.2"/><set name="dc" identifier="info:srw/cql-context-set/1/dc-v1.1"/>` +
    `<set name="bath" identifier="http://zing.z3950.org/cql/bath/2.0/"/><set name="rec" identifier="info:srw/cql-context-set/2/rec-1.1"/>` +
    index('title', [
      ['dc', 'title'],
      ['bath', 'title'],
    ]) +
    index('author', [
      ['dc', 'author'],
      ['dc', 'creator'],
      ['bath', 'author'],
      ['bath', 'name'],
    ]) +
    index('subject', [
      ['dc', 'subject'],
      ['bath', 'subject'],
    ]) +
    index('publisher', [['dc', 'publisher']]) +
    index('JSBN', [
      ['bath', 'standardIdentifier'],
      ['bath', 'isbn'],
      ['dc', 'identifier'],
      ['rec', 'id'],
    ]) +
    index('anywhere', [
      ['cql', 'anywhere'],
      ['cql', 'serverChoice'],
    ]) +
    `</indexInfo>` +
    `<schemaInfo>${Object.entries(SCHEMAS)
      .map(
        ([name, schema]) =>
          `<schema identifier="${schema.identifier}" name="${name}" retrieve="true"><title>${xmlText(schema.title)}</title></schema>`,
      )
      .join('')}</schemaInfo>` +
    `<configInfo><default type="numberOfRecords">${DEFAULT_RECORDS}</default><setting type="maximumRecords">${MAX_RECORDS}</setting><default type="retrieveSchema">marcxml</default><default type="index">cql.anywhere</default><default type="relation">=</default></configInfo>` +
    `</explain>`
  );
}

/** The `explainResponse` (an explain request, or a request without parameters; `unsupportedOperation` adds diagnostic 4). */
export function explain(ctx: AppContext, parameters: SruParameters): string {
  const version = VERSIONS.includes(parameters.version ?? '') ? parameters.version! : '1.2';
  const packing = parameters.recordPacking === 'string' ? 'string' : 'xml';
  const record = explainRecord(ctx, version);
  const diagnostics = [
    ...(parameters.version && !VERSIONS.includes(parameters.version) ? [new SruDiagnostic(5, '1.2')] : []),
    ...(parameters.unsupportedOperation ? [new SruDiagnostic(4, parameters.unsupportedOperation)] : []),
  ];
  return (
    `<zs:explainResponse xmlns:zs="${SRW_NAMESPACE}">${element('zs:version', version)}` +
    `<zs:record><zs:recordSchema>${EXPLAIN_NAMESPACE}</zs:recordSchema><zs:recordPacking>${packing}</zs:recordPacking>` +
    `<zs:recordData>${packing === 'string' ? xmlText(record) : record}</zs:recordData><zs:recordPosition>1</zs:recordPosition></zs:record>` +
    (diagnostics.length ? `<zs:diagnostics>${diagnostics.map(diagnosticXml).join('')}</zs:diagnostics>` : '') +
    `</zs:explainResponse>`
  );
}

/** A searchRetrieveResponse holding only `diagnostic`. */
export function failedSearch(version: string, diagnostic: SruDiagnostic): string {
  return `<zs:searchRetrieveResponse xmlns:zs="${SRW_NAMESPACE}">${element('zs:version', version)}<zs:numberOfRecords>0</zs:numberOfRecords><zs:diagnostics>${diagnosticXml(diagnostic)}</zs:diagnostics></zs:searchRetrieveResponse>`;
}

/**
 * The books a CQL query finds, `count` of them from `offset`, and how many match: up to
 * RANKED_RESULTS matches best first (the search's rank, then newest), exactly counted; more,
 * newest first, their number an estimate (at least RANKED_RESULTS + 1 from the vocabulary, or
 * scaled from the candidates checked). Read the cheapest way the vocabulary's figures allow
 * (sru-search.ts; decision 034, 'Speed at a million books'):
 * - a query of one word on title or anywhere is ranked from the word index, as the product's
 *   search ranks it (best title match, shorter title, newest; decision 024);
 * - a query every match of which holds one of some words in its title (a title term, an `and`
 *   with one) reads those words' title rows newest first, merged, only as far as the page
 *   (decision 056);
 * - a query whose words the word index knows is checked book by book among the books holding
 *   its rarest word (at most CANDIDATE_ROWS rows of the index), or, when the page is cheaper to
 *   find so, the newest books are read first (up to a budget), whichever the estimate says is
 *   cheaper first;
 * - anything else (a subject, a publisher, `exact`, a rare match the estimate overrated) is
 *   counted up to RANKED_RESULTS + 1 through the planner's indexes, then paged.
 * With an estimate, `ceiling` is the most any page of the search may say (decision 056).
 * A query past the bounds of bounds.ts (length, clauses, words, term length, nesting) is
 * refused before any of it is read (decision 064).
 * @throws SruDiagnostic 10, 12, 13, 16, 19, 20, 23, 37, 38, 80
 */
export async function findBooks(ctx: AppContext, query: string, offset: number, count: number): Promise<FoundPage> {
  let parsed;
  try {
    checkQueryLength(query);
    parsed = parseCql(query, { maxNesting: MAX_NESTING });
    checkQueryTree(parsed.root);
  } catch (error) {
    if (error instanceof CqlSyntaxError || error instanceof QueryBoundError) throw new SruDiagnostic(error.code, error.message);
    throw error;
  }
  if (parsed.sortBy) throw new SruDiagnostic(80, 'sortby');
  // what the vocabulary says of every word of the query, in one statement
  const vocabulary = await readVocabulary(ctx.db, searchedTexts(parsed.root));
  const compiled = await compile(ctx, parsed.root, vocabulary);
  const { estimate, candidates } = compiled;
  if (estimate === 0) return { ids: [], total: 0 };
  if (compiled.oneWord) return rankFromWordIndex(ctx.db, compiled.oneWord, offset, count);
  // title candidates: their title rows newest first, merged, read as far as the page (decision 056)
  if (candidates?.length && candidates.every((source) => source.titleOnly)) {
    const found = await findAmongTitleRows(ctx.db, candidates, compiled.where, offset, count);
    if (found) return found;
  }
  // the most a page of this search may say past RANKED_RESULTS from the vocabulary (decision 056)
  const told = Number.isFinite(estimate) && estimate > RANKED_RESULTS ? Math.round(estimate) : 0;
  const page = await pageOf(ctx, compiled, offset, count);
  return { ...page, ceiling: Math.max(page.ceiling ?? 0, told) };
}

/** The page of a query that is not one word alone nor among title candidates (`findBooks`). */
async function pageOf(ctx: AppContext, compiled: Compiled, offset: number, count: number): Promise<FoundPage> {
  const { rank, estimate, candidates, catalogue } = compiled;
  // books read newest first until the page's last match, if the estimate is right: (offset + count) / density
  const newestRows = catalogue > 0 && Number.isFinite(estimate) ? ((offset + Math.max(count, 1)) * catalogue) / estimate : Infinity;
  const postings = candidates && candidates.length > 0 ? candidateRows(candidates) : Infinity;
  const tryCandidates = async () =>
    postings <= CANDIDATE_ROWS ? findAmongCandidates(ctx.db, candidates!, compiled.where, rank, offset, count) : null;
  // a row of the word index costs about an eighth of a book read and checked
  const candidatesFirst = postings / 8 < newestRows;
  if (candidatesFirst) {
    const found = await tryCandidates();
    if (found) return found;
  }
  // (an estimate that is not known — a subject, a publisher, an exact field — says nothing of how many: counted below)
  if (Number.isFinite(estimate) && estimate > RANKED_RESULTS) {
    const budget = Math.min(NEWEST_BUDGET, Math.max(2_000, Math.ceil(4 * newestRows)));
    const page = await newestPage(ctx.db, compiled.where, offset, count, budget);
    if (page) return { ids: page, total: Math.max(RANKED_RESULTS + 1, Number.isFinite(estimate) ? Math.round(estimate) : 0) };
  }
  if (!candidatesFirst) {
    const found = await tryCandidates();
    if (found) return found;
  }
  // withdrawn books and suspended publishers' leave the catalogue libraries search (decision 043)
  const where = and(compiled.where, VISIBLE_BOOK);
  const [probe] = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(
    ctx.db
      .select({ one: sql`1` })
      .from(books)
      .where(where)
      .limit(RANKED_RESULTS + 1)
      .as('probe'),
  );
  const matches = probe?.n ?? 0;
  const broad = matches > RANKED_RESULTS;
  const order = broad ? [desc(books.created_at), desc(books.id)] : [sql`${rank} desc`, desc(books.created_at), desc(books.id)];
  const rows =
    count > 0 && offset < (broad ? Infinity : matches)
      ? await ctx.db
          .select({ id: books.id })
          .from(books)
          .where(where)
          .orderBy(...order)
          .limit(count)
          .offset(offset)
      : [];
  return {
    ids: rows.map((row) => row.id),
    total: broad ? Math.max(RANKED_RESULTS + 1, Number.isFinite(estimate) ? Math.round(estimate) : 0) : matches,
  };
}

/**
 * The MARCXML records of `found`, each with an 852 per library that shows a copy of the book on
 * its shelves (decision 077): a library system reading SRU learns who holds it.
 */
async function marcWithHoldings(ctx: AppContext, found: BookDto[]): Promise<string[]> {
  // one after the other: a request's statements share its one connection (decision 064)
  const records = await marcRecords(ctx, found);
  const held = await readAtBooks(
    ctx.db,
    found.map((book) => book.id),
  );
  return records.map((record, index) => marcXmlRecord(withCopies(record, publicHoldings852(held.get(found[index]!.id) ?? []))));
}

/**
 * The `searchRetrieveResponse` of a request: the records (`recordSchema` marcxml — the
 * default — or dc; packed as XML or as an escaped string), `numberOfRecords`,
 * `nextRecordPosition` while more follow; a fatal problem as the only diagnostic.
 */
export async function searchRetrieve(ctx: AppContext, parameters: SruParameters): Promise<string> {
  const version = VERSIONS.includes(parameters.version ?? '') ? parameters.version! : '1.2';
  try {
    if (parameters.version && !VERSIONS.includes(parameters.version)) throw new SruDiagnostic(5, '1.2');
    const query = parameters.query?.trim();
    if (!query) throw new SruDiagnostic(7, 'query');
    const start = wholeNumber(parameters, 'startRecord', 1, 1);
    const maximum = Math.min(wholeNumber(parameters, 'maximumRecords', DEFAULT_RECORDS, 0), MAX_RECORDS);
    const schemaName = SCHEMA_NAMES[(parameters.recordSchema || 'marcxml').toLowerCase()];
    if (!schemaName) throw new SruDiagnostic(66, parameters.recordSchema!);
    const packing = parameters.recordPacking || 'xml';
    if (packing !== 'xml' && packing !== 'string') throw new SruDiagnostic(71, packing);
    // every statement on PostgreSQL with the protocols' timeout, on one connection (decision 064)
    const { total, data } = await withProtocolTimeout(ctx, async (bounded) => {
      const { ids, total, ceiling } = await findBooks(bounded, query, start - 1, maximum);
      // past the last match but within what another page of the search may have said (an
      // estimate): no records, the count now known — never diagnostic 61 (decision 056)
      if (total > 0 && start > Math.max(total, ceiling ?? 0) && maximum > 0) throw new SruDiagnostic(61, String(start));
      const found = ids.length ? await booksByIds(bounded, ids) : [];
      const data =
        schemaName === 'marcxml'
          ? await marcWithHoldings(bounded, found)
          : found.map(
              (book) =>
                `<srw_dc:dc xmlns:srw_dc="info:srw/schema/1/dc-schema" xmlns:dc="${DC_NAMESPACE}">${dublinCore(book, bookPageUrl(ctx.config.publicUrl, book.jsbn_number))}</srw_dc:dc>`,
            );
      return { total, data };
    });
    const records = data.map(
      (record, index) =>
        `<zs:record><zs:recordSchema>${SCHEMAS[schemaName].identifier}</zs:recordSchema><zs:recordPacking>${packing}</zs:recordPacking>` +
        `<zs:recordData>${packing === 'string' ? xmlText(record) : record}</zs:recordData><zs:recordPosition>${start + index}</zs:recordPosition></zs:record>`,
    );
    const next = start + records.length;
    return (
      `<zs:searchRetrieveResponse xmlns:zs="${SRW_NAMESPACE}">${element('zs:version', version)}${element('zs:numberOfRecords', total)}` +
      (records.length ? `<zs:records>${records.join('')}</zs:records>` : '') +
      (records.length && next <= total ? element('zs:nextRecordPosition', next) : '') +
      `</zs:searchRetrieveResponse>`
    );
  } catch (error) {
    if (error instanceof SruDiagnostic) return failedSearch(version, error);
    throw error;
  }
}
