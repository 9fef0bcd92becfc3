/**
 * A library's holdings as files (decision 077): an Excel sheet, one row per copy (the order
 * exports' ExcelJS sheet, `xlsxOf`), and MARC21 (ISO 2709, UTF-8, written by marcjs as the book
 * exports are, decision 018): one bibliographic record per book — a registered book's own record,
 * a book described by hand a short one — with each copy in 852 (‡a the library, ‡h its place,
 * ‡j its accession number) and, for a library moving to Koha, Koha's item field 952 (‡a/‡b the
 * branch, ‡o the place as call number, ‡p the accession number as barcode, ‡y the item type,
 * ‡7 not for loan when it is not on the shelves, ‡1 lost when missing, ‡0 withdrawn).
 */
import { eq } from 'drizzle-orm';
import type { HoldingDto, InterfaceLanguage } from '@jsbn/shared';
import { formatJsbn } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { libraries } from '../../db/schema.js';
import { exportDate, exportHeading, xlsxOf } from '../../lib/excel.js';
import { noticeText } from '../../lib/notices.js';
import { notFound } from '../../lib/errors.js';
import { booksByIds } from '../books/book-reads.js';
import { LEADER, languageCodes, marcBinary, marcRecords, type MarcRecord } from '../books/marc.js';

/** The file names of the exports (without extension). */
export const HOLDINGS_FILE = 'Our_Shelves';
export const HOLDINGS_MARC_FILE = 'Our_Shelves_MARC21';

/** Koha's item type of a book in its sample data ('BK', Books): what 952 ‡y says. */
export const KOHA_ITEM_TYPE = 'BK';

/** The Koha branch code a library's copies get when it names none: `JSBN` and its id (Koha allows 10 characters). */
export const defaultBranch = (libraryId: number) => `JSBN${libraryId}`.slice(0, 10);

/** The library's name, for 852 ‡a. @throws AppError 404 */
async function libraryName(ctx: AppContext, libraryId: number): Promise<string> {
  const [row] = await ctx.db.select({ name: libraries.name }).from(libraries).where(eq(libraries.id, libraryId));
  if (!row) throw notFound('Library');
  return row.name;
}

/** The Excel sheet of `copies` in `lng`: accession number, book, JSBN or ISBN, place, condition, state, how and when it came, note. */
export async function holdingsXlsx(copies: HoldingDto[], lng: InterfaceLanguage): Promise<Buffer> {
  const heading = (key: string) => exportHeading(lng, key);
  const word = (group: string, key: string) => noticeText(lng, `holding.${group}.${key}`);
  return xlsxOf<HoldingDto>(
    [
      { header: heading('accessionNumber'), width: 14, value: (copy) => copy.accession_number },
      { header: heading('title'), width: 40, value: (copy) => copy.title },
      { header: heading('authors'), width: 28, value: (copy) => copy.author },
      { header: heading('publisher'), width: 28, value: (copy) => copy.publisher_name },
      { header: heading('year'), width: 10, value: (copy) => copy.publication_year },
      { header: heading('language'), width: 14, value: (copy) => copy.language },
      { header: heading('jsbn'), width: 16, value: (copy) => (copy.book ? formatJsbn(copy.book.jsbn_number) : null) },
      { header: heading('isbn'), width: 16, value: (copy) => copy.isbn },
      { header: heading('place'), width: 16, value: (copy) => copy.place },
      { header: heading('condition'), width: 12, value: (copy) => word('condition', copy.condition) },
      { header: heading('copyState'), width: 14, value: (copy) => word('state', copy.state) },
      { header: heading('source'), width: 12, value: (copy) => word('source', copy.source) },
      { header: heading('acquiredOn'), width: 12, value: (copy) => (copy.acquired_on ? exportDate(copy.acquired_on) : null) },
      { header: heading('note'), width: 30, value: (copy) => [copy.note, copy.state_reason].filter(Boolean).join(' · ') || null },
    ],
    copies,
  );
}

/** Where a copy is, for 852 and 952. */
export interface CopyLocation {
  /** The library's name (852 ‡a). */
  library: string;
  /** Koha's branch code (952 ‡a, ‡b), when 952 is written. */
  branch?: string;
}

/** 852 of a copy: ‡a the library, ‡h its place, ‡j its accession number; ‡z its state when it is not on the shelves. */
export function field852(copy: Pick<HoldingDto, 'accession_number' | 'place' | 'state'>, library: string): string[] {
  return [
    '852',
    '  ',
    'a',
    library,
    ...(copy.place ? ['h', copy.place] : []),
    'j',
    copy.accession_number,
    ...(copy.state === 'available' ? [] : ['z', copy.state === 'lent' ? 'Lent' : copy.state === 'missing' ? 'Missing' : 'Withdrawn']),
  ];
}

/**
 * Koha's 952 of a copy (Koha's default MARC21 framework): ‡0 withdrawn, ‡1 lost (missing), ‡7
 * not for loan (1) when not on the shelves; ‡a home and ‡b holding branch; ‡d date acquired;
 * ‡o the place as the call number; ‡p the accession number as the barcode, ‡i as the inventory
 * number; ‡y the item type.
 */
export function field952(copy: Pick<HoldingDto, 'accession_number' | 'place' | 'state' | 'acquired_on'>, branch: string): string[] {
  return [
    '952',
    '  ',
    ...(copy.state === 'withdrawn' ? ['0', '1'] : []),
    ...(copy.state === 'missing' ? ['1', '1'] : []),
    ...(copy.state === 'available' ? [] : ['7', '1']),
    'a',
    branch,
    'b',
    branch,
    ...(copy.acquired_on ? ['d', copy.acquired_on] : []),
    'i',
    copy.accession_number,
    ...(copy.place ? ['o', copy.place] : []),
    'p',
    copy.accession_number,
    'y',
    KOHA_ITEM_TYPE,
  ];
}

/** A short record of a book described by hand (no JSBN): 008, ISBN (020), language (041), author (100), title (245), imprint (264). */
export function describedRecord(copy: HoldingDto): MarcRecord {
  const languages = copy.language ? languageCodes(copy.language) : ['und'];
  const year = copy.publication_year;
  const fixed = `${copy.created_at.slice(2, 10).replace(/-/g, '')}${year ? `s${year}    ` : 'nuuuuuuuu'}ii ${'      '}${'     '}000 0 ${languages[0]} d`;
  return {
    leader: LEADER,
    fields: [
      ['008', fixed],
      ...(copy.isbn ? [['020', '  ', 'a', copy.isbn]] : []),
      ['041', '0 ', ...languages.flatMap((code) => ['a', code])],
      ...(copy.author ? [['100', '0 ', 'a', copy.author]] : []),
      ['245', `${copy.author ? '1' : '0'}0`, 'a', copy.title],
      ...(copy.publisher_name || year
        ? [['264', ' 1', ...(copy.publisher_name ? ['b', copy.publisher_name] : []), ...(year ? ['c', String(year)] : [])]]
        : []),
    ],
  };
}

/** `record` with `copies` (fields) added, fields in tag order (equal tags keep their order). */
export function withCopies(record: MarcRecord, copies: string[][]): MarcRecord {
  const fields = [...record.fields, ...copies].map((field, index) => ({ field, index }));
  fields.sort((a, b) => a.field[0]!.localeCompare(b.field[0]!) || a.index - b.index);
  return { leader: record.leader, fields: fields.map(({ field }) => field) };
}

/**
 * The MARC21 records of `copies` of library `libraryId`: one per registered book (its catalogue
 * record) and one per book described by hand (the same title, author and ISBN are one book),
 * each with its copies in 852, and in Koha's 952 with `koha.branch` when given.
 */
export async function holdingsMarcRecords(
  ctx: AppContext,
  libraryId: number,
  copies: HoldingDto[],
  koha?: { branch: string },
): Promise<MarcRecord[]> {
  const library = await libraryName(ctx, libraryId);
  const fieldsOf = (copy: HoldingDto) => [field852(copy, library), ...(koha ? [field952(copy, koha.branch)] : [])];
  const byBook = new Map<string, HoldingDto[]>();
  for (const copy of copies) {
    const key = copy.book ? `book:${copy.book.id}` : `described:${copy.title}\u0000${copy.author ?? ''}\u0000${copy.isbn ?? ''}`;
    byBook.set(key, [...(byBook.get(key) ?? []), copy]);
  }
  const bookIds = [...byBook.values()].flatMap((group) => (group[0]!.book ? [group[0]!.book.id] : []));
  const catalogue = bookIds.length ? await marcRecords(ctx, await booksByIds(ctx, bookIds)) : [];
  const recordOf = new Map(bookIds.map((id, index) => [id, catalogue[index]!]));
  return [...byBook.values()].map((group) => {
    const first = group[0]!;
    const record = first.book ? recordOf.get(first.book.id)! : describedRecord(first);
    return withCopies(record, group.flatMap(fieldsOf));
  });
}

/** The ISO 2709 bytes of `holdingsMarcRecords`. */
export async function holdingsMarc(ctx: AppContext, libraryId: number, copies: HoldingDto[], koha?: { branch: string }): Promise<Buffer> {
  return marcBinary(await holdingsMarcRecords(ctx, libraryId, copies, koha));
}
