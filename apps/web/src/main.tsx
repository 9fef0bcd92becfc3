/**
 * The page's one script (decision 011). On a page the server rendered for a visitor (`#root`
 * marked `data-server-made`), nothing more loads before the page's `load` event; then, the
 * browser idle, the app's chunks are fetched (decision 031) and run, and the app is prepared; it
 * hydrates the page at the first sign of interaction (a touch, the pointer, a key, focus), within
 * that event's listener, so the tap that follows is the app's (decision 078). Until then a tap is
 * the browser's to answer: every action a visitor has is a link or a form that works without
 * JavaScript (decision 066), and an image that cannot be loaded shows the placeholder the app
 * would show. When the browser asks to save data, nothing more is fetched until that first
 * interaction, which then fetches, prepares and hydrates.
 * A signed-in user's page the server rendered for them (`data-rendered-for`, their account's id;
 * decision 047) is hydrated the same way. Everywhere else — a page rendered for someone else (a
 * visitor's page while signed in), a page showing the cart when this browser's cart holds
 * books or its address names one to add (the server cannot know the cart), a page rendered in
 * another language than the one chosen in this browser — the app starts straight away.
 */
import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/500.css';
import '@fontsource/noto-sans/700.css';
import '@fontsource/noto-sans-gujarati/400.css';
import '@fontsource/noto-sans-gujarati/700.css';
import '@fontsource/noto-sans-devanagari/400.css';
import '@fontsource/noto-sans-devanagari/700.css';
import { TOKEN_KEY, USER_KEY, cartStorageKey } from './api/session-keys';
import { placeholderImage } from './components/placeholder-image';
import { LANGUAGE_STORAGE_KEY, ORDER_BOOK_QUERY } from './lib/entry-keys';

/** The first signs of interaction, which start the hydration (decision 078). */
const INTENT_EVENTS = ['pointerdown', 'pointerover', 'touchstart', 'keydown', 'focusin'] as const;

/** The id of the `<template>` of the app's module preloads on a server-made page (`APP_MODULES_ID` of the API's modules/web/shell.ts). */
const APP_MODULES_ID = 'jsbn-app-modules';

/** Where the page notes the address it reloaded for a missing chunk (`vite:preloadError`), so it reloads once, never in a loop. */
const RELOADED_KEY = 'jsbn.reloaded-for';

// a chunk of the build this page came from is gone (a new release was deployed meanwhile): the
// page reloads once, from the new build, instead of showing 'Something went wrong' (decision 065)
window.addEventListener('vite:preloadError', (event) => {
  try {
    if (sessionStorage.getItem(RELOADED_KEY) === location.href) return;
    sessionStorage.setItem(RELOADED_KEY, location.href);
  } catch {
    return; // no storage: no guard against a loop, so no reload
  }
  event.preventDefault();
  location.reload();
});

const root = document.getElementById('root')!;
const serverMade = root.hasAttribute('data-server-made');

/** The attribute `#root` carries once the app has taken the page over (its event handlers answer): what a journey waits for. */
const LIVE = 'data-app-live';
/** The attribute `#root` carries once the app is prepared and hydrates at the next interaction, within its listener. */
const READY = 'data-app-ready';
/** Prepares the app for this page (its chunks run, its data seeded); resolves to its render (app/start.tsx). */
const prepare = (hydrate: boolean) => import('./app/start').then(({ prepareApp }) => prepareApp(root, hydrate));
/** Renders the app prepared (`render`, synchronous up to the hydration) and marks `#root` once its handlers answer. */
const renderLive = (render: () => Promise<void>) => render().then(() => root.setAttribute(LIVE, ''));

/**
 * Shows, in place of an image of the server's page that could not be loaded (a cover on a weak
 * connection), the placeholder SafeImage shows once the app is there (spec §8), with the label
 * SafeImage left on it (`data-no-image`).
 */
function showPlaceholder(image: HTMLImageElement) {
  const label = image.dataset.noImage;
  if (label !== undefined && !image.src.startsWith('data:')) image.src = placeholderImage(label);
}
/** An image failing while the page waits for the app (`error` does not bubble: listened to while it goes down). */
const imageFailed = (event: Event) => {
  if (event.target instanceof HTMLImageElement) showPlaceholder(event.target);
};

// a page rendered in another language than the one chosen in this browser is rendered again at once
const chosen = localStorage.getItem(LANGUAGE_STORAGE_KEY);
const otherLanguage = Boolean(chosen) && chosen !== document.documentElement.lang;

/** Runs `run` when the browser is idle (within 2 s), or soon where it cannot say. */
const idle = (run: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200));

/** How many module preloads go into `<head>` at a time: each starts a fetch, and 40 at once were one long task on a slow phone. */
const PRELOADS_AT_A_TIME = 4;

/**
 * Copies the module preloads of the `<template id>` into `<head>`, a few at a time in idle
 * moments, which makes the browser fetch (not run) those chunks; resolves when all have loaded
 * or failed.
 */
function preload(id: string): Promise<unknown> {
  const template = document.getElementById(id);
  if (!(template instanceof HTMLTemplateElement)) return Promise.resolve();
  const links = Array.from(template.content.querySelectorAll('link'));
  const loaded = links.map(
    (link) => new Promise((resolve) => ['load', 'error'].forEach((name) => link.addEventListener(name, resolve, { once: true }))),
  );
  template.remove();
  const next = (from: number) => {
    document.head.append(...links.slice(from, from + PRELOADS_AT_A_TIME));
    if (from + PRELOADS_AT_A_TIME < links.length) idle(() => next(from + PRELOADS_AT_A_TIME));
  };
  next(0);
  return Promise.all(loaded);
}

/** Whether the browser asks to save data (`navigator.connection.saveData`, Chrome's Lite mode or a data saver). */
function savingData(): boolean {
  return Boolean((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData);
}

/** Runs `run` once the page has loaded (its `load` event) and the browser is idle. */
function afterLoadWhenIdle(run: () => void) {
  const afterLoad = () => idle(run);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

/** The id of the signed-in user this browser keeps (`userData`), if any. */
function storedUserId(): string | null {
  try {
    const id = (JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as { id?: unknown } | null)?.id;
    return typeof id === 'number' || typeof id === 'string' ? String(id) : null;
  } catch {
    return null;
  }
}
// the page was rendered for whoever uses this browser: a visitor's page for a visitor, or a signed-in page for this very account
const renderedFor = root.dataset.renderedFor;
const signedIn = Boolean(localStorage.getItem(TOKEN_KEY));
const renderedForThisBrowser = renderedFor === undefined ? !signedIn : signedIn && renderedFor === storedUserId();
// a page with the cart (`data-cart`) while this browser's cart holds books the server did not
// render, or while its address names a book to put in it ('Order This Book', 'Want to order?'
// answered before the app was there): only the app changes the cart
const cartChanged =
  root.hasAttribute('data-cart') &&
  (/[^\s[\]]/.test(localStorage.getItem(cartStorageKey(storedUserId() ?? undefined)) ?? '') ||
    new URLSearchParams(location.search).has(ORDER_BOOK_QUERY));

if (!serverMade || !renderedForThisBrowser || cartChanged || otherLanguage) {
  void prepare(false).then(renderLive);
} else {
  // until the app is there, a tap is the browser's to answer: every action of a visitor's page is a link or a form (decision 066)
  document.addEventListener('error', imageFailed, true);
  // images that failed before this script ran
  root.querySelectorAll<HTMLImageElement>('img[data-no-image]').forEach((image) => {
    if (image.complete && image.naturalWidth === 0) showPlaceholder(image);
  });
  /** The app's render of this page, once prepared: called within the first interaction's own listener (decision 078). */
  let render: (() => Promise<void>) | null = null;
  let preparing: Promise<void> | null = null;
  let interacted = false;
  const hydrate = (prepared: () => Promise<void>) => {
    listen(false);
    void renderLive(prepared).then(() => document.removeEventListener('error', imageFailed, true));
  };
  /** Prepares the app once; when that fails (offline, a new release), the page stays as it is and the next interaction tries again. */
  const prepareOnce = () =>
    (preparing ??= prepare(true).then(
      (prepared) => {
        render = prepared;
        root.setAttribute(READY, '');
        if (interacted) hydrate(prepared);
      },
      () => {
        preparing = null;
      },
    ));
  // the first interaction hydrates the page at once when the app is prepared, so the app answers the tap that follows it
  const interaction = () => {
    interacted = true;
    if (render) hydrate(render);
    else void prepareOnce();
  };
  const listen = (on: boolean) =>
    INTENT_EVENTS.forEach((name) =>
      on
        ? document.addEventListener(name, interaction, { capture: true, passive: true })
        : document.removeEventListener(name, interaction, true),
    );
  listen(true);
  if (savingData()) {
    // the browser asks to save data: the app comes at the first interaction, not before
    document.getElementById(APP_MODULES_ID)?.setAttribute('data-skipped', 'save-data');
  } else {
    afterLoadWhenIdle(() => {
      void preload(APP_MODULES_ID).then(() => idle(() => void preload(`${APP_MODULES_ID}-later`)));
      idle(() => void prepareOnce());
    });
  }
}
