/**
 * Book endpoints — docs/api.md: registration and edit, the upload flow, next ids and the
 * duplicate check, lists and search, one book, the public page by JSBN with its QR download,
 * availability, PDF and reader requests, and the generated documents. Reference: docs/api.md.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import {
  BOOK_MSG,
  MSG,
  bookAvailability,
  bookEndpoints,
  catalogueProgressMessage,
  bookFields,
  duplicateReasonField,
  formatJsbn,
  id,
  normalizeJsbn,
  readerOrderFor,
  todayIso,
  apiReply,
  bookList,
  receivedUpload,
  type DocumentProgress,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { XLSX_TYPE } from '../../lib/excel.js';
import { exportBooks, exportCatalogue } from './exports.js';
import { readActor, requirePublisher } from '../../lib/auth.js';
import { AppError, notFound, parseOrThrow, validationError } from '../../lib/errors.js';
import { withMultipart } from '../../lib/multipart.js';
import { PDF, REVALIDATE, ok, replies, sendFile, sendStoredPdf } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { serializeReply } from '../../lib/serializer.js';
import { COVER_FILE } from '../../lib/upload-rules.js';
import { ANY_PUBLISHER, sendCachedPage } from '../../lib/public-pages.js';
import { pageLanguage } from '../../lib/i18n.js';
import { jsbnSegment, type CachedPageResponder } from '../../lib/cached-page-responder.js';
import { publisherHeading } from '../publishers/service.js';
import { bookSheet, catalogueByPublisherNo, publisherBookList, publisherCatalogue, publisherInfoSheet } from './documents.js';
import { listAuthorNames } from './authors.js';
import { qrPrintPdf, qrPrintSvg } from '../documents/qr-print.js';
import { bookPageUrl, qrJpeg, qrLabelSheet } from './qr.js';
import { placeReaderOrder, requestBookPdf } from './requests.js';
import { bookByJsbn, getBook, ownBook } from './book-reads.js';
import { listBooks } from './listing.js';
import { publicBookJson, publicBookKey, publicBookPage, shareImage } from './public-page.js';
import { checkDuplicate, nextJsbnIds, registerBook, setAvailability, updateBook } from './registration.js';
import { DIRECT_UPLOAD_FIELDS, attachUploadedFiles, createUploadUrls, finaliseUploads, receiveUpload, uploadRule } from './uploads.js';

/** The public page cache's kind of a book's API reply. */
const PUBLIC_BOOK_KIND = 'json';
const JSON_TYPE = 'application/json; charset=utf-8';
/** GET /api/book's reply, serialised once for the public page cache. */
const bookListReply = apiReply(bookList);

/** How long GET /book/catalog/:publisher_no waits for a catalogue being made before answering its progress, ms. */
const CATALOGUE_WAIT_MS = 2_000;
/** How long a plain link to a catalogue PDF waits for it (a shared link has no page to show progress), ms. */
const LINK_WAIT_MS = 60_000;

/**
 * The reply about a catalogue not made yet: 202 with `data` and how far it has got (Retry-After
 * 10 s). @throws AppError 500 DOCUMENT_FAILED when its making failed (asking again tries anew)
 */
function replyInProgress<T>(reply: FastifyReply, progress: DocumentProgress, data: T) {
  if (progress.state === 'failed') throw new AppError('DOCUMENT_FAILED', BOOK_MSG.catalogueFailed);
  return reply
    .status(202)
    .header('retry-after', 10)
    .send(ok(data, catalogueProgressMessage(progress.percent), 202));
}

/** The logged-in publisher's id, or undefined for visitors and libraries. */
async function viewerPublisherId(ctx: AppContext, request: Parameters<typeof readActor>[1]) {
  const actor = await readActor(ctx, request).catch(() => null);
  return actor?.role === 'PUBLISHER' ? (actor.publisherId ?? undefined) : undefined;
}

/** Multipart `removed_images` (image ids to delete on edit) as numbers. */
function removedImageIds(fields: Record<string, unknown>): number[] {
  const raw = fields.removed_images;
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return parseOrThrow(z.array(id).max(10), list.flatMap((item) => String(item).split(',')).filter(Boolean));
}

export function bookRoutes(app: FastifyInstance, ctx: AppContext, door: CachedPageResponder) {
  /** GET /api/book/book-jsbn-number (publisher) → `{ publisher_no, publisher_jsbn_id }` of the next book. */
  route(app, bookEndpoints.nextIds, async (request) => {
    const actor = await requirePublisher(ctx, request);
    return ok(await nextJsbnIds(ctx, actor.publisherId));
  });

  /**
   * GET /api/book/check-jsbn-number?publisher_no&book_title&publisher_jsbn_id (publisher) — the
   * duplicate check of docs/api.md → message (title exists / id taken / none) and
   * `{ duplicate, title_exists, id_taken, jsbn_number }`; 400 for a malformed query, 404 unknown publisher_no.
   */
  route(app, bookEndpoints.checkDuplicate, async (request) => {
    await requirePublisher(ctx, request);
    const result = await checkDuplicate(ctx, request.query);
    return ok(result.data, result.message);
  });

  /**
   * POST /api/book (publisher, multipart: `book_cover` JPEG ≤ 10 MB + bookFields) →
   * `{ id, jsbn_number, qrcode_image }`, message 'Book created successfully'; 400/413/415.
   * An optional `duplicate_reason` (NEW_EDITION, REPRINT, DIFFERENT_BOOK) says why a book like
   * an existing one is registered; a close match is queued for the operators (decision 044).
   * The other files follow through upload-urls → PUT → finalise.
   */
  route(app, bookEndpoints.register, async (request) => {
    const actor = await requirePublisher(ctx, request);
    return withMultipart(request, ctx.storage, { book_cover: COVER_FILE }, async (upload) => {
      const fields = parseOrThrow(bookFields, upload.fields);
      const { duplicate_reason } = parseOrThrow(duplicateReasonField, upload.fields);
      const cover = upload.files.book_cover?.[0];
      if (!cover) throw validationError([{ field: 'book_cover', message: MSG.bookCover }]);
      return ok(
        await registerBook(ctx, { publisherId: actor.publisherId, fields, coverKey: cover.key, duplicateReason: duplicate_reason }),
        MSG.bookCreated,
      );
    });
  });

  /**
   * GET /api/book/author-name?queryString= → `{ authorNames: [{ id, author_name }] }` (
   * docs/api.md 'Lookups'): the author records whose name holds `queryString` (names starting with it
   * first), at most 20; the book form offers them and sends the chosen one's `authorId`.
   */
  route(app, bookEndpoints.authorNames, async (request) => ok({ authorNames: await listAuthorNames(ctx.db, request.query.queryString) }));

  /** GET /api/book/export.xlsx?ids=1,2 → Book_Details.xlsx of the selected books; 400 none selected, 404 unknown id. */
  route(app, bookEndpoints.exportXlsx, async (request, reply) => {
    const { fileName, bytes } = await exportBooks(ctx, request.query.ids, pageLanguage(request));
    return sendFile(reply, XLSX_TYPE, fileName, bytes);
  });

  /** GET /api/book/publisher/:publisherId/catalog.xlsx → Publisher_Catelog.xlsx with every book of the publisher; 404. */
  route(app, bookEndpoints.catalogueXlsx, async (request, reply) => {
    const { fileName, bytes } = await exportCatalogue(ctx, request.params.publisherId, pageLanguage(request));
    return sendFile(reply, XLSX_TYPE, fileName, bytes);
  });

  /**
   * GET /api/book — bookListQuery (queryString, pageNo, limit 10|20|25|50|100|all, sortedField
   * from BOOK_SORT_FIELDS, sortedOrder, book_title, author_name, language, subject, publisher,
   * jsbn_number) → `{ books, total, totalIsEstimate? }`; search results ranked best first. The
   * same question asked again is answered from the public page cache (forgotten at
   * any change of any book); a whole list (`limit=all`) is not cached.
   * 429 past 300 a minute from one address.
   */
  route(app, bookEndpoints.list, async (request, reply) => {
    await ctx.limits.consume('searchPerAddress', request.ip);
    if (request.query.limit === 'all') return ok(await listBooks(ctx, request.query));
    const question = JSON.stringify(Object.entries(request.query).sort(([a], [b]) => a.localeCompare(b)));
    const page = await ctx.publicPages.get(`search:${question}`, async () => ({
      body: serializeReply(bookListReply, ok(await listBooks(ctx, request.query)), {
        strict: !ctx.config.isProduction,
        route: 'GET /api/book',
      }),
      publisherId: ANY_PUBLISHER,
    }));
    return sendCachedPage(request, reply.type('application/json; charset=utf-8'), page);
  });

  /**
   * GET /api/book/publisher/:publisherId — list query → `{ books, total, publisherName, publisherNo }`; 404.
   * `withdrawn=include` from that publisher signed in: its withdrawn books too, each with
   * `withdrawn` (My Books, decision 050); from anyone else the list a visitor sees.
   */
  route(app, bookEndpoints.ofPublisher, async (request) => {
    const publisher = await publisherHeading(ctx, request.params.publisherId);
    // the publisher's own withdrawn books, for itself only (decision 050)
    const ownerId = request.query.withdrawn === 'include' ? await viewerPublisherId(ctx, request) : undefined;
    const result = await listBooks(ctx, { ...request.query, publisherId: request.params.publisherId }, { ownerId });
    return ok({ ...result, publisherName: publisher.name, publisherNo: publisher.no });
  });

  /** GET /api/book/publisher/:publisherId/book-list.pdf → the publisher's book list (PDF attachment); 404. */
  route(app, bookEndpoints.bookListPdf, async (request, reply) =>
    sendStoredPdf(
      ctx.storage,
      reply,
      await publisherBookList(ctx, request.params.publisherId, pageLanguage(request)),
      pageLanguage(request),
    ),
  );
  /**
   * GET /api/book/publisher/:publisherId/catalog.pdf → the publisher's catalogue (PDF attachment
   * `<publisher_no>.pdf`), waiting up to LINK_WAIT_MS while it is made; when it is still not
   * ready, 202 with its progress (`{ message, data: { state, percent, books } }`, Retry-After);
   * 500 DOCUMENT_FAILED when its making failed (asking again tries anew); 404.
   */
  route(app, bookEndpoints.cataloguePdf, async (request, reply) => {
    const made = await publisherCatalogue(ctx, request.params.publisherId, LINK_WAIT_MS, pageLanguage(request));
    if ('file' in made) return sendStoredPdf(ctx.storage, reply, made.file, pageLanguage(request));
    return replyInProgress(reply, made.progress, made.progress);
  });
  /** GET /api/book/publisher/:publisherId/info.pdf → the publisher info sheet (PDF attachment); 404. */
  route(app, bookEndpoints.publisherInfoPdf, async (request, reply) =>
    sendStoredPdf(
      ctx.storage,
      reply,
      await publisherInfoSheet(ctx, request.params.publisherId, pageLanguage(request)),
      pageLanguage(request),
    ),
  );

  /**
   * GET /api/book/catalog/:publisher_no → `{ generated_pdf: { publisher_catalog_pdf }, publisher:
   * { publisher_no, publisher_name } }` (docs/api.md 'Catalogue'). A catalogue still being made
   * after CATALOGUE_WAIT_MS answers 202 with a null link and `progress: { state, percent, books }`
   *: ask again; 500 DOCUMENT_FAILED when its making failed (asking again tries anew); 404.
   */
  route(app, bookEndpoints.catalogue, async (request, reply) => {
    const catalogue = await catalogueByPublisherNo(ctx, request.params.publisher_no, CATALOGUE_WAIT_MS, pageLanguage(request));
    if (!catalogue.progress) return ok(catalogue);
    return replyInProgress(reply, catalogue.progress, catalogue);
  });

  /**
   * GET /api/book/listing/jsbn/:jsbnNo → `{ book, publisher_info, generated_pdfs }`; 404. A
   * visitor's reply comes from the public page cache; a publisher's is made afresh
   * (the owner also sees the link of a private PDF).
   */
  route(app, bookEndpoints.byJsbn, async (request, reply) => {
    const viewer = await viewerPublisherId(ctx, request);
    if (viewer !== undefined) return ok(await bookByJsbn(ctx, request.params.jsbnNo, viewer));
    const page = await publicBookPage(ctx, {
      jsbnNo: request.params.jsbnNo,
      kind: PUBLIC_BOOK_KIND,
      render: (found) => publicBookJson(ctx, found),
    });
    return sendCachedPage(request, reply.type(JSON_TYPE), page);
  });
  // a visitor's repeated scan, answered before Fastify with the same reply (decision 022)
  door.route({
    key: (path) => {
      const jsbnNo = jsbnSegment(`${app.prefix}/book/listing/jsbn/`, path);
      return jsbnNo === null ? null : publicBookKey(PUBLIC_BOOK_KIND, jsbnNo);
    },
    headers: { 'content-type': JSON_TYPE, 'cache-control': REVALIDATE, vary: 'accept-encoding' },
    template: () => `${app.prefix}/book/listing/jsbn/:jsbnNo`,
  });

  /** GET /api/book/listing/jsbn/:jsbnNo/qrcode.jpg → the 200×200 QR code as a JPEG attachment; 404. */
  route(app, bookEndpoints.qrJpeg, async (request, reply) => {
    const { book } = await bookByJsbn(ctx, request.params.jsbnNo);
    const canonical = normalizeJsbn(book.jsbn_number);
    if (!canonical) throw notFound('Book');
    return sendFile(reply, 'image/jpeg', `JSBN-${formatJsbn(canonical)}.jpg`, await qrJpeg(ctx.config.publicUrl, canonical));
  });

  /**
   * GET /api/book/listing/jsbn/:jsbnNo/qrcode.svg|pdf?size=20|25|30 → the QR code for print
   *: vector art `size` mm wide with its quiet zone of 4 modules, error correction M,
   * 'JSBN PPPPP-NNNNN-C' under it; `JSBN-PPPPP-NNNNN-C-25mm.svg`. 400 for another size; 404.
   */
  for (const format of ['svg', 'pdf'] as const) {
    route(app, format === 'svg' ? bookEndpoints.qrSvg : bookEndpoints.qrPdf, async (request, reply) => {
      const { book } = await bookByJsbn(ctx, request.params.jsbnNo);
      const jsbn = book.jsbn_number;
      const url = bookPageUrl(ctx.config.publicUrl, jsbn);
      const { size } = request.query;
      const bytes = format === 'svg' ? qrPrintSvg(url, jsbn, size) : await qrPrintPdf(url, jsbn, size);
      return sendFile(
        reply,
        format === 'svg' ? 'image/svg+xml; charset=utf-8' : PDF,
        `JSBN-${formatJsbn(jsbn)}-${size}mm.${format}`,
        bytes,
      );
    });
  }

  /**
   * GET /api/book/qr-labels.pdf?ids=1,2&size=25 (publisher) → JSBN-QR-labels.pdf: an A4 sheet of
   * QR labels of the publisher's selected books, each with its JSBN and short title.
   * 400 none selected or another size; 404 when a book is not the publisher's.
   */
  route(app, bookEndpoints.qrLabels, async (request, reply) => {
    const actor = await requirePublisher(ctx, request);
    const pdf = await qrLabelSheet(ctx, actor.publisherId, request.query.ids, request.query.size);
    return sendFile(reply, PDF, 'JSBN-QR-labels.pdf', pdf);
  });

  /**
   * GET /api/book/listing/jsbn/:jsbnNo/share.jpg → the cover as a JPEG at most `SHARE_IMAGE_WIDTH`
   * (600) px wide, the `og:image` of the book's page, small enough for a WhatsApp or e-mail link
   * preview; cached a day, revalidated by ETag. 404 when the book or its cover is missing.
   */
  route(app, bookEndpoints.shareImage, async (request, reply) => {
    const image = await shareImage(ctx, request.params.jsbnNo);
    return reply.type('image/jpeg').header('cache-control', 'public, max-age=86400').send(image);
  });

  /** GET /api/book/:id → `{ book }` with its QR image (the owner also gets its private PDF link); 404. */
  route(app, bookEndpoints.one, async (request) =>
    ok({ book: await getBook(ctx, request.params.id, await viewerPublisherId(ctx, request)) }),
  );

  /** GET /api/book/:id/sheet.pdf → the single-book sheet (PDF attachment `JSBN-<jsbn>.pdf`); 404. */
  route(app, bookEndpoints.sheetPdf, async (request, reply) =>
    sendStoredPdf(ctx.storage, reply, await bookSheet(ctx, request.params.id, pageLanguage(request)), pageLanguage(request)),
  );

  /**
   * PATCH /api/book/:id (publisher, own book; another publisher's → 404) — two forms told
   * apart by content type:
   * - JSON `{ isAvailable }` [bookAvailability] → message (docs/api.md availability);
   * - multipart: the registration fields [bookFields], optional `book_cover` JPEG (kept when
   *   not sent), optional `removed_images` (image ids) → message 'Book updated successfully'
   *   (docs/api.md 'Update book'); 400/413/415.
   */
  route(app, bookEndpoints.update, async (request) => {
    const actor = await requirePublisher(ctx, request);
    if (!request.isMultipart()) {
      const { isAvailable } = parseOrThrow(bookAvailability, request.body ?? {});
      await setAvailability(ctx, { publisherId: actor.publisherId, bookId: request.params.id, isAvailable });
      return ok(null, isAvailable ? 'Book is now available for printing' : 'Book is now unavailable for printing');
    }
    const existing = await ownBook(ctx, { publisherId: actor.publisherId, bookId: request.params.id });
    return withMultipart(request, ctx.storage, { book_cover: COVER_FILE }, async (upload) => {
      const input = { ...upload.fields };
      if (existing.book_pdf_key && !input.book_pdf) input.book_pdf = 'stored';
      const fields = parseOrThrow(bookFields, input);
      const cover = upload.files.book_cover?.[0];
      await updateBook(ctx, {
        publisherId: actor.publisherId,
        bookId: request.params.id,
        fields,
        coverKey: cover?.key ?? null,
        removedImageIds: removedImageIds(upload.fields),
      });
      return ok(null, BOOK_MSG.updated);
    });
  });

  /**
   * POST /api/book/:id/upload-urls (publisher, own book) `{ files: [{ field: 'index_pdf' |
   * 'bookimage' | 'pdfpublisher', name, type, size (bytes) }] }` [uploadUrlsRequest] →
   * `[{ url, fieldname, name, expiresAt }]`: signed PUT addresses valid 15 minutes (docs/api.md).
   * 400 (type, size, more than 4 images), 404.
   */
  route(app, bookEndpoints.uploadUrls, async (request) => {
    const actor = await requirePublisher(ctx, request);
    return ok(await createUploadUrls(ctx, actor.publisherId, request.params.id, request.body.files));
  });

  /**
   * PUT /api/files/upload/:token?expires&signature — the raw file (any content type) streamed
   * to storage → `{ fieldname, size }`. 403 altered or expired link, 404 unknown, 409 already
   * attached, 413 over the limit (nothing kept), 415 bytes not JPEG/PNG (images) or PDF.
   */
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/files/upload/:token',
      {
        schema: {
          params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }),
          querystring: z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() }),
          response: replies(receivedUpload),
        },
      },
      async (request) => {
        const length = request.headers['content-length'] === undefined ? undefined : Number(request.headers['content-length']);
        const body = (request.body as Readable | undefined) ?? request.raw;
        return ok(
          await receiveUpload(ctx, request.params.token, request.query, body, Number.isFinite(length) ? length : undefined),
          'File uploaded',
        );
      },
    );
  });

  /**
   * POST /api/book/:id/finalise (publisher, own book) → `{ message }` (docs/api.md 'Finalise
   * book … data.message'): attaches every uploaded file. 400 'You can upload upto 4 images',
   * 400 'Book PDF is required when Public PDF is No', 404.
   */
  route(app, bookEndpoints.finalise, async (request) => {
    const actor = await requirePublisher(ctx, request);
    const attached = await finaliseUploads(ctx, actor.publisherId, request.params.id);
    return ok({ message: BOOK_MSG.finalised, attached }, BOOK_MSG.finalised);
  });

  /**
   * PATCH /api/book/upload-files/:id (publisher, own book; multipart: `pdfpublisher` or
   * `book_pdf` PDF ≤ 200 MB, `index_pdf` PDF ≤ 200 MB, `bookimage` JPEG/PNG ≤ 10 MB × 4) —
   * docs/api.md 'Book PDF upload': files streamed and attached at once → `{ message }`;
   * 400/404/413/415 (nothing kept on failure).
   */
  route(app, bookEndpoints.uploadFiles, async (request) => {
    const actor = await requirePublisher(ctx, request);
    await ownBook(ctx, { publisherId: actor.publisherId, bookId: request.params.id });
    const rules = Object.fromEntries(Object.entries(DIRECT_UPLOAD_FIELDS).map(([name, field]) => [name, uploadRule(field, name)]));
    return withMultipart(request, ctx.storage, rules, async (upload) => {
      const files = Object.entries(upload.files).flatMap(([name, stored]) =>
        stored.map((file) => ({ field: DIRECT_UPLOAD_FIELDS[name]!, key: file.key })),
      );
      if (files.length === 0)
        throw new AppError('BAD_REQUEST', 'Choose a file to upload', [{ field: 'pdfpublisher', message: 'Choose a file to upload' }]);
      await attachUploadedFiles(ctx, actor.publisherId, request.params.id, files);
      return ok({ message: BOOK_MSG.finalised }, BOOK_MSG.finalised);
    });
  });

  /**
   * POST /api/book/book-request/:id (anyone) `{ name, email, mobile_no, Resone, RefferenceBy }`
   * [bookPdfRequest] → message 'Request submitted successfully. The publisher will contact you
   * soon.'; stored and e-mailed to the publisher (outbox). 400 with the spec's messages, 404;
   * 429 past 10 an hour from one address, 5 a day from one address to one publisher, 50 a day
   * to one publisher.
   */
  route(app, bookEndpoints.pdfRequest, async (request) => {
    await ctx.limits.consume('bookRequestsPerAddress', request.ip);
    await requestBookPdf(ctx, request.params.id, request.body, request.ip);
    return ok(null, BOOK_MSG.requestSubmitted);
  });

  /**
   * POST /api/book/reader/order (anyone) `{ name, mobile, email, message, bookId, bookName,
   * date: DD/MM/YYYY not before today in India }` [readerOrderFor] → message; stored and
   * e-mailed to the publisher (outbox). 400, 404; 429 counted with the PDF requests.
   */
  route(app, bookEndpoints.readerOrder, async (request) => {
    const order = parseOrThrow(readerOrderFor(todayIso(ctx.clock())), request.body ?? {});
    await ctx.limits.consume('bookRequestsPerAddress', request.ip);
    await placeReaderOrder(ctx, order, request.ip);
    return ok(null, BOOK_MSG.readerOrderSent);
  });
}
