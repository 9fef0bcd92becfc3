/**
 * The server's render of a public page (decision 011), built by `vite build --ssr` into
 * `dist-server/` and called by the API (`modules/web/`): the same routes, providers and pages
 * as in the browser, drawn to HTML with Preact's `renderToString` for a visitor (no session),
 * from the query data the server read (`seeds`), with the page's CSS inline (Emotion writes
 * a `<style data-emotion>` before each styled element; the browser's Emotion moves them into
 * `<head>` before the app adopts the page). Queries without a seed render as loading.
 */
import { renderToString } from 'preact-render-to-string';
import { CacheProvider } from '@emotion/react';
import createCache from '@emotion/cache';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { setServerOrigin } from './app/origin';
import { AppProviders, type QuerySeed } from './app/providers';
import { preloadRoute, routes } from './app/routes';

export type { QuerySeed } from './app/providers';
export { SEEDS_ELEMENT_ID } from './app/providers';

const handler = createStaticHandler(routes);

/**
 * Draws the page at `url` (absolute, e.g. `https://jsbn.example/jsbn/1-2-3`).
 * @returns the HTML that goes inside `#root`
 * @throws Error when the route answers with a redirect (only pages for visitors are drawn here)
 */
export async function renderPage(url: string, seeds: QuerySeed[]): Promise<string> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url} redirects (${context.status}); only visitors' pages are drawn on the server`);
  await preloadRoute(new URL(url).pathname);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const [key, data] of seeds) queryClient.setQueryData(key, data);
  setServerOrigin(new URL(url).origin);
  return renderToString(
    <CacheProvider value={createCache({ key: 'css' })}>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </AppProviders>
    </CacheProvider>,
  );
}
