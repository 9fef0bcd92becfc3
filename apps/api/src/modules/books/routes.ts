/**
 * Book endpoints — spec books §7: registration, next ids, lists and search, one book, the
 * public page by JSBN with its QR download, and availability.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, bookAvailability, bookFields, bookListQuery, formatJsbn, id, idParam, listQuery, normalizeJsbn } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { requirePublisher } from '../../lib/auth.js';
import { notFound, parseOrThrow, validationError } from '../../lib/errors.js';
import { readMultipart } from '../../lib/multipart.js';
import { ok } from '../../lib/reply.js';
import { COVER_FILE } from '../../lib/upload-rules.js';
import { publisherInfo } from '../publishers/service.js';
import { qrJpeg } from './qr.js';
import { bookByJsbn, getBook, listBooks, nextJsbnIds, registerBook, setAvailability } from './service.js';

export function bookRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** GET /api/book/book-jsbn-number (publisher) → `{ publisher_no, publisher_jsbn_id }` of the next book. */
  api.get('/book/book-jsbn-number', async (request) => {
    const actor = await requirePublisher(ctx, request);
    return ok(await nextJsbnIds(ctx, actor.publisherId));
  });

  /**
   * POST /api/book (publisher, multipart: `book_cover` JPEG ≤ 10 MB + bookFields) →
   * `{ id, jsbn_number, qrcode_image }`, message 'Book created successfully'; 400/413/415.
   */
  api.post('/book', async (request) => {
    const actor = await requirePublisher(ctx, request);
    const upload = await readMultipart(request, ctx.storage, { book_cover: COVER_FILE });
    try {
      const fields = parseOrThrow(bookFields, upload.fields);
      const cover = upload.files.book_cover?.[0];
      if (!cover) throw validationError([{ field: 'book_cover', message: MSG.bookCover }]);
      return ok(await registerBook(ctx, actor.publisherId, fields, cover.key), MSG.bookCreated);
    } catch (error) {
      await upload.discard();
      throw error;
    }
  });

  /** GET /api/book — bookListQuery → `{ books, total }` (public search and lists). */
  api.get('/book', { schema: { querystring: bookListQuery } }, async (request) => ok(await listBooks(ctx, request.query)));

  /** GET /api/book/publisher/:publisherId — list query → `{ books, total, publisherName }`; 404. */
  api.get(
    '/book/publisher/:publisherId',
    { schema: { params: z.object({ publisherId: id }), querystring: listQuery } },
    async (request) => {
      const publisher = await publisherInfo(ctx, request.params.publisherId);
      const result = await listBooks(ctx, { ...request.query, publisherId: request.params.publisherId });
      return ok({ ...result, publisherName: publisher.publisher_name });
    },
  );

  /** GET /api/book/listing/jsbn/:jsbnNo → `{ book, publisher_info, generated_pdfs }`; 404. */
  api.get('/book/listing/jsbn/:jsbnNo', { schema: { params: z.object({ jsbnNo: z.string().max(40) }) } }, async (request) =>
    ok(await bookByJsbn(ctx, request.params.jsbnNo)),
  );

  /** GET /api/book/listing/jsbn/:jsbnNo/qrcode.jpg → the 200×200 QR code as a JPEG attachment; 404. */
  api.get('/book/listing/jsbn/:jsbnNo/qrcode.jpg', { schema: { params: z.object({ jsbnNo: z.string().max(40) }) } }, async (request, reply) => {
    const { book } = await bookByJsbn(ctx, request.params.jsbnNo);
    const canonical = normalizeJsbn(book.jsbn_number);
    if (!canonical) throw notFound('Book');
    return reply
      .type('image/jpeg')
      .header('content-disposition', `attachment; filename="JSBN-${formatJsbn(canonical)}.jpg"`)
      .send(await qrJpeg(ctx.config.publicUrl, canonical));
  });

  /** GET /api/book/:id → `{ book }` with its QR image; 404. */
  api.get('/book/:id', { schema: { params: idParam } }, async (request) => ok({ book: await getBook(ctx, request.params.id) }));

  /** PATCH /api/book/:id (publisher, own book) `{ isAvailable }` → message; 404 for another's book. */
  api.patch('/book/:id', { schema: { params: idParam, body: bookAvailability } }, async (request) => {
    const actor = await requirePublisher(ctx, request);
    await setAvailability(ctx, actor.publisherId, request.params.id, request.body.isAvailable);
    return ok(null, request.body.isAvailable ? 'Book is now available for printing' : 'Book is now unavailable for printing');
  });
}
