/**
 * Public pages rendered on the server by the app itself (decision 011): the app's
 * server bundle (`apps/web/src/entry-server.tsx`, built into `apps/web/dist-server/`) renders a
 * page for a visitor, asking this API for its data in-process (`app.inject`, as the visitor's
 * address, so rate limits count them as the visitor's); the result goes into `#root` of the
 * built `index.html`, marked `data-server-made`, with the data beside it as JSON for the app
 * to hydrate the page at idle once it has loaded (decision 078). The shell keeps its entry
 * script; its module preloads, and the page's own chunks, wait in a `<template>` until the page
 * has loaded (decision 031): nothing more loads before then.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scriptJson, siteEndpoints, type FormReply, type InterfaceLanguage, type ServerPage } from '@jsbn/shared/core';
import type { CurrentUser } from '@jsbn/shared';
import { sessionToken } from '../../lib/session-cookie.js';
import { TEMPLATE_MARKS, withLanguage, withPreloadsLater } from './shell.js';

/** A page rendered for the shell: CSS for `<head>`, and `#root` with the page and its data. */
export interface RenderedPage {
  css: string;
  root: string;
  /** The language it is rendered in (`<html lang>`). */
  language: InterfaceLanguage;
  /** The app's chunks this page needs beyond the start's (`/assets/…`), fetched once it has loaded; `later`: what it loads lazily (decision 031). */
  modules: { now: string[]; later: string[] };
}

/**
 * `app-modules.json`, written by the web build beside `index.html` (`appModules` in
 * apps/web/vite.config.ts): the chunks, beyond the start module's, that the app bar (`app`),
 * each page by name (`pages`; `later`: what that page loads lazily) and each language's
 * catalogue (`languages`) need, as `/assets/…` paths.
 */
export interface AppModules {
  app: string[];
  pages: Record<string, string[]>;
  later: Record<string, string[]>;
  languages: Record<string, string[]>;
}

/**
 * Reads `app-modules.json` in `webDist`.
 * @throws Error when it is missing or not of that shape (run npm run build)
 */
export function loadAppModules(webDist: string): AppModules {
  const path = join(webDist, 'app-modules.json');
  if (!existsSync(path)) throw new Error(`the app's module list is missing: ${path} (run npm run build)`);
  const modules = JSON.parse(readFileSync(path, 'utf8')) as Partial<AppModules>;
  if (!Array.isArray(modules.app) || !modules.pages || !modules.later || !modules.languages)
    throw new Error(`${path} lacks app, pages, later or languages`);
  return modules as AppModules;
}

/** A signed-in user a page is rendered for (decision 047): their token and who they are (`GET /api/user/me`). */
export interface PageSession {
  token: string;
  user: CurrentUser;
}

/** The app's server bundle. */
export interface AppRenderer {
  /**
   * Renders the page at the absolute `url` in `language`; `transport` answers its API requests.
   * `options.session`: the signed-in user it is rendered for (decision 047; a visitor when null);
   * `options.formReply`: what a form of the page posted without the app got back (decision 066).
   */
  renderPage(
    url: string,
    transport: (url: string, init: RequestInit) => Promise<Response>,
    language: InterfaceLanguage,
    options?: { session?: PageSession | null; formReply?: FormReply | null },
  ): Promise<ServerPage>;
  /** The id of the JSON script element the browser's app reads the seeds from. */
  SEEDS_ELEMENT_ID: string;
}

/**
 * Loads the app's server bundle, built beside `webDist` (`../dist-server/entry-server.js`).
 * @throws Error when it is missing or does not export what is needed
 */
export async function loadRenderer(webDist: string): Promise<AppRenderer> {
  const path = join(dirname(webDist), 'dist-server', 'entry-server.js');
  if (!existsSync(path)) throw new Error(`the app's server render is missing: ${path} (run npm run build)`);
  const module = (await import(pathToFileURL(path).href)) as Partial<AppRenderer>;
  if (typeof module.renderPage !== 'function' || typeof module.SEEDS_ELEMENT_ID !== 'string')
    throw new Error(`${path} does not export renderPage and SEEDS_ELEMENT_ID`);
  return module as AppRenderer;
}

/**
 * Pages made at once, at most (`AppPages.making`). A page takes 40–45 ms of the API's one
 * thread to render (1,000,000 books, uncached requests of the book page); more at once only
 * wait behind each other — 50 uncached requests at a time waited 1.7 s at the median, 8.7 s at p99,
 * some timed out.
 */
export const MAX_RENDERS_AT_ONCE = 4;

/**
 * Thrown by `AppPages.making` when MAX_RENDERS_AT_ONCE pages are being made: the caller sends
 * the plain shell (the browser's app renders the page from the API, which is cheap to ask) and
 * keeps nothing, so a later request renders the page.
 */
export class PagesBusy extends Error {
  constructor() {
    super(`${MAX_RENDERS_AT_ONCE} pages are being rendered`);
    this.name = 'PagesBusy';
  }
}

/**
 * Thrown by a load of the public page cache when the page could not be rendered whole (one of its
 * queries failed — the visitor's searches ran out, the database was busy): `body` (the plain
 * shell) is sent to the visitor who asked and nothing is cached, so the next visitor gets the page
 * rendered, never that visitor's shell.
 */
export class PageNotRendered extends Error {
  constructor(readonly body: string) {
    super('the page could not be rendered whole');
    this.name = 'PageNotRendered';
  }
}

/**
 * The API's replies a page asks for that depend on the configuration alone (GET /api/site: the
 * support contacts and how-to videos, which every page's layout reads): asked once per process
 * and cached, sparing each page rendered a request through Fastify (decision 052).
 */
const CONFIGURED_REPLIES: ReadonlySet<string> = new Set([`/api${siteEndpoints.info.path}`]);

/** The name of the layout around the pages that show the library's cart (`CartLayout` of the web app's routes). */
const CART_PAGE = 'CartLayout';

/** The visitor whose page is being rendered: their address, replies already known by URL, and a signed-in user's token (decision 047). */
interface Rendering {
  visitorIp: string;
  known: ReadonlyMap<string, string>;
  token?: string;
}

/** Renders public pages, and signed-in users' pages (decision 047), with the app's server bundle, for one API instance. */
export class AppPages {
  /** Pages being made now (`making`). */
  private makingNow = 0;

  constructor(
    private readonly app: FastifyInstance,
    private readonly renderer: AppRenderer,
    private readonly publicUrl: string,
    private readonly modules: AppModules,
  ) {}

  /** The replies of CONFIGURED_REPLIES once asked (200 only), by URL. */
  private readonly configured = new Map<string, string>();

  /**
   * Answers a page's API request for `rendering` (the visitor whose page is being rendered: their address, replies
   * already known by URL, and a signed-in user's token, decision 047). Handed to each render as a closure, not
   * through an AsyncLocalStorage: on Node 20 one of those turns on promise hooks for every promise the process
   * makes, a cost on every request (decision 060).
   */
  private async transport(rendering: Rendering, url: string, init: RequestInit): Promise<Response> {
    const known = rendering.known.get(url) ?? this.configured.get(url);
    if (known !== undefined) return new Response(known, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } });
    const reply = await this.app.inject({
      method: 'GET',
      url,
      headers: {
        accept: new Headers(init.headers).get('accept') ?? 'application/json',
        ...(rendering.token ? { authorization: `Bearer ${rendering.token}` } : {}),
      },
      remoteAddress: rendering.visitorIp,
    });
    if (CONFIGURED_REPLIES.has(url) && reply.statusCode === 200 && !rendering.token) this.configured.set(url, reply.payload);
    const empty = reply.statusCode === 204 || reply.statusCode === 304;
    const headers = new Headers();
    for (const [name, value] of Object.entries(reply.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    return new Response(empty ? null : new Uint8Array(reply.rawPayload), { status: reply.statusCode, headers });
  }

  /**
   * Runs `work`, which makes a page (reads its data, renders it: the public page cache's load of
   * it), as one of at most MAX_RENDERS_AT_ONCE: counted from the start of the load, not of the
   * render, as a page's time goes mostly into waiting for the thread behind other pages'
   * rendering. A page in the cache is served without it, also one due to be made again.
   * @throws PagesBusy at once when that many are being made
   */
  async making<T>(work: () => Promise<T>): Promise<T> {
    if (this.makingNow >= MAX_RENDERS_AT_ONCE) throw new PagesBusy();
    this.makingNow++;
    try {
      return await work();
    } finally {
      this.makingNow--;
    }
  }

  /**
   * The signed-in user of a page request (decision 047): the one whose token the `jsbn_session`
   * cookie carries, as `GET /api/user/me` answers for it (asked in-process, as the caller's
   * address); null without the cookie, or when the API refuses the token (expired, signed out
   * everywhere, suspended).
   */
  async sessionOf(request: Pick<FastifyRequest, 'headers' | 'ip'>): Promise<PageSession | null> {
    const token = sessionToken(request.headers);
    if (!token) return null;
    const reply = await this.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      remoteAddress: request.ip,
    });
    if (reply.statusCode !== 200) return null;
    return { token, user: reply.json<{ data: CurrentUser }>().data };
  }

  /**
   * The page at `path` (with its query) as the app renders it for a visitor, or for `session`'s
   * user: its CSS for `<head>`, and `#root` holding it (marked `data-rendered-for` with a signed-in
   * user's id, and `data-cart` when it shows the library's cart, which only the browser knows),
   * followed by its data; null when one of its queries failed (the plain shell serves then).
   * @param visitorIp the address the page's API requests are counted for
   * @param known     JSON replies (200) the caller already has, by the URL the app asks for
   *   (`/api/...`): the page's own book, read once for its head and its body
   * @param language  the interface language to render it in
   * @param session   the signed-in user to render it for (their token goes with its API requests)
   * @param formReply what the page's form, posted without the app, got back (decision 066): the page shows it
   */
  async render(
    path: string,
    visitorIp: string,
    language: InterfaceLanguage,
    known: ReadonlyMap<string, string> = new Map(),
    session: PageSession | null = null,
    formReply: FormReply | null = null,
  ): Promise<RenderedPage | null> {
    const rendering: Rendering = { visitorIp, known, token: session?.token };
    const page = await this.renderer.renderPage(`${this.publicUrl}${path}`, (url, init) => this.transport(rendering, url, init), language, {
      session,
      formReply,
    });
    if (!page.complete) return null;
    const { app, pages, later, languages } = this.modules;
    return {
      language,
      modules: {
        now: [...app, ...page.pages.flatMap((name) => pages[name] ?? []), ...(languages[language] ?? [])],
        later: page.pages.flatMap((name) => later[name] ?? []),
      },
      css: page.css,
      root: `<div id="root" data-server-made${session ? ` data-rendered-for="${session.user.id}"` : ''}${page.pages.includes(CART_PAGE) ? ' data-cart' : ''}>${page.html}</div><script type="application/json" id="${this.renderer.SEEDS_ELEMENT_ID}">${scriptJson(page.seeds)}</script>`,
    };
  }

  /** The shells `shellOf` made, by template and then by language and modules (a few dozen: pages × languages). */
  private static readonly shells = new Map<string, Map<string, string>>();

  /**
   * `template` with `page`'s module preloads inert and in `page`'s language, made once per process for each
   * template, language and set of modules: the same for every book page rendered, it cost an uncached request its
   * regular expressions and the site's title looked up in i18next (decision 060).
   */
  private static shellOf(template: string, page: RenderedPage): string {
    const key = `${page.language} ${page.modules.now.join(' ')} | ${page.modules.later.join(' ')}`;
    let made = AppPages.shells.get(template);
    if (!made) {
      if (AppPages.shells.size >= 10) AppPages.shells.clear();
      AppPages.shells.set(template, (made = new Map<string, string>()));
    }
    let shell = made.get(key);
    if (shell === undefined) {
      if (made.size >= 200) made.clear();
      shell = withLanguage(withPreloadsLater(template, page.modules.now, page.modules.later), page.language);
      made.set(key, shell);
    }
    return shell;
  }

  /**
   * The shell with a rendered page in it (its module preloads inert until the page has loaded, `<html lang>` its language); the plain shell when null.
   * @param head what the page's head gets besides (a book's title and link-preview tags, `bookHead`): applied to the shell of
   *   a few kB before the page goes in, not to the whole page of 160 kB (each replace there copied it, about a millisecond)
   */
  static fill(template: string, page: RenderedPage | null, head: (shell: string) => string = (shell) => shell): string {
    if (page === null) return head(template);
    const shell = head(AppPages.shellOf(template, page));
    // joined, not replaced into the shell: the page's CSS and its root (tens of kB each) are copied once, by whoever encodes the page
    const headEnd = shell.indexOf('</head>');
    const root = shell.indexOf(TEMPLATE_MARKS.root, headEnd);
    return shell.slice(0, headEnd) + page.css + shell.slice(headEnd, root) + page.root + shell.slice(root + TEMPLATE_MARKS.root.length);
  }
}
