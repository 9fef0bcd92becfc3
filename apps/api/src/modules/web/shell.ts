/**
 * The built `index.html` as the server-made pages use it (decisions 008 and 011): the parts they
 * fill, checked at startup, and the shell without what a server-made page must not load.
 */
import escapeHtml from 'escape-html';
import type { InterfaceLanguage } from '@jsbn/shared';
import { noticeText } from '../../lib/notices.js';

/** The parts of the built `index.html` the pages replace; startup fails when one is missing. */
export const TEMPLATE_MARKS = {
  language: /<html lang="[^"]*"/,
  title: /<title>[^<]*<\/title>/,
  description: /<meta name="description"[^>]*>/,
  root: '<div id="root"></div>',
} as const;

/** Checks that `html` is the app shell the pages can fill. @throws Error naming the missing part */
export function checkTemplate(html: string): string {
  for (const [name, mark] of Object.entries(TEMPLATE_MARKS)) {
    if (typeof mark === 'string' ? !html.includes(mark) : !mark.test(html))
      throw new Error(`index.html lacks its ${name} (${String(mark)})`);
  }
  return html;
}

/** A module preload as Vite writes it into `index.html`. */
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The shell with its module preloads dropped: a server-made page loads nothing before interaction. */
export const withoutPreloads = (html: string) => html.replace(/<link rel="modulepreload"[^>]*>/g, '');

/** The id of the `<template>` holding the app's module preloads on a server-made page; `…-later` holds those fetched after them (main.tsx). */
export const APP_MODULES_ID = 'jsbn-app-modules';

/**
 * The shell of a server-made page (decision 031): its module preloads (the app's start) and
 * `now` (the page's own chunks) made inert in a `<template id="jsbn-app-modules">`, which
 * nothing fetches until the page's entry script copies it into `<head>` once the page has
 * loaded and the network is idle; `later` (what the page loads lazily: its dialogs) in a second
 * template, copied after the first has loaded. A visitor who only reads loads nothing more
 * before the page's `load`.
 */
export function withPreloadsLater(html: string, now: readonly string[], later: readonly string[]): string {
  const first = new Set([...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!));
  for (const file of now) first.add(file);
  const second = new Set(later.filter((file) => !first.has(file)));
  const links = (files: Set<string>) =>
    [...files].map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`).join('');
  return withoutPreloads(html).replace(
    '</head>',
    () =>
      `<template id="${APP_MODULES_ID}">${links(first)}</template><template id="${APP_MODULES_ID}-later">${links(second)}</template></head>`,
  );
}

/**
 * The shell in `language` (the page's interface language): `<html lang>`, and the site's
 * title and description in it (a page that names itself replaces the title after).
 */
export const withLanguage = (html: string, language: InterfaceLanguage) =>
  html
    .replace(TEMPLATE_MARKS.language, `<html lang="${language}"`)
    .replace(TEMPLATE_MARKS.title, () => `<title>${escapeHtml(noticeText(language, 'site.title'))}</title>`)
    .replace(
      TEMPLATE_MARKS.description,
      () => `<meta name="description" content="${escapeHtml(noticeText(language, 'site.description'))}" />`,
    );

/** The shell without the app's scripts: a page that must stay as the server made it. */
export const withoutApp = (html: string) => withoutPreloads(html).replace(/<script type="module"[^>]*><\/script>/g, '');
