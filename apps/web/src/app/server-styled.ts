/**
 * `@emotion/styled` as the server's render sees it (the SSR build aliases `@emotion/styled` to
 * this module; decision 048): Emotion's own `styled` (its `base`, MIT, the same steps in the
 * same order), except that each styled component keeps the styles it serialized by the props
 * that can change them, so the same MUI element drawn again — in the next page, or further
 * down the same page — is not turned into CSS and hashed again.
 *
 * Emotion's `serializeStyles` runs MUI's style functions (the component's styles, its theme
 * overrides and variants, `sx`) on the props and hashes the CSS: about a quarter of a page
 * drawn on the server, for every styled element of every page, although a page holds a few
 * hundred elements of a few dozen kinds. Its result depends only on the styled component, the
 * props, the theme and the Emotion classes passed in `className`, so it is kept per styled
 * component under a key of those (`styleKey`):
 * - the theme by what it holds (`themeKey`): MUI's ThemeProvider hands Emotion a copy of the
 *   theme made anew at each render, of the same parts (one theme per language and process on
 *   the server, decision 031);
 * - what a visitor reads or follows — `children`, `href`, `to`, `src`, `alt`, `title`, `id`,
 *   `aria-*`, `data-*` and the like (CONTENT_PROPS) — only by whether it is there: MUI's styles
 *   read at most that (a Divider with text, a Tab with a label and an icon), never the text or
 *   the address, so a book's title does not make its Typography's styles new;
 * - functions (event handlers, made anew at each render; a `component`) only by whether they
 *   are there, but for a function in `sx` (a callback giving styles), by identity;
 * - everything else (`variant`, `color`, `ownerState`, `sx`, …) by value, deeply.
 * A prop too deep or of a kind not listed is not kept (serialized each time, as before).
 * The server's pages are byte for byte the same (`npm run bench:render -- --against`).
 */
import { createElement, Fragment, useContext, type ComponentType, type ReactNode } from 'react';
import { ThemeContext, withEmotionCache, type SerializedStyles } from '@emotion/react';
import { serializeStyles } from '@emotion/serialize';
import { getRegisteredStyles, insertStyles, registerStyles } from '@emotion/utils';
import type { EmotionCache } from '@emotion/cache';
import isPropValid from '@emotion/is-prop-valid';
import { plainText } from '@jsbn/shared/core';

/** Props read by MUI's styles at most for whether they are there (see the module's comment). */
const CONTENT_PROPS = new Set([
  'children',
  'href',
  'to',
  'src',
  'srcSet',
  'alt',
  'title',
  'id',
  'role',
  'download',
  'target',
  'rel',
  'tabIndex',
  'name',
  'placeholder',
  'htmlFor',
  'lang',
  'label',
  'style',
  'className',
  'key',
  'ref',
  'fetchPriority',
  'loading',
]);

/** Serialized styles kept per styled component, at most (then that component's are forgotten and kept anew). */
const KEPT_PER_COMPONENT = 2000;
/** How deep a prop's value is looked into for its key; deeper, the element is not kept. */
const MAX_DEPTH = 8;

let keeping = true;

/** Whether styles are kept (the default); off, every element's styles are serialized afresh, as Emotion does (to compare the two). */
export function keepStyles(on: boolean): void {
  keeping = on;
}

const functionIds = new WeakMap<object, number>();
let nextFunctionId = 0;
/** A number for an object kept by identity (a function, the theme). */
function identity(value: object): string {
  let id = functionIds.get(value);
  if (id === undefined) functionIds.set(value, (id = nextFunctionId++));
  return String(id);
}

/** Thrown inside `valueKey` for a value that cannot be keyed (too deep, a kind not listed). */
const UNKEYABLE = new Error('a value that cannot be keyed');

/** Whether a prop named `name` is content (CONTENT_PROPS, `aria-*`, `data-*`). */
const isContent = (name: string) => CONTENT_PROPS.has(name) || name.startsWith('aria-') || name.startsWith('data-');

const themeKeys = new WeakMap<object, string>();
/** The short name of each theme by its parts. */
const themeNames = new Map<string, string>();

/**
 * A theme's key: its parts by identity (and its plain values by value). MUI's ThemeProvider
 * gives Emotion and MUI's hooks a copy of the theme made at each render (`{ ...theme }`): the
 * same parts, so the same key.
 */
export function themeKey(theme: object): string {
  let key = themeKeys.get(theme);
  if (key === undefined) {
    let parts = '';
    for (const [name, part] of Object.entries(theme))
      parts += `${name}=${part !== null && (typeof part === 'object' || typeof part === 'function') ? `#${identity(part as object)}` : String(part)};`;
    key = themeNames.get(parts);
    if (key === undefined) themeNames.set(parts, (key = String(themeNames.size)));
    themeKeys.set(theme, key);
  }
  return key;
}

/** `value` as a key: whether it is there (content, functions outside `sx`), by identity (a function in `sx`, the theme), else by value. */
function valueKey(name: string, value: unknown, depth: number, inSx: boolean): string {
  if (value === undefined) return 'u';
  if (value === null) return 'l';
  if (isContent(name)) return value ? 'c' : `f${plainText(value)}`;
  switch (typeof value) {
    case 'string':
      return `s${value.length}:${value}`;
    case 'number':
      return `n${value}`;
    case 'boolean':
      return value ? 't' : 'f';
    case 'function':
      return inSx ? `F${identity(value)}` : 'F';
    case 'object':
      break;
    default:
      throw UNKEYABLE;
  }
  if (depth >= MAX_DEPTH) throw UNKEYABLE;
  if (name === 'theme') return `T${themeKey(value)}`;
  // a Preact element (a node given as a prop, e.g. a Button's startIcon): only that it is there
  if ((value as { constructor?: unknown }).constructor === undefined && 'props' in value && 'type' in value) return 'v';
  if (Array.isArray(value)) {
    let key = '[';
    for (const item of value) key += `${valueKey('', item, depth + 1, inSx)},`;
    return `${key}]`;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) throw UNKEYABLE;
  let key = '{';
  for (const inner in value as Record<string, unknown>)
    key += `${inner}=${valueKey(inner, (value as Record<string, unknown>)[inner], depth + 1, inSx || inner === 'sx')};`;
  return `${key}}`;
}

/**
 * The key of the styles of an element drawn with `props` (with its `theme`) and the Emotion
 * classes' styles it was given (`classStyles`); null when it cannot be keyed.
 */
export function styleKey(props: Record<string, unknown>, classStyles: readonly string[]): string | null {
  try {
    let key = classStyles.join('\u0001');
    for (const name in props) {
      const value = props[name];
      // a handler is made anew at each render, and no style reads one
      if (typeof value === 'function') continue;
      key += `|${name}=${valueKey(name, value, 0, name === 'sx')}`;
    }
    return key;
  } catch (error) {
    if (error === UNKEYABLE) return null;
    throw error;
  }
}

type Props = Record<string, unknown> & { as?: unknown; className?: unknown; theme?: unknown };
type Tag = (ComponentType<Props> | string) & {
  __emotion_real?: unknown;
  __emotion_base?: unknown;
  __emotion_styles?: unknown[];
  __emotion_forwardProp?: (name: string) => boolean;
  displayName?: string;
  name?: string;
  defaultProps?: unknown;
};
interface Options {
  label?: string;
  target?: string;
  shouldForwardProp?: (name: string) => boolean;
}

const omitOnComponent = (key: string) => key !== 'theme';
/** Emotion's default: attributes valid in HTML for a string tag (a lowercase name), all but `theme` for a component. */
const defaultShouldForwardProp = (tag: unknown) => (typeof tag === 'string' && tag.charCodeAt(0) > 96 ? isPropValid : omitOnComponent);

function composeShouldForwardProps(tag: Tag, options: Options | undefined, isReal: boolean) {
  let shouldForwardProp: ((name: string) => boolean) | undefined;
  if (options) {
    const optionsShouldForwardProp = options.shouldForwardProp;
    shouldForwardProp =
      tag.__emotion_forwardProp && optionsShouldForwardProp
        ? (name: string) => tag.__emotion_forwardProp!(name) && optionsShouldForwardProp(name)
        : optionsShouldForwardProp;
  }
  if (typeof shouldForwardProp !== 'function' && isReal) shouldForwardProp = tag.__emotion_forwardProp;
  return shouldForwardProp;
}

/** The `<style>` of a style not yet written on this page (Emotion's `Insertion` on the server). */
function Insertion({ cache, serialized, isStringTag }: { cache: EmotionCache; serialized: SerializedStyles; isStringTag: boolean }) {
  registerStyles(cache, serialized, isStringTag);
  const rules = insertStyles(cache, serialized, isStringTag);
  if (rules === undefined) return null;
  let names = serialized.name;
  for (let next = serialized.next; next !== undefined; next = next.next) names += ` ${next.name}`;
  return createElement('style', {
    'data-emotion': `${cache.key} ${names}`,
    dangerouslySetInnerHTML: { __html: rules },
    nonce: cache.sheet.nonce,
  });
}

/** Emotion's `createStyled`, keeping each component's serialized styles by `styleKey`. */
function createStyled(tag: Tag, options?: Options) {
  const isReal = tag.__emotion_real === tag;
  const baseTag = ((isReal && tag.__emotion_base) || tag) as Tag;
  const identifierName = options?.label;
  const targetClassName = options?.target;
  const shouldForwardProp = composeShouldForwardProps(tag, options, isReal);
  const forwardByDefault = shouldForwardProp ?? defaultShouldForwardProp(baseTag);
  const shouldUseAs = !forwardByDefault('as');
  return function (...args: unknown[]) {
    const styles: unknown[] = isReal && tag.__emotion_styles !== undefined ? tag.__emotion_styles.slice(0) : [];
    if (identifierName !== undefined) styles.push(`label:${identifierName};`);
    const first = args[0] as { raw?: unknown } | null | undefined;
    if (first == null || first.raw === undefined) styles.push(...args);
    else {
      const strings = args[0] as readonly unknown[];
      styles.push(strings[0]);
      for (let i = 1; i < args.length; i++) styles.push(args[i], strings[i]);
    }
    const kept = new Map<string, SerializedStyles>();

    const Styled = withEmotionCache((props: Props, cache: EmotionCache, ref: unknown): ReactNode => {
      const FinalTag = ((shouldUseAs && props.as) || baseTag) as Tag;
      let className = '';
      const classInterpolations: string[] = [];
      let mergedProps = props;
      const contextTheme = useContext(ThemeContext);
      if (props.theme == null) {
        mergedProps = {};
        for (const key in props) mergedProps[key] = props[key];
        mergedProps.theme = contextTheme;
      }
      if (typeof props.className === 'string') className = getRegisteredStyles(cache.registered, classInterpolations, props.className);
      // as Emotion writes a className that is not a string (`+ ' '`), byte for byte
      // eslint-disable-next-line @typescript-eslint/no-base-to-string
      else if (props.className != null) className = `${String(props.className)} `;

      const key = keeping ? styleKey(mergedProps, classInterpolations) : null;
      let serialized = key === null ? undefined : kept.get(key);
      if (serialized === undefined) {
        serialized = serializeStyles(
          styles.concat(classInterpolations) as Parameters<typeof serializeStyles>[0],
          cache.registered,
          mergedProps,
        );
        if (key !== null) {
          if (kept.size >= KEPT_PER_COMPONENT) kept.clear();
          kept.set(key, serialized);
        }
      }
      className += `${cache.key}-${serialized.name}`;
      if (targetClassName !== undefined) className += ` ${targetClassName}`;

      const forward = shouldUseAs && shouldForwardProp === undefined ? defaultShouldForwardProp(FinalTag) : forwardByDefault;
      const newProps: Record<string, unknown> = {};
      for (const name in props) {
        if (shouldUseAs && name === 'as') continue;
        if (forward(name)) newProps[name] = props[name];
      }
      newProps.className = className;
      if (ref) newProps.ref = ref;
      return createElement(
        Fragment,
        null,
        createElement(Insertion, { cache, serialized, isStringTag: typeof FinalTag === 'string' }),
        createElement(FinalTag as ComponentType<Props>, newProps),
      );
    }) as unknown as Tag & { withComponent: (nextTag: Tag, nextOptions?: Options) => unknown };
    Styled.displayName =
      identifierName ?? `Styled(${typeof baseTag === 'string' ? baseTag : baseTag.displayName || baseTag.name || 'Component'})`;
    Styled.defaultProps = tag.defaultProps;
    Styled.__emotion_real = Styled;
    Styled.__emotion_base = baseTag;
    Styled.__emotion_styles = styles;
    Styled.__emotion_forwardProp = shouldForwardProp;
    Object.defineProperty(Styled, 'toString', { value: () => `.${targetClassName}` });
    Styled.withComponent = (nextTag: Tag, nextOptions?: Options) =>
      (
        createStyled(nextTag, { ...options, ...nextOptions, shouldForwardProp: composeShouldForwardProps(Styled, nextOptions, true) }) as (
          ...styles: unknown[]
        ) => unknown
      )(...styles);
    return Styled;
  };
}

/** The HTML and SVG tags Emotion offers as `styled.div`, `styled.svg`, … */
const TAGS = [
  'a',
  'abbr',
  'address',
  'article',
  'aside',
  'b',
  'blockquote',
  'button',
  'caption',
  'cite',
  'code',
  'dd',
  'div',
  'dl',
  'dt',
  'em',
  'fieldset',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'i',
  'img',
  'input',
  'label',
  'legend',
  'li',
  'main',
  'nav',
  'ol',
  'option',
  'p',
  'section',
  'select',
  'small',
  'span',
  'strong',
  'table',
  'tbody',
  'td',
  'textarea',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'circle',
  'g',
  'path',
  'rect',
  'svg',
];

const styled = createStyled.bind(null) as typeof createStyled & Record<string, unknown>;
for (const tag of TAGS) styled[tag] = styled(tag);

export default styled;
