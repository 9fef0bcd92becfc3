/**
 * How the record of changes reads on screen (decision 042): a changed field by the label the
 * book form gives it (or the record's own), values as words (`recordChangeText` of
 * @jsbn/shared, which the record's CSV uses too), actions and actors in the reader's language,
 * dates by Intl for gu-IN and hi-IN (components/format.ts).
 */
import type { HistoryChange, HistoryEntry } from '@jsbn/shared';
import { recordChangeText, type LookupCatalogue, type RecordCatalogue, type RecordChangeText, type RecordWords } from '@jsbn/shared/core';
import { formatDate, formatTime } from '../format.js';

/** The book form's label (`bookForm:fields.*`) of each recorded book field. */
const BOOK_FORM_LABEL: Record<string, string> = {
  book_title: 'bookTitle',
  book_e_title: 'bookETitle',
  alternate_title: 'alternateTitle',
  book_alt_subtitle: 'subtitle',
  book_subtitle_lang: 'subtitleLanguage',
  language: 'language',
  height: 'height',
  width: 'width',
  type: 'swaroop',
  other_type: 'otherSwaroop',
  part: 'part',
  publication_year: 'publicationYear',
  pages: 'pages',
  no_of_copy: 'copies',
  price_kind: 'priceKind',
  price: 'price',
  currency: 'currency',
  book_published: 'published',
  published_date: 'publishedDate',
  tags: 'tags',
  other_subject: 'otherSubject',
  subjects: 'subjects',
  readers: 'readers',
  electronic_copy: 'electronicCopy',
  is_public_pdf: 'publicPdf',
  pdfurl: 'pdfLink',
  contents: 'contents',
  cover: 'bookCover',
  index_pdf: 'indexPdf',
  book_pdf: 'bookPdf',
  images: 'bookImages',
};

/**
 * A translation function over keys of any namespace, untyped: the record's fields and actions
 * are open-ended, each falling back to the record's own word (`defaultValue`).
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const tr = (t: Translate, key: string, fallback: string) => t(key, { defaultValue: fallback });

/** The label of `field` in the reader's language: the book form's, the record's own, or the field's name. */
export function fieldLabel(t: Translate, field: string): string {
  const form = BOOK_FORM_LABEL[field];
  if (form) return tr(t, `bookForm:fields.${form}`, field);
  return tr(t, `operatorHistory:fields.${field}`, field);
}

/** `action` ('status changed', 'e-mail verified') as its key ('statusChanged', 'emailVerified'). */
const actionKey = (action: string) => action.replace(/-/g, '').replace(/[^a-zA-Z]+(\w)/g, (_, letter: string) => letter.toUpperCase());

/** What happened, in the reader's language (the record's word when it has none). */
export const actionLabel = (t: Translate, action: string) => tr(t, `operatorHistory:actions.${actionKey(action)}`, action);

/**
 * Who acted: the publisher's or library's own name as it was then ('Shri X (now Shri Y)' when
 * renamed since, decision 063), or its role's in the reader's language.
 */
export function whoLabel(t: Translate, who: HistoryEntry['who']): string {
  if (who.role === 'PUBLISHER' || who.role === 'LIBRARY')
    return who.currentName ? t('operatorHistory:entry.renamed', { name: who.name, current: who.currentName }) : who.name;
  return tr(t, `operatorHistory:who.${who.role}`, who.name);
}

/** When, as DD/MM/YYYY and the time of day in India, in the reader's language. */
export const whenLabel = (t: Translate, at: string) => t('operatorHistory:entry.when', { date: formatDate(at), time: formatTime(at) });

/**
 * The words a change's values need in the reader's language: the lookups (the book page's) and
 * the record's catalogue, with dates as every screen writes them.
 */
export const recordWords = (lookups: LookupCatalogue, record: RecordCatalogue): RecordWords => ({
  lookups,
  record,
  moment: (iso) => `${formatDate(iso)} ${formatTime(iso)}`,
  day: (date) => formatDate(date),
});

/**
 * A recorded change as its reader reads it (`recordChangeText`): codes, ids and flags as words,
 * a file's change as one word ('Replaced').
 */
export const changeLabel = (change: HistoryChange, words: RecordWords): RecordChangeText => recordChangeText(change, words);
