/**
 * Book search text and the search condition — apps/web/src/lib/paths.ts 'Search a Book', decision 005 and
 * docs/decisions/005-search.md.
 *
 * Each book keeps two lower-cased NFC columns: `title_text` (its titles, the title in the
 * other Indic script and a plain Latin romanisation of every Indic title) and `search_text`
 * (all of that plus authors, the publisher and the JSBN). The words of every `search_text`
 * are counted in `search_words` (the vocabulary, kept by triggers), which search reads first:
 * how many books a query matches, and which known words a misspelt word meant (`textQuery`,
 * decision 012). Matching is LIKE on `search_text` (its GIN trigram index), or for a query of
 * one word the same match read from the word index `search_postings` (each word of each book,
 * kept by triggers too: `TextQuery.words`, decision 024); trigram similarity (`%`,
 * `word_similarity`) is used on the vocabulary's single words only, never on a book's long text.
 */
import sanscriptModule from '@indic-transliteration/sanscript';
import { eq, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { formatJsbn, normalizeJsbn } from '@jsbn/shared';
import type { DbOrTx } from '../../db/client.js';
import { executeNamed } from '../../db/named.js';
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

/**
 * Sanscript's transliteration of one run of Indic letters (a word), remembered: Sanscript
 * builds its table again whenever the pair of scripts changes (every call, as titles go back
 * and forth between Gujarati, Devanagari and Latin), and titles share their words — most of
 * an import's transliteration time.
 */
const transliterations = new LRUCache<string, string>({ max: 50_000 });
function transliterate(run: string, from: string, to: string): string {
  const key = `${from}>${to}:${run}`;
  let made = transliterations.get(key);
  if (made === undefined) {
    made = Sanscript.t(run, from, to);
    transliterations.set(key, made);
  }
  return made;
}

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
  text = text.replace(INDIC_RUN, (run) => transliterate(run, GUJARATI.test(run) ? 'gujarati' : 'devanagari', 'iast'));
  for (const [pattern, replacement] of LOOSE) text = text.replace(pattern, replacement);
  return text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/** `value` in the other Indic script (Gujarati ↔ Devanagari), or null when it has neither. */
export function otherScript(value: string): string | null {
  if (GUJARATI.test(value)) return value.replace(INDIC_RUN, (run) => transliterate(run, 'gujarati', 'devanagari'));
  if (DEVANAGARI.test(value)) return value.replace(INDIC_RUN, (run) => transliterate(run, 'devanagari', 'gujarati'));
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
  return [...present, ...present.map((title) => (hasIndic(title) ? otherScript(title) : null)), ...present.map((title) => latinKey(title))];
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

/**
 * The JSBN condition for what a user typed: a whole JSBN exactly, or a prefix of one — a
 * range of the unique index, from the prefix to the prefix filled up to 11 characters with
 * 'Z' (JSBNs are 11 upper-case Latin letters and digits; every collation puts digits before
 * letters and a prefix before what extends it).
 */
export function jsbnCondition(input: string): SQL | undefined {
  const whole = normalizeJsbn(input);
  if (whole) return eq(books.jsbn_number, whole);
  const compact = input.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z0-9]{3,11}$/.test(compact) || !/\d/.test(compact)) return undefined;
  return sql`(${books.jsbn_number} >= ${compact} and ${books.jsbn_number} <= ${compact.padEnd(11, 'Z')})`;
}

/** Shortest word (characters) of a query for which known words like it are looked up (misspellings). */
const FUZZY_MIN_LENGTH = 4;

/**
 * Trigram word similarity (`word_similarity(typed, known)`: the typed word against the closest
 * stretch of a known word) from which a known word counts as what a misspelt query word
 * meant: 'kalpsutra' ~ 'kalpasutram' is 0.54, where plain similarity (0.47) would miss it.
 */
export const FUZZY_SIMILARITY = 0.5;

/**
 * …and the plain similarity of the two words it also needs: a misspelling of the known word,
 * not a piece of a longer one ('jinvani' ~ 'jinvar' 0.50 counts; 'jinvani' ~ 'taranvani',
 * whose end it matches with word similarity 0.50, is 0.29 and does not).
 */
export const FUZZY_WHOLE_SIMILARITY = 0.4;

/** How many known words like a misspelt query word are searched for, at most. */
const CORRECTIONS_MAX = 5;

/**
 * How many times more books must hold a known word like a query word than hold the query word
 * itself for it to count as what was meant: 'kalpsutra' (a misprint one book holds) still finds
 * 'kalpasutra' (hundreds), but 'dayavijay' does not also find every 'jayavijay'
 * (ranking them cost a fresh search 300 ms at a million books).
 */
export const CORRECTION_RATIO = 5;

/**
 * Splits text the way `jsbn_search_words` (migration 0007) splits `search_text`: at white
 * space, the bullet, the danda and ASCII punctuation.
 */
const WORD_BREAK = /[\s\u2022\u0964\u0965!-/:-@[-`{-~]+/u;
const wordsOf = (text: string) => text.split(WORD_BREAK).filter(Boolean);

/** Shortest word (characters) the vocabulary is asked about: a trigram index needs three. */
const LOOKUP_MIN_LENGTH = 3;

/** A free-text query made ready for the books table (decision 012). */
export interface TextQuery {
  /** The condition a matching book meets. */
  where: SQL;
  /** How well a matching book matches (higher is better): cheap enough for thousands of rows. */
  rank: SQL;
  /**
   * About how many books match, from the vocabulary, before any book was read: for a query of
   * one word about the true number (more when a book holds several words containing it, less
   * when it holds several corrections of a misspelling), an upper bound for more words; 0:
   * none match; Infinity: not known (a query of only one- and two-letter words or numbers).
   */
  estimate: number;
  /** About how many books the catalogue has (the planner's count; 0 before the first ANALYZE, and for a whole JSBN, which needs none). */
  catalogue: number;
  /**
   * The query as vocabulary patterns, when a book matches it exactly when one of its words
   * contains one of them (a query of one word: as typed, its Latin key, its corrections), each
   * with the title rank a book gets when a word of its title contains it — what the word index
   * ranks without reading a book (`rankByWords`, decision 024). Undefined for a query of
   * several words, a JSBN, or a word of fewer than three letters or with a digit.
   */
  words?: WordPattern[];
  /**
   * With `titles`: each word of the query as a matching title holds it — `patterns`, one of
   * which a word of the title contains (as typed when the vocabulary knows it, the known words
   * a misspelling meant). The duplicate check asks the titles' word index for them (decision 054).
   */
  terms?: TitleTerm[];
}

/** A word of a title query: the patterns a word of a matching title contains one of. */
export interface TitleTerm {
  patterns: string[];
}

/** A pattern of a one-word query: a book holding a word that contains `pattern` matches; `titleRank` when its title holds one. */
export interface WordPattern {
  pattern: string;
  titleRank: number;
}

/** The LIKE patterns of `texts` (already lower case), each a substring, as an array (for a rank). */
const patternsOf = (texts: string[]) =>
  sql`array[${sql.join(
    texts.map((text) => sql`${containsPattern(text)}`),
    sql`, `,
  )}]::text[]`;

/** `column` (`search_text` unless told) contains one of `texts`: ORs of LIKE, which the GIN trigram index serves (it cannot serve LIKE ANY). */
const containsAny = (texts: string[], column: typeof books.search_text | typeof books.title_text = books.search_text) =>
  sql`(${sql.join(
    texts.map((text) => sql`${column} like ${containsPattern(text)}`),
    sql` or `,
  )})`;

/** A word the vocabulary can answer for: three letters or more, no digit (numbers and JSBNs are not in it). */
const inVocabulary = (word: string) => word.length >= LOOKUP_MIN_LENGTH && !/\d/.test(word);

/**
 * One statement to the vocabulary: for each of `words`, how many books hold a word containing
 * it; for each of `misspelt`, the known words within word similarity FUZZY_SIMILARITY and
 * similarity FUZZY_WHOLE_SIMILARITY of it (at most CORRECTIONS_MAX, closest first, none
 * containing it) and the books holding a word containing each of those; and, on every row, the
 * planner's count of the books (`catalogue`).
 *
 * The known words are found through the trigram index by `%` (similarity at least
 * `pg_trgm.similarity_threshold`, 0.3 unless a database changes it): every word accepted has a
 * similarity of FUZZY_WHOLE_SIMILARITY (0.4) or more, so the index loses none of them, and no
 * setting has to be changed for the statement (no transaction around a search).
 */
async function askVocabulary(db: DbOrTx, words: string[], misspelt: string[]) {
  const found = await executeNamed<{ typed: string | null; word: string | null; books: number | null; catalogue: number }>(
    db,
    'search_vocabulary',
    sql`
    with corrections as (
      select typed.word as typed, known.word
      from unnest(${sql.param(misspelt)}::text[]) as typed(word)
      cross join lateral (
        select word from search_words
        where books > 0 and typed.word % word and similarity(typed.word, word) >= ${FUZZY_WHOLE_SIMILARITY}
          and word_similarity(typed.word, word) >= ${FUZZY_SIMILARITY} and strpos(word, typed.word) = 0
        order by word_similarity(typed.word, word) desc, books desc
        limit ${CORRECTIONS_MAX}
      ) as known
    ), asked as (
      select null::text as typed, word from unnest(${sql.param(words)}::text[]) as word
      union all
      select typed, word from corrections
    )
    select asked.typed, asked.word,
      (select coalesce(sum(books), 0) from search_words where books > 0 and word like '%' || asked.word || '%')::int as books,
      (select greatest(reltuples, 0)::float8 from pg_class where oid = 'books'::regclass) as catalogue
    from asked
    union all
    -- the catalogue's size even when no word is asked about
    select null, null, null, (select greatest(reltuples, 0)::float8 from pg_class where oid = 'books'::regclass)
    where not exists (select 1 from asked)`,
  );
  return {
    catalogue: Number(found[0]?.catalogue ?? 0),
    words: found.flatMap((row) => (row.word === null ? [] : [{ typed: row.typed, word: row.word, books: Number(row.books) }])),
  };
}

/** The words of `typed` as a search reads them: its forms (as typed, its Latin key), their words, and what the vocabulary is asked. */
function queryWords(typed: string) {
  // its words as the vocabulary counts them: 'सूत्र.' is सूत्र, 'kalpa-sutra' is two words
  const raw = wordsOf(typed.normalize('NFC').trim().toLowerCase()).join(' ');
  const latin = latinKey(raw);
  const forms = [...new Set([raw, latin])].filter((form) => wordsOf(form).length > 0);
  const formWords = forms.map(wordsOf);
  const latinWords = wordsOf(latin);
  return {
    raw,
    forms,
    formWords,
    latinWords,
    /** How many books hold each of these… */
    asked: [...new Set(formWords.flat().filter(inVocabulary))],
    /** …and the known words each of these may be a misspelling of. */
    misspelt: [...new Set(latinWords.filter((word) => word.length >= FUZZY_MIN_LENGTH && inVocabulary(word)))],
  };
}

/** What the vocabulary said of the words of several texts at once (`readVocabulary`), for `textQuery` to read its own from. */
export interface Vocabulary {
  catalogue: number;
  rows: Awaited<ReturnType<typeof askVocabulary>>['words'];
  asked: Set<string>;
  misspelt: Set<string>;
}

/**
 * Asks the vocabulary about the words of every one of `texts` in one statement (what
 * `textQuery` of each would ask in one each): a query of many terms (an SRU search of 8
 * clauses, 16 words) reads it once, not once a word (decision 064). Undefined, and nothing
 * read, when the texts hold no word the vocabulary knows of (a JSBN, numbers).
 */
export async function readVocabulary(db: DbOrTx, texts: string[]): Promise<Vocabulary | undefined> {
  const words = texts.map(queryWords);
  const asked = [...new Set(words.flatMap((text) => text.asked))];
  const misspelt = [...new Set(words.flatMap((text) => text.misspelt))];
  if (asked.length === 0 && misspelt.length === 0) return undefined;
  const { catalogue, words: rows } = await askVocabulary(db, asked, misspelt);
  return { catalogue, rows, asked: new Set(asked), misspelt: new Set(misspelt) };
}

/** `askVocabulary` of `asked` and `misspelt`: from `vocabulary` when it holds them all (the same rows), else asked. */
async function vocabularyOf(db: DbOrTx, asked: string[], misspelt: string[], vocabulary: Vocabulary | undefined) {
  if (!vocabulary || !asked.every((word) => vocabulary.asked.has(word)) || !misspelt.every((word) => vocabulary.misspelt.has(word)))
    return askVocabulary(db, asked, misspelt);
  const ownAsked = new Set(asked);
  const ownMisspelt = new Set(misspelt);
  return {
    catalogue: vocabulary.catalogue,
    words: vocabulary.rows.filter((row) => (row.typed === null ? ownAsked.has(row.word) : ownMisspelt.has(row.typed))),
  };
}

/**
 * Reads what the vocabulary (`search_words`) knows of `typed` — how many books hold each word
 * of it, and the known words a misspelt word of it meant (one statement) — and makes the
 * condition and rank of a search.
 *
 * The query is taken as its words (punctuation between them is a space). A book matches when
 * its `search_text` contains the query as typed or its Latin key (any part of a word, any
 * script: 'સૂત્ર' finds 'कल्पसूत्रम्'); or when it contains every word of the query's Latin
 * key, in any order, each as typed or as a known word within trigram word similarity
 * FUZZY_SIMILARITY of it ('kalpsutra' finds 'kalpasutra', 'सूत्र टीका' finds '… टीका सहित
 * सूत्र'); or when the query is the start of a JSBN. A whole JSBN matches exactly.
 * Rank: the JSBN ≫ the query as typed in a title > its Latin key in a title > every word in
 * a title > a corrected word in a title > elsewhere; the caller breaks ties by the shorter
 * title (the closer match), then the newest book.
 * With `titles`, a book matches when its `title_text` alone (its own trigram index, migration
 * 0024) holds every word of the query, each as typed or corrected, and nothing is read as a
 * JSBN; no rank is made: the duplicate check matches titles with titles (decision 044).
 * With `vocabulary` (`readVocabulary` of texts including `typed`), nothing is asked again.
 */
export async function textQuery(
  db: DbOrTx,
  typed: string,
  options: { titles?: boolean; vocabulary?: Vocabulary } = {},
): Promise<TextQuery> {
  const column = options.titles ? books.title_text : books.search_text;
  // a title is never read as a JSBN
  const whole = options.titles ? null : normalizeJsbn(typed);
  if (whole) return { where: eq(books.jsbn_number, whole), rank: sql`1`, estimate: 1, catalogue: 0 };
  const { raw, forms, formWords, latinWords, asked, misspelt } = queryWords(typed);
  if (forms.length === 0) return { where: sql`false`, rank: sql`0`, estimate: 0, catalogue: 0 };

  const { catalogue, words: rows } = await vocabularyOf(db, asked, misspelt, options.vocabulary);
  const holding = new Map(rows.filter((row) => row.typed === null).map((row) => [row.word, row.books]));
  const corrections = new Map<string, { word: string; books: number }[]>();
  for (const row of rows) {
    // a spelling many books hold is a word of its own: a known word like it counts only when
    // far more books hold it (the typed word is then likely a misspelling of it)
    if (row.typed !== null && row.books >= CORRECTION_RATIO * (holding.get(row.typed) ?? 0))
      corrections.set(row.typed, [...(corrections.get(row.typed) ?? []), { word: row.word, books: row.books }]);
  }
  // books holding all words of a form: at most as many as hold its rarest word (Infinity: none asked)
  const booksWith = (word: string) => holding.get(word) ?? Infinity;
  const formEstimates = formWords.map((words) => Math.min(...words.map(booksWith)));
  const corrected = corrections.size > 0;
  // a word or its corrections: at least as many books as hold the commonest of them (adding
  // them up would count a book once per word it holds, and overrate a misspelling many-fold)
  const severalWords = latinWords.length > 1;
  const correctedEstimate =
    corrected || severalWords
      ? Math.min(...latinWords.map((word) => Math.max(booksWith(word), ...(corrections.get(word) ?? []).map((known) => known.books))))
      : 0;
  const jsbn = options.titles ? undefined : jsbnCondition(typed);
  // a query that looks like the start of a JSBN (its words have digits: not in the vocabulary) matches JSBNs
  const formsEstimate = Math.max(...formEstimates, correctedEstimate);
  const estimate = jsbn && !Number.isFinite(formsEstimate) ? await db.$count(books, jsbn) : formsEstimate;
  if (estimate === 0) return { where: sql`false`, rank: sql`0`, estimate: 0, catalogue };

  // what the vocabulary says no book holds is not looked for
  const found = forms.filter((_, index) => formEstimates[index] !== 0);
  const alternatives = latinWords.map((word) => [
    ...(booksWith(word) === 0 ? [] : [word]),
    ...(corrections.get(word) ?? []).map((known) => known.word),
  ]);
  if (options.titles) {
    // every word in the titles, as typed or corrected, in any order: the query as a whole (the
    // forms) is a part of the titles holding every word, and would only cost the index a second scan
    const titled = alternatives.every((words) => words.length > 0);
    const terms = alternatives.map((patterns) => ({ patterns }));
    return {
      terms,
      where: titled
        ? sql`(${sql.join(
            alternatives.map((words) => containsAny(words, column)),
            sql` and `,
          )})`
        : sql`false`,
      rank: sql`0`,
      estimate: titled ? estimate : 0,
      catalogue,
    };
  }
  // each word as typed or corrected (for a one-word query, its corrections: the typed word is
  // among the forms); none when a word is neither held nor corrected
  const eachWord = alternatives.length === 1 ? [alternatives[0]!.filter((word) => !found.includes(word))] : alternatives;
  // every word somewhere, in any order (as typed or corrected): 'सूत्र टीका' finds 'टीका सहित … सूत्र'
  const everyWord = (corrected || severalWords) && eachWord.every((words) => words.length > 0);
  const spelt = everyWord
    ? sql`(${sql.join(
        eachWord.map((words) => containsAny(words, column)),
        sql` and `,
      )})`
    : undefined;
  const matches = [found.length ? containsAny(found, column) : undefined, spelt, jsbn].filter((part): part is SQL => part !== undefined);
  const inTitle = [
    // as typed (in its own script: a Gujarati query puts Indic titles before Latin-only ones), then its Latin key
    ...(found.length > 1 && found.includes(raw) ? [sql`when ${books.title_text} like ${containsPattern(raw)} then 5`] : []),
    ...(found.length ? [sql`when ${books.title_text} like any(${patternsOf(found)}) then 4`] : []),
    // every word in a title, apart: above a title holding only some of them
    ...(severalWords && everyWord
      ? [
          sql`when ${sql.join(
            eachWord.map((words) => sql`${books.title_text} like any(${patternsOf(words)})`),
            sql` and `,
          )} then 3`,
        ]
      : []),
    ...(corrected ? [sql`when ${books.title_text} like any(${patternsOf([...new Set(alternatives.flat())])}) then 2`] : []),
  ];
  const rank = sql`(
    ${jsbn ? sql`case when ${jsbn} then 8 else 0 end` : sql`0`}
    + ${inTitle.length ? sql`case ${sql.join(inTitle, sql` `)} else 0 end` : sql`0`}
  )`;
  // one word in every form, and no JSBN: the same matches and rank, as patterns of the word index
  const patterns = new Map<string, number>();
  const keep = (pattern: string, titleRank: number) => patterns.set(pattern, Math.max(titleRank, patterns.get(pattern) ?? 0));
  for (const form of found) keep(form, found.length > 1 && form === raw ? 5 : 4);
  if (everyWord) for (const word of eachWord[0]!) keep(word, 2);
  const oneWord =
    !jsbn && !severalWords && [...patterns.keys()].every((pattern) => inVocabulary(pattern) && wordsOf(pattern).join(' ') === pattern);
  const words = oneWord && patterns.size > 0 ? [...patterns].map(([pattern, titleRank]) => ({ pattern, titleRank })) : undefined;
  return { where: sql`(${sql.join(matches, sql` or `)})`, rank, estimate, catalogue, ...(words ? { words } : {}) };
}
