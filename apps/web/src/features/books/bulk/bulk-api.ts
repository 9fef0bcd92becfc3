/**
 * Bulk registration calls (API: apps/api/src/modules/books/bulk-routes.ts):
 * the preview of a filled template, the check after fixes, the registration in chunks, and the
 * template and result downloads.
 */
import { XLSX_TYPE, bulkEndpoints } from '@jsbn/shared/core';
import type { BulkPreview, BulkRegistered, BulkResultRequest, BulkRow } from '@jsbn/shared';
import { call, endpointUrl } from '../../../api/client';
import { saveFile } from '../../../components/download';

/** The template's address: a public file in the interface's language (the language cookie), so a plain link. */
export const BULK_TEMPLATE_URL = endpointUrl(bulkEndpoints.template);

/** POST /book/bulk/preview: the chosen .xlsx file (sent as .xlsx whatever type the phone gave it) → every row with its problems by column. */
export async function previewFile(file: File): Promise<BulkPreview> {
  return (await call(bulkEndpoints.preview, { body: file, headers: { 'Content-Type': XLSX_TYPE } })).data;
}

/** POST /book/bulk/check: the rows again, after fixes in the preview. */
export async function checkRows(rows: BulkRow[]): Promise<BulkPreview> {
  return (await call(bulkEndpoints.check, { body: { rows } })).data;
}

/** POST /book/bulk/register: one chunk of rows of upload `batch` (sending it again is safe). */
export async function registerChunk(batch: string, rows: BulkRow[]): Promise<BulkRegistered['books']> {
  return (await call(bulkEndpoints.register, { body: { batch, rows } })).data.books;
}

/** Saves the Excel list of the books of upload `batch` with their JSBNs, then the rows `left` out with why. */
export const downloadResult = async (batch: string, left: BulkResultRequest['left'] = []) =>
  saveFile(await call(bulkEndpoints.resultWithLeft, { params: { batch }, body: { left } }), 'JSBN_Registered_Books.xlsx');

/** A random UUID (v4) naming one upload: `crypto.randomUUID` where the page is secure, else from `getRandomValues`. */
export function newBatchId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
