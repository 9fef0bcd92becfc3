/**
 * GET /api/files/<key> — streams a stored file. Keys under `public/` are open; private keys
 * need the `expires` and `signature` of a URL made by `storage.url` (403 when missing,
 * altered or expired).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { EXTENSION } from '../../lib/storage.js';

const TYPE_OF_EXTENSION = Object.fromEntries(Object.entries(EXTENSION).map(([type, extension]) => [extension, type]));

export function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/files/*',
    { schema: { querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }) } },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!ctx.storage.verify(key, request.query.expires, request.query.signature)) {
        throw new AppError('FORBIDDEN', 'This link has expired. Please reload the page.');
      }
      const { stream, size } = await ctx.storage.get(key);
      const extension = key.slice(key.lastIndexOf('.') + 1);
      return reply
        .type(TYPE_OF_EXTENSION[extension] ?? 'application/octet-stream')
        .header('content-length', size)
        .header('cache-control', key.startsWith('public/') ? 'public, max-age=86400, immutable' : 'private, no-store')
        .send(stream);
    },
  );
}
