/**
 * Bulk registration of a back catalogue from an Excel file:
 * - `bulkTemplate`: the template (ExcelJS) — the form's fields as columns in the caller's
 *   language, drop-down lists kept on a second sheet, a sheet on how to fill it;
 * - `readBulkFile`: a filled file's rows (cells as text, by column key);
 * - `checkBulkRows`: each row through the book form's own rules (`bookFields`) and lookup
 *   lists, its problems named by column in the caller's language, titles already registered or
 *   repeated in the file as warnings;
 * - `registerBulkRows`: up to BULK_CHUNK_ROWS rows in one transaction through `registerBooks`,
 *   the form's service (JSBNs in row order); a row sent again with its batch gets its earlier book;
 * - `bulkResult`: the books of a batch with their JSBNs as Excel.
 */
import type ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { PassThrough, Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import {
  AUTHOR_TYPES,
  BOOK_MSG,
  BULK_AUTHORS,
  BULK_COLUMNS,
  BULK_MSG,
  BULK_REQUIRED_COLUMNS,
  BULK_STARRED_COLUMNS,
  CURRENCIES,
  INTERFACE_LANGUAGES,
  LANGUAGES,
  LOOKUP_CATALOGUES,
  MAX_BULK_CELL_CHARACTERS,
  MAX_BULK_ROWS,
  PRICE_KINDS,
  SUBJECTS,
  SWAROOPS,
  bookFields,
  bulkMissingColumnsMessage,
  bulkSameTitleMessage,
  similarBookMessage,
  formatJsbn,
  languageText,
  lookupText,
  plainText,
  type BookFields,
  type BulkColumn,
  type BulkPreview,
  type BulkPreviewRow,
  type BulkProblem,
  type BulkRegistered,
  type BulkRow,
  type LookupKind,
  type InterfaceLanguage,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { books, publishers } from '../../db/schema.js';
import { record, type FieldChanges } from '../../lib/audit.js';
import { publisherActor } from '../../lib/record-of.js';
import { AppError, validationError, type ErrorCode } from '../../lib/errors.js';
import { loadExcelJS } from '../../lib/exceljs.js';
import { xlsxOf } from '../../lib/excel.js';
import { translate } from '../../lib/i18n.js';
import { noticeText } from '../../lib/notices.js';
import { bookPageUrl } from './qr.js';
import { similarBooks } from './duplicates.js';
import { checkLookups, registerBooks } from './registration.js';

/**
 * The most a filled template may hold once unpacked (bytes): 1,000 rows unpack to about 0.6 MB,
 * so 25 times that; ExcelJS holds a parsed sheet in memory at some hundred times its XML.
 */
export const MAX_BULK_UNPACKED_BYTES = 16 * 1024 * 1024;

/** The columns the template stars: what every row must fill, as the form marks it. */
const STARRED = new Set<BulkColumn>(BULK_STARRED_COLUMNS);
const AUTHOR_SLOTS = Array.from({ length: BULK_AUTHORS }, (_, index) => index + 1);

/** The heading of column `key` in `lng` (the book form's label: 'Author name 2'). */
export function bulkColumnLabel(lng: InterfaceLanguage, key: BulkColumn): string {
  const author = /^author_(name|type)_(\d)$/.exec(key);
  return author ? noticeText(lng, `bulk.columns.author_${author[1]}`, { n: author[2] }) : noticeText(lng, `bulk.columns.${key}`);
}

/** Lower-cased, NFC, trimmed: how headings and list values are compared. */
const fold = (text: string) => text.normalize('NFC').trim().toLowerCase();

/** Each column by its heading in any interface language (and by its key), without the '*' of required ones. */
const COLUMN_OF_HEADING = new Map<string, BulkColumn>(
  BULK_COLUMNS.flatMap((key) => [
    [fold(key), key] as const,
    ...INTERFACE_LANGUAGES.map((lng) => [fold(bulkColumnLabel(lng, key)), key] as const),
  ]),
);

/** A language as the list of the template in `lng` shows it: 'Gujarati (ગુજરાતી)' in English, 'गुजराती' in Hindi. */
const languageLabel = (lng: InterfaceLanguage, language: (typeof LANGUAGES)[number]) =>
  lng !== 'en'
    ? languageText(LOOKUP_CATALOGUES[lng], language.language_name)
    : language.language_des && language.language_des !== language.language_name
      ? `${language.language_name} (${language.language_des})`
      : language.language_name;
/** A swaroop as the list of the template in `lng` shows it, as every screen does: 'આગમ — Agam (canonical text)' in English, 'आगम (मूल शास्त्र-ग्रंथ)' in Hindi. */
const swaroopLabel = (lng: InterfaceLanguage, swaroop: (typeof SWAROOPS)[number]) =>
  lookupText(LOOKUP_CATALOGUES[lng], 'swaroops', swaroop.code);
/** A lookup's words in every interface language, for reading a value written in any of them. */
const inEveryLanguage = (kind: LookupKind, stored: string) =>
  INTERFACE_LANGUAGES.map((lng) => lookupText(LOOKUP_CATALOGUES[lng], kind, stored));

/** A lookup from every way a value may be written (folded) to what the form sends. */
function lookup<T>(entries: [T, string[]][]): Map<string, T> {
  return new Map(entries.flatMap(([value, names]) => names.map((name) => [fold(name), value] as const)));
}
const LANGUAGE_OF = lookup(
  LANGUAGES.map((language) => [
    language.language_name,
    [language.language_name, language.language_des, ...INTERFACE_LANGUAGES.map((lng) => languageLabel(lng, language))],
  ]),
);
const SWAROOP_OF = lookup(
  SWAROOPS.map((swaroop) => [
    swaroop.code,
    [
      swaroop.code,
      swaroop.label,
      swaroop.gloss,
      swaroop.gloss.replace(/\s*\(.*\)$/, ''),
      ...INTERFACE_LANGUAGES.map((lng) => swaroopLabel(lng, swaroop)),
      swaroopLabel('hi', swaroop).replace(/\s*\(.*\)$/, ''),
    ],
  ]),
);
const SUBJECT_OF = lookup(SUBJECTS.map((subject) => [subject.id, inEveryLanguage('subjects', subject.subject_name)]));
const AUTHOR_TYPE_OF = lookup(
  AUTHOR_TYPES.map((type) => [type.id, [type.auth_search_key, ...inEveryLanguage('authorTypes', type.author_type)]]),
);
const PRICE_KIND_OF = lookup(
  PRICE_KINDS.map((kind) => [kind, [kind, ...INTERFACE_LANGUAGES.map((lng) => noticeText(lng, `bulk.values.${kind}`))]]),
);
const YES_NO_OF = lookup(
  (['yes', 'no'] as const).map((answer) => [
    answer === 'yes' ? 'Yes' : 'No',
    [answer, answer[0]!, ...INTERFACE_LANGUAGES.map((lng) => noticeText(lng, `bulk.values.${answer}`))],
  ]),
);

/** The drop-down lists of the template: their values in `lng` and the columns they serve. */
function templateLists(lng: InterfaceLanguage) {
  return [
    { columns: ['language'], values: LANGUAGES.map((language) => languageLabel(lng, language)), strict: true },
    { columns: ['type'], values: SWAROOPS.map((swaroop) => swaroopLabel(lng, swaroop)), strict: true },
    // several subjects go in one cell, separated by ';': the list only suggests
    {
      columns: ['subjects'],
      values: SUBJECTS.map((subject) => lookupText(LOOKUP_CATALOGUES[lng], 'subjects', subject.subject_name)),
      strict: false,
    },
    {
      columns: AUTHOR_SLOTS.map((n) => `author_type_${n}`),
      values: AUTHOR_TYPES.map((type) => lookupText(LOOKUP_CATALOGUES[lng], 'authorTypes', type.author_type)),
      strict: true,
    },
    { columns: ['price_kind'], values: PRICE_KINDS.map((kind) => noticeText(lng, `bulk.values.${kind}`)), strict: true },
    { columns: ['currency'], values: [...CURRENCIES], strict: true },
    {
      columns: ['readers', 'electronic_copy'],
      values: [noticeText(lng, 'bulk.values.yes'), noticeText(lng, 'bulk.values.no')],
      strict: true,
    },
  ] as { columns: BulkColumn[]; values: string[]; strict: boolean }[];
}

/** Column widths of the template (characters). */
const WIDE = new Set<BulkColumn>([
  'book_title',
  'book_e_title',
  'alternate_title',
  'type',
  'subjects',
  'author_name_1',
  'author_name_2',
  'author_name_3',
  'pdfurl',
  'tags',
]);

/**
 * The Excel template in `lng` (GET /api/book/bulk/template.xlsx): sheet 1 the columns of
 * BULK_COLUMNS headed by the form's labels ('*' on those every row must fill, BULK_STARRED_COLUMNS), frozen under the headings,
 * with drop-down lists (data validation) on MAX_BULK_ROWS rows and whole-number checks on the
 * year and pages; sheet 2 the lists' values; sheet 3 how to fill it.
 * @returns the .xlsx bytes
 */
export function bulkTemplate(lng: InterfaceLanguage): Promise<Buffer> {
  // the same bytes for every visitor of a language: made once (1,000 rows of lists take a while)
  let made = templates.get(lng);
  if (!made) {
    made = makeTemplate(lng);
    templates.set(lng, made);
    made.catch(() => templates.delete(lng));
  }
  return made;
}

/** The template of each language, once made. */
const templates = new Map<InterfaceLanguage, Promise<Buffer>>();

async function makeTemplate(lng: InterfaceLanguage): Promise<Buffer> {
  const { Workbook } = await loadExcelJS();
  const workbook = new Workbook();
  workbook.creator = 'JSBN';
  const sheetNames = {
    books: noticeText(lng, 'bulk.sheets.books'),
    lists: noticeText(lng, 'bulk.sheets.lists'),
    guide: noticeText(lng, 'bulk.sheets.guide'),
  };
  const sheet = workbook.addWorksheet(sheetNames.books, { views: [{ state: 'frozen', ySplit: 1 }] });
  const listSheet = workbook.addWorksheet(sheetNames.lists);
  const guide = workbook.addWorksheet(sheetNames.guide);

  sheet.columns = BULK_COLUMNS.map((key) => ({
    header: `${bulkColumnLabel(lng, key)}${STARRED.has(key) ? ' *' : ''}`,
    key,
    width: WIDE.has(key) ? 32 : 16,
  }));
  const heading = sheet.getRow(1);
  heading.font = { bold: true };
  heading.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFDF1DC' } };
  const lastRow = MAX_BULK_ROWS + 1;
  const columnNumber = new Map(BULK_COLUMNS.map((key, index) => [key, index + 1]));
  /** Puts `validation` on the column `key` of every data row. */
  const validate = (key: BulkColumn, validation: ExcelJS.DataValidation) => {
    const column = columnNumber.get(key)!;
    for (let row = 2; row <= lastRow; row++) sheet.getCell(row, column).dataValidation = validation;
  };

  templateLists(lng).forEach((list, index) => {
    const column = listSheet.getColumn(index + 1);
    column.width = index === 1 ? 36 : 22;
    listSheet.getCell(1, index + 1).value = list.columns.map((key) => bulkColumnLabel(lng, key)).join(', ');
    list.values.forEach((value, offset) => (listSheet.getCell(offset + 2, index + 1).value = value));
    const letter = column.letter;
    const formula = `'${sheetNames.lists.replaceAll("'", "''")}'!$${letter}$2:$${letter}$${list.values.length + 1}`;
    for (const key of list.columns) {
      validate(key, {
        type: 'list',
        allowBlank: true,
        formulae: [formula],
        showErrorMessage: list.strict,
        errorStyle: list.strict ? 'stop' : 'information',
      });
    }
  });
  listSheet.getRow(1).font = { bold: true };
  validate('publication_year', { type: 'whole', operator: 'between', allowBlank: true, formulae: [1000, 2100], showErrorMessage: true });
  validate('pages', { type: 'whole', operator: 'between', allowBlank: true, formulae: [1, 100_000], showErrorMessage: true });

  guide.getColumn(1).width = 120;
  const starred = BULK_STARRED_COLUMNS.map((key) => bulkColumnLabel(lng, key)).join(', ');
  for (const [index, key] of ['line1', 'required', 'line2', 'line3', 'line4', 'line5', 'line6'].entries()) {
    const cell = guide.getCell(index + 1, 1);
    cell.value = `${index + 1}. ${noticeText(lng, `bulk.guide.${key}`, { lists: sheetNames.lists, columns: starred })}`;
    cell.alignment = { wrapText: true, vertical: 'top' };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** An error of the uploaded file as a whole, named on the field `file`. */
export const fileProblem = (code: ErrorCode, message: string) => new AppError(code, message, [{ field: 'file', message }]);
const notWorkbook = () => fileProblem('BAD_REQUEST', BULK_MSG.notWorkbook);

/** The parts of an .xlsx the first sheet's rows are read from. */
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const WORKBOOK_PART = 'xl/workbook.xml';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** The most cells with a value the sheet read may hold: 1,000 books in 200 columns (the template has 27). */
export const MAX_BULK_CELLS = 200_000;
/** The most rows (`<row>` elements, empty ones too) the sheet read may hold before the 1,000 books are counted as too many. */
export const MAX_BULK_ROW_ELEMENTS = 20_000;

/** What is left of an upload's MAX_BULK_UNPACKED_BYTES while its parts are unpacked. */
interface Budget {
  left: number;
}

/**
 * A part of the zip unpacked as a stream and decoded as UTF-8 text, its bytes counted
 * against `budget` as they come: a small file that unpacks to gigabytes (a 'zip bomb') is
 * refused past MAX_BULK_UNPACKED_BYTES. The decoder keeps a character cut between two
 * chunks whole (ExcelJS's streaming reader decodes each chunk alone, which garbles such a
 * character: every Gujarati or Devanagari letter takes three bytes).
 * @throws AppError 413 too large unpacked; 400 when the part cannot be unpacked
 */
async function* unpackedText(chunks: AsyncIterable<Buffer>, budget: Budget): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of chunks) {
      budget.left -= chunk.length;
      if (budget.left < 0) throw fileProblem('PAYLOAD_TOO_LARGE', BULK_MSG.unpackedTooLarge);
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
      // a turn of the event loop between chunks: chunks already unpacked would otherwise be
      // parsed one after another in one turn, and other requests wait (decision 037)
      await nextTurn();
    }
  } catch (error) {
    throw error instanceof AppError ? error : notWorkbook();
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** One of JSZip's streams (an older kind, which the reader does not take) as a Node stream. */
function asNodeStream(source: NodeJS.ReadableStream): PassThrough {
  const stream = new PassThrough();
  source.on('error', (error: Error) => stream.destroy(error));
  // a stream no longer read stops JSZip's work
  stream.on('close', () => source.pause());
  source.pipe(stream);
  return stream;
}

/**
 * The parts of the upload ExcelJS's streaming reader reads first, re-packed in the order it
 * needs them — the workbook's relations (empty when missing) and the workbook before every
 * worksheet (in number order) — so it reads the sheet as it arrives instead of saving it to a
 * temporary file first. The shared strings are read apart (`readBulkFile`), other parts never
 * unpacked. JSZip copies each part's packed bytes as they are.
 * @throws AppError 400 not a zip
 */
async function inReadingOrder(bytes: Buffer): Promise<{ zip: JSZip; packed: PassThrough }> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw notWorkbook();
  }
  const has = (name: string) => zip.files[name] !== undefined && !zip.files[name].dir;
  const sheetNumber = (name: string) => Number(WORKSHEET.exec(name)?.[1]);
  const ordered = new JSZip();
  if (has(WORKBOOK_RELS)) ordered.files[WORKBOOK_RELS] = zip.files[WORKBOOK_RELS]!;
  else ordered.file(WORKBOOK_RELS, '<Relationships/>');
  if (has(WORKBOOK_PART)) ordered.files[WORKBOOK_PART] = zip.files[WORKBOOK_PART]!;
  const sheets = Object.keys(zip.files)
    .filter((name) => WORKSHEET.test(name) && has(name))
    .sort((a, b) => sheetNumber(a) - sheetNumber(b));
  for (const name of sheets) ordered.files[name] = zip.files[name]!;
  return { zip, packed: asNodeStream(ordered.generateNodeStream({ compression: 'DEFLATE', streamFiles: false })) };
}

/**
 * What ExcelJS's streaming reader has beyond its typings (exceljs 4.4): the workbook's sheets
 * in order once it has read the workbook part, the shared strings it looks cells up in (set
 * before any sheet is read, or it saves every sheet to a temporary file), and its parser of
 * the shared strings part, fed here with text decoded whole (`unpackedText`).
 */
interface ReaderInternals {
  model?: { sheets?: { id: number }[] };
  sharedStrings?: unknown[];
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
}
/** What ExcelJS's streaming reader has of a sheet beyond its typings: its id in the workbook, the chunks of its XML (read once the sheet is). */
interface SheetInternals {
  id?: number | string;
  iterator: AsyncIterable<Buffer | string>;
}

/** A cell's text as the sheet shows it (numbers, dates, links and rich text alike), NFC, trimmed. */
function cellText(cell: ExcelJS.Cell): string {
  let text: string;
  try {
    text = cell.text;
  } catch {
    text = plainText(cell.value);
  }
  return text.replaceAll('\u0000', '').normalize('NFC').trim();
}

/**
 * The rows of a filled template (POST /api/book/bulk/preview): its first sheet's headings are
 * matched to columns in any interface language; every later row with a value is a row, by its
 * number in the sheet. The sheet is read by ExcelJS's streaming reader one row at a time and
 * never built as a workbook: reading stops at the 1,001st row with a value, at
 * MAX_BULK_ROW_ELEMENTS rows of any kind, MAX_BULK_CELLS cells with a value or
 * MAX_BULK_UNPACKED_BYTES unpacked (decision 037), so a small file of many rows costs no more
 * than the rows before the limit, and the rest of the file is never unpacked.
 * @param lng the language the missing columns are named in
 * @throws AppError 400 not an .xlsx, a required column missing, no rows; 413 too large unpacked, more than MAX_BULK_ROWS rows, too many cells
 */
export async function readBulkFile(bytes: Buffer, lng: InterfaceLanguage): Promise<BulkRow[]> {
  const budget: Budget = { left: MAX_BULK_UNPACKED_BYTES };
  const { zip, packed } = await inReadingOrder(bytes);
  const { stream } = await loadExcelJS();
  const reader = new stream.xlsx.WorkbookReader(packed, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  const internals = reader as unknown as ReaderInternals;
  const columnAt = new Map<number, BulkColumn>();
  const rows: BulkRow[] = [];
  let headings = false;
  let rowElements = 0;
  let cells = 0;
  const opened: PassThrough[] = [packed];
  try {
    internals.sharedStrings = [];
    if (zip.files[SHARED_STRINGS] && !zip.files[SHARED_STRINGS].dir) {
      const part = asNodeStream(zip.files[SHARED_STRINGS].nodeStream('nodebuffer'));
      opened.push(part);
      for await (const event of internals._parseSharedStrings(Readable.from(unpackedText(part, budget)))) void event;
    }
    for await (const sheet of reader) {
      const xml = sheet as unknown as SheetInternals;
      xml.iterator = unpackedText(xml.iterator as AsyncIterable<Buffer>, budget);
      // the workbook's first sheet (the books): a sheet file before it is unpacked, counted and passed over
      const order = internals.model?.sheets?.map((known) => known.id) ?? [];
      if (order.includes(Number(xml.id)) && Number(xml.id) !== order[0]) {
        for await (const text of xml.iterator) void text;
        continue;
      }
      for await (const row of sheet) {
        rowElements++;
        cells += row.actualCellCount;
        if (rowElements > MAX_BULK_ROW_ELEMENTS) throw fileProblem('PAYLOAD_TOO_LARGE', BULK_MSG.tooManyRows);
        if (cells > MAX_BULK_CELLS) throw fileProblem('PAYLOAD_TOO_LARGE', BULK_MSG.unpackedTooLarge);
        if (!headings) {
          headings = true;
          if (row.number === 1) {
            row.eachCell((cell, column) => {
              const key = COLUMN_OF_HEADING.get(fold(cellText(cell).replace(/\s*\*$/, '')));
              if (key && ![...columnAt.values()].includes(key)) columnAt.set(column, key);
            });
          }
          missingColumns(columnAt, lng);
          if (row.number === 1) continue;
        }
        const values: BulkRow['values'] = {};
        for (const [column, key] of columnAt) {
          const text = cellText(row.getCell(column));
          if (text) values[key] = text;
        }
        if (Object.keys(values).length === 0) continue;
        if (rows.length === MAX_BULK_ROWS) throw fileProblem('PAYLOAD_TOO_LARGE', BULK_MSG.tooManyRows);
        rows.push({ row: row.number, values });
      }
      break;
    }
  } catch (error) {
    throw error instanceof AppError ? error : notWorkbook();
  } finally {
    // the rest of the file is never unpacked
    for (const stream of opened) stream.destroy();
  }
  if (!headings) missingColumns(columnAt, lng);
  if (rows.length === 0) throw fileProblem('BAD_REQUEST', BULK_MSG.noRows);
  return rows;
}

/**
 * @throws AppError 400 naming, in `lng`, the required columns no heading of `columnAt` gives
 */
function missingColumns(columnAt: Map<number, BulkColumn>, lng: InterfaceLanguage): void {
  const missing = BULK_REQUIRED_COLUMNS.filter((key) => ![...columnAt.values()].includes(key));
  if (missing.length)
    throw fileProblem('BAD_REQUEST', bulkMissingColumnsMessage(missing.map((key) => bulkColumnLabel(lng, key)).join(', ')));
}

/** The column a problem of the book form's field `path` belongs to; `authorSlots[i]` is the template slot of the form's author i. */
function columnOfPath(path: PropertyKey[], authorSlots: number[]): BulkColumn | null {
  const [field, index, part] = path;
  if (field === 'authors') {
    const slot = typeof index === 'number' ? authorSlots[index] : undefined;
    if (slot === undefined) return 'author_name_1';
    return part === 'authorType' ? (`author_type_${slot}` as BulkColumn) : (`author_name_${slot}` as BulkColumn);
  }
  if (field === 'isPublicPdf' || field === 'book_pdf') return 'pdfurl';
  return BULK_COLUMNS.includes(field as BulkColumn) ? (field as BulkColumn) : null;
}

/**
 * A row's cells as the book form's fields: list values (in any interface language, or the
 * form's own) turned into what the form sends, then the form's rules (`bookFields`) and the
 * lookup lists. A book whose PDF is open to readers must give its link (a file cannot travel
 * in a sheet).
 * @returns the fields, or the row's problems by column (English, the key of their translations)
 */
export function bookFieldsOfRow(values: BulkRow['values']): { fields: BookFields; errors: [] } | { fields: null; errors: BulkProblem[] } {
  const text = (key: BulkColumn) => values[key]?.normalize('NFC').trim() ?? '';
  const errors: BulkProblem[] = [];
  // a cell no form field could hold: named as such (the preview shows only its start)
  for (const key of BULK_COLUMNS) {
    if ((values[key]?.length ?? 0) > MAX_BULK_CELL_CHARACTERS) errors.push({ column: key, message: BULK_MSG.cellTooLong });
  }
  /** The form's value of a list column, or `undefined` (and a problem) when the cell is not in the list. */
  const fromList = <T>(key: BulkColumn, list: Map<string, T>, message: string): T | undefined => {
    const cell = text(key);
    if (!cell) return undefined;
    const value = list.get(fold(cell));
    if (value === undefined) errors.push({ column: key, message });
    return value;
  };

  const language = text('language') ? fromList('language', LANGUAGE_OF, BULK_MSG.languageNotInList) : '';
  const type = fromList('type', SWAROOP_OF, 'Swaroop is not in the list');
  const subjects: { id: number }[] = [];
  for (const name of text('subjects')
    .split(/[;,]/)
    .map((part) => part.trim())
    .filter(Boolean)) {
    const id = SUBJECT_OF.get(fold(name));
    if (id === undefined) errors.push({ column: 'subjects', message: 'Subject is not in the list' });
    else subjects.push({ id });
  }
  const authorSlots: number[] = [];
  const authors = AUTHOR_SLOTS.flatMap((slot) => {
    const name = text(`author_name_${slot}` as BulkColumn);
    const typeCell = text(`author_type_${slot}` as BulkColumn);
    if (!name && !typeCell) return [];
    authorSlots.push(slot);
    const authorType = fromList(`author_type_${slot}` as BulkColumn, AUTHOR_TYPE_OF, 'Author type is not in the list');
    return [{ authorType: authorType ?? '', authorname: name }];
  });
  const priceKind = fromList('price_kind', PRICE_KIND_OF, BULK_MSG.priceKindNotInList);
  const readers = fromList('readers', YES_NO_OF, BULK_MSG.yesOrNo);
  const electronic = fromList('electronic_copy', YES_NO_OF, BULK_MSG.yesOrNo);
  const currency = text('currency').toUpperCase();
  if (currency && !(CURRENCIES as readonly string[]).includes(currency))
    errors.push({ column: 'currency', message: BULK_MSG.currencyNotInList });

  const parsed = bookFields.safeParse({
    book_title: text('book_title'),
    book_e_title: text('book_e_title'),
    alternate_title: text('alternate_title'),
    language: language ?? text('language'),
    publication_year: text('publication_year'),
    pages: text('pages'),
    part: text('part'),
    type,
    other_type: text('other_type'),
    subjects,
    other_subject: text('other_subject'),
    authors,
    height: text('height'),
    width: text('width'),
    no_of_copy: text('no_of_copy'),
    price_kind: priceKind,
    price: text('price'),
    currency: (CURRENCIES as readonly string[]).includes(currency) ? currency : undefined,
    readers,
    electronic_copy: electronic,
    // a PDF open to readers is given by its link: a sheet cannot carry the file
    isPublicPdf: readers === 'Yes' && electronic === 'Yes' ? true : undefined,
    pdfurl: text('pdfurl'),
    tags: text('tags'),
  });
  const known = new Set(errors.map((problem) => problem.column));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // (every field the row sets has its column; the title stands for any other)
      const column = columnOfPath(issue.path, authorSlots) ?? 'book_title';
      // a list value already named (its column's form rule would only repeat it)
      if (!known.has(column)) errors.push({ column, message: issue.message });
    }
  } else {
    for (const { field, message } of checkLookups(parsed.data)) {
      const column = columnOfPath(
        field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
        authorSlots,
      );
      if (column && !known.has(column)) errors.push({ column, message });
    }
  }
  const unique = [...new Map(errors.map((problem) => [`${problem.column}\u0000${problem.message}`, problem])).values()];
  return unique.length || !parsed.success ? { fields: null, errors: unique } : { fields: parsed.data, errors: [] };
}

/** Titles of `titles` (folded) the publisher has already registered. */
async function registeredTitles(ctx: AppContext, publisherId: number, titles: string[]): Promise<Set<string>> {
  if (titles.length === 0) return new Set();
  const rows = await ctx.db
    .select({ title: sql<string>`lower(${books.book_title})` })
    .from(books)
    .where(and(eq(books.publisher_id, publisherId), inArray(sql`lower(${books.book_title})`, titles)));
  return new Set(rows.map((row) => row.title));
}

/** A row's cells as the preview shows them: each at most MAX_BULK_CELL_CHARACTERS long (a longer one's start, never half a character). */
function cellsShown(values: BulkRow['values']): BulkRow['values'] {
  const shown: BulkRow['values'] = {};
  for (const [key, value] of Object.entries(values) as [BulkColumn, string][]) {
    shown[key] =
      value.length <= MAX_BULK_CELL_CHARACTERS
        ? value
        : value.slice(
            0,
            /[\uD800-\uDBFF]/.test(value[MAX_BULK_CELL_CHARACTERS - 1]!) ? MAX_BULK_CELL_CHARACTERS - 1 : MAX_BULK_CELL_CHARACTERS,
          );
  }
  return shown;
}

/**
 * Checks `rows` for the preview (POST /api/book/bulk/preview and /check): each row's problems
 * by column (a cell longer than MAX_BULK_CELL_CHARACTERS among them, shown cut to that), and as warnings a title the publisher already registered or one repeated in the
 * file (both may still be registered). Messages in `lng`.
 */
export async function checkBulkRows(ctx: AppContext, publisherId: number, rows: BulkRow[], lng: InterfaceLanguage): Promise<BulkPreview> {
  const titleOf = (row: BulkRow) => fold(row.values.book_title ?? '');
  const registered = await registeredTitles(ctx, publisherId, [...new Set(rows.map(titleOf).filter(Boolean))]);
  // the first two rows of each title (a row with the title warns of another)
  const rowsOfTitle = new Map<string, number[]>();
  for (const row of rows) {
    const title = titleOf(row);
    const seen = rowsOfTitle.get(title) ?? [];
    if (title && seen.length < 2) rowsOfTitle.set(title, [...seen, row.row]);
  }
  const inLanguage = (problem: BulkProblem) => ({ column: problem.column, message: translate(problem.message, lng) });

  // a book like the row's by any publisher (decision 044), as the form warns before it registers
  const similar = await similarOfRows(ctx, rows);
  const preview: BulkPreviewRow[] = rows.map((row) => {
    const { errors } = bookFieldsOfRow(row.values);
    const warnings: BulkProblem[] = [];
    const title = titleOf(row);
    if (title && registered.has(title)) warnings.push({ column: 'book_title', message: BOOK_MSG.duplicateTitle });
    const closest = similar.get(row.row);
    if (closest && !registered.has(title))
      warnings.push({ column: 'book_title', message: similarBookMessage(closest.jsbn_number, closest.publisher_name) });
    const other = rowsOfTitle.get(title)?.find((number) => number !== row.row);
    if (title && other !== undefined) warnings.push({ column: 'book_title', message: bulkSameTitleMessage(other) });
    return { row: row.row, values: cellsShown(row.values), errors: errors.map(inLanguage), warnings: warnings.map(inLanguage) };
  });
  return { columns: previewColumns(lng), rows: preview };
}

/**
 * How long a preview spends on its rows' duplicate checks, ms: the rows after are not warned of
 * (their pairs are still queued after registering — decision 044; a check at a million books
 * may take a second on a loaded machine, docs/benchmarks.md).
 */
const SIMILAR_CHECKS_BUDGET_MS = 5_000;

/**
 * The closest registered book of each row that has a title and an author (`similarBooks`), by row
 * number: one check after another, on the API's connections like any request, within
 * SIMILAR_CHECKS_BUDGET_MS.
 */
async function similarOfRows(ctx: AppContext, rows: BulkRow[]): Promise<Map<number, { jsbn_number: string; publisher_name: string }>> {
  const found = new Map<number, { jsbn_number: string; publisher_name: string }>();
  const deadline = Date.now() + SIMILAR_CHECKS_BUDGET_MS;
  for (const row of rows) {
    if (Date.now() > deadline) break;
    const title = row.values.book_title?.trim();
    const authors = AUTHOR_SLOTS.flatMap((slot) => row.values[`author_name_${slot}` as BulkColumn]?.trim() || []);
    if (!title || authors.length === 0) continue;
    const [closest] = await similarBooks(ctx.db, { title, eTitle: row.values.book_e_title ?? null, authors }, { limit: 1 });
    if (closest) found.set(row.row, closest);
  }
  return found;
}

/** The preview's columns in `lng`: each label, and a list column's options (the template's drop-down lists). */
function previewColumns(lng: InterfaceLanguage): BulkPreview['columns'] {
  const lists = new Map(templateLists(lng).flatMap((list) => list.columns.map((key) => [key, list] as const)));
  return BULK_COLUMNS.map((key) => {
    const list = lists.get(key);
    return list
      ? { key, label: bulkColumnLabel(lng, key), options: list.values, ...(key === 'subjects' ? { several: true } : {}) }
      : { key, label: bulkColumnLabel(lng, key) };
  });
}

/** Why a row was not registered, in `lng`: left out in the preview, or its problems by column. */
function whyLeftOut(row: BulkRow & { skipped?: boolean }, lng: InterfaceLanguage): string {
  const { errors } = bookFieldsOfRow(row.values);
  if (row.skipped || errors.length === 0) return noticeText(lng, 'bulk.result.leftByYou');
  return errors.map((problem) => `${bulkColumnLabel(lng, problem.column)}: ${translate(problem.message, lng)}`).join('; ');
}

/** The `source_ref` of a bulk row: its batch and row number (unique per publisher, so a retry finds its book). */
const sourceRefOf = (batch: string, row: number) => `bulk:${batch}:${row}`;

/**
 * Registers `rows` of upload `batch` for the publisher in one transaction through
 * `registerBooks` (the form's service: JSBNs in row order). A row of this batch registered
 * before by this publisher (a retry after a lost reply, or one sent again while the first is
 * still running) is answered with its book, not registered again; another publisher's batch
 * of the same id is another batch.
 * @returns each row's book id and JSBN, in row order
 * @throws AppError 400 when a row fails the form's rules (details `rows.<row>.<column>`; nothing
 *   is written) or a row number repeats; 409 when the publisher has no JSBN numbers left
 */
export async function registerBulkRows(ctx: AppContext, publisherId: number, batch: string, rows: BulkRow[]): Promise<BulkRegistered> {
  const sorted = [...rows].sort((a, b) => a.row - b.row);
  const checked = sorted.map((row) => bookFieldsOfRow(row.values));
  const problems = sorted.flatMap((row, index) => {
    if (index > 0 && sorted[index - 1]!.row === row.row) return [{ field: `rows.${row.row}`, message: BULK_MSG.rowTwice }];
    return checked[index]!.errors.map((problem) => ({ field: `rows.${row.row}.${problem.column}`, message: problem.message }));
  });
  if (problems.length) throw validationError(problems);
  const fields = checked.map((row) => row.fields!);
  return ctx.db.transaction(async (tx) => {
    // the publisher's row first (registerBooks takes it too): the same chunk sent again while
    // the first is still running waits here and then finds the first's books (decision 037)
    await tx.select({ id: publishers.id }).from(publishers).where(eq(publishers.id, publisherId)).for('update');
    const refs = sorted.map((row) => sourceRefOf(batch, row.row));
    const earlier = new Map(
      (
        await tx
          .select({ ref: books.source_ref, id: books.id, jsbn: books.jsbn_number })
          .from(books)
          .where(and(eq(books.publisher_id, publisherId), inArray(books.source_ref, refs)))
      ).map((book) => [book.ref, { id: book.id, jsbn: book.jsbn }]),
    );
    const fresh = sorted.flatMap((row, index) => (earlier.has(refs[index]!) ? [] : [{ row: row.row, fields: fields[index]! }]));
    const made = await registerBooks(
      ctx,
      tx,
      fresh.map(({ row, fields: bookFields }) => ({ publisherId, fields: bookFields, coverKey: null, sourceRef: sourceRefOf(batch, row) })),
    );
    fresh.forEach(({ row }, index) => earlier.set(sourceRefOf(batch, row), made[index]!));
    // one entry per new book, in one statement: its JSBN, title and the upload it came from (decision 042)
    const actor = await publisherActor(tx, publisherId);
    await record(
      tx,
      ...fresh.map(({ row, fields: bookFields }, index) => ({
        actor,
        subject: 'book' as const,
        subjectId: made[index]!.id,
        action: 'created' as const,
        changes: {
          jsbn_number: [null, made[index]!.jsbn],
          book_title: [null, bookFields.book_title],
          book_e_title: [null, bookFields.book_e_title],
        } satisfies FieldChanges,
        reason: `bulk upload ${batch}, row ${row}`,
      })),
    );
    return {
      books: sorted.map((row, index) => ({
        row: row.row,
        id: earlier.get(refs[index]!)!.id,
        jsbn_number: earlier.get(refs[index]!)!.jsbn,
      })),
    };
  });
}

/**
 * The books the publisher registered from upload `batch`, as Excel in `lng`
 * (GET or POST /api/book/bulk/:batch/result.xlsx): row, JSBN, titles and the JSBN page, in JSBN
 * order; then the rows `left` out (POST), in row order, each with why ('Left out because').
 * @throws AppError 404 when the publisher has no book of this batch
 */
export async function bulkResult(
  ctx: AppContext,
  publisherId: number,
  batch: string,
  lng: InterfaceLanguage,
  left: (BulkRow & { skipped?: boolean })[] = [],
): Promise<Buffer> {
  const prefix = sourceRefOf(batch, 0).slice(0, -1);
  const rows = await ctx.db
    .select({ ref: books.source_ref, jsbn: books.jsbn_number, title: books.book_title, englishTitle: books.book_e_title })
    .from(books)
    .where(and(eq(books.publisher_id, publisherId), like(books.source_ref, `${prefix}%`)))
    .orderBy(asc(books.publisher_jsbn_id));
  if (rows.length === 0) throw new AppError('NOT_FOUND', BULK_MSG.batchNotFound);
  // the registered books, then each row left out with why, so no row of the file disappears (decision 039)
  type Line = { row: number; jsbn: string; title: string; englishTitle: string; page: string; why: string };
  const lines: Line[] = [
    ...rows.map((row) => ({
      row: Number(row.ref!.slice(prefix.length)),
      jsbn: formatJsbn(row.jsbn),
      title: row.title,
      englishTitle: row.englishTitle,
      page: bookPageUrl(ctx.config.publicUrl, row.jsbn),
      why: '',
    })),
    ...[...left]
      .sort((a, b) => a.row - b.row)
      .map((row) => ({
        row: row.row,
        jsbn: '',
        title: row.values.book_title ?? '',
        englishTitle: row.values.book_e_title ?? '',
        page: '',
        why: whyLeftOut(row, lng),
      })),
  ];
  return xlsxOf<Line>(
    [
      { header: noticeText(lng, 'bulk.result.row'), width: 8, value: (line) => line.row },
      { header: noticeText(lng, 'bulk.result.jsbn'), width: 18, value: (line) => line.jsbn },
      { header: bulkColumnLabel(lng, 'book_title'), width: 40, value: (line) => line.title },
      { header: bulkColumnLabel(lng, 'book_e_title'), width: 36, value: (line) => line.englishTitle },
      { header: noticeText(lng, 'bulk.result.page'), width: 48, value: (line) => line.page },
      { header: noticeText(lng, 'bulk.result.leftOut'), width: 60, value: (line) => line.why },
    ],
    lines,
  );
}
