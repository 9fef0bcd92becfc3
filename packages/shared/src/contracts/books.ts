/** What the book endpoints take and answer (docs/api.md; decision 046). */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { XLSX_TYPE } from '../constants.js';
import type { bookEndpoints, bulkEndpoints, marcEndpoints } from '../endpoints/books.js';
import {
  bookAvailability,
  bookFields,
  bookListQuery,
  bookPdfRequest,
  duplicateCheckQuery,
  publisherBooksQuery,
  qrLabelsQuery,
  qrPrintQuery,
  readerOrderFields,
  uploadUrlsRequest,
} from '../schemas/books.js';
import { bulkCheckRequest, bulkPreview, bulkRegisterRequest, bulkRegistered, bulkResultRequest } from '../schemas/bulk.js';
import { id, idParam, selectedIds } from '../schemas/common.js';
import { bookReportRequest, similarBooksQuery, similarBooksReply, withdrawRequest } from '../schemas/queues.js';
import {
  authorNameOption,
  bookByNumber,
  bookDto,
  bookList,
  bookRegistrationResult,
  documentProgress,
  duplicateCheckResult,
  finaliseResult,
  messageData,
  nextJsbnIds,
  noData,
  publisherCatalog,
  uploadUrl,
} from '../schemas/replies.js';
import { file, type ContractRows } from './contract.js';

/** A book page's JSBN in the path. */
export const jsbnParams = z.object({ jsbnNo: z.string().max(40) });
/** A publisher's id in the path. */
export const publisherParams = z.object({ publisherId: id });
/** Author records: `{ authorNames }`. */
export const authorNamesReply = z.object({ authorNames: z.array(authorNameOption) });
/** One book: `{ book }`. */
export const bookReply = z.object({ book: bookDto });
/** The signed upload addresses. */
export const uploadUrlsReply = z.array(uploadUrl);

const PDF = 'application/pdf';
const JPEG = 'image/jpeg';

export const bookContracts = {
  nextIds: { reply: nextJsbnIds },
  checkDuplicate: { query: duplicateCheckQuery, reply: duplicateCheckResult },
  register: { multipart: bookFields, reply: bookRegistrationResult },
  authorNames: { query: z.object({ queryString: z.string().max(200).optional() }), reply: authorNamesReply },
  exportXlsx: { query: selectedIds(MSG.selectToExport), file: file('Book_Details.xlsx', XLSX_TYPE) },
  catalogueXlsx: { params: publisherParams, file: file('Publisher_Catelog.xlsx', XLSX_TYPE) },
  list: { query: bookListQuery, reply: bookList },
  ofPublisher: { params: publisherParams, query: publisherBooksQuery, reply: bookList },
  bookListPdf: { params: publisherParams, file: file("The publisher's book list", PDF) },
  cataloguePdf: { params: publisherParams, file: file("The publisher's catalogue", PDF), progress: documentProgress },
  publisherInfoPdf: { params: publisherParams, file: file('The publisher info sheet', PDF) },
  catalogue: { params: z.object({ publisher_no: z.string().trim().max(10) }), reply: publisherCatalog, alsoStatuses: [202] },
  byJsbn: { params: jsbnParams, reply: bookByNumber },
  qrJpeg: { params: jsbnParams, file: file('The 200 × 200 QR code', JPEG) },
  qrSvg: { params: jsbnParams, query: qrPrintQuery, file: file('The QR code for print, vector', 'image/svg+xml') },
  qrPdf: { params: jsbnParams, query: qrPrintQuery, file: file('The QR code for print, vector', PDF) },
  qrLabels: { query: qrLabelsQuery, file: file('JSBN-QR-labels.pdf: A4 sheets of QR labels', PDF) },
  shareImage: { params: jsbnParams, file: file('The cover, at most 600 px wide', JPEG) },
  one: { params: idParam, reply: bookReply },
  sheetPdf: { params: idParam, file: file('The single-book sheet', PDF) },
  update: { params: idParam, multipart: bookFields, json: bookAvailability, reply: noData },
  uploadUrls: { params: idParam, body: uploadUrlsRequest, reply: uploadUrlsReply },
  finalise: { params: idParam, reply: finaliseResult },
  uploadFiles: { params: idParam, multipart: z.object({}), reply: messageData },
  pdfRequest: { params: idParam, body: bookPdfRequest, reply: noData },
  readerOrder: { json: readerOrderFields, reply: noData },
  similar: { query: similarBooksQuery, reply: similarBooksReply },
  report: { params: z.object({ id: z.string().max(20) }), body: bookReportRequest, reply: noData },
  withdrawRequest: { params: idParam, body: withdrawRequest, reply: noData },
} as const satisfies ContractRows<typeof bookEndpoints>;

/** An upload's batch in the path. */
const batchParams = z.object({ batch: z.uuid('Batch must be a UUID') });
const RESULT_FILE = 'JSBN_Registered_Books.xlsx';

export const bulkContracts = {
  template: { file: file('JSBN_Register_Many_Books.xlsx', XLSX_TYPE) },
  preview: { bytes: XLSX_TYPE, reply: bulkPreview },
  check: { body: bulkCheckRequest, reply: bulkPreview },
  register: { body: bulkRegisterRequest, reply: bulkRegistered },
  result: { params: batchParams, file: file(RESULT_FILE, XLSX_TYPE) },
  resultWithLeft: { params: batchParams, body: bulkResultRequest, file: file(RESULT_FILE, XLSX_TYPE) },
} as const satisfies ContractRows<typeof bulkEndpoints>;

const MARC = 'application/marc';
const MARCXML = 'application/marcxml+xml';
const marcFile = { mrc: file('MARC21 records (ISO 2709, UTF-8)', MARC), xml: file('MARC21 records (MARCXML, UTF-8)', MARCXML) };

export const marcContracts = {
  bookMrc: { params: jsbnParams, file: marcFile.mrc },
  bookXml: { params: jsbnParams, file: marcFile.xml },
  catalogueMrc: { params: publisherParams, file: marcFile.mrc },
  catalogueXml: { params: publisherParams, file: marcFile.xml },
  receivedMrc: { file: marcFile.mrc },
  receivedXml: { file: marcFile.xml },
} as const satisfies ContractRows<typeof marcEndpoints>;
