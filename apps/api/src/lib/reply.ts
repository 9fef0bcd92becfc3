import type { FastifyReply } from 'fastify';
import type { Storage } from './storage.js';

/**
 * Streams a stored generated PDF as an attachment named `file.filename` (revalidated, never
 * reused blind: a new version has a new key). @throws AppError 404 when the file is gone
 */
export async function sendStoredPdf(storage: Storage, reply: FastifyReply, file: { key: string; filename: string }) {
  const { stream, size } = await storage.get(file.key);
  return reply
    .type('application/pdf')
    .header('content-length', size)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-cache')
    .send(stream);
}

/** The success envelope of DESIGN §3: `{ statusCode: 200, message, data }`. */
export function ok<T>(data: T, message = 'Success', statusCode = 200) {
  return { statusCode, message, data };
}
