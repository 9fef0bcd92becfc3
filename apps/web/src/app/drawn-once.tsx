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
  /**
   * The part `key` for the book `jsbn`: `children` drawn once with stand-in JSBNs, kept if the
   * stand-in is all that differs, and given with `jsbn` where the stand-in was; null when it
   * cannot be kept or `jsbn` is not a formatted JSBN.
   */
  drawWithJsbn(
    key: string,
    jsbn: string,
    children: (jsbn: string) => ReactNode,
    context: object,
    styleCache: EmotionCache,
    place: unknown,
  ): ReactNode | null;
}

let drawer: PartDrawer | null = null;

/** Set by the server's render at its start (`entry-server.tsx`). */
export function setPartDrawer(next: PartDrawer | null): void {
  drawer = next;
}

/** What a part's drawing depends on besides the language: values `JSON.stringify` writes in full (no functions, no cycles). */
export type PartDeps = readonly unknown[];

/**
 * The drawer, the part's key (`id|language|deps`) and the render's Emotion cache when the server's
 * render keeps parts; null in the browser. Both hooks run on every render, as hooks must.
 */
function useKeptPart(id: string, deps: PartDeps, context: object | undefined) {
  const i18n = useContext(I18nContext)?.i18n;
  const styleCache = __unsafe_useEmotionCache();
  if (!drawer || !context || !styleCache || !i18n) return null;
  return { drawer, key: `${id}|${i18n.language}|${JSON.stringify(deps)}`, context, styleCache };
}

/**
 * `children`, drawn once per process on the server for each language and value of `deps`, and as
 * they are in the browser.
 * @param id   the part's name, unique in the app
 * @param deps everything besides the language that what the part shows depends on
 */
export function DrawnOnce(
  this: { __v?: unknown } | undefined,
  { id, deps, children }: { id: string; deps: PartDeps; children: ReactNode },
  context?: object,
) {
  const kept = useKeptPart(id, deps, context);
  const drawn = kept && kept.drawer.draw(kept.key, children, kept.context, kept.styleCache, this?.__v);
  return drawn ?? createElement(Fragment, null, children);
}

/**
 * `children(jsbn)`: a part of a book's page that differs from book to book by its JSBN alone (its
 * links, file names, labels), drawn once per process on the server for each language and value
 * of `deps` with a stand-in JSBN and spliced with the book's written in (decision 048); as it is in
 * the browser. The server keeps it only when drawing it for two stand-ins differs by the stand-in
 * alone, so a part that reads the JSBN in any other way (a slice of it, a letter of it) is drawn afresh.
 * @param jsbn the book's JSBN, formatted ('AHMJS-00001-Z'); any other text is drawn afresh
 */
export function DrawnWithJsbn(
  this: { __v?: unknown } | undefined,
  { id, deps, jsbn, children }: { id: string; deps: PartDeps; jsbn: string; children: (jsbn: string) => ReactNode },
  context?: object,
) {
  const kept = useKeptPart(id, deps, context);
  const drawn = kept && kept.drawer.drawWithJsbn(kept.key, jsbn, children, kept.context, kept.styleCache, this?.__v);
  return drawn ?? createElement(Fragment, null, children(jsbn));
}
