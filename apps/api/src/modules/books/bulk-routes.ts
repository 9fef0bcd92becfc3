/**
 * Bulk registration from an Excel file (service in bulk.ts): the template,
 * the preview of a filled file, the check after fixes, the registration in chunks and the
 * result. Everything but the template is the publisher's own.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import pLimit from 'p-limit';
import { BULK_MSG, MAX_BULK_FILE_BYTES, bulkEndpoints } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { requirePublisher } from '../../lib/auth.js';
import { AppError, errorHandler } from '../../lib/errors.js';
import { XLSX_TYPE } from '../../lib/excel.js';
import { pageLanguage, requestLanguage } from '../../lib/i18n.js';
import { ok, sendFile } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { scheduleDuplicateScan } from './duplicates.js';
import { bulkResult, bulkTemplate, checkBulkRows, fileProblem, readBulkFile, registerBulkRows } from './bulk.js';

/** How many uploaded files one API copy reads at once (decision 037). */
const PREVIEWS_READ_AT_ONCE = 1;

/** The file names of the downloads. */
const TEMPLATE_FILE = 'JSBN_Register_Many_Books.xlsx';
const RESULT_FILE = 'JSBN_Registered_Books.xlsx';

export function bulkRoutes(app: FastifyInstance, ctx: AppContext) {
  /**
   * GET /api/book/bulk/template.xlsx → the template in the visitor's language (the language
   * switcher's cookie, else Accept-Language): columns named as the book form, drop-down lists
   * from a second sheet, how to fill it on a third. Public: it holds only the lookup lists.
   */
  route(app, bulkEndpoints.template, async (request, reply) => {
    const bytes = await bulkTemplate(pageLanguage(request));
    return sendFile(reply, XLSX_TYPE, TEMPLATE_FILE, bytes);
  });

  /**
   * POST /api/book/bulk/check (publisher; `{ rows }`, at most 1,000) → the preview of the rows
   * again, after the publisher fixed cells in the browser: `{ columns, rows: [{ row, values,
   * errors, warnings }] }`, messages in the caller's language.
   */
  route(app, bulkEndpoints.check, async (request) => {
    const actor = await requirePublisher(ctx, request);
    return ok(await checkBulkRows(ctx, actor.publisherId, request.body.rows, requestLanguage(request)));
  });

  /**
   * POST /api/book/bulk/register (publisher; `{ batch, rows }`, at most 50 rows) → `{ books: [{
   * row, id, jsbn_number }] }`: the rows registered in one transaction through the form's
   * service, JSBNs in row order; a row of `batch` sent again gets its earlier book. 400 when a
   * row fails the form's rules (details `rows.<row>.<column>`, nothing written); 409 when the
   * publisher's JSBN numbers run out (nothing written).
   */
  route(app, bulkEndpoints.register, async (request) => {
    const actor = await requirePublisher(ctx, request);
    const registered = await registerBulkRows(ctx, actor.publisherId, request.body.batch, request.body.rows);
    // the rows' duplicate check runs after the commit, in the job queue (decision 044)
    await scheduleDuplicateScan(
      ctx,
      registered.books.map((book) => book.id),
      request.log,
    );
    return ok(registered);
  });

  /** GET /api/book/bulk/:batch/result.xlsx (publisher) → the books of that upload with their JSBNs and pages; 404 none. */
  route(app, bulkEndpoints.result, async (request, reply) => {
    const actor = await requirePublisher(ctx, request);
    const bytes = await bulkResult(ctx, actor.publisherId, request.params.batch, pageLanguage(request));
    return sendFile(reply, XLSX_TYPE, RESULT_FILE, bytes);
  });

  /** The publishers whose file this API copy is checking now (decision 037: one at a time). */
  const checking = new Set<number>();
  /**
   * Files read at once by this API copy, the others waiting their turn: each reading turn of
   * the event loop then holds up other requests by one or two files' chunks, not by every
   * file's (decision 037).
   */
  const reading = pLimit(PREVIEWS_READ_AT_ONCE);

  /**
   * POST /api/book/bulk/:batch/result.xlsx (publisher; `{ left: [{ row, values, skipped? }] }`)
   * → the same list, then the rows of the file not registered, each with why: left out in the
   * preview, or its problems by column in the caller's language; 404 none of the upload's books.
   */
  route(app, bulkEndpoints.resultWithLeft, async (request, reply) => {
    const actor = await requirePublisher(ctx, request);
    const bytes = await bulkResult(ctx, actor.publisherId, request.params.batch, pageLanguage(request), request.body.left);
    return sendFile(reply, XLSX_TYPE, RESULT_FILE, bytes);
  });

  /**
   * POST /api/book/bulk/preview (publisher; body: the filled .xlsx itself, Content-Type
   * `application/vnd.openxmlformats-officedocument.spreadsheetml.sheet`, at most 2 MiB) → the
   * preview `{ columns, rows }` (as /check). 400 not an .xlsx, a required column missing, no
   * rows; 409 while another file of the publisher is being checked (from its first byte to the
   * answer); 413 over 2 MiB, over 16 MiB unpacked, over 1,000 rows or too many cells; 415
   * another content type; 429 past 30 previews an hour. The caller and these limits are checked
   * before the body is read (decision 037).
   */
  void app.register(async (scope) => {
    scope.addHook('preParsing', async (request, reply) => {
      const actor = await requirePublisher(ctx, request);
      if (checking.has(actor.publisherId)) throw new AppError('CONFLICT', BULK_MSG.fileBeingChecked);
      checking.add(actor.publisherId);
      // freed when the answer is sent or the connection ends, whichever comes first
      reply.raw.once('close', () => checking.delete(actor.publisherId));
      reply.raw.once('finish', () => checking.delete(actor.publisherId));
      await ctx.limits.consume('bulkPreviewsPerPublisher', String(actor.publisherId));
    });
    scope.addContentTypeParser(XLSX_TYPE, { parseAs: 'buffer', bodyLimit: MAX_BULK_FILE_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler((error: FastifyError | AppError, request, reply) =>
      errorHandler(
        (error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? fileProblem('PAYLOAD_TOO_LARGE', BULK_MSG.fileTooLarge) : error,
        request,
        reply,
      ),
    );
    route(
      scope,
      bulkEndpoints.preview,
      async (request) => {
        const actor = await requirePublisher(ctx, request);
        if (!Buffer.isBuffer(request.body)) throw fileProblem('UNSUPPORTED_MEDIA_TYPE', BULK_MSG.notWorkbook);
        const lng = requestLanguage(request);
        const body = request.body;
        return ok(await checkBulkRows(ctx, actor.publisherId, await reading(() => readBulkFile(body, lng)), lng));
      },
      { bodyLimit: MAX_BULK_FILE_BYTES },
    );
  });
}
