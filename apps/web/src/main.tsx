/**
 * The page's one script (decision 011). On a page the server drew for a visitor (`#root` marked
 * `data-server-made`), nothing more loads while they only read: the app is fetched at the first
 * sign of interaction (a touch, the pointer, a key, focus) and adopts the page's DOM; a tap on
 * a button meanwhile is held — the button shows at once that it waits — and repeated once the
 * app is there, while plain links work at once, and an image that cannot be loaded shows the
 * placeholder the app would show (spec §8). Once the page has loaded and the browser is idle,
 * the app's chunks are fetched in the background (not run), so that wait is short (decision 031).
 * A signed-in user's page the server rendered for them (`data-rendered-for`, their account's id;
 * decision 047) is adopted the same way. Everywhere else — a page drawn for someone else (a
 * visitor's page while signed in), a page showing the cart when this browser's cart holds
 * books (the server cannot know them), a page drawn in another language than the one chosen in
 * this browser — the app starts straight away.
 * The language switcher and the buttons opening a dialog answer a first tap at once, before the
 * app is there, from a small module fetched first in the background (`app/early-answers.ts`,
 * decision 053).
 */
import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/500.css';
import '@fontsource/noto-sans/700.css';
import '@fontsource/noto-sans-gujarati/400.css';
import '@fontsource/noto-sans-gujarati/700.css';
import '@fontsource/noto-sans-devanagari/400.css';
import '@fontsource/noto-sans-devanagari/700.css';
import './app/waiting.css';
import { TOKEN_KEY, USER_KEY, cartStorageKey } from './api/session-keys';
import { placeholderImage } from './components/placeholder-image';
import { EARLY, EARLY_CONTROLS } from './app/early-marks';

/** Where the language switcher keeps its choice (`LANGUAGE_STORAGE_KEY` of i18n/index.ts, not imported: this module stays small). */
const LANGUAGE_KEY = 'jsbn.language';

const INTENT_EVENTS = ['pointerdown', 'pointerover', 'touchstart', 'keydown', 'focusin'] as const;

/** The id of the `<template>` of the app's module preloads on a server-made page (`APP_MODULES_ID` of the API's modules/web/shell.ts). */
const APP_MODULES_ID = 'jsbn-app-modules';
/** The attribute that shows a held tap's control as waiting for the app (app/waiting.css). */
const WAITING = 'data-app-waiting';

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
const start = (hydrate: boolean) =>
  import('./app/start')
    .then(({ startApp }) => startApp(root, hydrate))
    // a task later React has attached the page's handlers
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => root.setAttribute(LIVE, ''));
/** The answers given before the app is there (decision 053): a small module, fetched first in the background. */
const earlyAnswers = () => import('./app/early-answers');

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

// a page drawn in another language than the one chosen in this browser is drawn again at once
const chosen = localStorage.getItem(LANGUAGE_KEY);
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

/**
 * Fetches the app in the background once the page has loaded and the browser is idle
 * (decision 031): the start module's chunks, the page's own and its language's, then what the
 * page loads lazily — so the first tap waits for the app to run, not to arrive. Not when the
 * browser asks to save data (`navigator.connection.saveData`): then the app comes at the first
 * interaction, as before; the template says so (`data-skipped`).
 */
function preloadWhenIdle() {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) {
    document.getElementById(APP_MODULES_ID)?.setAttribute('data-skipped', 'save-data');
    return;
  }
  const afterLoad = () =>
    idle(() => {
      // the first tap's own answers, before the app (a few hundred bytes; evaluating them only defines functions)
      void earlyAnswers().catch(() => undefined);
      void preload(APP_MODULES_ID).then(() => idle(() => void preload(`${APP_MODULES_ID}-later`)));
    });
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
// the page was drawn for whoever uses this browser: a visitor's page for a visitor, or a signed-in page for this very account
const renderedFor = root.dataset.renderedFor;
const signedIn = Boolean(localStorage.getItem(TOKEN_KEY));
const renderedForThisBrowser = renderedFor === undefined ? !signedIn : signedIn && renderedFor === storedUserId();
// a page with the cart (`data-cart`) while this browser's cart holds books the server did not draw
const cartFilled =
  root.hasAttribute('data-cart') && /[^\s[\]]/.test(localStorage.getItem(cartStorageKey(storedUserId() ?? undefined)) ?? '');

if (!serverMade || !renderedForThisBrowser || cartFilled || otherLanguage) {
  void start(false);
} else {
  preloadWhenIdle();
  let held: HTMLElement | null = null;
  /** Settles once the app has adopted the page (the answers given before it wait for it). */
  let becameLive!: () => void;
  let failed!: (reason: unknown) => void;
  const awaitLive = () => {
    const promise = new Promise<void>((resolve, reject) => ((becameLive = resolve), (failed = reject)));
    // a failure nobody waited for is no error of the page's
    promise.catch(() => undefined);
    return promise;
  };
  let live = awaitLive();
  /** Boxes ticked or cleared before the app was there: their state before, and after the last tap (see `hold`). */
  const boxes = new Map<HTMLInputElement, { before: boolean; after: boolean }>();
  /**
   * Holds a click on anything but a plain link until the app can answer it. A checkbox changes
   * at once (its state is the page's own, as a screen reader or a test reads it); once the app
   * is there it is put back and clicked again, so the app makes the same change.
   */
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest(`a[href], [${EARLY.answer}]`)) return;
    if (target instanceof HTMLInputElement && target.type === 'checkbox') {
      event.stopPropagation();
      boxes.set(target, { before: boxes.get(target)?.before ?? !target.checked, after: target.checked });
      (target.parentElement ?? target).setAttribute(WAITING, '');
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    held?.removeAttribute(WAITING);
    held =
      target.closest<HTMLElement>('button, [role="button"], label, input, select, textarea') ??
      (target instanceof HTMLElement ? target : null);
    // the tap is seen at once: the control shows it waits for the app (app/waiting.css)
    held?.setAttribute(WAITING, '');
    // and answered at once where the control asks for it (decision 053)
    const control = held;
    if (control?.matches(EARLY_CONTROLS))
      void earlyAnswers().then(
        ({ answerEarly }) =>
          // not when the app came first and was given the tap
          held === control &&
          answerEarly(control, {
            live,
            waiting: WAITING,
            release: (answered) => {
              answered.removeAttribute(WAITING);
              if (held === answered) held = null;
            },
          }),
        () => undefined,
      );
  };
  const listen = (on: boolean) =>
    INTENT_EVENTS.forEach((name) =>
      on ? document.addEventListener(name, wake, { capture: true, passive: true }) : document.removeEventListener(name, wake, true),
    );
  function wake() {
    listen(false);
    root.setAttribute('aria-busy', 'true');
    start(true).then(
      async () => {
        document.removeEventListener('click', hold, true);
        document.removeEventListener('error', imageFailed, true);
        root.removeAttribute('aria-busy');
        becameLive();
        // what was typed while the app was on its way reaches the app's state; once the app has
        // drawn that (a task later), the held tap
        root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea').forEach((field) => {
          if (field.value !== field.defaultValue) field.dispatchEvent(new Event('input', { bubbles: true }));
        });
        await new Promise((resolve) => setTimeout(resolve, 0));
        held?.removeAttribute(WAITING);
        const tapped = held;
        held = null;
        if (tapped?.isConnected) tapped.click();
        boxes.forEach(({ before, after }, box) => {
          (box.parentElement ?? box).removeAttribute(WAITING);
          if (!box.isConnected) return;
          box.checked = before;
          if (after !== before) box.click();
        });
      },
      // offline or a new release: the page stays as it is (its links work) and tries again at the next interaction
      (reason: unknown) => {
        root.removeAttribute('aria-busy');
        failed(reason);
        live = awaitLive();
        held?.removeAttribute(WAITING);
        boxes.forEach((_state, box) => (box.parentElement ?? box).removeAttribute(WAITING));
        listen(true);
      },
    );
  }
  document.addEventListener('click', hold, true);
  listen(true);
  // images that failed before this script ran, and those that fail until the app is there
  document.addEventListener('error', imageFailed, true);
  root.querySelectorAll<HTMLImageElement>('img[data-no-image]').forEach((image) => {
    if (image.complete && image.naturalWidth === 0) showPlaceholder(image);
  });
}
