/**
 * MUI's most used elements drawn once per process on the server, around whatever they hold
 * (decision 048). A `<Typography variant="h5" component="h2" sx={…}>` is the same HTML on
 * every page around a different title: MUI's work for it (its default props, classes, styles
 * through Emotion, the elements it is made of) is done once — the second time such an element
 * is met, so that a book's own links and words, met once, are not kept — and kept as the HTML
 * before and after its children; each later element with the same props gets that HTML with
 * its own children drawn in between, by the page's render as ever.
 *
 * Only for components that put their children, as they are, inside their HTML and give them no
 * context of their own (SHELLS); an icon (`SvgIcon`, whose children are its constant path) is
 * kept whole. The key of an element is its component, all its props by value (its words and
 * links too — a button's `aria-label` is part of its HTML), event handlers by whether they are
 * there (made anew at each render; a Chip with one is a button), another function (a
 * `component`) by identity, an element by its type and props, the theme and, for a Button,
 * whether it is in a button group; an element that cannot be keyed is drawn by MUI as ever. Emotion's `<style>` elements and Preact's `useId` count are
 * handled as `drawn-once-server.ts` does for parts: the page's bytes are the same as MUI's
 * (`renderPage(…, { fresh: true })` draws them without; `npm run bench:render` compares).
 *
 * Preact calls `options.vnode` for every element made: while a page is drawn on the server,
 * the elements of SHELLS are given the kept component instead.
 */
import { Fragment, createElement, useContext, type ComponentType, type ReactNode } from 'react';
import { options } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { CacheProvider, __unsafe_useEmotionCache } from '@emotion/react';
import { useTheme } from '@mui/material/styles';
import {
  AppBar,
  Box,
  Button,
  ButtonGroupButtonContext,
  ButtonGroupContext,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Divider,
  IconButton,
  Link,
  Paper,
  Stack,
  SvgIcon,
  Toolbar,
  Typography,
} from '@mui/material';
import { createStyleCache } from './style-cache';
import { StyledHtml } from './drawn-once-server';
import { themeKey } from './server-styled';

/** Elements kept (or seen once) at most, of all kinds; then all are forgotten and kept anew. */
const MAX_KEPT = 10_000;
/** Where an element's children go in its HTML while it is drawn the first time (private-use characters: never escaped, never in a page). */
const HOLE = '\uE000jsbn-children\uE000';

type Props = Record<string, unknown> & { children?: ReactNode };
/** How an element of a kind is kept: around its children, or whole (its children are constants, by identity). */
type Way = 'around' | 'whole';

/** An element as drawn the first time: its HTML before and after its children (`after` empty for one kept whole), and the `useId` ids it counted up. */
interface Kept {
  before: StyledHtml;
  after: StyledHtml | null;
  ids: number;
}

/** The components kept, and how; `forbid`: props with which an element is drawn by MUI as ever (they look into the children). */
const SHELLS: [ComponentType<Props>, Way, string[]][] = [
  [Typography, 'around', []],
  [Box, 'around', []],
  // a Stack with a divider puts it between its children
  [Stack, 'around', ['divider']],
  [Paper, 'around', []],
  [Card, 'around', []],
  [CardContent, 'around', []],
  [CardActionArea, 'around', []],
  [Toolbar, 'around', []],
  [AppBar, 'around', []],
  [Divider, 'around', []],
  [Link, 'around', []],
  [Button, 'around', []],
  [IconButton, 'around', []],
  [Chip as unknown as ComponentType<Props>, 'around', []],
  [SvgIcon, 'whole', []],
];

/** Thrown inside `keyOf` for a value that cannot be keyed. */
const UNKEYABLE = new Error('a value that cannot be keyed');
const ids = new WeakMap<object, number>();
let nextId = 0;
const identity = (value: object) => {
  let id = ids.get(value);
  if (id === undefined) ids.set(value, (id = nextId++));
  return id;
};

/** A Preact element (`createElement`'s result: no constructor, a type and props). */
const isElement = (value: object): value is { type: unknown; props: Record<string, unknown>; key?: unknown } =>
  (value as { constructor?: unknown }).constructor === undefined && 'type' in value && 'props' in value;

/** `value` as a key: by value, a function by identity, an element by its type and props. */
function keyOf(value: unknown, depth: number): string {
  switch (typeof value) {
    case 'undefined':
      return 'u';
    case 'string':
      return `s${value.length}:${value}`;
    case 'number':
      return `n${value}`;
    case 'boolean':
      return value ? 't' : 'f';
    case 'function':
      return `F${identity(value)}`;
    case 'object':
      break;
    default:
      throw UNKEYABLE;
  }
  if (value === null) return 'l';
  if (depth > 8) throw UNKEYABLE;
  if (Array.isArray(value)) {
    let key = '[';
    for (const item of value) key += `${keyOf(item, depth + 1)},`;
    return `${key}]`;
  }
  if (isElement(value)) {
    const type = typeof value.type === 'string' ? value.type : `#${identity(value.type as object)}`;
    return `<${type} ${keyOf(value.key ?? null, depth + 1)} ${keyOf(value.props, depth + 1)}>`;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) throw UNKEYABLE;
  let key = '{';
  for (const name in value as Record<string, unknown>) key += `${name}=${keyOf((value as Record<string, unknown>)[name], depth + 1)};`;
  return `${key}}`;
}

/** The key of an element of kind `kind` with `props` (children apart), in `theme`; null when it cannot be kept. */
function elementKey(kind: number, props: Props, way: Way, theme: unknown, extra: string): string | null {
  try {
    let key = `${kind}|${themeKey(theme as object)}|${extra}`;
    for (const name in props) {
      const value = props[name];
      if (name === 'children') {
        // kept whole: the children are constants (an icon's path); around: only what kind they are
        // (a component may draw differently with none, e.g. a Divider with text)
        if (way === 'whole') key += `|children=${value !== null && typeof value === 'object' ? `#${identity(value)}` : keyOf(value, 0)}`;
        else key += `|children=${value === undefined || value === null || value === false || value === '' ? 'none' : 'some'}`;
      } else if (typeof value === 'function' && /^on[A-Z]/.test(name)) key += `|${name}=F`;
      else key += `|${name}=${keyOf(value, 0)}`;
    }
    return key;
  } catch (error) {
    if (error === UNKEYABLE) return null;
    throw error;
  }
}

/** The vnode fields Preact's `useId` reads, by their names in Preact's build: `__m` its counter, `__` the parent. */
interface IdPlace {
  __m?: [number, number];
  __?: IdPlace | null;
}

/** The counter `useId` would use at `place`. */
function idCounter(place: IdPlace): [number, number] {
  let root = place;
  while (!root.__m && root.__ != null) root = root.__;
  return (root.__m ??= [0, 0]);
}

/** Writes, where it is drawn, the part of a kept element's HTML after its children (its styles counted then, as Emotion would). */
function After({ html }: { html: StyledHtml }) {
  const cache = __unsafe_useEmotionCache();
  return createElement(Fragment, { tpl: [cache ? html.in(cache) : ''], exprs: [] } as object);
}

let drawing = false;
let bypass = false;
/** By key: the element kept, null when it cannot be, 'seen' when met once (kept when met again: a book's own links and words are met once). */
const kept = new Map<string, Kept | null | 'seen'>();
const shellOf = new Map<unknown, ComponentType<Props>>();

/** The kept component standing for `Original` (the `kind`th of SHELLS). */
function shell(Original: ComponentType<Props>, kind: number, way: Way, forbid: string[]): ComponentType<Props> {
  /** `Original` as MUI draws it (not kept). */
  const original = (props: Props) => {
    bypass = true;
    try {
      return createElement(Original, props);
    } finally {
      bypass = false;
    }
  };
  function Kept(this: { __v?: IdPlace } | undefined, props: Props, context?: object) {
    const theme = useTheme();
    const cache = __unsafe_useEmotionCache();
    // a Button draws differently in a button group
    const group = useContext(ButtonGroupContext);
    const groupButton = useContext(ButtonGroupButtonContext);
    const inGroup = Original === (Button as unknown) ? `${identity(group)}/${String(groupButton)}` : '';
    const place = this?.__v;
    if (!cache || !context || !place || forbid.some((name) => props[name] != null)) return original(props);
    const key = elementKey(kind, props, way, theme, inGroup);
    if (key === null) return original(props);
    let element = kept.get(key);
    if (element === null) return original(props);
    if (element === undefined) {
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(key, 'seen');
      return original(props);
    }
    const hole =
      way === 'around' && props.children !== undefined && props.children !== null && props.children !== false && props.children !== '';
    if (element === 'seen') {
      // drawn the second time alone, under a style cache of its own: its HTML holds all its styles
      const recording = createStyleCache();
      recording.registered = cache.registered;
      const root = createElement(
        CacheProvider,
        { value: recording },
        original(hole ? { ...props, children: HOLE } : props),
      ) as unknown as IdPlace;
      root.__m = [0, 0];
      const html = renderToString(root as unknown as Parameters<typeof renderToString>[0], context);
      const count = root.__m[1];
      const parts = html.split(HOLE);
      // an id made here would count from 0, not from where the page is; the children must be in it once
      element =
        (count > 0 && html.includes('P0-')) || parts.length !== (hole ? 2 : 1)
          ? null
          : { before: new StyledHtml(parts[0]!), after: parts[1] ? new StyledHtml(parts[1]) : null, ids: count };
      kept.set(key, element);
      if (element === null) return original(props);
    }
    idCounter(place)[1] += element.ids;
    const before = element.before.in(cache);
    if (!hole) return createElement(Fragment, { tpl: [before], exprs: [] } as object);
    // Preact's render writes `tpl` as it is and draws `exprs` between, in order (an array: its text escaped)
    return createElement(Fragment, {
      tpl: [before, '', ''],
      exprs: [[props.children], element.after ? createElement(After, { html: element.after }) : null],
    } as object);
  }
  Kept.displayName = `Kept(${Original.displayName ?? Original.name ?? 'Component'})`;
  return Kept;
}

SHELLS.forEach(([Original, way, forbid], kind) => shellOf.set(Original, shell(Original, kind, way, forbid)));

// Preact calls its hooks on `options`: the one before is called so too
const previousVnodeHook = options.vnode?.bind(options);
options.vnode = (vnode) => {
  previousVnodeHook?.(vnode);
  if (drawing && !bypass) {
    const kept = shellOf.get(vnode.type);
    if (kept) vnode.type = kept as typeof vnode.type;
  }
};

/** Whether the elements of SHELLS are kept in what is drawn now (the server's render turns it on around its drawing). */
export function keepShells(on: boolean): void {
  drawing = on;
}
