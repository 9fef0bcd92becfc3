/**
 * Book search text and the search condition — spec books §2 'Search a Book', DESIGN §9 and
 * docs/decisions/005-search.md.
 *
 * Each book keeps two lower-cased NFC columns: `title_text` (its titles, the title in the
 * other Indic script and a plain Latin romanisation of every Indic title) and `search_text`
 * (all of that plus authors, the publisher and the JSBN). A query matches when it is a
 * substring of `search_text` (ILIKE, any script), or when its romanisation is within trigram
 * word similarity 0.5 of some stretch of `search_text` (`<%`, a small misspelling), or when it
 * is a JSBN. Both operators use the GIN trigram index; the bare `%` operator is never used.
 * The similarity threshold is FUZZY_THRESHOLD (0.5), set per search transaction.
 * Rows are ranked by how well the query matches the titles, then the whole text.
 */
import sanscriptModule from '@indic-transliteration/sanscript';
import { eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { formatJsbn, normalizeJsbn } from '@jsbn/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { books } from '../../db/schema.js';
import { containsPattern } from '../../lib/pagination.js';

/** Sanscript is CommonJS: its object is the module itself or its `default`, depending on the loader. */
type Transliterator = { t(data: string, from: string, to: string): string };
const Sanscript: Transliterator =
  (sanscriptModule as unknown as { default?: Transliterator }).default ?? (sanscriptModule as unknown as Transliterator);

/** Bump when the recipe of `search_text`/`title_text` changes: older rows are re-indexed at start. */
export const SEARCH_VERSION = 2;

const GUJARATI = /\p{Script=Gujarati}/u;
const DEVANAGARI = /\p{Script=Devanagari}/u;
const INDIC_RUN = /[\p{Script=Gujarati}\p{Script=Devanagari}][\p{Script=Gujarati}\p{Script=Devanagari}\p{M}\u200c\u200d]*/gu;

/** IAST letters → what people type on an English keyboard (kṣ → ksh, c → ch, ṃ → n …). */
const LOOSE: [RegExp, string][] = [
  [/c(?!h)/g, 'ch'],
  [/[śṣ]/g, 'sh'],
  [/[ṛṝ]/g, 'ri'],
  [/ḷ/g, 'lri'],
  [/[ṃṁ](?=[pbm])/g, 'm'],
  [/[ṃṁñṅṇ]/g, 'n'],
  [/ṭ/g, 't'],
  [/ḍ/g, 'd'],
  [/ḥ/g, 'h'],
  [/ā/g, 'a'],
  [/ī/g, 'i'],
  [/ū/g, 'u'],
];

/**
 * A plain Latin key of `value`: Gujarati and Devanagari runs romanised (IAST through
 * Sanscript), IAST and other diacritics reduced to ASCII the way people type them, lower case.
 * `'કલ્પસૂત્ર'` → `'kalpasutra'`, `'तत्त्वार्थ'` → `'tattvartha'`, `'Śrī'` → `'shri'`.
 */
export function latinKey(value: string): string {
  let text = value.normalize('NFC').toLowerCase();
  text = text.replace(INDIC_RUN, (run) => Sanscript.t(run, GUJARATI.test(run) ? 'gujarati' : 'devanagari', 'iast'));
  for (const [pattern, replacement] of LOOSE) text = text.replace(pattern, replacement);
  return text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/** `value` in the other Indic script (Gujarati ↔ Devanagari), or null when it has neither. */
export function otherScript(value: string): string | null {
  if (GUJARATI.test(value)) return Sanscript.t(value, 'gujarati', 'devanagari');
  if (DEVANAGARI.test(value)) return Sanscript.t(value, 'devanagari', 'gujarati');
  return null;
}

const hasIndic = (value: string) => GUJARATI.test(value) || DEVANAGARI.test(value);

/** Lower-cased NFC text of `parts`, joined with a separator no query contains. */
function joined(parts: (string | null | undefined)[]): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const part of parts) {
    const value = part?.normalize('NFC').trim().toLowerCase();
    if (value && !seen.has(value)) {
      seen.add(value);
      kept.push(value);
    }
  }
  return kept.join(' \u2022 ');
}

/** The titles of a book in every form the search matches. */
function titleForms(titles: (string | null | undefined)[]): (string | null)[] {
  const present = titles.filter((title): title is string => Boolean(title));
  return [
    ...present,
    ...present.map((title) => (hasIndic(title) ? otherScript(title) : null)),
    ...present.map((title) => latinKey(title)),
  ];
}

export interface SearchSource {
  book_title: string;
  book_e_title: string;
  alternate_title?: string | null;
  book_alt_subtitle?: string | null;
  authors: string[];
  publisher_name: string;
  /** Canonical JSBN (11 characters). */
  jsbn: string;
}

/** `title_text` and `search_text` of a book (SEARCH_VERSION). */
export function searchColumnsOf(source: SearchSource): { title_text: string; search_text: string; search_version: number } {
  const titles = titleForms([source.book_title, source.book_e_title, source.alternate_title]);
  return {
    title_text: joined(titles),
    search_text: joined([
      ...titles,
      ...titleForms([source.book_alt_subtitle]),
      ...source.authors,
      ...source.authors.filter(hasIndic).map(latinKey),
      source.publisher_name,
      latinKey(source.publisher_name),
      source.jsbn,
      formatJsbn(source.jsbn),
    ]),
    search_version: SEARCH_VERSION,
  };
}

/** The JSBN condition for what a user typed: a whole JSBN exactly, or a prefix of one. */
export function jsbnCondition(input: string): SQL | undefined {
  const whole = normalizeJsbn(input);
  if (whole) return eq(books.jsbn_number, whole);
  const compact = input.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z0-9]{3,11}$/.test(compact) && /\d/.test(compact) ? ilike(books.jsbn_number, `${compact}%`) : undefined;
}

/** Shortest query (characters of its Latin key) that also matches by trigram similarity. */
const FUZZY_MIN_LENGTH = 4;

/**
 * Word similarity from which a query matches by trigrams (`<%`). pg_trgm's default 0.6 misses
 * one dropped vowel in a long word ('kalpsutra' ~ 'kalpasutram' is 0.54); `withSearchThreshold`
 * sets this for the search's transaction.
 */
export const FUZZY_THRESHOLD = 0.5;

/**
 * Runs `work` in a transaction whose `pg_trgm.word_similarity_threshold` is FUZZY_THRESHOLD
 * (`set_config(…, true)` lasts until the transaction ends; works on PGlite and PostgreSQL).
 */
export async function withSearchThreshold<T>(db: Db, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`);
    return work(tx);
  });
}

/**
 * The WHERE condition and the rank (higher is better) of a free-text query.
 * @param query what the user typed (any script, any case)
 */
export function textSearch(query: string): { where: SQL; rank: SQL } {
  const raw = query.normalize('NFC').trim().toLowerCase();
  const whole = normalizeJsbn(query);
  if (whole) return { where: eq(books.jsbn_number, whole), rank: sql`1` };
  const latin = latinKey(raw);
  const patterns = [...new Set([raw, latin])].map(containsPattern);
  const contains = or(...patterns.map((pattern) => ilike(books.search_text, pattern)))!;
  const inTitle = or(...patterns.map((pattern) => ilike(books.title_text, pattern)))!;
  const jsbn = jsbnCondition(query);
  // a JSBN fragment is matched exactly (its digits would look alike to the trigram measure)
  const fuzzy = !jsbn && latin.replace(/[^a-z0-9]/g, '').length >= FUZZY_MIN_LENGTH ? sql`${latin} <% ${books.search_text}` : undefined;
  const where = or(contains, fuzzy, jsbn)!;
  const rank = sql`(
    ${jsbn ? sql`case when ${jsbn} then 10 else 0 end` : sql`0`}
    + case when ${inTitle} then 2 else 0 end
    + case when ${contains} then 1 else 0 end
    + 2 * word_similarity(${latin}, ${books.title_text})
    + strict_word_similarity(${latin}, ${books.title_text})
    + word_similarity(${latin}, ${books.search_text})
    + ${raw === latin ? sql`0` : sql`word_similarity(${raw}, ${books.title_text})`}
  )`;
  return { where, rank };
}
