/**
 * The built web app on the API's port (DESIGN §1; issue 10, decision 008):
 * - `/assets/*` (content-hashed): the brotli or gzip twin Vite made when the browser accepts it
 *   (`Content-Encoding`, `Vary: Accept-Encoding`), `Cache-Control: public, max-age=31536000, immutable`;
 * - `/jsbn/:jsbn`: the server-made book page (`book-page.ts`), 200 or 404, `no-cache` + ETag;
 * - any other path without an extension: `index.html`, `no-cache`, so a new release shows at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { publicBookPage } from '../books/service.js';
import { bookPageHtml, checkTemplate, missingBookHtml } from './book-page.js';

/** Cache policy of content-hashed files: a year, never revalidated (their name changes with them). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache policy of pages and API replies: keep, but ask the server (ETag) before each use. */
export const REVALIDATE = 'no-cache';

/** The manifest entry of the book page's chunk (Vite `build.manifest`). */
const BOOK_PAGE_MODULE = 'src/features/books/pages/book-detail-page.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** `<link rel="modulepreload">` for the book page's chunk and every chunk it imports, so the app takes over without a gap. */
function bookPagePreloads(webDist: string): string {
  const path = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(path)) return '';
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(BOOK_PAGE_MODULE);
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
}

/**
 * Serves the app built in `webDist` (which must hold `index.html`).
 * @throws Error at startup when `index.html` lacks a part the server-made pages fill
 */
export async function webRoutes(app: FastifyInstance, ctx: AppContext, webDist: string): Promise<void> {
  const shell = checkTemplate(readFileSync(join(webDist, 'index.html'), 'utf8'));
  const template = shell.replace('</head>', () => `${bookPagePreloads(webDist)}</head>`);
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => void reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE : REVALIDATE),
  });

  app.get('/jsbn/:jsbn', { schema: { hide: true } }, async (request, reply) => {
    const requested = (request.params as { jsbn: string }).jsbn.slice(0, 40);
    reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE);
    try {
      return await publicBookPage(ctx, requested, `html:${requested}`, (page) => bookPageHtml(template, requested, page, ctx.config.publicUrl));
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return reply.status(404).send(missingBookHtml(template, requested));
      throw error;
    }
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (request.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(shell);
    }
    return reply.status(404).send({ statusCode: 404, message: 'Not found', error: 'NOT_FOUND' });
  });
}
