/**
 * The record of changes (decision 042) as its readers read it: a changed field's values in the
 * reader's language instead of the codes the record keeps — a swaroop's code (AGM1), a
 * language, subjects, a publisher's or library's type by the words of the lookups (the book
 * page's, lookup-text.ts); yes/no for flags; statuses, report kinds and price types by name; a
 * stored file as 'Added', 'Replaced' or 'Removed' rather than its storage name; dates as
 * DD/MM/YYYY. Used by the history on the book's edit page and /operator/history (the web) and by
 * the record's CSV (the API), so the screen and the file say the same.
 *
 * The words live in `locales/<lng>/record.json` (the browser's `record` namespace, the API's
 * `RECORD_CATALOGUES`); ids the reader cannot read without the database (a state, a city, a book)
 * are named by the API (`beforeText`/`afterText` of a change).
 */
import { formatJsbn, normalizeJsbn } from './jsbn.js';
import { plainText } from './plain-text.js';
import { languageText, lookupText, type LookupCatalogue, type LookupKind } from './lookup-text.js';

/** One language's words of the record (`locales/<lng>/record.json`). */
export interface RecordCatalogue {
  values: { empty: string; withheld: string; yes: string; no: string };
  /** A stored file's change. */
  files: { added: string; replaced: string; removed: string };
  /** A book's images' change: `{{count}}` images added or removed, or only their order. */
  images: { added: string; removed: string; reordered: string };
  /** By `price_kind` ('priced'). */
  priceKinds: Record<string, string>;
  /** Every status the record keeps: orders', reports', duplicate pairs', messages' and jobs', publishers' verification. */
  statuses: Record<string, string>;
  /** By a report's `kind` ('WRONG_DETAILS'). */
  reportKinds: Record<string, string>;
  /** An order's `partial_reason` ('out_of_stock') and `received_as` ('short_or_damaged'). */
  orderNotes: Record<string, string>;
}

/** A changed field as the record keeps it, with the API's names of ids when it has them. */
export interface RecordChange {
  field: string;
  before: unknown;
  after: unknown;
  beforeText?: string | null;
  afterText?: string | null;
}

/**
 * How a change reads: its two values, or one word for the change itself (a file replaced). A
 * change whose two values read the same (an empty field recorded beside a withdrawal) reads as
 * no change: `readsAsChange` is false for it.
 */
export type RecordChangeText = { before: string; after: string } | { summary: string };

/** The words the record's values need, in one language. */
export interface RecordWords {
  lookups: LookupCatalogue;
  record: RecordCatalogue;
  /** A moment (ISO 8601) as the reader reads it (DD/MM/YYYY and the time in India). */
  moment: (iso: string) => string;
  /** A day (YYYY-MM-DD) as the reader reads it (DD/MM/YYYY). */
  day: (date: string) => string;
}

/** The fields whose value is a stored file's name: their change is told, not their names. */
export const RECORD_FILE_FIELDS: ReadonlySet<string> = new Set(['cover', 'index_pdf', 'book_pdf', 'logo_key']);

/** The fields named by a lookup, and the lookup. */
const LOOKUP_FIELDS: Record<string, LookupKind> = {
  type: 'swaroops',
  subjects: 'subjects',
  publisher_type: 'publisherTypes',
  sangh_trust: 'sanchalakTypes',
};

/** 'Yes'/'No' fields (stored as those words). */
const YES_NO_FIELDS = new Set(['readers', 'electronic_copy']);

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** What the record keeps instead of an identity number (lib/record-of.ts WITHHELD). */
const WITHHELD = '•••';

/** One value of `field` as words. */
function valueText(field: string, value: unknown, words: RecordWords): string {
  const { lookups, record } = words;
  if (isEmpty(value)) return record.values.empty;
  if (value === WITHHELD) return record.values.withheld;
  if (typeof value === 'boolean') return value ? record.values.yes : record.values.no;
  if (Array.isArray(value)) return value.map((item) => valueText(field, item, words)).join(', ');
  if (typeof value !== 'string') return plainText(value);
  if (field === 'language' || field === 'book_subtitle_lang') return languageText(lookups, value);
  const lookup = LOOKUP_FIELDS[field];
  if (lookup) return lookupText(lookups, lookup, value);
  if (YES_NO_FIELDS.has(field) && (value === 'Yes' || value === 'No')) return value === 'Yes' ? record.values.yes : record.values.no;
  if (field === 'price_kind') return record.priceKinds[value] ?? value;
  if (field === 'status' || field === 'verification' || field === 'state') return record.statuses[value] ?? value;
  if (field === 'kind') return record.reportKinds[value] ?? value;
  if (field === 'partial_reason' || field === 'received_as') return record.orderNotes[value] ?? value;
  // a JSBN as printed on the book, with its hyphens
  if (field === 'jsbn_number' || field.endsWith('_jsbn')) return normalizeJsbn(value) ? formatJsbn(normalizeJsbn(value)!) : value;
  if (field.endsWith('_at') && !Number.isNaN(Date.parse(value))) return words.moment(value);
  if (field.endsWith('_date') && /^\d{4}-\d{2}-\d{2}$/.test(value)) return words.day(value);
  return value;
}

/** Names of a book's images (file names) that one list has and the other does not. */
const missingFrom = (names: unknown[], other: unknown[]) => names.filter((name) => !other.includes(name)).length;

/**
 * A recorded change in the reader's words: the values before and after, or — for a stored file —
 * one word ('Replaced'); a book's images as how many were added and removed.
 */
export function recordChangeText(change: RecordChange, words: RecordWords): RecordChangeText {
  const { record } = words;
  if (RECORD_FILE_FIELDS.has(change.field)) {
    if (isEmpty(change.before)) return { summary: record.files.added };
    return { summary: isEmpty(change.after) ? record.files.removed : record.files.replaced };
  }
  if (change.field === 'images' && (Array.isArray(change.before) || Array.isArray(change.after))) {
    const before = Array.isArray(change.before) ? (change.before as unknown[]) : [];
    const after = Array.isArray(change.after) ? (change.after as unknown[]) : [];
    const added = missingFrom(after, before);
    const removed = missingFrom(before, after);
    const parts = [
      added ? record.images.added.replace('{{count}}', String(added)) : null,
      removed ? record.images.removed.replace('{{count}}', String(removed)) : null,
    ].filter(Boolean);
    return { summary: parts.length ? parts.join(', ') : record.images.reordered };
  }
  return {
    before: change.beforeText ?? valueText(change.field, change.before, words),
    after: change.afterText ?? valueText(change.field, change.after, words),
  };
}

/** False for a change whose values read the same before and after (nothing to show). */
export const readsAsChange = (text: RecordChangeText): boolean => 'summary' in text || text.before !== text.after;
