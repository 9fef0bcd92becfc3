/**
 * The file part of the book flow (docs/api.md, decisions/004): ask for signed addresses,
 * PUT each file to its address with XMLHttpRequest (fetch has no upload progress; PDFs can be
 * 200 MB and are streamed from disk by the browser), then finalise.
 */
import { FILE_RULES, MSG, declaredType } from '@jsbn/shared/core';
import type { BookUploadField } from '@jsbn/shared';
import { finaliseBook, requestUploadUrls } from './books-api';

export interface PendingFile {
  /** Stable key of the row in the progress list. */
  key: string;
  field: BookUploadField;
  file: File;
}

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'error';

export interface UploadRow {
  key: string;
  field: BookUploadField;
  name: string;
  size: number;
  /** 0–100 */
  progress: number;
  status: UploadStatus;
  error?: string;
}

export const rowOf = (pending: PendingFile): UploadRow => ({
  key: pending.key,
  field: pending.field,
  name: pending.file.name,
  size: pending.file.size,
  progress: 0,
  status: 'waiting',
});

/** The declared type; some systems give files no type, so the name's extension stands in for it (`FILE_RULES`). */
const typeOf = (field: BookUploadField, file: File): string => declaredType(FILE_RULES[field], file);

/**
 * PUTs `file` to a signed address as `contentType` — the type its address was asked for, which
 * an S3 signature covers (a file the browser gives no type is sent as its extension's type) —
 * reporting progress (0–100); rejects with the server's message.
 */
export function putFile(url: string, file: File, contentType: string, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
        return;
      }
      let message = `${file.name}: upload failed (${xhr.status})`;
      try {
        const body = JSON.parse(xhr.responseText) as { message?: string };
        if (body.message) message = `${file.name}: ${body.message}`;
      } catch {
        // not JSON
      }
      reject(new Error(message));
    };
    xhr.onerror = () => reject(new Error(`${file.name}: ${MSG.maintenance}`));
    xhr.onabort = () => reject(new Error(`${file.name}: upload cancelled`));
    xhr.send(file);
  });
}

/**
 * Uploads `files` of book `bookId` one after another and finalises. `onRow` receives every
 * change of a row. Resolves with finalise's message; rejects on the first failure (rows that
 * finished stay stored on the server and are attached by a later finalise).
 */
export async function uploadBookFiles(bookId: number, files: PendingFile[], onRow: (row: UploadRow) => void): Promise<string> {
  if (files.length > 0) {
    const addresses = (
      await requestUploadUrls(
        bookId,
        files.map(({ field, file }) => ({ field, name: file.name, type: typeOf(field, file), size: file.size })),
      )
    ).data;
    for (const [index, pending] of files.entries()) {
      const row = rowOf(pending);
      const address = addresses[index];
      if (!address) throw new Error(`${pending.file.name}: no upload address`);
      onRow({ ...row, status: 'uploading' });
      try {
        await putFile(address.url, pending.file, typeOf(pending.field, pending.file), (progress) =>
          onRow({ ...row, status: 'uploading', progress }),
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : MSG.somethingWrong;
        onRow({ ...row, status: 'error', error: message });
        throw error;
      }
      onRow({ ...row, status: 'done', progress: 100 });
    }
  }
  const reply = await finaliseBook(bookId);
  return reply.data?.message || reply.message;
}
