/**
 * A first tap answered before the app is there (decision 053). On a page the server drew, the
 * app adopts the page only at the first interaction (decisions 011, 031 and 047): on a slow
 * phone that takes most of a second even with its chunks already fetched. The controls marked
 * here answer at once from this small module (fetched in the background first of all, before
 * the app), drawn in plain DOM outside `#root` so the app's adoption of the page is untouched:
 * - the language switcher (`data-early-menu`, the menu's name): its menu of the three languages;
 *   a choice is made by the app's own `switchLanguage` once the app is there (the account keeps
 *   it too), the chosen entry showing meanwhile that it waits;
 * - a button opening a dialog (`data-early-dialog`, the dialog's title, and
 *   `data-early-loading`, the words for 'Loading...'): the dialog's frame and title at once,
 *   as the page's `LoadingDialog` shows them, until the app, given the held tap, opens its own.
 * The texts come from the page (drawn in the reader's language); the languages are named in
 * themselves.
 */
import { INTERFACE_LANGUAGES, LANGUAGE_NAMES, type InterfaceLanguage } from '@jsbn/shared/core';
import { EARLY } from './early-marks';

/** What the page's entry gives: the app once it has adopted the page, and a way to drop the held tap (it is answered here). */
export interface EarlyContext {
  /** Resolves once the app has adopted the page (rejects if it could not be loaded). */
  live: Promise<void>;
  /** The held tap on `control` is not to be repeated to the app: it has been answered here. */
  release: (control: HTMLElement) => void;
  /** The attribute that shows a control waiting for the app (app/waiting.css). */
  waiting: string;
}

// MUI's look (the theme's primary colour, a menu's and a dialog's paper) without MUI: the app's styles are not there yet
const CSS = `
[data-early-answer] { font: inherit; color: rgba(0, 0, 0, 0.87); }
.jsbn-early-backdrop { position: fixed; inset: 0; z-index: 1300; }
.jsbn-early-backdrop[data-dim] { background: rgba(0, 0, 0, 0.5); display: flex; align-items: center; justify-content: center; }
.jsbn-early-menu { position: fixed; z-index: 1301; margin: 0; padding: 8px 0; list-style: none; background: #fff; border-radius: 4px;
  min-width: 160px; box-shadow: 0 5px 5px -3px rgba(0,0,0,.2), 0 8px 10px 1px rgba(0,0,0,.14), 0 3px 14px 2px rgba(0,0,0,.12); }
.jsbn-early-menu button { display: flex; align-items: center; width: 100%; min-height: 48px; padding: 6px 16px; border: 0;
  background: none; font: inherit; font-size: 1rem; color: inherit; text-align: left; cursor: pointer; }
.jsbn-early-menu button[aria-checked="true"] { background: rgba(196, 62, 15, 0.08); }
.jsbn-early-menu button:focus-visible { outline: 2px solid #c43e0f; outline-offset: -2px; }
.jsbn-early-menu svg { width: 20px; height: 20px; fill: currentColor; }
.jsbn-early-menu .tick { width: 28px; display: inline-flex; }
.jsbn-early-menu [data-app-waiting] { cursor: progress; animation: jsbn-early-wait 0.8s ease-in-out infinite alternate; }
@keyframes jsbn-early-wait { to { opacity: 0.4; } }
.jsbn-early-dialog { background: #fff; border-radius: 4px; margin: 32px; width: calc(100% - 64px); max-width: 444px;
  box-shadow: 0 11px 15px -7px rgba(0,0,0,.2), 0 24px 38px 3px rgba(0,0,0,.14), 0 9px 46px 8px rgba(0,0,0,.12); outline: none; }
.jsbn-early-dialog h2 { margin: 0; padding: 16px 24px; font-size: 1.25rem; font-weight: 500; line-height: 1.6; }
.jsbn-early-dialog p { display: flex; align-items: center; justify-content: center; gap: 16px; margin: 0; padding: 48px 24px 68px; }
.jsbn-early-dialog p::before { content: ''; width: 18px; height: 18px; border: 3px solid #c43e0f; border-right-color: transparent;
  border-radius: 50%; animation: jsbn-early-spin 1.4s linear infinite; }
@keyframes jsbn-early-spin { to { transform: rotate(360deg); } }
`;

/** MUI's Check icon (the language in use). */
const TICK = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z"></path></svg>';

function addStyles() {
  if (document.getElementById('jsbn-early-styles')) return;
  const style = document.createElement('style');
  style.id = 'jsbn-early-styles';
  style.textContent = CSS;
  document.head.append(style);
}

/** A full-screen layer that closes what it holds when tapped outside it or on Escape; `dim` greys the page as a dialog's backdrop does. */
function backdrop(dim: boolean, close: () => void): HTMLDivElement {
  const layer = document.createElement('div');
  layer.className = 'jsbn-early-backdrop';
  layer.setAttribute(EARLY.answer, '');
  if (dim) layer.setAttribute('data-dim', '');
  layer.addEventListener('click', (event) => {
    if (event.target === layer) close();
  });
  layer.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  return layer;
}

/** The language switcher's menu under `control`, right-aligned as the app's (nav-popups.tsx). */
function languageMenu(control: HTMLElement, context: EarlyContext) {
  context.release(control);
  const current = document.documentElement.lang;
  const close = () => {
    layer.remove();
    control.removeAttribute('aria-expanded');
    control.focus();
  };
  const layer = backdrop(false, close);
  const menu = document.createElement('div');
  menu.className = 'jsbn-early-menu';
  menu.id = 'menu-language-early';
  menu.setAttribute('role', 'menu');
  menu.setAttribute('aria-label', control.getAttribute(EARLY.menu) ?? '');
  const rect = control.getBoundingClientRect();
  menu.style.top = `${rect.bottom}px`;
  menu.style.right = `${Math.max(0, document.documentElement.clientWidth - rect.right)}px`;
  const items = INTERFACE_LANGUAGES.map((code: InterfaceLanguage) => {
    const item = document.createElement('button');
    item.type = 'button';
    item.lang = code;
    item.setAttribute('role', 'menuitemradio');
    item.setAttribute('aria-checked', String(code === current));
    item.innerHTML = `<span class="tick">${code === current ? TICK : ''}</span>`;
    item.append(LANGUAGE_NAMES[code]);
    item.addEventListener('click', () => {
      item.setAttribute(context.waiting, '');
      // the app changes the language (its texts, the choice kept, a signed-in account's too)
      context.live
        .then(() => import('./start'))
        .then(({ switchLanguage }) => switchLanguage(code))
        .then(close, () => item.removeAttribute(context.waiting));
    });
    return item;
  });
  menu.append(...items);
  menu.addEventListener('keydown', (event) => {
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step) {
      event.preventDefault();
      items[(at + step + items.length) % items.length]!.focus();
    } else if (event.key === 'Tab') close();
  });
  layer.append(menu);
  document.body.append(layer);
  control.setAttribute('aria-expanded', 'true');
  (items.find((item) => item.lang === current) ?? items[0])!.focus();
}

/** The frame and title of the dialog `control` opens, saying it loads, until the app's own dialog is there. */
function loadingDialog(control: HTMLElement, context: EarlyContext) {
  let done = false;
  const close = (release: boolean) => {
    if (done) return;
    done = true;
    watcher.disconnect();
    layer.remove();
    if (release) {
      // closed before the app came: the tap is not repeated to it
      context.release(control);
      control.focus();
    }
  };
  const layer = backdrop(true, () => close(true));
  const dialog = document.createElement('div');
  dialog.className = 'jsbn-early-dialog';
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', 'jsbn-early-dialog-title');
  dialog.tabIndex = -1;
  const title = document.createElement('h2');
  title.id = 'jsbn-early-dialog-title';
  title.textContent = control.getAttribute(EARLY.dialog);
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.textContent = control.getAttribute(EARLY.loading);
  dialog.append(title, status);
  layer.append(dialog);
  // the app's dialog (MUI's, in a portal of <body>) takes over as soon as it is there
  const watcher = new MutationObserver(() => {
    if ([...document.querySelectorAll('[role="dialog"]')].some((other) => other !== dialog)) close(false);
  });
  watcher.observe(document.body, { childList: true, subtree: true });
  // an app that opened nothing for the held tap (it could not, or the tap was not its to answer)
  context.live.then(
    () => setTimeout(() => close(false), 3000),
    () => close(true),
  );
  document.body.append(layer);
  dialog.focus();
}

/** Answers the tap on `control` at once: its menu or its dialog's frame (see the module's description). */
export function answerEarly(control: HTMLElement, context: EarlyContext): void {
  addStyles();
  if (control.hasAttribute(EARLY.menu)) languageMenu(control, context);
  else if (control.hasAttribute(EARLY.dialog)) loadingDialog(control, context);
}
