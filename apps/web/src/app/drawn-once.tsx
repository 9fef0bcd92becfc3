/**
 * A part of a page that is the same on many pages — the app bar, the footer, a section whose
 * words depend only on the language — drawn once per process by the server's render and
 * spliced into every later page as HTML (decision 048). In the browser it is its children,
 * nothing more: the app draws and hydrates them as ever, and the server's HTML is the same
 * bytes the children would have drawn (same components, same data).
 *
 * What the part shows must follow from `deps` and the interface language alone: its children
 * read no query, no place of the router (links to absolute paths are fine), no session beyond
 * what `deps` holds. The server refuses, and draws afresh each time, a part whose HTML holds
 * an id made by `useId`.
 */
import { Fragment, createElement, useContext, type ReactNode } from 'react';
import { I18nContext } from 'react-i18next';
import { __unsafe_useEmotionCache } from '@emotion/react';
import type { EmotionCache } from '@emotion/cache';

/** How the server's render draws a part once (`app/drawn-once-server.ts`); none in the browser. */
export interface PartDrawer {
  /**
   * The part `key` as an element holding its HTML, drawn now if it was not yet (with `children`
   * under `context`, Preact's context of the place it is drawn at); null when it cannot be kept
   * (then it is drawn as any other part of the page).
   */
  draw(key: string, children: ReactNode, context: object, styleCache: EmotionCache, place: unknown): ReactNode | null;
}

let drawer: PartDrawer | null = null;

/** Set by the server's render at its start (`entry-server.tsx`). */
export function setPartDrawer(next: PartDrawer | null): void {
  drawer = next;
}

/**
 * `children`, drawn once per process on the server for each language and value of `deps` (a
 * list of strings, numbers, booleans or nulls), and as they are in the browser.
 * @param id   the part's name, unique in the app
 * @param deps everything besides the language that what the part shows depends on
 */
export function DrawnOnce(
  this: { __v?: unknown } | undefined,
  { id, deps, children }: { id: string; deps: readonly (string | number | boolean | null | undefined)[]; children: ReactNode },
  context?: object,
) {
  const i18n = useContext(I18nContext)?.i18n;
  const styleCache = __unsafe_useEmotionCache();
  if (drawer && context && styleCache && i18n) {
    const drawn = drawer.draw(`${id}|${i18n.language}|${JSON.stringify(deps)}`, children, context, styleCache, this?.__v);
    if (drawn !== null) return drawn;
  }
  return createElement(Fragment, null, children);
}
