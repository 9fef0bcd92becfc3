/**
 * The server's side of `DrawnOnce` (decision 048): a part is drawn the first time with
 * Preact's `renderToString` at its place (the same context: theme, language, router), under a
 * style cache of its own so that its HTML holds the `<style>` of every Emotion class it uses,
 * and kept. Each page it goes into then gets that HTML as it is, less the `<style>` elements the
 * page has already written — exactly what Emotion would have written drawing the part there:
 * a style is written before the first element that uses it, once per page.
 *
 * `useId`: the ids Preact makes count up through a page. A part that made ids is kept only if
 * none is in its HTML (an id given instead, as MUI's `useId(id)` allows, still counts one up),
 * and each page it goes into counts up as many as drawing it would have.
 */
import { Fragment, createElement, type ReactNode } from 'react';
import { renderToString } from 'preact-render-to-string';
import { CacheProvider } from '@emotion/react';
import { LRUCache } from 'lru-cache';
import type { EmotionCache } from '@emotion/cache';
import { createStyleCache } from './style-cache';
import type { PartDrawer } from './drawn-once';

/** Where Emotion's `<style data-emotion="css NAMES">RULES</style>` elements start (CSS cannot contain `</style>`; the page's text and attributes cannot contain `<`). */
const STYLE_START = '<style data-emotion="';
const STYLE_END = '</style>';

/**
 * HTML drawn with a style cache of its own, so holding a `<style>` before the first use of
 * each Emotion class in it, split once into the text between those elements and the elements.
 */
export class StyledHtml {
  /** The text between the style elements (one more than `styles`). */
  private readonly texts: string[] = [];
  /** The style elements. */
  private readonly styles: string[] = [];
  /** Each style element's class names (Emotion's `data-emotion`, less the cache's key). */
  private readonly names: string[][] = [];
  /** The HTML without its style elements: what a page that has written them all gets. */
  private readonly bare: string;

  constructor(html: string) {
    let at = 0;
    for (let start = html.indexOf(STYLE_START); start >= 0; start = html.indexOf(STYLE_START, at)) {
      const end = html.indexOf(STYLE_END, start);
      if (end < 0) break;
      this.texts.push(html.slice(at, start));
      const style = html.slice(start, end + STYLE_END.length);
      this.styles.push(style);
      this.names.push(style.slice(STYLE_START.length, style.indexOf('"', STYLE_START.length)).split(' ').slice(1));
      at = end + STYLE_END.length;
    }
    this.texts.push(html.slice(at));
    this.bare = this.texts.join('');
  }

  /**
   * The HTML for a page whose style cache is `cache`, where it is drawn now: less the style
   * elements the page has written already, the others marked written — what Emotion's
   * `Insertion` would have written drawing it there.
   */
  in(cache: EmotionCache): string {
    if (this.names.every((names) => cache.inserted[names[0]!] !== undefined)) return this.bare;
    let html = this.texts[0]!;
    this.styles.forEach((style, index) => {
      const names = this.names[index]!;
      if (cache.inserted[names[0]!] === undefined) {
        for (const name of names) cache.inserted[name] = true;
        html += style;
      }
      html += this.texts[index + 1]!;
    });
    return html;
  }
}

/** A part as drawn once: its HTML, and the ids it counted up. */
interface Part {
  html: StyledHtml;
  ids: number;
}

/**
 * Parts kept at most, the least recently used forgotten first: a book page's publisher box and
 * carousel are a part per publisher and language, besides the few of every page.
 */
const MAX_PARTS = 1000;
/** A part that cannot be kept (it made an id with `useId`): drawn as any other part of the page. */
const REFUSED = false;

/** The vnode fields Preact's `useId` reads, by their names in Preact's build: `__m` its counter, `__` the parent. */
interface IdPlace {
  __m?: [number, number];
  __?: IdPlace | null;
}

/** The counter `useId` would use at `place` (Preact's `useId`: the nearest vnode up the tree with one, else the root). */
function idCounter(place: IdPlace): [number, number] {
  let root = place;
  while (!root.__m && root.__ != null) root = root.__;
  return (root.__m ??= [0, 0]);
}

/** A formatted JSBN ('AHMJS-00001-Z', `formatJsbn`): the only text `drawWithJsbn` writes into a kept part. */
const FORMATTED_JSBN = /^[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]$/;
/**
 * The stand-ins a part is drawn with for `drawWithJsbn`: formatted JSBNs that differ at every
 * letter and digit, so that a part reading anything of the JSBN but the whole draws differently.
 */
const STAND_INS = ['QXZQX-13579-K', 'XZQXZ-24680-W'] as const;

/** `children` drawn alone at `context` under a style cache of its own (sharing `styleCache`'s registered styles): its HTML and the `useId` ids it counted up. */
function drawAlone(children: ReactNode, context: object, styleCache: EmotionCache): { html: string; ids: number } {
  const recording = createStyleCache();
  recording.registered = styleCache.registered;
  const root = createElement(CacheProvider, { value: recording }, children) as unknown as IdPlace;
  root.__m = [0, 0];
  const html = renderToString(root as unknown as Parameters<typeof renderToString>[0], context);
  return { html, ids: root.__m[1] };
}

/** A part as kept, or REFUSED when it made an id with `useId` (that id would count from 0, not from where the page is). */
const keptPart = ({ html, ids }: { html: string; ids: number }): Part | typeof REFUSED =>
  ids > 0 && html.includes('P0-') ? REFUSED : { html: new StyledHtml(html), ids };

/** Makes the parts of pages drawn on the server once per process. */
export function partDrawer(): PartDrawer {
  const parts = new LRUCache<string, Part | typeof REFUSED>({ max: MAX_PARTS });

  /** `part`'s HTML at `place` in the page whose style cache is `styleCache`, its ids counted up there. */
  const splice = (part: Part, styleCache: EmotionCache, place: unknown, html = part.html.in(styleCache)) => {
    idCounter(place as IdPlace)[1] += part.ids;
    // Preact's render writes a Fragment's `tpl` as it is (its precompiled JSX)
    return createElement(Fragment, { tpl: [html], exprs: [] } as object);
  };

  return {
    draw(key, children, context, styleCache, place) {
      let part = parts.get(key);
      if (part === REFUSED || !place) return null;
      if (part === undefined) parts.set(key, (part = keptPart(drawAlone(children, context, styleCache))));
      return part === REFUSED ? null : splice(part, styleCache, place);
    },

    drawWithJsbn(key, jsbn, children, context, styleCache, place) {
      if (!place || !FORMATTED_JSBN.test(jsbn)) return null;
      let part = parts.get(key);
      if (part === REFUSED) return null;
      if (part === undefined) {
        const one = drawAlone(children(STAND_INS[0]), context, styleCache);
        const other = drawAlone(children(STAND_INS[1]), context, styleCache);
        // kept only when the stand-in is all that differs: then any JSBN written where it is, is what drawing it would give
        part = one.html.replaceAll(STAND_INS[0], STAND_INS[1]) === other.html && one.ids === other.ids ? keptPart(one) : REFUSED;
        parts.set(key, part);
        if (part === REFUSED) return null;
      }
      return splice(part, styleCache, place, part.html.in(styleCache).replaceAll(STAND_INS[0], jsbn));
    },
  };
}
