/**
 * Forms that work before the app's JavaScript (decision 066): the login page is rendered on the
 * server like the other pages (`AppPages`), and its form, posted as
 * `application/x-www-form-urlencoded` without the app (`@fastify/formbody`, in this plugin's scope
 * only), is answered here through the same route the app calls (`POST /api/user/login`, in-process
 * as the visitor's address, so its limits count them as the visitor's):
 * - signed in: `303 See Other` to the form's `next` when it is a path of this site
 *   (`sameSitePath`, else '/'), with the same `jsbn_session` cookie the app keeps (decision 047),
 *   which the app takes on when it starts (`cookieOnlyToken`);
 * - refused: the page rendered again with the API's message in the visitor's language, its
 *   status the API's (401, 403, 400, 429);
 * - posted from another site (`Sec-Fetch-Site`, else `Origin`, not this one's): 403, nothing done.
 * The reader's order of a book (`/jsbn/:jsbn/reader-order`, 'Order Book as Reader') is answered the
 * same way through `POST /api/book/reader/order`: sent, `303` to the page with `?sent=1`, which
 * says so; refused, the page again with each field's message under it. The claim of a book's
 * imported publisher ('Claim this account', `/jsbn/:jsbn/claim`, decision 078) is answered the same
 * way through `POST /api/publisher/:id/claim`.
 * Every answer to a post is `Cache-Control: private, no-store`.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  accountEndpoints,
  bookEndpoints,
  fillPath,
  formatJsbn,
  publisherEndpoints,
  sameSitePath,
  type FormReply,
  type InterfaceLanguage,
} from '@jsbn/shared/core';
import type { BookByNumber } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { pageLanguage, translate, visitorLanguage } from '../../lib/i18n.js';
import { SESSION_COOKIE } from '../../lib/session-cookie.js';
import { AppError } from '../../lib/errors.js';
import { bookByJsbn } from '../books/book-reads.js';
import { AppPages } from './app-pages.js';
import { missingBookHtml } from './book-page.js';
import { withLanguage } from './shell.js';

const HTML_TYPE = 'text/html; charset=utf-8';
/** How every answer to a posted form is cached: not at all (it signs in, or holds what was typed). */
export const FORM_REPLY_CACHE = 'private, no-store';
/** How the login page itself is cached: by the browser only, asked again each time (it depends on the cookie and the query). */
const PAGE_CACHE = 'private, no-cache';
/** A session cookie lives as long as its token may (7 days, `TOKEN_TTL`), as the app sets it (`syncSessionCookie`). */
const SESSION_COOKIE_MAX_AGE_S = 7 * 24 * 3600;
/** What a form posted from another site is told (403). */
export const CROSS_SITE_MESSAGE = 'This form can only be sent from this site';

/** The fields of the login form as the browser posts them (`login-page.tsx`). */
interface LoginPost {
  email?: unknown;
  password?: unknown;
  modelType?: unknown;
  next?: unknown;
}

/** The fields of the reader's order form as the browser posts them (`reader-order-page.tsx`). */
const READER_FIELDS = ['name', 'mobile', 'email', 'message', 'date'] as const;

/** The fields of the claim form as the browser posts them (`claim-publisher-page.tsx`, the contact form's). */
const CLAIM_FIELDS = ['fullName', 'email', 'contact', 'message'] as const;

/** An API reply as the routes send it (docs/api.md), as far as a form's page needs it. */
interface ApiReply {
  message?: string;
  details?: { field: string; message: string }[];
  data?: { accessToken?: { access_token?: string } } | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Whether a form post comes from a page of this site: `Sec-Fetch-Site: same-origin` where the
 * browser sends it, else an `Origin` of this site (the configured `PUBLIC_URL` or the request's
 * own host); a post with neither comes from no browser page (a script of the caller's own),
 * which no other site can make a visitor's browser send.
 */
export function postedFromThisSite(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === publicUrl || origin === `${request.protocol}://${request.host}`;
}

/**
 * The form routes (see the module's comment) on the app's pages.
 * @param shell the built `index.html`
 * @param pages the app's server render
 */
export async function formRoutes(app: FastifyInstance, ctx: AppContext, shell: string, pages: AppPages): Promise<void> {
  const secure = ctx.config.isProduction ? '; Secure' : '';

  /** `path` rendered for a visitor in `language`, with `formReply`; the plain shell when it could not be (the app renders it). */
  const page = async (path: string, request: FastifyRequest, language: InterfaceLanguage, formReply: FormReply | null = null) => {
    const rendered = await pages
      .making(() => pages.render(path, request.ip, language, new Map(), null, formReply))
      .catch((error: unknown) => {
        app.log.error({ err: error, path }, 'a form page could not be rendered');
        return null;
      });
    return AppPages.fill(rendered ? shell : withLanguage(shell, language), rendered);
  };

  /** The reply of an API route asked in-process for a posted form, as the visitor (their address, their language). */
  const ask = (
    request: FastifyRequest,
    endpoint: { method: string; path: string },
    language: InterfaceLanguage,
    payload: object,
    params: Record<string, unknown> = {},
  ) =>
    app.inject({
      method: endpoint.method as 'POST',
      url: `/api${fillPath(endpoint.path, params)}`,
      headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': language },
      payload,
      remoteAddress: request.ip,
    });

  /** A refused form's reply (`FormReply`) from the API's reply, with the fields as posted. */
  const refusal = (body: ApiReply, values: Record<string, string>): FormReply => ({
    values,
    message: body.message ?? '',
    fields: Object.fromEntries((body.details ?? []).map((detail) => [detail.field, detail.message])),
  });

  /** Refuses a post from another site: 403, nothing done. @returns whether it was refused */
  const refusedCrossSite = (request: FastifyRequest, reply: FastifyReply, language: InterfaceLanguage) => {
    if (postedFromThisSite(request, ctx.config.publicUrl)) return false;
    request.log.warn({ origin: request.headers.origin, site: request.headers['sec-fetch-site'] }, 'a form posted from another site');
    void reply.status(403).type('text/plain; charset=utf-8').send(translate(CROSS_SITE_MESSAGE, language));
    return true;
  };

  /** The book of a form's address (`/jsbn/:jsbn/…`); `missing`: the JSBN asked for, of no book (or a withdrawn one). */
  const postedBook = async (request: FastifyRequest) => {
    const requested = (request.params as { jsbn: string }).jsbn.slice(0, 40);
    const found = await bookByJsbn(ctx, requested).catch((error: unknown) => {
      if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 410)) return null;
      throw error;
    });
    return found ?? { missing: requested };
  };

  /** A refused form's answer: `html` (the page again, with the API's messages), with the API's status and its `Retry-After`. */
  const refused = (reply: FastifyReply, answer: { statusCode: number; headers: Record<string, unknown> }, html: string) => {
    const retryAfter = answer.headers['retry-after'];
    if (retryAfter !== undefined) reply.header('retry-after', retryAfter);
    return reply
      .status(answer.statusCode >= 400 ? answer.statusCode : 400)
      .type(HTML_TYPE)
      .send(html);
  };

  /**
   * The GET and POST routes of a book's form at `/jsbn/:jsbn/<form>` (see the module's comment):
   * GET renders the page (`?sent=1`: it was sent); POST, from this site only (403), of a known book
   * (else 404, the missing book's page), sends the posted `fields` to `endpoint` as the visitor, with
   * the payload and path parameters `request` makes of them and the book; sent, `303` to the page
   * with `?sent=1`; refused, the page again with the API's messages and its status.
   * @param form the last part of the form's path ('reader-order', 'claim')
   * @param fields the form's field names as the browser posts them
   */
  const bookFormRoutes = (
    scope: FastifyInstance,
    form: string,
    fields: readonly string[],
    endpoint: { method: string; path: string },
    request: (values: Record<string, string>, book: BookByNumber['book']) => { payload: object; params?: Record<string, unknown> },
  ) => {
    scope.get(`/jsbn/:jsbn/${form}`, { schema: { hide: true } }, async (asked, reply) => {
      reply.type(HTML_TYPE).header('cache-control', PAGE_CACHE).header('vary', 'Accept-Language, Cookie');
      return page(asked.url, asked, visitorLanguage(asked, reply));
    });
    scope.post(`/jsbn/:jsbn/${form}`, { schema: { hide: true } }, async (posting, reply) => {
      reply.header('cache-control', FORM_REPLY_CACHE);
      const language = pageLanguage(posting);
      if (refusedCrossSite(posting, reply, language)) return reply;
      const found = await postedBook(posting);
      if ('missing' in found)
        return reply
          .status(404)
          .type(HTML_TYPE)
          .send(missingBookHtml(shell, found.missing, language));
      const posted = (posting.body ?? {}) as Record<string, unknown>;
      const values: Record<string, string> = Object.fromEntries(fields.map((name) => [name, text(posted[name])]));
      const address = `/jsbn/${encodeURIComponent(formatJsbn(found.book.jsbn_number))}/${form}`;
      const { payload, params } = request(values, found.book);
      const answer = await ask(posting, endpoint, language, payload, params);
      if (answer.statusCode === 200) return reply.redirect(`${address}?sent=1`, 303);
      // refused, the page is rendered at the path the browser shows (the one posted to, the JSBN
      // as the visitor's link wrote it), so the app hydrates it with the data it carries
      const postedTo = posting.url.split('?')[0]!;
      return refused(reply, answer, await page(postedTo, posting, language, refusal(answer.json<ApiReply>(), values)));
    });
  };

  await app.register(async (scope) => {
    await scope.register(formbody);

    /**
     * GET /login?as=library&next=… — the login page rendered on the server (its tab, the book
     * `next` orders); a signed-in user goes on to `next` at once, as the app's GuestOnly does.
     */
    scope.get('/login', { schema: { hide: true } }, async (request, reply) => {
      reply.type(HTML_TYPE).header('cache-control', PAGE_CACHE).header('vary', 'Accept-Language, Cookie');
      if (await pages.sessionOf(request)) return reply.redirect(sameSitePath((request.query as { next?: unknown }).next), 303);
      // the footer's language links (`?lang=gu`) work here too
      return page(request.url, request, visitorLanguage(request, reply));
    });

    /** POST /login (the login form, urlencoded): see the module's comment. */
    scope.post('/login', { schema: { hide: true } }, async (request, reply) => {
      reply.header('cache-control', FORM_REPLY_CACHE);
      const language = pageLanguage(request);
      if (refusedCrossSite(request, reply, language)) return reply;
      const posted = (request.body ?? {}) as LoginPost;
      const modelType = text(posted.modelType).toUpperCase() === 'PUBLISHER' ? 'PUBLISHER' : 'LIBRARY';
      const next = sameSitePath(text(posted.next) || undefined);
      const answer = await ask(request, accountEndpoints.login, language, {
        email: text(posted.email),
        password: text(posted.password),
        modelType,
      });
      const body = answer.json<ApiReply>();
      const token = answer.statusCode === 200 ? body.data?.accessToken?.access_token : undefined;
      if (token) {
        reply.header('set-cookie', `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${SESSION_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`);
        return reply.redirect(next, 303);
      }
      const formReply = refusal(body, { email: text(posted.email) });
      const query = new URLSearchParams({ as: modelType.toLowerCase(), ...(next !== '/' ? { next } : {}) });
      return refused(reply, answer, await page(`/login?${query.toString()}`, request, language, formReply));
    });

    // the reader's order of the book (POST /api/book/reader/order): the mobile number trimmed, the book named
    bookFormRoutes(scope, 'reader-order', READER_FIELDS, bookEndpoints.readerOrder, (values, book) => ({
      payload: { ...values, mobile: (values.mobile ?? '').trim(), bookId: book.id, bookName: book.book_title },
    }));

    // the claim of the book's imported publisher (POST /api/publisher/:id/claim)
    bookFormRoutes(scope, 'claim', CLAIM_FIELDS, publisherEndpoints.claim, (values, book) => ({
      payload: values,
      params: { id: book.publisher.id },
    }));
  });
}
