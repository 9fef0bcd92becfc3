/**
 * Generated documents of books — decision 004, docs/api.md 'generated_pdfs': the single-book
 * sheet, a publisher's book list, a publisher's catalogue and the publisher info sheet. A4,
 * text through `pdf.ts`, so Gujarati and Devanagari are shaped by their own Noto face.
 * These functions only draw; books/documents.ts gathers the data and caches the files.
 * Everyone may ask for them, so each is made in the language of whoever asks (`lng`): its
 * words from `notices.json` (`sheet.*`), the book's lookups (language, subjects, author
 * types, swaroop, publisher and sanchalak types) from `@jsbn/shared`'s lookup catalogues.
 */
import {
  BOOK_MSG,
  COUNTRY_CODE,
  LOOKUP_CATALOGUES,
  authorsText,
  bookPriceText,
  cityText,
  languageText,
  lookupText,
  plainText,
  subjectsText,
  swaroopText,
  type BookDto,
  type InterfaceLanguage,
  type LibraryListItem,
  type PublisherInfo,
} from '@jsbn/shared';
import { translate } from '../../lib/i18n.js';
import { noticeText, priceWords } from '../../lib/notices.js';
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

/** The words of a document in `lng`: its fixed words, empty values, a book's lookups and price, the year when not known. */
function wordsOf(lng: InterfaceLanguage) {
  const lookups = LOOKUP_CATALOGUES[lng];
  const w = (key: string, values: Record<string, string | number> = {}) => noticeText(lng, `sheet.${key}`, values);
  const empty = w('empty');
  const value = (item: unknown) => (item === null || item === undefined || item === '' ? empty : plainText(item));
  return {
    lng,
    w,
    empty,
    value,
    lookups,
    authors: (book: BookDto) => authorsText(lookups, book.authors) || empty,
    subjects: (book: BookDto) => subjectsText(lookups, book) || empty,
    swaroop: (book: BookDto) => swaroopText(lookups, book, { code: false }) || empty,
    language: (stored: string | null | undefined) => (stored ? languageText(lookups, stored) : empty),
    year: (book: { publication_year: number | null }) => String(book.publication_year ?? translate(BOOK_MSG.yearNotKnown, lng)),
    price: (book: BookDto) => bookPriceText(book, priceWords(lng)),
  };
}
type Words = ReturnType<typeof wordsOf>;

const placeOf = (publisher: PublisherInfo, words: Words) =>
  [
    publisher.address,
    publisher.town,
    cityText(publisher, words.lng),
    lookupText(words.lookups, 'states', publisher.state_name),
    publisher.pincode,
  ]
    .filter(Boolean)
    .join(', ') || words.empty;

function rule(doc: Pdf, y: number, color = RULE) {
  doc
    .save()
    .lineWidth(0.6)
    .strokeColor(color)
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .stroke()
    .restore();
}

function heading(doc: Pdf, words: Words, title: string, subtitle?: string) {
  text(doc, words.w('brand'), { size: 9, color: BRAND_COLOR, bold: true });
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
    text(doc, `${line} · ${index + 1}/${range.count}`, {
      y: doc.page.height - 32,
      size: 8,
      color: MUTED,
      align: 'center',
      pageBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

function bookFacts(book: BookDto, words: Words): [string, string][] {
  const { w, value, empty } = words;
  return [
    [w('jsbn'), book.jsbn_number],
    [w('title'), book.book_title],
    [w('englishTitle'), book.book_e_title],
    [w('originalTitle'), value(book.alternate_title)],
    [
      w('subtitle'),
      book.book_alt_subtitle
        ? `${book.book_alt_subtitle}${book.book_subtitle_lang ? ` (${words.language(book.book_subtitle_lang)})` : ''}`
        : empty,
    ],
    [w('authors'), words.authors(book)],
    [w('language'), words.language(book.language)],
    [w('swaroop'), words.swaroop(book)],
    [w('part'), value(book.part)],
    [
      w('year'),
      `${words.year(book)}${book.vikram_samvat ? ` · ${w('samvat', { vikram: book.vikram_samvat, veer: book.veer_samvat ?? '' })}` : ''}`,
    ],
    [w('pages'), String(book.pages)],
    [w('size'), book.height && book.width ? `${book.height} × ${book.width}` : empty],
    [w('copies'), value(book.no_of_copy)],
    [w('price'), book.price_kind === 'priced' && book.price === null ? empty : words.price(book)],
    [w('subjects'), words.subjects(book)],
    [w('tags'), value(book.tags)],
    [w('publisher'), `${book.publisher_name} (${book.publisher_no})`],
    [w('available'), book.isAvailable ? w('yes') : w('no')],
  ];
}

/**
 * The single-book sheet: cover and QR beside the title, then every fact of the book and its
 * contents. @returns the PDF bytes
 */
export async function bookSheetPdf(item: BookWithImages, publisher: PublisherInfo, lng: InterfaceLanguage): Promise<Buffer> {
  const { book } = item;
  const words = wordsOf(lng);
  const doc = createPdf({ title: `JSBN ${book.jsbn_number} — ${book.book_e_title}`, bufferPages: true });
  heading(doc, words, book.book_title, `${book.book_e_title} · JSBN ${book.jsbn_number}`);
  const top = doc.y;
  const left = doc.page.margins.left;
  if (item.cover) doc.image(item.cover, left, top, { fit: [130, 180] });
  if (item.qr) doc.image(item.qr, doc.page.width - doc.page.margins.right - 110, top, { width: 110, height: 110 });
  const textX = left + (item.cover ? 145 : 0);
  const textWidthLeft = doc.page.width - doc.page.margins.right - 120 - textX;
  doc.y = top;
  text(doc, book.book_title, { x: textX, width: textWidthLeft, size: 14, bold: true });
  text(doc, book.book_e_title, { x: textX, width: textWidthLeft, size: 11 });
  text(doc, words.authors(book), { x: textX, width: textWidthLeft, size: 10, color: MUTED });
  text(doc, `${publisher.publisher_name} · ${placeOf(publisher, words)}`, { x: textX, width: textWidthLeft, size: 9, color: MUTED });
  doc.y = Math.max(doc.y, top + (item.cover ? 190 : 120));
  facts(doc, bookFacts(book, words));
  if (book.contents) {
    doc.y += 6;
    text(doc, words.w('contents'), { size: 12, bold: true });
    text(doc, book.contents, { size: 10 });
  }
  footer(doc, `JSBN ${book.jsbn_number}`);
  return pdfBytes(doc);
}

/** Publisher contact block shared by the list, the catalogue and the info sheet. */
function publisherBlock(doc: Pdf, publisher: PublisherInfo, words: Words) {
  const { w, empty } = words;
  facts(doc, [
    [w('publisherNo'), publisher.publisher_no],
    [w('address'), placeOf(publisher, words)],
    [w('mobile'), publisher.mobile_no ? `${COUNTRY_CODE} ${publisher.mobile_no}` : empty],
    [w('whatsapp'), publisher.whatsapp_no ? `${COUNTRY_CODE} ${publisher.whatsapp_no}` : empty],
    [w('email'), publisher.email],
    [w('booksRegistered'), String(publisher.total_books)],
  ]);
}

/**
 * A publisher's book list: one table row per book (JSBN, title and English title, authors,
 * language, year, pages). @returns the PDF bytes
 */
export async function publisherBookListPdf(publisher: PublisherInfo, books: BookDto[], lng: InterfaceLanguage): Promise<Buffer> {
  const words = wordsOf(lng);
  const { w } = words;
  const doc = createPdf({ title: w('bookListTitle', { publisher: publisher.publisher_name }), bufferPages: true, margin: 40 });
  heading(doc, words, publisher.publisher_name, w('bookList', { count: books.length, publisherNo: publisher.publisher_no }));
  const left = doc.page.margins.left;
  const columns = [
    { title: w('srNo'), width: 26 },
    { title: w('jsbn'), width: 88 },
    { title: w('book'), width: 190 },
    { title: w('authors'), width: 120 },
    { title: w('language'), width: 58 },
    { title: w('yearColumn'), width: 33 },
  ];
  const size = 8.5;
  const drawHeader = () => {
    const y = ensureSpace(doc, 20);
    doc
      .save()
      .rect(
        left,
        y - 2,
        columns.reduce((sum, column) => sum + column.width, 0),
        16,
      )
      .fill(SHADE)
      .restore();
    let x = left;
    for (const column of columns) {
      text(doc, column.title, { x: x + 2, y, width: column.width - 4, size, bold: true, pageBreak: false });
      x += column.width;
    }
    doc.y = y + 16;
  };
  drawHeader();
  books.forEach((book, index) => {
    const cells = [
      String(index + 1),
      book.jsbn_number,
      `${book.book_title}\n${book.book_e_title}`,
      words.authors(book),
      words.language(book.language),
      words.year(book),
    ];
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
  if (books.length === 0) text(doc, w('noBooks'), { size: 10, color: MUTED });
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
  lng: InterfaceLanguage,
  onSlice: (drawn: number) => Promise<void> = async () => undefined,
  booksPerSlice = 50,
): Promise<Buffer> {
  const words = wordsOf(lng);
  const { w } = words;
  const doc = createPdf({ title: w('catalogueTitle', { publisher: publisher.publisher_name }), bufferPages: true, margin: 40 });
  heading(doc, words, publisher.publisher_name, w('catalogue', { publisherNo: publisher.publisher_no }));
  publisherBlock(doc, publisher, words);
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
      [words.authors(book), { size: 8, color: MUTED }],
      [`JSBN ${book.jsbn_number}`, { size: 8, bold: true, color: BRAND_COLOR }],
      [
        `${words.language(book.language)} · ${words.year(book)} · ${w('pageCount', { count: book.pages })}${book.price_kind === 'priced' && book.price === null ? '' : ` · ${words.price(book)}`}`,
        { size: 8 },
      ],
    ] as const) {
      const height = textHeight(doc, line, { width, ...options });
      if (cursor + height > y + cardHeight - 4) break;
      text(doc, line, { x: textX, y: cursor, width, pageBreak: false, ...options });
      cursor += height;
    }
    doc.y = column === 1 || index === items.length - 1 ? y + cardHeight + gap : y;
    if ((index + 1) % booksPerSlice === 0 || index === items.length - 1) await onSlice((index % booksPerSlice) + 1);
  }
  if (items.length === 0) text(doc, w('noBooks'), { size: 10, color: MUTED });
  footer(doc, `${publisher.publisher_name} · ${publisher.publisher_no}`);
  return pdfBytes(doc);
}

/**
 * The library info sheet (docs/api.md 'Library (as listed)' `libraryInfoPdf`): logo,
 * the Gyan Bhandar's details and its sanchalak, laid out as the publisher info sheet.
 * @param logo logo bytes (JPEG/PNG) or null
 */
export async function libraryInfoPdf(
  library: LibraryListItem & { whatsapp_no: string | null },
  logo: Buffer | null,
  lng: InterfaceLanguage,
): Promise<Buffer> {
  const words = wordsOf(lng);
  const { w, value } = words;
  const sanchalakType = library.sangh_trust ? lookupText(words.lookups, 'sanchalakTypes', library.sangh_trust) : null;
  const doc = createPdf({ title: w('libraryInfoTitle', { library: library.name }), bufferPages: true });
  heading(doc, words, library.name, w('libraryInfo', { type: value(sanchalakType) }));
  if (logo) doc.image(logo, doc.page.width - doc.page.margins.right - 90, doc.y, { fit: [90, 90] });
  facts(
    doc,
    [
      [w('libraryName'), library.name],
      [w('sanghTrust'), value(sanchalakType)],
      [w('address'), value(library.address)],
      [w('sanchalak'), value(library.sanchalak_name)],
      [w('sanchalakAddress'), value(library.sanchalak_address)],
      [w('mobile'), value(library.mobile_no)],
      [w('whatsapp'), value(library.whatsapp_no)],
      [w('email'), value(library.email)],
      [w('booksInLibrary'), value(library.number_of_books)],
    ],
    { width: doc.page.width - doc.page.margins.left - doc.page.margins.right - 100 },
  );
  footer(doc, library.name);
  return pdfBytes(doc);
}

/**
 * The publisher info sheet (docs/api.md `publisherInfoPdf`): logo, contact details and the
 * latest books. @param logo logo bytes (JPEG/PNG) or null
 */
export async function publisherInfoPdf(publisher: PublisherInfo, logo: Buffer | null, lng: InterfaceLanguage): Promise<Buffer> {
  const words = wordsOf(lng);
  const { w, value } = words;
  const type = value(publisher.publisher_type && lookupText(words.lookups, 'publisherTypes', publisher.publisher_type));
  const doc = createPdf({ title: w('publisherInfoTitle', { publisher: publisher.publisher_name }), bufferPages: true });
  heading(doc, words, publisher.publisher_name, w('publisherInfo', { type }));
  if (logo) {
    doc.image(logo, doc.page.width - doc.page.margins.right - 90, doc.y, { fit: [90, 90] });
  }
  facts(
    doc,
    [
      [w('publisherName'), publisher.publisher_name],
      [w('type'), type],
    ],
    { width: doc.page.width - doc.page.margins.left - doc.page.margins.right - 100 },
  );
  publisherBlock(doc, publisher, words);
  facts(doc, [
    [w('landline'), value(publisher.landline_no)],
    [
      w('lastBookPublished'),
      publisher.last_book_published ? publisher.last_book_published.slice(0, 10).split('-').reverse().join('/') : words.empty,
    ],
  ]);
  if (publisher.latest_books.length) {
    doc.y += 8;
    text(doc, w('latestBooks'), { size: 12, bold: true });
    for (const book of publisher.latest_books) text(doc, `${book.jsbn_number}   ${book.book_title}`, { size: 10 });
  }
  footer(doc, `${publisher.publisher_name} · ${publisher.publisher_no}`);
  return pdfBytes(doc);
}
