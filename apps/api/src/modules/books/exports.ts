/**
 * Excel exports of books and publishers (spec books §9 file names, sheet Data): Book_Details
 * (selected books), Publisher_Catelog (every book of one publisher) and Publisher_Info
 * (selected publishers).
 */
import { EXPORT_FILE_NAMES, bookPriceText, type BookDto } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { xlsxOf, type SheetColumn } from '../../lib/excel.js';
import { publisherInfo, publisherName } from '../publishers/service.js';
import { booksByIds, listBooks } from './service.js';

const BOOK_COLUMNS: SheetColumn<BookDto>[] = [
  { header: 'Sr. no', width: 8, value: (_book, index) => index + 1 },
  { header: 'JSBN', width: 16, value: (book) => book.jsbn_number },
  { header: 'Book name', width: 36, value: (book) => book.book_title },
  { header: 'English title', width: 32, value: (book) => book.book_e_title },
  { header: 'Authors', width: 32, value: (book) => book.authors.map((author) => `${author.author_name} (${author.author_type})`).join(', ') },
  { header: 'Language', width: 14, value: (book) => book.language },
  { header: 'Subjects', width: 24, value: (book) => [...book.subjects.map((subject) => subject.subject_name), book.other_subject].filter(Boolean).join(', ') },
  { header: 'Swaroop', width: 16, value: (book) => book.type ?? book.other_type },
  { header: 'Publication year', width: 14, value: (book) => book.publication_year },
  { header: 'Pages', width: 8, value: (book) => book.pages },
  { header: 'Price', width: 16, value: (book) => bookPriceText(book) },
  { header: 'Publisher', width: 30, value: (book) => book.publisher_name },
  { header: 'Available for printing', width: 12, value: (book) => (book.isAvailable ? 'Yes' : 'No') },
];

/** Book_Details.xlsx of the selected books. @throws AppError 404 for an unknown id */
export async function exportBooks(ctx: AppContext, ids: number[]) {
  return { fileName: `${EXPORT_FILE_NAMES.bookDetails}.xlsx`, bytes: await xlsxOf(BOOK_COLUMNS, await booksByIds(ctx, ids)) };
}

/** Publisher_Catelog.xlsx: every book of one publisher, newest first. @throws AppError 404 */
export async function exportCatalogue(ctx: AppContext, publisherId: number) {
  await publisherName(ctx, publisherId);
  const { books } = await listBooks(ctx, { pageNo: 1, limit: 'all', queryString: undefined, publisherId });
  return { fileName: `${EXPORT_FILE_NAMES.publisherCatalog}.xlsx`, bytes: await xlsxOf(BOOK_COLUMNS, books) };
}

/** Publisher_Info.xlsx of the selected publishers. @throws AppError 404 for an unknown id */
export async function exportPublishers(ctx: AppContext, ids: number[]) {
  const rows = await Promise.all(ids.map((id) => publisherInfo(ctx, id)));
  const bytes = await xlsxOf(
    [
      { header: 'Sr. no', width: 8, value: (_row, index) => index + 1 },
      { header: 'Publisher unique id', width: 12, value: (row) => row.publisher_no },
      { header: 'Publisher name', width: 34, value: (row) => row.publisher_name },
      { header: 'Type', width: 14, value: (row) => row.publisher_type },
      { header: 'Address', width: 36, value: (row) => [row.address, row.city_name, row.state_name, row.pincode].filter(Boolean).join(', ') },
      { header: 'Mobile', width: 14, value: (row) => row.mobile_no },
      { header: 'WhatsApp', width: 14, value: (row) => row.whatsapp_no },
      { header: 'E-mail', width: 28, value: (row) => row.email },
      { header: 'Total books', width: 10, value: (row) => row.total_books },
      { header: 'Last book published', width: 16, value: (row) => (row.last_book_published ? new Date(row.last_book_published).toLocaleDateString('en-GB', { timeZone: 'Asia/Kolkata' }) : null) },
    ],
    rows,
  );
  return { fileName: `${EXPORT_FILE_NAMES.publisherInfo}.xlsx`, bytes };
}
