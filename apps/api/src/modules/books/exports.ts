/**
 * Excel exports of books and publishers (packages/shared/src/constants.ts file names, sheet Data): Book_Details
 * (selected books), Publisher_Catelog (every book of one publisher) and Publisher_Info
 * (selected publishers). Each is written in the language of whoever asks (`lng`): its column
 * headings (`export.*` of notices.json) and the lookups it shows.
 */
import {
  EXPORT_FILE_NAMES,
  LOOKUP_CATALOGUES,
  authorsText,
  bookPriceText,
  languageText,
  subjectsText,
  swaroopText,
  type BookDto,
  type InterfaceLanguage,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { exportHeading, xlsxOf, type SheetColumn } from '../../lib/excel.js';
import { noticeText, priceWords } from '../../lib/notices.js';
import { publisherName } from '../publishers/service.js';
import { booksByIds } from './book-reads.js';
import { listBooks } from './listing.js';

function bookColumns(lng: InterfaceLanguage): SheetColumn<BookDto>[] {
  const lookups = LOOKUP_CATALOGUES[lng];
  const heading = (key: string) => exportHeading(lng, key);
  return [
    { header: heading('srNo'), width: 8, value: (_book, index) => index + 1 },
    { header: heading('jsbn'), width: 16, value: (book) => book.jsbn_number },
    { header: heading('bookName'), width: 36, value: (book) => book.book_title },
    { header: heading('englishTitle'), width: 32, value: (book) => book.book_e_title },
    { header: heading('authors'), width: 32, value: (book) => authorsText(lookups, book.authors) },
    { header: heading('language'), width: 14, value: (book) => languageText(lookups, book.language) },
    { header: heading('subjects'), width: 24, value: (book) => subjectsText(lookups, book) },
    { header: heading('swaroop'), width: 16, value: (book) => swaroopText(lookups, book) },
    { header: heading('year'), width: 14, value: (book) => book.publication_year },
    { header: heading('pages'), width: 8, value: (book) => book.pages },
    { header: heading('price'), width: 16, value: (book) => bookPriceText(book, priceWords(lng)) },
    { header: heading('publisher'), width: 30, value: (book) => book.publisher_name },
    { header: heading('available'), width: 12, value: (book) => noticeText(lng, book.isAvailable ? 'sheet.yes' : 'sheet.no') },
  ];
}

/** Book_Details.xlsx of the selected books, in `lng`. @throws AppError 404 for an unknown id */
export async function exportBooks(ctx: AppContext, ids: number[], lng: InterfaceLanguage) {
  return { fileName: `${EXPORT_FILE_NAMES.bookDetails}.xlsx`, bytes: await xlsxOf(bookColumns(lng), await booksByIds(ctx, ids)) };
}

/** Publisher_Catelog.xlsx: every book of one publisher, newest first, in `lng`. @throws AppError 404 */
export async function exportCatalogue(ctx: AppContext, publisherId: number, lng: InterfaceLanguage) {
  await publisherName(ctx, publisherId);
  const { books } = await listBooks(ctx, { pageNo: 1, limit: 'all', queryString: undefined, publisherId });
  return { fileName: `${EXPORT_FILE_NAMES.publisherCatalog}.xlsx`, bytes: await xlsxOf(bookColumns(lng), books) };
}
