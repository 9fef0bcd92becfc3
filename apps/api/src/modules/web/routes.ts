/**
 * The built web app on the API's port (DESIGN §1; issue 10, decisions 008 and 011):
 * - `/assets/*` (content-hashed): the brotli or gzip twin Vite made when the browser accepts it
 *   (`Content-Encoding`, `Vary: Accept-Encoding`), `Cache-Control: public, max-age=31536000, immutable`;
 * - `/jsbn/:jsbn`: the book page drawn on the server by the app itself (`book-page.ts`), 200 or
 *   404, `no-cache` + ETag;
 * - any other path without an extension: `index.html`, `no-cache`, so a new release shows at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { publicBookPage } from '../books/service.js';
import { bookPageHtml, checkTemplate, missingBookHtml, type AppRenderer } from './book-page.js';

/** Cache policy of content-hashed files: a year, never revalidated (their name changes with them). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache policy of pages and API replies: keep, but ask the server (ETag) before each use. */
export const REVALIDATE = 'no-cache';

/**
 * The app's server render, built beside `webDist` (`apps/web/dist-server/entry-server.js`,
 * `vite build --ssr`).
 * @throws Error at startup when it is missing or lacks `renderPage`
 */
async function loadRenderer(webDist: string): Promise<AppRenderer> {
  const path = join(dirname(webDist), 'dist-server', 'entry-server.js');
  if (!existsSync(path)) throw new Error(`the app's server render is missing: ${path} (run npm run build)`);
  const module = (await import(pathToFileURL(path).href)) as Partial<AppRenderer>;
  if (typeof module.renderPage !== 'function' || typeof module.SEEDS_ELEMENT_ID !== 'string') throw new Error(`${path} does not export renderPage and SEEDS_ELEMENT_ID`);
  return module as AppRenderer;
}

/**
 * Serves the app built in `webDist` (which must hold `index.html`, with its server render in
 * `../dist-server`).
 * @throws Error at startup when `index.html` lacks a part the server-made pages fill, or the
 *   server render is missing
 */
export async function webRoutes(app: FastifyInstance, ctx: AppContext, webDist: string): Promise<void> {
  const shell = checkTemplate(readFileSync(join(webDist, 'index.html'), 'utf8'));
  const renderer = await loadRenderer(webDist);
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
      return await publicBookPage(ctx, requested, `html:${requested}`, (page) => bookPageHtml(shell, renderer, requested, page, ctx.config.publicUrl));
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return reply.status(404).send(missingBookHtml(shell, requested));
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
