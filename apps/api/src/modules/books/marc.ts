/**
 * MARC21 bibliographic records of books for library systems (decision 018 has
 * the full field map): Koha, e-Granthalaya and SOUL import MARC21 as ISO 2709 (`.mrc`) or
 * MARCXML. Records are built and written by marcjs (ISO 2709 with directory lengths in bytes, so
 * UTF-8 text is counted right; MARCXML). The leader says UTF-8 (position 09 'a').
 */
import { and, eq, inArray } from 'drizzle-orm';
import { AUTHOR_TYPES, LANGUAGES, formatJsbn, withoutControlCharacters, type BookDto } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { order_items, orders, publishers } from '../../db/schema.js';
import { cityName, stateName } from '../lookups/geo.js';
import { bookPageUrl } from './qr.js';
// marcjs is CommonJS without types: its records (fields as arrays) and the two formats used here
import marcjs from 'marcjs';

/** A MARC field as marcjs holds it: [tag, value] for control fields, [tag, indicators, code, value, …] for data fields. */
type MarcField = string[];
/** A MARC21 record as marcjs holds it. */
export interface MarcRecord {
  leader: string;
  fields: MarcField[];
}
const { Marc } = marcjs as unknown as { Marc: { format(record: MarcRecord, type: 'Iso2709' | 'Marcxml'): string } };

/** The MARC language code of each language of the book form (MARC Code List for Languages). */
const LANGUAGE_CODES: Record<string, string> = {
  Gujarati: 'guj',
  Hindi: 'hin',
  Sanskrit: 'san',
  Prakrit: 'pra',
  Ardhamagadhi: 'pra',
  Apabhramsha: 'pra',
  English: 'eng',
  Marathi: 'mar',
  Rajasthani: 'raj',
  Kannada: 'kan',
  Tamil: 'tam',
  Bengali: 'ben',
  Punjabi: 'pan',
};

/** The relator term ($e of 100/700) of each author type (RDA relationship designators; 'preraka' has none). */
const RELATORS: Record<string, string> = {
  author: 'author',
  editor: 'editor',
  translator: 'translator',
  commentator: 'commentator',
  compiler: 'compiler',
  preraka: 'inspirer',
};

/** What 264 $c says when the year is not known (RDA 2.8.6.6). */
export const DATE_NOT_IDENTIFIED = '[date of publication not identified]';

/** Leader: new, language material, monograph, UTF-8 (09 'a'), minimal level, ISBD punctuation omitted. */
export const LEADER = '00000nam a2200000 c 4500';

/** The book's languages as MARC codes ('Gujarati, Sanskrit' → guj, san); 'und' when unknown. */
export function languageCodes(language: string): string[] {
  const names = (
    LANGUAGES.find((entry) => String(entry.id) === language || entry.language_name === language)?.language_name ?? language
  ).split(',');
  const codes = names.map((name) => LANGUAGE_CODES[name.trim()]).filter((code): code is string => Boolean(code));
  return codes.length ? [...new Set(codes)] : ['und'];
}

/** The language names for 546 ('Gujarati, Sanskrit'). */
function languageNote(language: string): string {
  return LANGUAGES.find((entry) => String(entry.id) === language || entry.language_name === language)?.language_name ?? language;
}

const relatorOf = (authorType: number) => RELATORS[AUTHOR_TYPES.find((type) => type.id === authorType)?.auth_search_key ?? ''] ?? 'author';

/** 005's yyyymmddhhmmss.f of an ISO 8601 UTC time ('2026-11-27T14:41:46.123Z' → '20261127144146.0'). */
const transactionTime = (iso: string) => `${iso.replace(/[-:T]/g, '').slice(0, 14)}.0`;

/** Where and by whom a book was published, for 264. */
export interface Imprint {
  place: string | null;
  publisher: string;
}

/**
 * The MARC21 record of `book`. 005 (latest transaction) is the book's last change and 008/00-05
 * (date entered on file) its registration, so a record is the same bytes however often it is
 * exported or harvested until the book changes.
 * @param pageUrl the live JSBN page (856)
 */
export function marcRecordOf(book: BookDto, imprint: Imprint, pageUrl: string): MarcRecord {
  const jsbn = formatJsbn(book.jsbn_number);
  const languages = languageCodes(book.language);
  const year = book.publication_year;
  const fixed = [
    book.createdAt.slice(2, 10).replace(/-/g, ''), // 00-05 date entered on file
    year ? `s${year}    ` : 'nuuuuuuuu', // 06 type of date, 07-10 date 1, 11-14 date 2
    'ii ', // 15-17 India
    '    ', // 18-21 illustrations
    ' ', // 22 target audience
    ' ', // 23 form of item
    '    ', // 24-27 nature of contents
    ' ', // 28 government publication
    '0', // 29 conference
    '0', // 30 festschrift
    '0', // 31 index
    ' ', // 32 undefined
    '0', // 33 literary form
    ' ', // 34 biography
    languages[0], // 35-37 language
    ' ', // 38 modified record
    'd', // 39 cataloguing source: other
  ].join('');
  const romanised = book.book_e_title && book.book_e_title !== book.book_title ? book.book_e_title : null;
  const [first, ...others] = book.authors;
  const subjects = [...book.subjects.map((subject) => subject.subject_name), ...(book.other_subject ? [book.other_subject] : [])];
  const fields: MarcField[] = [
    ['001', book.jsbn_number],
    ['003', 'JSBN'],
    ['005', transactionTime(book.updatedAt)],
    ['008', fixed],
    ['024', '7 ', 'a', jsbn, '2', 'jsbn'],
    ...(romanised ? [['066', '  ', 'c', '(B']] : []),
    ['041', '0 ', ...languages.flatMap((code) => ['a', code])],
    ...(first ? [['100', '0 ', 'a', first.author_name, 'e', relatorOf(first.authorType)]] : []),
    ['245', `${first ? '1' : '0'}0`, ...(romanised ? ['6', '880-01'] : []), 'a', book.book_title, ...(book.part ? ['n', book.part] : [])],
    ...(book.alternate_title ? [['246', '1 ', 'a', book.alternate_title]] : []),
    [
      '264',
      ' 1',
      'a',
      imprint.place ?? '[Place of publication not identified]',
      'b',
      imprint.publisher,
      'c',
      year ? String(year) : DATE_NOT_IDENTIFIED,
    ],
    ['300', '  ', 'a', `${book.pages} pages`, ...(book.height ? ['c', `${Math.round(book.height * 2.54)} cm`] : [])],
    ['546', '  ', 'a', languageNote(book.language)],
    ...subjects.map((subject) => ['650', ' 4', 'a', subject]),
    ...others.map((author) => ['700', '0 ', 'a', author.author_name, 'e', relatorOf(author.authorType)]),
    ['856', '40', 'u', pageUrl, 'z', `JSBN ${jsbn}`],
    ...(romanised ? [['880', `${first ? '1' : '0'}0`, '6', '245-01/(B', 'a', romanised]] : []),
  ];
  return { leader: LEADER, fields };
}

/** Replaces the numeric character references marcjs writes for non-ASCII text with the characters (the file is UTF-8). */
const readableXml = (xml: string) =>
  xml.replace(/&#x([0-9a-f]+);/gi, (reference, hex: string) =>
    Number.parseInt(hex, 16) > 0x7f ? String.fromCodePoint(Number.parseInt(hex, 16)) : reference,
  );

/**
 * `record` with each field's data on one line and without control characters
 * (`withoutControlCharacters`): U+001D–U+001F are ISO 2709's record, field and subfield
 * delimiters — a title holding U+001F '9' would gain a `$9` — and XML 1.0 allows none of them.
 * The data are a control field's value and a data field's subfield values (indicators and
 * subfield codes are this module's own).
 */
function writable(record: MarcRecord): MarcRecord {
  const isData = (field: MarcField, index: number) => (field.length === 2 ? index === 1 : index >= 3 && index % 2 === 1);
  return {
    leader: record.leader,
    fields: record.fields.map((field) =>
      field.map((part, index) => (isData(field, index) ? withoutControlCharacters(part, 'single') : part)),
    ),
  };
}

/** The records as MARC21 ISO 2709 (`.mrc`), UTF-8. */
export function marcBinary(records: MarcRecord[]): Buffer {
  return Buffer.from(records.map((record) => Marc.format(writable(record), 'Iso2709')).join(''), 'utf8');
}

/** MARC21 slim, the namespace of MARCXML (www.loc.gov/standards/marcxml). */
export const MARCXML_NAMESPACE = 'http://www.loc.gov/MARC21/slim';

/**
 * One record as a MARCXML `<record>` element in the MARC21 slim namespace, without an XML
 * declaration: what SRU's `recordData` and OAI-PMH's `metadata` hold (decision 034).
 */
export function marcXmlRecord(record: MarcRecord): string {
  return readableXml(Marc.format(writable(record), 'Marcxml')).replace(/^\s*<record>/, `<record xmlns="${MARCXML_NAMESPACE}">`);
}

/** The records as a MARCXML collection, UTF-8 (XML 1.0). */
export function marcXml(records: MarcRecord[]): Buffer {
  const body = records.map((record) => readableXml(Marc.format(writable(record), 'Marcxml'))).join('');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<collection xmlns="http://www.loc.gov/MARC21/slim">\n${body}</collection>\n`,
    'utf8',
  );
}

/** The MARC21 records of `bookList` (books as the API gives them), their publishers' places read once. */
export async function marcRecords(ctx: AppContext, bookList: BookDto[]): Promise<MarcRecord[]> {
  const publisherIds = [...new Set(bookList.map((book) => book.publisher.id))];
  const rows = publisherIds.length
    ? await ctx.db
        .select({ id: publishers.id, city_id: publishers.city_id, state_id: publishers.state_id })
        .from(publishers)
        .where(inArray(publishers.id, publisherIds))
    : [];
  const places = new Map(rows.map((row) => [row.id, [cityName(row.city_id), stateName(row.state_id)].filter(Boolean).join(', ') || null]));
  return bookList.map((book) =>
    marcRecordOf(
      book,
      { place: places.get(book.publisher.id) ?? null, publisher: book.publisher.publisher_name || book.publisher_name },
      bookPageUrl(ctx.config.publicUrl, book.jsbn_number),
    ),
  );
}

/** The ids of the books a library has received (in its completed orders), each once. */
export async function receivedBookIds(ctx: AppContext, libraryId: number): Promise<number[]> {
  const rows = await ctx.db
    .selectDistinct({ id: order_items.book_id })
    .from(order_items)
    .innerJoin(orders, eq(orders.id, order_items.order_id))
    .where(and(eq(orders.library_id, libraryId), eq(orders.status, 'COMPLETED')));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
