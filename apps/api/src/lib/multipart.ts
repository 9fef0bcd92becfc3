/**
 * Reads a multipart request: text fields (bracket names such as `authors[0][authorType]`
 * assembled into objects and arrays with `qs`) and files streamed to storage with their own
 * type and size rules. If anything fails, files already stored are deleted before the error
 * propagates, so a failed request leaves the file store as it was.
 */
import type { FastifyRequest } from 'fastify';
import qs from 'qs';
import { AppError } from './errors.js';
import type { PutRule, Storage, StoredFile } from './storage.js';

/**
 * How one file field of a multipart request is stored: the storage rule (place, types, size
 * limit in bytes, messages — made from the shared `FILE_RULES` by upload-rules.ts) and how many
 * files the field may hold.
 */
export interface FileRule extends PutRule {
  /** At most this many files in the field (default 1). */
  maxCount?: number;
}

export interface MultipartResult {
  fields: Record<string, unknown>;
  files: Record<string, StoredFile[]>;
  /** Deletes every stored file (call when the work after reading fails). */
  discard(): Promise<void>;
}

/**
 * Parses the multipart body of `request`.
 * @param rules file fields accepted, by field name; any other file field is a 400
 * @throws AppError 400 (not multipart, malformed or cut short, unknown file field, too many
 *   files), 413, 415
 */
export async function readMultipart(request: FastifyRequest, storage: Storage, rules: Record<string, FileRule>): Promise<MultipartResult> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'The request must be multipart/form-data');
  const raw: Record<string, string | string[]> = {};
  const files: Record<string, StoredFile[]> = {};
  const discard = async () => {
    await Promise.all(
      Object.values(files)
        .flat()
        .map((file) => storage.delete(file.key)),
    );
  };
  try {
    const parts = request.parts()[Symbol.asyncIterator]();
    for (;;) {
      const next = await parts.next().catch((error: unknown) => {
        throw unreadable(error);
      });
      if (next.done) break;
      const part = next.value;
      if (part.type === 'file') {
        const rule = rules[part.fieldname];
        if (!rule) {
          part.file.resume();
          throw new AppError('BAD_REQUEST', `${part.fieldname}: unexpected file field`, [
            { field: part.fieldname, message: 'unexpected file field' },
          ]);
        }
        const list = (files[part.fieldname] ??= []);
        if (list.length >= (rule.maxCount ?? 1)) {
          part.file.resume();
          throw new AppError('BAD_REQUEST', `${part.fieldname}: too many files`, [
            { field: part.fieldname, message: `at most ${rule.maxCount ?? 1} file(s)` },
          ]);
        }
        if (part.filename === '') {
          part.file.resume();
          continue;
        }
        try {
          list.push(await storage.put(part.file, rule));
        } catch (error) {
          // a body that ends inside the file fails the file's own stream, not the part iterator
          if (error === part.file.errored) throw unreadable(error);
          if (error instanceof AppError && !error.details) {
            throw new AppError(error.code, error.message, [{ field: part.fieldname, message: error.message }]);
          }
          throw error;
        }
      } else {
        const value = String(part.value);
        if (value.includes('\u0000'))
          throw new AppError('BAD_REQUEST', `${part.fieldname}: text may not contain NUL characters`, [
            { field: part.fieldname, message: 'may not contain NUL characters' },
          ]);
        const existing = raw[part.fieldname];
        raw[part.fieldname] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
      }
    }
  } catch (error) {
    await discard();
    throw error;
  }
  const fields = qs.parse(raw as Record<string, string>, { depth: 3, arrayLimit: 100, allowDots: false }) as Record<string, unknown>;
  return { fields, files, discard };
}

/** What a client reads when its form data cannot be read (no boundary, cut short, malformed). */
export const UNREADABLE_FORM = 'The form data could not be read: it is incomplete or malformed. Please send the form again.';

/**
 * The error to answer for a failure while reading the multipart body: Fastify's own 4xx
 * errors (a file over the limit, too many parts) and AppErrors stay as they are; anything
 * else the parser throws (busboy: 'Boundary not found', 'Unexpected end of multipart data')
 * is the client's malformed body, a 400 — never a 500.
 */
function unreadable(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return new AppError('BAD_REQUEST', UNREADABLE_FORM, [{ field: 'body', message: UNREADABLE_FORM }]);
}

/**
 * Reads the multipart body of `request` (see `readMultipart`) and runs `work` with it; when
 * `work` throws, every file stored for the request is deleted before the error propagates.
 * @returns what `work` returns
 */
export async function withMultipart<T>(
  request: FastifyRequest,
  storage: Storage,
  rules: Record<string, FileRule>,
  work: (upload: MultipartResult) => Promise<T>,
): Promise<T> {
  const upload = await readMultipart(request, storage, rules);
  try {
    return await work(upload);
  } catch (error) {
    await upload.discard();
    throw error;
  }
}
