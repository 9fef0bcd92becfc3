/**
 * The lookups stored with books and accounts — a book's language, subjects, author types,
 * swaroop and size, a publisher's type, a library's sanchalak type, a state — shown in the reader's
 * language. The database keeps the spec's English value (or the swaroop's code); its words in
 * each interface language live with the other texts, in `locales/<lng>/lookups.json` (English
 * too), files a translator edits; terms follow docs/glossary.md. A stored value without an
 * entry (an imported book's language, an old subject) is shown as stored.
 *
 * These functions take the catalogue as an argument: the API bundles all three
 * (`LOOKUP_CATALOGUES`), the browser has the one of its interface language (its `lookups`
 * namespace, loaded with the language).
 */
import type { InterfaceLanguage } from './languages.js';

/** One language's words for the stored lookups, by kind and stored value. */
export interface LookupCatalogue {
  /** By `language_name` ('Gujarati'). */
  languages: Record<string, string>;
  /** By `subject_name` ('Agam'). */
  subjects: Record<string, string>;
  /** By `author_type` ('Translator'). */
  authorTypes: Record<string, string>;
  /** By swaroop code ('AGM1'): the form and what it is ('આગમ (મૂળ શાસ્ત્રગ્રંથ)'). */
  swaroops: Record<string, string>;
  /** By size preset key ('pocket'). */
  bookSizes: Record<string, string>;
  /** By `publisher_type` ('Trust'). */
  publisherTypes: Record<string, string>;
  /** By a library's `sangh_trust` ('Trust Sanchalit'). */
  sanchalakTypes: Record<string, string>;
  /** By `state_name` ('Gujarat'): the 36 states and union territories. */
  states: Record<string, string>;
}
export type LookupKind = keyof LookupCatalogue;

/** `stored` (a value of lookup `kind`) in the catalogue's language; `stored` itself when it has no entry. */
export function lookupText(catalogue: LookupCatalogue | undefined, kind: LookupKind, stored: string): string {
  return catalogue?.[kind]?.[stored] ?? stored;
}

/** A book's language; a stored list ('Gujarati, Sanskrit') is named language by language. */
export function languageText(catalogue: LookupCatalogue | undefined, stored: string): string {
  return (
    catalogue?.languages[stored] ??
    stored
      .split(/\s*,\s*/)
      .map((part) => lookupText(catalogue, 'languages', part))
      .join(', ')
  );
}

/** A book's subjects and its other subject, comma separated ('' when none). */
export function subjectsText(
  catalogue: LookupCatalogue | undefined,
  book: { subjects: { subject_name: string }[]; other_subject?: string | null },
): string {
  return [...book.subjects.map((subject) => lookupText(catalogue, 'subjects', subject.subject_name)), book.other_subject]
    .filter(Boolean)
    .join(', ');
}

/** A book's authors with their roles: 'Name (Translator), Name (Editor)' ('' when none). */
export function authorsText(catalogue: LookupCatalogue | undefined, authors: { author_name: string; author_type: string }[]): string {
  return authors.map((author) => `${author.author_name} (${lookupText(catalogue, 'authorTypes', author.author_type)})`).join(', ');
}

/**
 * A book's swaroop: 'AGM1 – आगम (मूल शास्त्र-ग्रंथ)' for the publisher's form and sheets, which
 * work with codes; with `{ code: false }` only 'आगम (मूल शास्त्र-ग्रंथ)', for what readers read (the book
 * sheet, feeds). Its other swaroop when it has no code, '' when neither.
 */
export function swaroopText(
  catalogue: LookupCatalogue | undefined,
  book: { type?: string | null; other_type?: string | null },
  { code = true }: { code?: boolean } = {},
): string {
  if (!book.type) return book.other_type ?? '';
  const text = catalogue?.swaroops[book.type];
  if (!text) return book.type;
  return code ? `${book.type} – ${text}` : text;
}

/**
 * A record's city in `lng`: its `city_names` entry (the API's names of the city in en, gu and hi),
 * else its stored `city_name` (English). '' for a record without a city.
 */
export function cityText(
  record: { city_name: string; city_names?: Record<InterfaceLanguage, string> | null },
  lng: InterfaceLanguage,
): string {
  return record.city_names?.[lng] ?? record.city_name;
}
