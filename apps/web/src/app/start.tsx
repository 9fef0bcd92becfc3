/**
 * Starts the app in the browser (`main.tsx` loads this module): the query client that toasts
 * every failure once (packages/shared/src/messages.ts), the router, and the first render — a hydration of the
 * server-made page when there is one (decision 011), else a fresh render.
 */
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { MutationCache, QueryCache, QueryClient, hashKey, hydrate as hydrateQueries } from '@tanstack/react-query';
import { ApiError, refreshCurrentUser, setNavigator, toastError } from '../api/client';
import { clearSession, cookieOnlyToken, getSession, setToken, syncSessionCookie } from '../api/session';
import type { QuerySeed } from '@jsbn/shared/core';
import { AppProviders, SEEDS_ELEMENT_ID } from './providers';
import { router } from './router';
import { createStyleCache } from './style-cache';
import { preloadRoute } from './routes';
import { i18n, startI18n } from '../i18n';
import { isInterfaceLanguage } from '@jsbn/shared/core';
import { captureTypedValues, replayTickedBoxes, replayTypedFields, tickedBoxes, typedFields } from '../lib/typed-before-hydration';

function createQueryClient() {
  return new QueryClient({
    // a withdrawn record (410) is shown by its page, not toasted (decision 043)
    queryCache: new QueryCache({
      onError: (error, query) =>
        query.meta?.silent || (error instanceof ApiError && error.status === 410) ? undefined : toastError(error),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => (mutation.meta?.silent ? undefined : toastError(error)),
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}

/** The data a server-made page was rendered from (empty on the plain shell or when unreadable). */
function serverSeeds(): QuerySeed[] {
  const text = document.getElementById(SEEDS_ELEMENT_ID)?.textContent;
  if (!text) return [];
  try {
    return JSON.parse(text) as QuerySeed[];
  } catch {
    return [];
  }
}

/**
 * The app's root: its children, and `afterFirstRender` in its first effect. The root's effect runs
 * after every effect of the page under it, so by then the hydration has attached each element's
 * handlers and the page's fields have registered with their forms.
 */
function AppRoot({ afterFirstRender, children }: { afterFirstRender: () => void; children: ReactNode }) {
  useEffect(afterFirstRender, [afterFirstRender]);
  return children;
}

/**
 * Prepares the app for `root` — the query client seeded with the page's data, the session, the
 * page's language and route chunk loaded — and resolves to the function that renders it. That
 * render is synchronous up to the hydration (decision 078): called from a first interaction's
 * listener (`pointerdown`, `focusin`…), it has attached the page's handlers before the browser
 * dispatches the `click` or the keys that follow, so the app answers that very tap. It returns a
 * promise resolved once the app root's first effect has run (what was typed before the hydration
 * replayed).
 * @param hydrate true when `root` holds the server's render of this very page for this browser's
 *   user (a visitor, or the signed-in user it was rendered for): the app hydrates that DOM instead of
 *   rendering it again
 */
export async function prepareApp(root: HTMLElement, hydrate: boolean): Promise<() => Promise<void>> {
  const queryClient = createQueryClient();
  setNavigator((to, options) => {
    void router.navigate(to, options);
  });
  // a login posted before the app was there left its session in the cookie alone (decision 066): the app takes it on
  const posted = cookieOnlyToken();
  if (posted) {
    setToken(posted);
    await refreshCurrentUser().catch(() => clearSession());
  }
  const signedIn = Boolean(getSession().token);
  // the server renders a signed-in user's pages by this cookie (decision 047): a session from before it gets it now
  syncSessionCookie();
  // The user part of the session is stored locally (docs/api.md); refresh it once per page
  // load so a letterhead or profile saved in another tab, or a revoked token, is seen at once.
  if (signedIn && !posted) void refreshCurrentUser().catch(() => undefined);
  // A visitor's page is what the server rendered; a signed-in viewer may see more (an owner's
  // private PDF link), so for them the same data shows at once and is fetched again — unless
  // the server rendered the page for them (`data-rendered-for`, decision 047).
  const renderedForThem = hydrate && root.hasAttribute('data-rendered-for');
  for (const seed of serverSeeds()) {
    const [key, data] = seed;
    if (seed.length === 3) {
      // a withdrawn record the page shows (410, decision 043): the query starts in the error it had on the server
      const { message, data: facts } = seed[1];
      // (TanStack Query's `hydrate`, at once: the first render matches the server's)
      const error = new ApiError(message, 410, { serverMessage: message, data: facts });
      const at = Date.now();
      hydrateQueries(queryClient, {
        mutations: [],
        queries: [
          {
            queryKey: key,
            queryHash: hashKey(key),
            state: {
              data: undefined,
              dataUpdateCount: 0,
              dataUpdatedAt: 0,
              error,
              errorUpdateCount: 1,
              errorUpdatedAt: at,
              fetchFailureCount: 1,
              fetchFailureReason: error,
              fetchMeta: null,
              isInvalidated: false,
              status: 'error',
              fetchStatus: 'idle',
            },
            dehydratedAt: at,
          },
        ],
      });
    } else queryClient.setQueryData(key, data, { updatedAt: signedIn && !renderedForThem ? 0 : Date.now() });
  }
  // a server-made page is hydrated in the language it was rendered in (`<html lang>`)
  const renderedIn = document.documentElement.lang;
  await Promise.all([
    startI18n(hydrate && isInterfaceLanguage(renderedIn) ? renderedIn : undefined),
    preloadRoute(window.location.pathname),
  ]);
  return () => render(root, hydrate, queryClient);
}

/** Hydrates (or renders afresh) the app into `root`, synchronously; resolves once the app root's first effect has run. */
function render(root: HTMLElement, hydrate: boolean, queryClient: QueryClient): Promise<void> {
  // what the visitor typed or ticked before the app was there stays (lib/typed-before-hydration.ts):
  // captured just before the hydration, replayed in the app root's first effect, once the app has attached
  const ticked = hydrate ? tickedBoxes(root) : new Map<HTMLInputElement, boolean>();
  const typed = hydrate ? typedFields(root) : new Map<HTMLInputElement | HTMLTextAreaElement, string>();
  if (hydrate) captureTypedValues(root);
  let attached = () => {};
  const live = new Promise<void>((resolve) => (attached = resolve));
  let first = true;
  const afterFirstRender = () => {
    if (!first) return;
    first = false;
    replayTickedBoxes(root, ticked);
    replayTypedFields(typed);
    attached();
  };
  const app = (
    <StrictMode>
      <AppRoot afterFirstRender={afterFirstRender}>
        <AppProviders queryClient={queryClient} i18n={i18n} styleCache={createStyleCache()}>
          <RouterProvider router={router} />
        </AppProviders>
      </AppRoot>
    </StrictMode>
  );
  if (hydrate) {
    hydrateRoot(root, app);
  } else {
    // a server-made page not hydrated (rendered in another language): rendered afresh
    root.replaceChildren();
    createRoot(root).render(app);
  }
  return live;
}
