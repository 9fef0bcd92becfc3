/**
 * Generated documents — decision 004. Now: the downloadable offline forms of README.md
 * (book form in Gujarati and in English, publisher registration form; each DOCX and PDF).
 *
 * The forms never change while the process runs (their only input is SUPPORT_EMAIL), so
 * each file is generated on its first request and its bytes are cached in memory for the life
 * of the app (6 files, about 0.5 MB in all); concurrent first requests share one generation.
 */
import type { FastifyInstance } from 'fastify';
import { documentEndpoints } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { sendFile } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { FORM_FORMATS, OFFLINE_FORMS, offlineFormFile, type FormFile, type FormFormat, type OfflineFormId } from './offline-forms.js';

const isForm = (value: string): value is OfflineFormId => (OFFLINE_FORMS as readonly string[]).includes(value);
const isFormat = (value: string): value is FormFormat => Object.hasOwn(FORM_FORMATS, value);

export function documentRoutes(app: FastifyInstance, ctx: AppContext) {
  const files = new Map<string, Promise<FormFile>>();

  const formFile = (form: OfflineFormId, format: FormFormat): Promise<FormFile> => {
    const key = `${form}.${format}`;
    let file = files.get(key);
    if (!file) {
      file = offlineFormFile(form, format, ctx.config.SUPPORT_EMAIL);
      files.set(key, file);
      file.catch(() => files.delete(key));
    }
    return file;
  };

  /**
   * GET /api/documents/forms/:form.:format (public) — form ∈ book-form-gu, book-form-hi, book-form-en,
   * publisher-registration; format ∈ docx, pdf → the file as an attachment named
   * `JSBN-<form>.<format>`; any other form or format → 404 'Form not found'.
   */
  route(app, documentEndpoints.offlineForm, async (request, reply) => {
    const { form, format } = request.params;
    if (!isForm(form) || !isFormat(format)) throw notFound('Form');
    const file = await formFile(form, format);
    return sendFile(reply.header('cache-control', 'public, max-age=86400'), file.contentType, file.fileName, file.bytes);
  });
}
