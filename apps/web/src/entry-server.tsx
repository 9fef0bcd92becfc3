/**
 * The server's render of a public page (decision 011), built by `vite build --ssr` into
 * `dist-server/` and called by the API (`modules/web/`): the same routes, providers and pages
 * as in the browser, rendered to HTML with Preact's `renderToString` for a visitor (no session),
 * with the page's CSS apart for `<head>` (Emotion's `<style data-emotion>` elements, which its
 * browser side hydrates there).
 *
 * The queries a page is known to read (PAGE_QUERIES) are fetched through `transport` (the API
 * answering in-process) before it is rendered, so one pass renders it. A page that reads more (or
 * is not listed) shows which queries it waited for in that pass; they are fetched, and a second
 * pass renders the page with their data. The data goes back with the HTML, for the browser's app
 * to start from the same.
 */
import { renderToString } from 'preact-render-to-string';
import { StaticRouterProvider, createStaticHandler, createStaticRouter, matchPath, type Params } from 'react-router';
import type { Query, QueryClient } from '@tanstack/react-query';
import { ApiError, RenderQueryClient, type Transport } from './api/client';
import { renderAs, type Session } from './api/session';
import { siteQuery } from './api/site';
import { setServerOrigin } from './lib/origin';
import { setValueLanguage } from './components/format';
import { paths } from './lib/paths';
import { AppProviders } from './app/providers';
import { createStyleCache } from './app/style-cache';
import { preloadRoute, routePageNames, routes } from './app/routes';
import { bookByJsbnQuery } from './api/books';
import { serverI18n } from './i18n/server';
import { FORM_REPLY_KEY, type FormReply, type InterfaceLanguage, type QuerySeed, type ServerPage } from '@jsbn/shared/core';

export type { QuerySeed, ServerPage } from '@jsbn/shared/core';
export { SEEDS_ELEMENT_ID } from './app/providers';

const handler = createStaticHandler(routes);

/**
 * The queries each page rendered for visitors reads, by route: fetched before the page is rendered,
 * so one pass renders it (a render of the book page costs tens of ms of the server's CPU).
 * A page missing here is still rendered right, in two passes.
 */
const PAGE_QUERIES: { path: string; fetch: (client: QueryClient, params: Params) => Promise<void>[] }[] = [
  { path: paths.home, fetch: (client) => [client.prefetchQuery(siteQuery)] },
  {
    path: paths.bookDetail,
    fetch: (client, { jsbn = '' }) => [client.prefetchQuery(siteQuery), client.prefetchQuery(bookByJsbnQuery(jsbn))],
  },
];

/** Fetches into `client` the queries PAGE_QUERIES lists for `pathname` (failures stay in the cache as errors). */
async function fetchPageQueries(client: QueryClient, pathname: string): Promise<void> {
  for (const page of PAGE_QUERIES) {
    const match = matchPath(page.path, pathname);
    if (match) {
      await Promise.all(page.fetch(client, match.params));
      return;
    }
  }
}

/** A query's 410 (a withdrawn record, decision 043): its page shows the withdrawal, so the page is whole; else null. */
const goneError = (query: Query) => (query.state.error instanceof ApiError && query.state.error.status === 410 ? query.state.error : null);

/** Whether a query would run (`enabled: false` queries wait for the user, also on the server). */
const runs = (query: Query) => (query.options as { enabled?: unknown }).enabled !== false;
/** Where a style element Emotion wrote starts and ends (CSS cannot contain `</style>`; the page's text and attributes cannot contain `<`). */
const STYLE_START = '<style data-emotion="';
const STYLE_END = '</style>';

/** Where a class Emotion made starts in the page's HTML (`class="… css-<name>"`, the cache's key `css`). */
const CLASS_START = 'css-';
/** The style elements of one class, of the key `css` (not `css-global`): `<style data-emotion="css <name>"`. */
const CLASS_STYLE = `${STYLE_START}css `;

/**
 * The style elements of `styles` the page's HTML uses, joined (decision 057): the global ones and
 * those of a class some element has. Emotion writes the class of every styled component, also
 * of one that hands it to another styled component which merges its rules into a class of its
 * own (MUI's `Button` into `ButtonBase`, `IconButton`, `Link` into `Typography` …): on a book page
 * 24 rules, 27 kB of its 89 kB of CSS, that no element carries. Left out, the browser's Emotion
 * writes them at hydration as it writes any rule the page had not (a class no element has styles nothing).
 */
function usedStyles(styles: string[], html: string): string {
  const used = new Set<string>();
  for (let start = html.indexOf(CLASS_START); start >= 0; start = html.indexOf(CLASS_START, start + CLASS_START.length)) {
    let end = start + CLASS_START.length;
    while (end < html.length && html.charCodeAt(end) !== 32 && html.charCodeAt(end) !== 34) end++;
    used.add(html.slice(start + CLASS_START.length, end));
  }
  let css = '';
  for (const style of styles) {
    if (style.startsWith(CLASS_STYLE)) {
      const names = style.slice(CLASS_STYLE.length, style.indexOf('"', CLASS_STYLE.length)).split(' ');
      if (!names.some((name) => used.has(name))) continue;
    }
    css += style;
  }
  return css;
}

/**
 * Renders the page at `url` (absolute, e.g. `https://jsbn.example/jsbn/1-2-3`): a plain server
 * render of the whole page each time (decision 065); the API caches visitors' pages whole.
 * @param transport answers the app's API requests (`/api/...`, GET); it belongs to this render
 *   (its query client's), never to the module
 * @param language  the interface language to render it in (English when not given)
 * @param options   `session`: the signed-in user the page is rendered for (decision 047;
 *   `transport` sends their token with the page's requests), a visitor when not given;
 *   `formReply`: what the server answered the page's form posted without the app (decision 066),
 *   which the page shows and its data carries
 * @throws Error when the route answers with a redirect
 */
export async function renderPage(
  url: string,
  transport: Transport,
  language: InterfaceLanguage = 'en',
  options: { session?: Session | null; formReply?: FormReply | null } = {},
): Promise<ServerPage> {
  const session = options.session ?? null;
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url} redirects (${context.status}); only visitors' pages are rendered on the server`);
  const { pathname, origin } = new URL(url);
  // the handler matched the routes: they are not matched again
  await preloadRoute(pathname, context.matches);
  const queryClient = new RenderQueryClient(transport, { defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (options.formReply) queryClient.setQueryData(FORM_REPLY_KEY, options.formReply);
  const router = createStaticRouter(handler.dataRoutes, context);
  const i18n = serverI18n(language);
  const render = () => {
    setServerOrigin(origin);
    setValueLanguage(language, i18n.t('value.empty', { ns: 'common' }));
    // the render is synchronous: nothing else renders between these lines
    return renderAs(session, () =>
      renderToString(
        <AppProviders queryClient={queryClient} i18n={i18n} styleCache={createStyleCache()}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>,
      ),
    );
  };

  await fetchPageQueries(queryClient, pathname);
  let rendered = render();
  let passes: 1 | 2 = 1;
  const wanted = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && runs(query));
  if (wanted.length) {
    await Promise.all(wanted.map((query) => queryClient.prefetchQuery({ queryKey: query.queryKey, queryFn: query.options.queryFn })));
    rendered = render();
    passes = 2;
  }
  // Emotion writes each style before its element; in <head> they are where its browser side
  // looks for them, and the page's DOM is the app's alone (child selectors, hydration)
  const styles: string[] = [];
  let html = '';
  let at = 0;
  for (let start = rendered.indexOf(STYLE_START); start >= 0; start = rendered.indexOf(STYLE_START, at)) {
    const end = rendered.indexOf(STYLE_END, start);
    if (end < 0) break;
    html += rendered.slice(at, start);
    styles.push(rendered.slice(start, end + STYLE_END.length));
    at = end + STYLE_END.length;
  }
  html += rendered.slice(at);
  const css = usedStyles(styles, html);
  const queries = queryClient.getQueryCache().getAll();
  return {
    html,
    css,
    seeds: queries.flatMap((query): QuerySeed[] => {
      if (query.state.status === 'success') return [[query.queryKey, query.state.data]];
      const gone = goneError(query);
      return gone ? [[query.queryKey, { message: gone.message, data: gone.data }, 410]] : [];
    }),
    complete: queries.every((query) => query.state.status === 'success' || goneError(query) || !runs(query)),
    passes,
    pages: routePageNames(pathname, context.matches),
  };
}
