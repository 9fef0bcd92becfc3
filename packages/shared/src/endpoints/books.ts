/**
 * The book endpoints (docs/api.md): registration and edit, uploads, lists and search, one
 * book, the public page's reply, QR codes, the publisher's documents, requests and reports,
 * bulk registration from Excel and MARC21 records. Their schemas are `contracts/books.ts`.
 */
import { endpointTable } from './endpoint.js';

export const bookEndpoints = /* @__PURE__ */ endpointTable('books', {
  /** The publisher's next JSBN numbers. */
  nextIds: ['GET', '/book/book-jsbn-number'],
  /** The duplicate check of a title and a publisher's JSBN id. */
  checkDuplicate: ['GET', '/book/check-jsbn-number'],
  /** Registration (multipart: the fields and `book_cover`). */
  register: ['POST', '/book'],
  /** Author records whose name holds the query. */
  authorNames: ['GET', '/book/author-name'],
  /** The chosen books as a spreadsheet. */
  exportXlsx: ['GET', '/book/export.xlsx', 'file'],
  /** Every book of a publisher as a spreadsheet. */
  catalogueXlsx: ['GET', '/book/publisher/:publisherId/catalog.xlsx', 'file'],
  /** Lists and search. */
  list: ['GET', '/book'],
  /** A publisher's books. */
  ofPublisher: ['GET', '/book/publisher/:publisherId'],
  bookListPdf: ['GET', '/book/publisher/:publisherId/book-list.pdf', 'file'],
  /** The publisher's catalogue PDF (202 with its progress while it is made). */
  cataloguePdf: ['GET', '/book/publisher/:publisherId/catalog.pdf', 'file'],
  publisherInfoPdf: ['GET', '/book/publisher/:publisherId/info.pdf', 'file'],
  /** The catalogue's link by publisher number (202 with its progress while it is made). */
  catalogue: ['GET', '/book/catalog/:publisher_no'],
  /** The book page's reply (the QR code's target). */
  byJsbn: ['GET', '/book/listing/jsbn/:jsbnNo'],
  qrJpeg: ['GET', '/book/listing/jsbn/:jsbnNo/qrcode.jpg', 'file'],
  qrSvg: ['GET', '/book/listing/jsbn/:jsbnNo/qrcode.svg', 'file'],
  qrPdf: ['GET', '/book/listing/jsbn/:jsbnNo/qrcode.pdf', 'file'],
  /** A4 sheets of QR labels of the publisher's chosen books. */
  qrLabels: ['GET', '/book/qr-labels.pdf', 'file'],
  /** The cover for link previews. */
  shareImage: ['GET', '/book/listing/jsbn/:jsbnNo/share.jpg', 'file'],
  one: ['GET', '/book/:id'],
  sheetPdf: ['GET', '/book/:id/sheet.pdf', 'file'],
  /** The edit form (multipart) or the availability (JSON `{ isAvailable }`). */
  update: ['PATCH', '/book/:id'],
  /** Signed upload addresses of the book's files. */
  uploadUrls: ['POST', '/book/:id/upload-urls'],
  /** Attaches the uploaded files. */
  finalise: ['POST', '/book/:id/finalise'],
  /** Files uploaded through the API itself (multipart). */
  uploadFiles: ['PATCH', '/book/upload-files/:id'],
  /** A request for a private book PDF. */
  pdfRequest: ['POST', '/book/book-request/:id'],
  /** A reader's order of a book. */
  readerOrder: ['POST', '/book/reader/order'],
  /** Registered books like this title and these authors. */
  similar: ['GET', '/book/similar'],
  /** A report about a book (`:id` is its JSBN). */
  report: ['POST', '/book/:id/report'],
  /** The publisher's request to withdraw its book. */
  withdrawRequest: ['POST', '/book/:id/withdraw-request'],
});

/** Many books from one Excel file (decisions 020, 037). */
export const bulkEndpoints = /* @__PURE__ */ endpointTable('bulk', {
  template: ['GET', '/book/bulk/template.xlsx', 'file'],
  /** The filled sheet itself (bytes) → its preview. */
  preview: ['POST', '/book/bulk/preview'],
  /** Rows fixed in the browser → their preview. */
  check: ['POST', '/book/bulk/check'],
  register: ['POST', '/book/bulk/register'],
  /** The upload's books with their JSBNs. */
  result: ['GET', '/book/bulk/:batch/result.xlsx', 'file'],
  /** The same, with the rows left out and why. */
  resultWithLeft: ['POST', '/book/bulk/:batch/result.xlsx', 'file'],
});

/** MARC21 records (ISO 2709 `.mrc` or MARCXML) for library systems (decision 018). */
export const marcEndpoints = /* @__PURE__ */ endpointTable('marc', {
  bookMrc: ['GET', '/book/listing/jsbn/:jsbnNo/marc.mrc', 'file'],
  bookXml: ['GET', '/book/listing/jsbn/:jsbnNo/marc.xml', 'file'],
  catalogueMrc: ['GET', '/book/publisher/:publisherId/catalog.mrc', 'file'],
  catalogueXml: ['GET', '/book/publisher/:publisherId/catalog.xml', 'file'],
  /** A library's received books. */
  receivedMrc: ['GET', '/library/received-books.mrc', 'file'],
  receivedXml: ['GET', '/library/received-books.xml', 'file'],
});
