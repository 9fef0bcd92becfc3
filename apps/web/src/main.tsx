/**
 * The page's one script (decision 011). On a page the server drew for a visitor (`#root` marked
 * `data-server-made`), nothing more loads while they only read: the app is fetched at the first
 * sign of interaction (a touch, the pointer, a key, focus) and adopts the page's DOM; a tap on
 * a button meanwhile is held and repeated once the app is there, while plain links work at once,
 * and an image that cannot be loaded shows the placeholder the app would show (spec §8).
 * Everywhere else, for a signed-in user, and when the page was drawn in another language than
 * the one chosen in this browser (issue 13), the app starts straight away.
 */
import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/500.css';
import '@fontsource/noto-sans/700.css';
import '@fontsource/noto-sans-gujarati/400.css';
import '@fontsource/noto-sans-gujarati/700.css';
import '@fontsource/noto-sans-devanagari/400.css';
import '@fontsource/noto-sans-devanagari/700.css';
import { TOKEN_KEY } from './api/session-keys';
import { placeholderImage } from './components/placeholder-image';

/** Where the language switcher keeps its choice (`LANGUAGE_STORAGE_KEY` of i18n/index.ts, not imported: this module stays small). */
const LANGUAGE_KEY = 'jsbn.language';

const INTENT_EVENTS = ['pointerdown', 'pointerover', 'touchstart', 'keydown', 'focusin'] as const;

const root = document.getElementById('root')!;
const serverMade = root.hasAttribute('data-server-made');

const start = (hydrate: boolean) => import('./app/start').then(({ startApp }) => startApp(root, hydrate));

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

if (!serverMade || localStorage.getItem(TOKEN_KEY) || otherLanguage) {
  void start(false);
} else {
  let held: HTMLElement | null = null;
  /** Holds a click on anything but a plain link until the app can answer it. */
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest('a[href]')) return;
    event.preventDefault();
    event.stopPropagation();
    held = target.closest<HTMLElement>('button, [role="button"], label, input, select, textarea') ?? (target instanceof HTMLElement ? target : null);
  };
  const listen = (on: boolean) => INTENT_EVENTS.forEach((name) => (on ? document.addEventListener(name, wake, { capture: true, passive: true }) : document.removeEventListener(name, wake, true)));
  function wake() {
    listen(false);
    root.setAttribute('aria-busy', 'true');
    start(true).then(
      async () => {
        document.removeEventListener('click', hold, true);
        document.removeEventListener('error', imageFailed, true);
        root.removeAttribute('aria-busy');
        // what was typed while the app was on its way reaches the app's state; once the app has
        // drawn that (a task later), the held tap
        root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea').forEach((field) => {
          if (field.value !== field.defaultValue) field.dispatchEvent(new Event('input', { bubbles: true }));
        });
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (held?.isConnected) held.click();
      },
      // offline or a new release: the page stays as it is (its links work) and tries again at the next interaction
      () => {
        root.removeAttribute('aria-busy');
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
