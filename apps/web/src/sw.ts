/// <reference lib="webworker" />
/**
 * The app's service worker (decision 075), built by vite-plugin-pwa (`injectManifest`): it
 * precaches this build's shell (`index.html`) and its scripts, styles and the WebAssembly
 * barcode reader, so the scan page opens and reads codes without a connection. It answers only:
 * - those precached files (hashed, immutable: the same bytes the network would send);
 * - a navigation to the scan page, from the network as before, or from the precached shell when
 *   there is no connection (the app then renders the page; its scans wait on the phone);
 * - the fonts, cached once fetched (hashed, immutable).
 * Everything else — the pages the server renders (their `Cache-Control` and ETags as they are)
 * and every `/api/` request (a signed-in user's data is never served stale) — is not answered
 * here: the browser fetches it as if there were no service worker.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** The pages opened from the precached shell when offline. */
const OFFLINE_PAGES = [/^\/shelves\/scan\/?$/];
/** The shell the app renders any page into (the server sends it for pages it does not render). */
const SHELL = '/index.html';

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// `/` is the server's page, not the precached `index.html`: no directory index, no clean URLs
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [{ handlerDidError: async () => (await matchPrecache(SHELL)) ?? Response.error() }],
    }),
    { allowlist: OFFLINE_PAGES },
  ),
);

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.destination === 'font',
  new CacheFirst({ cacheName: 'jsbn-fonts' }),
);
