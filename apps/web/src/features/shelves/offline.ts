/**
 * The app's service worker (decision 075), registered from the scan page: it keeps the app's
 * shell and this build's chunks (the WebAssembly reader too), so the scan page opens without a
 * connection and its scans wait on the phone. It answers nothing else: pages the server renders
 * and every `/api/` request go to the network as before (their HTTP caching unchanged).
 */

/** The service worker's address (`src/sw.ts`, built by vite-plugin-pwa) and its scope. */
export const SERVICE_WORKER_URL = '/sw.js';

/** Registers the service worker once the page has loaded (a no-op where there are none, and in a page's server render). */
export function registerOffline(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
}
