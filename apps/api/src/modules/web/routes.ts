/**
 * The built web app on the API's port (ARCHITECTURE.md, decisions 008 and 011):
 * - `/assets/*` (content-hashed): the brotli or gzip twin Vite made when the browser accepts it
 *   (`Content-Encoding`, `Vary: Accept-Encoding`), `Cache-Control: public, max-age=31536000, immutable`;
 * - `/login` and the forms posted without the app: `forms.ts` (decision 066);
 * - `/publishers/:id`, a publisher's page of books (`?page=` its further pages): rendered by the
 *   app and cached like `/`, forgotten at any change of that publisher or its books (decision 083);
 * - `/jsbn/:jsbn`, `/` and `/search-a-book`: rendered on the server by the app itself
 *   (`app-pages.ts`; the book page with its link-preview tags, `book-page.ts`), cached in the
 *   public page cache (a search with a query is rendered each time); a JSBN written otherwise
 *   (any case, without hyphens) is a 301 to its canonical address, an unknown one a 404 page,
 *   a withdrawn one a 410 page, rendered by the app, with its title, when and why (decisions 043, 072);
 *   `public, max-age, s-maxage, stale-while-revalidate` + ETag (VISITOR_PAGE_CACHE, decision 065: a
 *   CDN or the proxy answers repeat requests), the shell sent instead of a page `no-cache`;
 *   rendered in the visitor's language (the language switcher's cookie, else `Accept-Language`),
 *   cached per language; a page not cached yet, while MAX_RENDERS_AT_ONCE pages are being
 *   made: the shell (with a book's head tags), for the browser's app to render, and nothing cached;
 *   a page that could not be rendered whole (one of its queries failed, e.g. the visitor's
 *   searches ran out): the shell to that visitor, and nothing cached (`PageNotRendered`);
 * - for a signed-in user (the `jsbn_session` cookie, checked by the API; decision 047): the book
 *   page and the library's lists (SIGNED_IN_PAGES) rendered for them, never cached
 *   (`private, no-cache`); `/` and `/search-a-book` stay the visitors' (the app renders the
 *   dashboard afresh);
 * - any other path without an extension: `index.html`, `no-cache`, so a new release shows at once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { INTERFACE_LANGUAGES, formatJsbn, normalizeJsbn } from '@jsbn/shared/core';
import { PINCODE_PATTERN } from '@jsbn/shared';
import { isPlaceName } from '../lookups/geo.js';
import type { InterfaceLanguage } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { AppError, GoneError } from '../../lib/errors.js';
import { pageLanguage, visitorLanguage } from '../../lib/i18n.js';
import { IMMUTABLE, REVALIDATE } from '../../lib/reply.js';
import { ANY_PUBLISHER, sendCachedPage } from '../../lib/public-pages.js';
import { jsbnSegment, type CachedPageResponder } from '../../lib/cached-page-responder.js';
import { bookByJsbn } from '../books/book-reads.js';
import { publicBookJson, publicBookKey, publicBookPage, publicBookPath } from '../books/public-page.js';
import { AppPages, PageNotRendered, PagesBusy, loadAppModules, loadRenderer, type PageSession } from './app-pages.js';
import { bookHead, bookPageHtml, missingBookHtml, withdrawnBookHtml, withdrawnHead } from './book-page.js';
import { checkTemplate, withLanguage } from './shell.js';
import { formRoutes } from './forms.js';
import { withNewBooksFeed } from '../interests/feeds.js';

/**
 * Age (ms) after which a page the app rendered, holding a signed file link, is rendered again behind
 * a request: rendering costs tens of ms, and changes forget the page at once anyway; within the
 * cache's ten minutes, so the links stay valid (a page without one is cached until a change).
 */
const RENDERED_REFRESH_MS = 5 * 60_000;

/** What a rendered page depends on besides its address: the visitor's languages and their choice (a cookie). */
const PAGE_VARY = 'Accept-Language, Cookie';
const HTML_TYPE = 'text/html; charset=utf-8';
/** The pages besides a book's that the app renders on the server and the public page cache keeps. */
const LANDING_PAGES = ['/', '/search-a-book'];
/** The public page cache's key of a landing page rendered in `language`. */
const landingPageKey = (language: InterfaceLanguage, path: string) => `html:${language}:${path}`;
/** A publisher's page of books (decision 083); `?page=` names its further pages. */
const PUBLISHER_PAGE = '/publishers/:id';
/** The most pages of a publisher's books the cache holds per publisher and language; any further one is rendered each time. */
const CACHED_PUBLISHER_PAGES = 50;
/**
 * The address of a publisher's page the cache holds for `url` (`/publishers/7`, `/publishers/7?page=2`),
 * or null for one rendered each time: another query, or a page past CACHED_PUBLISHER_PAGES.
 */
export function publisherPageAddress(id: number, url: string): string | null {
  const at = url.indexOf('?');
  const path = `/publishers/${id}`;
  if (at < 0) return path;
  const query = new URLSearchParams(url.slice(at + 1));
  const page = query.get('page');
  if ([...query.keys()].length !== 1 || !page || !/^[1-9]\d{0,2}$/.test(page) || Number(page) > CACHED_PUBLISHER_PAGES) return null;
  return page === '1' ? path : `${path}?page=${page}`;
}
/** The public page cache's kind of a book page rendered in `language` for the address `requested`. */
const bookPageKind = (language: InterfaceLanguage, requested: string) => `html:${language}:${requested}`;
/**
 * How a visitor's page the public page cache holds may be cached by the browser, a CDN and the
 * proxy in `deploy/` (decision 065): a minute fresh, then served stale for three more while one
 * request revalidates it (ETag, 304). Bounded by the signed file links in the page, which live 15
 * minutes: the page cache serves an entry at most 10 minutes old, and this adds at most 4.
 */
export const VISITOR_PAGE_CACHE = 'public, max-age=60, s-maxage=60, stale-while-revalidate=180';
/** How a page rendered for a signed-in user is cached: by their browser only, asked again each time (decision 047). */
const PRIVATE_REVALIDATE = 'private, no-cache';

/**
 * The app's pages the server renders for a signed-in user of the role (decision 047), besides the
 * book page (which it renders for any signed-in user, not cached): the library's lists, where a
 * phone would otherwise wait for the whole app before it shows anything. Any other, and these
 * for anyone else, are the shell, rendered by the browser's app. Paths as the web app's `paths`.
 */
const SIGNED_IN_PAGES: readonly { path: string; role: PageSession['user']['modelType']; query?: readonly string[] }[] = [
  // its status tab, `?tab=` (decision 078)
  { path: '/orders', role: 'LIBRARY', query: ['tab'] },
  { path: '/publisher-wise-books', role: 'LIBRARY' },
  // 'Want to order?' answered before the app hydrated the page, `?book=<JSBN>&want=yes|no` (decision 078)
  { path: '/publisher-wise-books/:publisherId', role: 'LIBRARY', query: ['book', 'want'] },
  { path: '/new-published-books', role: 'LIBRARY', query: ['book', 'want'] },
];

/** Whether the server renders a page asked for with `url`'s query: none, or only the names `allowed` (each once). */
export function rendersQuery(url: string, allowed: readonly string[] = []): boolean {
  const at = url.indexOf('?');
  if (at < 0) return true;
  const names = [...new URLSearchParams(url.slice(at + 1)).keys()];
  return names.every((name) => allowed.includes(name)) && new Set(names).size === names.length;
}

/**
 * `<link rel="alternate" hreflang>` of a visitor's page at `path` in each language and for any
 * other (`x-default`, the address without a choice), for search engines (decision 066).
 */
export const languageAlternates = (publicUrl: string, path: string) =>
  [
    ...INTERFACE_LANGUAGES.map((language) => `<link rel="alternate" hreflang="${language}" href="${publicUrl}${path}?lang=${language}" />`),
    `<link rel="alternate" hreflang="x-default" href="${publicUrl}${path}" />`,
  ].join('');

/** `shell` with the language alternates of `path` before `</head>`. */
const withAlternates = (publicUrl: string, path: string) => (shell: string) =>
  shell.replace('</head>', `${languageAlternates(publicUrl, path)}</head>`);

/**
 * The place a reader chose to see 'Read it at' nearest first (`?near=`, decision 077): a PIN code,
 * or the name of a city or state of the lookups, as typed; null for none or anything else (the
 * page is then the one without a choice — so the cache holds one page per place, not per typo).
 */
function chosenPlace(request: FastifyRequest): string | null {
  const near = (request.query as { near?: unknown } | undefined)?.near;
  if (typeof near !== 'string') return null;
  const place = near.normalize('NFC').trim().replace(/\s+/g, ' ').slice(0, 60);
  return PINCODE_PATTERN.test(place) || isPlaceName(place) ? place : null;
}

/** The one spelling of a JSBN in a book page's address ('ahmjs00006p' → 'AHMJS-00006-P'); null for a malformed number. */
const bookAddress = (requested: string) => {
  const canonical = normalizeJsbn(requested);
  return canonical && formatJsbn(canonical);
};

/**
 * Serves the app built in `webDist` (which must hold `index.html`, with its server render in
 * `../dist-server`).
 * @throws Error at startup when `index.html` lacks a part the server-made pages fill, or the
 *   server render is missing
 */
export async function webRoutes(app: FastifyInstance, ctx: AppContext, webDist: string, door: CachedPageResponder): Promise<void> {
  const shell = checkTemplate(readFileSync(join(webDist, 'index.html'), 'utf8'));
  const pages = new AppPages(app, await loadRenderer(webDist), ctx.config.publicUrl, loadAppModules(webDist));
  /**
   * A page rendered for a signed-in user (decision 047); null — the shell, which the browser's app
   * renders — when it could not be rendered whole, too many pages are being made, or the render
   * failed (logged: the user still gets their page, from the app).
   */
  const renderSignedIn = (path: string, ip: string, language: InterfaceLanguage, session: PageSession) =>
    pages
      .making(() => pages.render(path, ip, language, new Map(), session))
      .catch((error: unknown) => {
        if (!(error instanceof PagesBusy)) app.log.error({ err: error, path }, 'a signed-in page could not be rendered');
        return null;
      });
  /**
   * A page rendered for a visitor; null — the shell, which the browser's app renders, and nothing
   * cached — when the render failed (logged), never a 500 (decision 065).
   */
  const renderForVisitor = (path: string, ip: string, language: InterfaceLanguage, known?: ReadonlyMap<string, string>) =>
    pages.render(path, ip, language, known).catch((error: unknown) => {
      app.log.error({ err: error, path }, 'a visitor page could not be rendered');
      return null;
    });
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => void reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE : REVALIDATE),
  });
  // the login page and the forms that work before the app (decision 066)
  await formRoutes(app, ctx, shell, pages);

  app.get('/jsbn/:jsbn', { schema: { hide: true } }, async (request, reply) => {
    const requested = (request.params as { jsbn: string }).jsbn.slice(0, 40);
    // one address per book: 'ahmjs00006p' and 'AHMJS 00006 P' lead to /jsbn/AHMJS-00006-P
    const address = bookAddress(requested);
    if (address && address !== requested) return reply.redirect(`/jsbn/${address}`, 301);
    reply.type(HTML_TYPE).header('cache-control', REVALIDATE).header('vary', PAGE_VARY);
    const language = visitorLanguage(request, reply);
    const chosen = reply.hasHeader('set-cookie');
    // 'Read it at' nearest first to the place the reader chose (decision 077): its own page and cache entry
    const near = chosenPlace(request);
    const pagePath = `/jsbn/${encodeURIComponent(requested)}${near ? `?near=${encodeURIComponent(near)}` : ''}`;
    try {
      // a signed-in user's own page (their menu; an owner's private PDF link), never cached (decision 047)
      const session = await pages.sessionOf(request);
      if (session) {
        const book = await bookByJsbn(ctx, requested);
        const rendered = await renderSignedIn(pagePath, request.ip, language, session);
        reply.header('cache-control', PRIVATE_REVALIDATE);
        return AppPages.fill(withLanguage(shell, language), rendered, bookHead(book, ctx.config.publicUrl));
      }
      const page = await publicBookPage(ctx, {
        jsbnNo: requested,
        kind: bookPageKind(language, near ? `${requested}?near=${near}` : requested),
        render: async (book) => {
          // the app asks for the book the head was made from: one database read per page
          const known = new Map([[publicBookPath(requested), publicBookJson(ctx, book)]]);
          const rendered = await renderForVisitor(pagePath, request.ip, language, known);
          const head = bookHead(book, ctx.config.publicUrl);
          const alternates = withAlternates(ctx.config.publicUrl, `/jsbn/${requested}`);
          const html = AppPages.fill(rendered ? shell : withLanguage(shell, language), rendered, (page) => alternates(head(page)));
          if (!rendered) throw new PageNotRendered(html);
          return html;
        },
        refreshMs: RENDERED_REFRESH_MS,
        making: (work) => pages.making(work),
      }).catch((error: unknown) => {
        if (error instanceof PagesBusy) return null;
        throw error;
      });
      if (page) return sendCachedPage(request, reply.header('cache-control', chosen ? PRIVATE_REVALIDATE : VISITOR_PAGE_CACHE), page);
      // too many pages being made: the shell with the book's head (the browser's app renders the rest); nothing cached
      return bookPageHtml(withLanguage(shell, language), await bookByJsbn(ctx, requested), ctx.config.publicUrl);
    } catch (error) {
      // a withdrawn book: 410 with its title, when, why and the book it duplicates (decisions 043, 072), rendered by the
      // app like every page (the card without it when too many pages are being made); never cached
      if (error instanceof GoneError) {
        const withdrawn = {
          message: error.message,
          title: typeof error.data.book_title === 'string' ? error.data.book_title : '',
          seeJsbn: typeof error.data.see_jsbn === 'string' ? error.data.see_jsbn : null,
        };
        const rendered = await pages
          .making(() => renderForVisitor(`/jsbn/${encodeURIComponent(requested)}`, request.ip, language))
          .catch(() => null);
        reply.status(410);
        return rendered
          ? AppPages.fill(shell, rendered, withdrawnHead(withdrawn, language))
          : withdrawnBookHtml(shell, withdrawn, language);
      }
      if (error instanceof AppError && error.statusCode === 404) return reply.status(404).send(missingBookHtml(shell, requested, language));
      if (error instanceof PageNotRendered) return error.body;
      throw error;
    }
  });

  /**
   * A visitor's page: at `address`, the app's render cached per language (`publicPages`,
   * forgotten at `publisherId`'s changes or any with `ANY_PUBLISHER`, `head` added to it), public
   * unless this request chose the language (a cookie set: private); with no `address` (a query
   * that is not a page of its own), `url` rendered each time and cached by nobody. Too many pages
   * being rendered at once: the shell, for the browser's app to render.
   */
  async function visitorPage(
    request: FastifyRequest,
    reply: FastifyReply,
    page: {
      language: InterfaceLanguage;
      chosen: boolean;
      url: string;
      address: string | null;
      publisherId: number;
      head?: ((shell: string) => string) | undefined;
    },
  ) {
    const { language, address } = page;
    try {
      if (!address) {
        const rendered = await pages.making(() => renderForVisitor(page.url, request.ip, language));
        return AppPages.fill(rendered ? shell : withLanguage(shell, language), rendered);
      }
      const cached = await ctx.publicPages.get(landingPageKey(language, address), () =>
        pages.making(async () => {
          const rendered = await renderForVisitor(address, request.ip, language);
          if (!rendered) throw new PageNotRendered(withLanguage(shell, language));
          return { body: AppPages.fill(shell, rendered, page.head), publisherId: page.publisherId, refreshMs: RENDERED_REFRESH_MS };
        }),
      );
      return sendCachedPage(request, reply.header('cache-control', page.chosen ? PRIVATE_REVALIDATE : VISITOR_PAGE_CACHE), cached);
    } catch (error) {
      if (error instanceof PagesBusy) return withLanguage(shell, language);
      if (error instanceof PageNotRendered) return error.body;
      throw error;
    }
  }

  // The landing page and the search page (its newly published books: forgotten at any change)
  for (const path of LANDING_PAGES) {
    app.get(path, { schema: { hide: true } }, async (request, reply) => {
      reply.type(HTML_TYPE).header('cache-control', REVALIDATE).header('vary', PAGE_VARY);
      const language = visitorLanguage(request, reply);
      const chosen = reply.hasHeader('set-cookie');
      // a language link's address is the page in that language
      const query = chosen && /^\?lang=[a-z]+$/.test(request.url.slice(path.length)) ? '' : request.url.slice(path.length);
      // the search page lists the newly published books: it names their feed (decision 073)
      const alternates = withAlternates(ctx.config.publicUrl, path);
      const head =
        path === '/search-a-book' ? (page: string) => alternates(withNewBooksFeed(ctx.config.publicUrl, language)(page)) : alternates;
      return visitorPage(request, reply, {
        language,
        chosen,
        url: request.url,
        address: query ? null : path,
        publisherId: ANY_PUBLISHER,
        head,
      });
    });
  }

  // A publisher's page of books: the app's render, cached per language and page, forgotten at any change of
  // the publisher or its books (decision 083); an id that is not a number is the shell (the app says 'not found')
  app.get(PUBLISHER_PAGE, { schema: { hide: true } }, async (request, reply) => {
    reply.type(HTML_TYPE).header('cache-control', REVALIDATE).header('vary', PAGE_VARY);
    const language = visitorLanguage(request, reply);
    const chosen = reply.hasHeader('set-cookie');
    const id = Number((request.params as { id: string }).id);
    if (!Number.isSafeInteger(id) || id <= 0) return withLanguage(shell, language);
    // a language link's address is the page in that language
    const url = chosen ? request.url.replace(/[?&]lang=[a-z]+$/, '') : request.url;
    const address = publisherPageAddress(id, url);
    // the first page names its address in each language, for search engines (decision 066)
    const head = address && !address.includes('?') ? withAlternates(ctx.config.publicUrl, address) : undefined;
    return visitorPage(request, reply, { language, chosen, url, address, publisherId: id, head });
  });

  // a library's lists, rendered for the signed-in library (decision 047); for anyone else, or with
  // another query (`&confirm=1` opens the order's confirmation: the browser's app does that), the shell
  for (const { path, role, query } of SIGNED_IN_PAGES) {
    app.get(path, { schema: { hide: true } }, async (request, reply) => {
      reply.type(HTML_TYPE).header('cache-control', REVALIDATE).header('vary', 'Cookie');
      const session = rendersQuery(request.url, query) ? await pages.sessionOf(request) : null;
      if (!session || session.user.modelType !== role) return shell;
      const language = pageLanguage(request);
      const rendered = await renderSignedIn(request.url, request.ip, language, session);
      if (rendered) reply.header('cache-control', PRIVATE_REVALIDATE).header('vary', PAGE_VARY);
      return AppPages.fill(withLanguage(shell, language), rendered);
    });
  }

  // these pages, once rendered and cached, are answered before Fastify with the same reply (decision 022)
  door.route({
    key: (path, headers) => {
      if (LANDING_PAGES.includes(path)) return landingPageKey(pageLanguage({ headers }), path);
      const requested = jsbnSegment('/jsbn/', path);
      if (!requested || bookAddress(requested) !== requested) return null; // 301 or 404
      return publicBookKey(bookPageKind(pageLanguage({ headers }), requested), requested);
    },
    headers: { 'content-type': HTML_TYPE, 'cache-control': VISITOR_PAGE_CACHE, vary: `${PAGE_VARY}, accept-encoding` },
    template: (path) => (LANDING_PAGES.includes(path) ? path : '/jsbn/:jsbn'),
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (request.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(shell);
    }
    return reply.status(404).send({ statusCode: 404, message: 'Not found', error: 'NOT_FOUND' });
  });
}
