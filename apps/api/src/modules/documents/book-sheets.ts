/**
 * Generated documents of books — DESIGN §7, spec books §3 'generated_pdfs': the single-book
 * sheet, a publisher's book list, a publisher's catalogue and the publisher info sheet. A4,
 * text through `pdf.ts`, so Gujarati and Devanagari are shaped by their own Noto face.
 * These functions only draw; books/documents.ts gathers the data and caches the files.
 */
import { BOOK_MSG, COUNTRY_CODE, EMPTY_VALUE, SWAROOPS, bookPriceText, type BookDto, type LibraryListItem, type PublisherInfo } from '@jsbn/shared';
import { createPdf, ensureSpace, pdfBytes, text, textHeight, type Pdf } from './pdf.js';

const BRAND_COLOR = '#c2410c';
const MUTED = '#555555';
const RULE = '#bbbbbb';
const SHADE = '#f6efe9';

/** A book with the image bytes its sheet shows (JPEG or PNG, already downscaled). */
export interface BookWithImages {
  book: BookDto;
  /** Cover image bytes, or null when the book has none. */
  cover: Buffer | null;
  /** QR code PNG bytes (the book's public page). */
  qr?: Buffer;
}

const value = (item: unknown) => (item === null || item === undefined || item === '' ? EMPTY_VALUE : String(item));
const authorsOf = (book: BookDto) => book.authors.map((author) => `${author.author_name} (${author.author_type})`).join(', ') || EMPTY_VALUE;
const subjectsOf = (book: BookDto) => [...book.subjects.map((subject) => subject.subject_name), book.other_subject].filter(Boolean).join(', ') || EMPTY_VALUE;
const SWAROOP = new Map(SWAROOPS.map((swaroop) => [swaroop.code, `${swaroop.label} — ${swaroop.gloss}`]));
const swaroopOf = (book: BookDto) => (book.type ? (SWAROOP.get(book.type) ?? book.type) : (book.other_type ?? EMPTY_VALUE));
const placeOf = (publisher: PublisherInfo) => [publisher.address, publisher.city_name, publisher.state_name, publisher.pincode].filter(Boolean).join(', ') || EMPTY_VALUE;

function rule(doc: Pdf, y: number, color = RULE) {
  doc.save().lineWidth(0.6).strokeColor(color).moveTo(doc.page.margins.left, y).lineTo(doc.page.width - doc.page.margins.right, y).stroke().restore();
}

function heading(doc: Pdf, title: string, subtitle?: string) {
  text(doc, 'JSBN — Jain Standard Book Number', { size: 9, color: BRAND_COLOR, bold: true });
  text(doc, title, { size: 17, bold: true });
  if (subtitle) text(doc, subtitle, { size: 10, color: MUTED });
  doc.y += 4;
  rule(doc, doc.y, BRAND_COLOR);
  doc.y += 10;
}

/** Label/value rows in two columns; each row kept on one page. */
function facts(doc: Pdf, rows: [string, string][], options: { x?: number; width?: number; labelWidth?: number; size?: number } = {}) {
  const x = options.x ?? doc.page.margins.left;
  const width = options.width ?? doc.page.width - doc.page.margins.right - x;
  const labelWidth = options.labelWidth ?? 130;
  const size = options.size ?? 10;
  for (const [label, content] of rows) {
    const height = Math.max(
      textHeight(doc, label, { width: labelWidth, size, bold: true }),
      textHeight(doc, content, { width: width - labelWidth - 8, size }),
    );
    const y = ensureSpace(doc, height);
    text(doc, label, { x, y, width: labelWidth, size, bold: true, color: MUTED, pageBreak: false });
    text(doc, content, { x: x + labelWidth + 8, y, width: width - labelWidth - 8, size, pageBreak: false });
    doc.y = y + height + 2;
  }
  doc.x = doc.page.margins.left;
}

function footer(doc: Pdf, line: string) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    text(doc, `${line} · ${index + 1}/${range.count}`, { y: doc.page.height - 32, size: 8, color: MUTED, align: 'center', pageBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

function bookFacts(book: BookDto): [string, string][] {
  return [
    ['JSBN', book.jsbn_number],
    ['Title', book.book_title],
    ['English title', book.book_e_title],
    ['Original title', value(book.alternate_title)],
    ['Subtitle', book.book_alt_subtitle ? `${book.book_alt_subtitle}${book.book_subtitle_lang ? ` (${book.book_subtitle_lang})` : ''}` : EMPTY_VALUE],
    ['Authors', authorsOf(book)],
    ['Language', book.language],
    ['Swaroop / type', swaroopOf(book)],
    ['Part', value(book.part)],
    ['Publication year', `${book.publication_year ?? BOOK_MSG.yearNotKnown}${book.vikram_samvat ? ` · Vikram Samvat ${book.vikram_samvat} · Veer Samvat ${book.veer_samvat}` : ''}`],
    ['Pages', String(book.pages)],
    ['Size (inches)', book.height && book.width ? `${book.height} × ${book.width}` : EMPTY_VALUE],
    ['Copies', value(book.no_of_copy)],
    ['Price', book.price_kind === 'priced' && book.price === null ? EMPTY_VALUE : bookPriceText(book)],
    ['Subjects', subjectsOf(book)],
    ['Tags', value(book.tags)],
    ['Publisher', `${book.publisher_name} (${book.publisher_no})`],
    ['Available for printing', book.isAvailable ? 'Yes' : 'No'],
  ];
}

/**
 * The single-book sheet: cover and QR beside the title, then every fact of the book and its
 * contents. @returns the PDF bytes
 */
export async function bookSheetPdf(item: BookWithImages, publisher: PublisherInfo): Promise<Buffer> {
  const { book } = item;
  const doc = createPdf({ title: `JSBN ${book.jsbn_number} — ${book.book_e_title}`, bufferPages: true });
  heading(doc, book.book_title, `${book.book_e_title} · JSBN ${book.jsbn_number}`);
  const top = doc.y;
  const left = doc.page.margins.left;
  if (item.cover) doc.image(item.cover, left, top, { fit: [130, 180] });
  if (item.qr) doc.image(item.qr, doc.page.width - doc.page.margins.right - 110, top, { width: 110, height: 110 });
  const textX = left + (item.cover ? 145 : 0);
  const textWidthLeft = doc.page.width - doc.page.margins.right - 120 - textX;
  doc.y = top;
  text(doc, book.book_title, { x: textX, width: textWidthLeft, size: 14, bold: true });
  text(doc, book.book_e_title, { x: textX, width: textWidthLeft, size: 11 });
  text(doc, authorsOf(book), { x: textX, width: textWidthLeft, size: 10, color: MUTED });
  text(doc, `${publisher.publisher_name} · ${placeOf(publisher)}`, { x: textX, width: textWidthLeft, size: 9, color: MUTED });
  doc.y = Math.max(doc.y, top + (item.cover ? 190 : 120));
  facts(doc, bookFacts(book));
  if (book.contents) {
    doc.y += 6;
    text(doc, 'Contents', { size: 12, bold: true });
    text(doc, book.contents, { size: 10 });
  }
  footer(doc, `JSBN ${book.jsbn_number}`);
  return pdfBytes(doc);
}

/** Publisher contact block shared by the list, the catalogue and the info sheet. */
function publisherBlock(doc: Pdf, publisher: PublisherInfo) {
  facts(doc, [
    ['Publisher no.', publisher.publisher_no],
    ['Address', placeOf(publisher)],
    ['Mobile', publisher.mobile_no ? `${COUNTRY_CODE} ${publisher.mobile_no}` : EMPTY_VALUE],
    ['WhatsApp', publisher.whatsapp_no ? `${COUNTRY_CODE} ${publisher.whatsapp_no}` : EMPTY_VALUE],
    ['E-mail', publisher.email],
    ['Books registered', String(publisher.total_books)],
  ]);
}

/**
 * A publisher's book list: one table row per book (JSBN, title and English title, authors,
 * language, year, pages). @returns the PDF bytes
 */
export async function publisherBookListPdf(publisher: PublisherInfo, books: BookDto[]): Promise<Buffer> {
  const doc = createPdf({ title: `Books of ${publisher.publisher_name}`, bufferPages: true, margin: 40 });
  heading(doc, publisher.publisher_name, `Book list · ${books.length} books · ${publisher.publisher_no}`);
  const left = doc.page.margins.left;
  const columns = [
    { title: 'Sr.', width: 26 },
    { title: 'JSBN', width: 88 },
    { title: 'Book', width: 190 },
    { title: 'Authors', width: 120 },
    { title: 'Language', width: 58 },
    { title: 'Year', width: 33 },
  ];
  const size = 8.5;
  const drawHeader = () => {
    const y = ensureSpace(doc, 20);
    doc.save().rect(left, y - 2, columns.reduce((sum, column) => sum + column.width, 0), 16).fill(SHADE).restore();
    let x = left;
    for (const column of columns) {
      text(doc, column.title, { x: x + 2, y, width: column.width - 4, size, bold: true, pageBreak: false });
      x += column.width;
    }
    doc.y = y + 16;
  };
  drawHeader();
  books.forEach((book, index) => {
    const cells = [String(index + 1), book.jsbn_number, `${book.book_title}\n${book.book_e_title}`, authorsOf(book), book.language, String(book.publication_year ?? BOOK_MSG.yearNotKnown)];
    const height = Math.max(...cells.map((cell, column) => textHeight(doc, cell, { width: columns[column]!.width - 4, size }))) + 4;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      drawHeader();
    }
    const y = doc.y;
    let x = left;
    cells.forEach((cell, column) => {
      text(doc, cell, { x: x + 2, y: y + 2, width: columns[column]!.width - 4, size, pageBreak: false });
      x += columns[column]!.width;
    });
    rule(doc, y + height);
    doc.y = y + height + 1;
  });
  if (books.length === 0) text(doc, 'No books registered yet.', { size: 10, color: MUTED });
  footer(doc, `${publisher.publisher_name} · ${publisher.publisher_no}`);
  return pdfBytes(doc);
}

/**
 * A publisher's catalogue: the publisher's details, then every book with its cover, titles,
 * authors and key facts, two columns of cards per page row.
 * @param onSlice awaited after every `booksPerSlice` books drawn (and after the last), with how
 *   many were drawn since the last call: a caller reports progress and lets other work run
 * @returns the PDF bytes
 */
export async function publisherCataloguePdf(
  publisher: PublisherInfo,
  items: BookWithImages[],
  onSlice: (drawn: number) => Promise<void> = async () => undefined,
  booksPerSlice = 50,
): Promise<Buffer> {
  const doc = createPdf({ title: `Catalogue of ${publisher.publisher_name}`, bufferPages: true, margin: 40 });
  heading(doc, publisher.publisher_name, `Catalogue · ${publisher.publisher_no}`);
  publisherBlock(doc, publisher);
  doc.y += 8;
  const left = doc.page.margins.left;
  const gap = 14;
  const cardWidth = (doc.page.width - doc.page.margins.left - doc.page.margins.right - gap) / 2;
  const cardHeight = 150;
  const coverWidth = 80;
  for (const [index, item] of items.entries()) {
    const column = index % 2;
    if (column === 0) doc.y = ensureSpace(doc, cardHeight + gap);
    const x = left + column * (cardWidth + gap);
    const y = doc.y;
    doc.save().lineWidth(0.6).strokeColor(RULE).rect(x, y, cardWidth, cardHeight).stroke().restore();
    if (item.cover) doc.image(item.cover, x + 6, y + 6, { fit: [coverWidth, cardHeight - 12] });
    const textX = x + 12 + (item.cover ? coverWidth : 0);
    const width = cardWidth - (textX - x) - 6;
    const { book } = item;
    let cursor = y + 6;
    for (const [line, options] of [
      [book.book_title, { size: 10.5, bold: true }],
      [book.book_e_title, { size: 9 }],
      [authorsOf(book), { size: 8, color: MUTED }],
      [`JSBN ${book.jsbn_number}`, { size: 8, bold: true, color: BRAND_COLOR }],
      [`${book.language} · ${book.publication_year ?? BOOK_MSG.yearNotKnown} · ${book.pages} pages${book.price_kind === 'priced' && book.price === null ? '' : ` · ${bookPriceText(book)}`}`, { size: 8 }],
    ] as const) {
      const height = textHeight(doc, line, { width, ...options });
      if (cursor + height > y + cardHeight - 4) break;
      text(doc, line, { x: textX, y: cursor, width, pageBreak: false, ...options });
      cursor += height;
    }
    doc.y = column === 1 || index === items.length - 1 ? y + cardHeight + gap : y;
    if ((index + 1) % booksPerSlice === 0 || index === items.length - 1) await onSlice(index % booksPerSlice + 1);
  }
  if (items.length === 0) text(doc, 'No books registered yet.', { size: 10, color: MUTED });
  footer(doc, `${publisher.publisher_name} · ${publisher.publisher_no}`);
  return pdfBytes(doc);
}

/**
 * The library info sheet (spec books §3 'Library (as listed)' `libraryInfoPdf`; issue 12): logo,
 * the Gyan Bhandar's details and its sanchalak, laid out as the publisher info sheet.
 * @param logo logo bytes (JPEG/PNG) or null
 */
export async function libraryInfoPdf(library: LibraryListItem & { whatsapp_no: string | null }, logo: Buffer | null): Promise<Buffer> {
  const doc = createPdf({ title: `${library.name} — library info`, bufferPages: true });
  heading(doc, library.name, `Library info · ${library.sangh_trust}`);
  if (logo) doc.image(logo, doc.page.width - doc.page.margins.right - 90, doc.y, { fit: [90, 90] });
  facts(
    doc,
    [
      ['Library name', library.name],
      ['Sangh / trust', value(library.sangh_trust)],
      ['Address', value(library.address)],
      ['Sanchalak', value(library.sanchalak_name)],
      ["Sanchalak's address", value(library.sanchalak_address)],
      ['Mobile', value(library.mobile_no)],
      ['WhatsApp', value(library.whatsapp_no)],
      ['E-mail', value(library.email)],
      ['Books in the library', value(library.number_of_books)],
    ],
    { width: doc.page.width - doc.page.margins.left - doc.page.margins.right - 100 },
  );
  footer(doc, library.name);
  return pdfBytes(doc);
}

/**
 * The publisher info sheet (spec books §3 `publisherInfoPdf`): logo, contact details and the
 * latest books. @param logo logo bytes (JPEG/PNG) or null
 */
export async function publisherInfoPdf(publisher: PublisherInfo, logo: Buffer | null): Promise<Buffer> {
  const doc = createPdf({ title: `${publisher.publisher_name} — publisher info`, bufferPages: true });
  heading(doc, publisher.publisher_name, `Publisher info · ${publisher.publisher_type}`);
  if (logo) {
    doc.image(logo, doc.page.width - doc.page.margins.right - 90, doc.y, { fit: [90, 90] });
  }
  facts(doc, [
    ['Publisher name', publisher.publisher_name],
    ['Type', publisher.publisher_type],
  ], { width: doc.page.width - doc.page.margins.left - doc.page.margins.right - 100 });
  publisherBlock(doc, publisher);
  facts(doc, [
    ['Landline', value(publisher.landline_no)],
    ['Last book published', publisher.last_book_published ? publisher.last_book_published.slice(0, 10).split('-').reverse().join('/') : EMPTY_VALUE],
  ]);
  if (publisher.latest_books.length) {
    doc.y += 8;
    text(doc, 'Latest books', { size: 12, bold: true });
    for (const book of publisher.latest_books) text(doc, `${book.jsbn_number}   ${book.book_title}`, { size: 10 });
  }
  footer(doc, `${publisher.publisher_name} · ${publisher.publisher_no}`);
  return pdfBytes(doc);
}
