/**
 * Replies: the success envelope of docs/api.md, the response schemas every route declares (decision
 * 015: replies are checked and serialised by the zod schemas of `@jsbn/shared`, and /api/docs
 * documents them) and the sending of files (a named download, stored PDFs).
 */
import createContentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { apiErrorReply, apiReply } from '@jsbn/shared';
import type { Storage } from './storage.js';

/** The success envelope of docs/api.md: `{ statusCode: 200, message, data }`. */
export function ok<T>(data: T, message = 'Success', statusCode = 200) {
  return { statusCode, message, data };
}

/** Every route's error replies: `{ statusCode, message, error, details? }`. */
const errorReplies = { '4xx': apiErrorReply, '5xx': apiErrorReply } as const;

/**
 * The `response` schemas of a JSON route whose `data` is `data`: the envelope for 200 (and for
 * each of `alsoStatuses`, e.g. 201 or 202), the error reply for 4xx and 5xx.
 */
export function replies<T extends z.ZodType>(data: T, ...alsoStatuses: (201 | 202)[]) {
  const envelope = apiReply(data);
  return { 200: envelope, ...Object.fromEntries(alsoStatuses.map((status) => [status, envelope])), ...errorReplies } as {
    200: typeof envelope;
  } & typeof errorReplies;
}

/** The bytes of a file, as OpenAPI documents them. */
const fileBytes = z.any().meta({ type: 'string', format: 'binary' });

/**
 * The `response` schemas of a route that sends a file (PDF, Excel, image, HTML page) of one of
 * `contentTypes` on 200, and the error reply for 4xx and 5xx. Bytes are not serialised (Fastify
 * sends buffers and streams as they are); the schema documents the reply.
 */
export function fileReplies(description: string, ...contentTypes: string[]) {
  return {
    200: { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema: fileBytes }])) },
    ...errorReplies,
  };
}

/** Cache policy of content-hashed files: a year, never revalidated (their name changes with them). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache policy of pages and API replies: keep, but ask the server (ETag) before each use. */
export const REVALIDATE = 'no-cache';

/** MIME types of the files the API sends. */
export const PDF = 'application/pdf';
export const HTML = 'text/html';
export const JPEG = 'image/jpeg';

/**
 * The ASCII name a client that does not read `filename*` saves the file as: letters with their
 * accents dropped, each run of other signs (Gujarati, Devanagari) one `_`, quotes and
 * backslashes too (older clients end the name at them).
 */
function asciiFallback(fileName: string): string {
  return fileName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]+|["\\]/g, '_');
}

/**
 * The Content-Disposition header of a file saved (or shown, `inline`) as `fileName` (RFC 6266):
 * `attachment; filename="<name>"` for a plain ASCII name; otherwise the name in NFC as
 * `filename*=UTF-8''<percent-encoded>` (RFC 5987/8187, what browsers use) after an ASCII
 * `filename="…"` for older clients (e.g. `JSBN-જૈન.pdf` → `filename="JSBN-_.pdf"`).
 */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  // a name, never a path: a slash or backslash would make the library keep only its last part
  const name = fileName.normalize('NFC').replace(/[/\\]/g, '_');
  const fallback = asciiFallback(name);
  return createContentDisposition(name, { type: disposition, ...(fallback === name ? {} : { fallback }) });
}

/**
 * Sends `body` (bytes, a stream or text) as a file of media type `type` named `fileName`
 * (Content-Disposition by `contentDisposition`). Other headers (cache policy, length) are set
 * on `reply` before.
 */
export function sendFile(
  reply: FastifyReply,
  type: string,
  fileName: string,
  body: unknown,
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  return reply.type(type).header('content-disposition', contentDisposition(fileName, disposition)).send(body);
}

/**
 * Streams a stored generated PDF as an attachment named `file.filename` (revalidated, never
 * reused blind: a new version has a new key). A document rendered in the asker's `language` says
 * so (`Content-Language`) and that it differs by the language asked (`Vary`).
 * @throws AppError 404 when the file is gone
 */
export async function sendStoredPdf(storage: Storage, reply: FastifyReply, file: { key: string; filename: string }, language?: string) {
  const { stream, size } = await storage.get(file.key);
  if (language) reply.header('content-language', language).header('vary', 'Accept-Language, Cookie');
  return sendFile(reply.header('content-length', size).header('cache-control', 'no-cache'), PDF, file.filename, stream);
}
