/**
 * GET /api/files/<key> — a stored file. Keys under `public/` are open; private keys need the
 * `expires` and `signature` of a URL made by `storage.url` (403 when missing, altered or
 * expired). Local disk: the API streams the file — an image inline, anything else (PDFs) as an
 * attachment with a server-chosen name, always `nosniff` under a sandboxing CSP. S3: the API
 * answers 302 to a presigned GET of the bucket valid `S3_URL_TTL_SECONDS` that asks the
 * bucket for the same Content-Disposition, so the bytes never pass through the API.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { fileReplies } from '../../lib/reply.js';
import { FILE_CSP, TYPE_OF_EXTENSION, contentDispositionOf, isValidKey } from '../../lib/storage.js';

/** Registers GET /api/files/* on `app` (under the /api prefix). */
export function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/files/*',
    {
      schema: {
        querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
        response: {
          ...fileReplies('The stored file (S3: a 302 to the bucket)', 'application/octet-stream'),
          302: z.null().meta({ description: 'Redirect to a presigned GET of the bucket' }),
        },
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!isValidKey(key)) throw new AppError('NOT_FOUND', 'File not found');
      if (!ctx.storage.verify(key, request.query.expires, request.query.signature)) {
        throw new AppError('FORBIDDEN', 'This link has expired. Please reload the page.');
      }
      const isPublic = key.startsWith('public/');
      const direct = await ctx.storage.presignGet(key);
      if (direct) {
        // the presigned URL lives S3_URL_TTL_SECONDS: a browser may reuse the redirect for less
        const maxAge = Math.max(0, Math.floor(ctx.config.S3_URL_TTL_SECONDS / 2));
        return reply.header('cache-control', isPublic ? `public, max-age=${maxAge}` : 'private, no-store').redirect(direct, 302);
      }
      const { stream, size } = await ctx.storage.get(key);
      const extension = key.slice(key.lastIndexOf('.') + 1);
      return (
        reply
          .type(TYPE_OF_EXTENSION[extension] ?? 'application/octet-stream')
          .header('content-length', size)
          .header('content-disposition', contentDispositionOf(key))
          .header('content-security-policy', FILE_CSP)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', isPublic ? 'public, max-age=86400, immutable' : 'private, no-store')
          // a public file (a cover) may be shown by other sites: an e-mail of new books, a feed reader (decision 073)
          .header('cross-origin-resource-policy', isPublic ? 'cross-origin' : 'same-origin')
          .send(stream)
      );
    },
  );
}
