/**
 * Emotion's style cache, the same in the browser and in the server's render (decision 023):
 * the key `css`, by which the browser's side hydrates the `<style data-emotion="css …">`
 * elements of a server-made page, and vendor prefixes only for the properties a browser the
 * app supports (Safari and iOS 15+, Chrome and Android 90+, Firefox 90+) still reads only
 * prefixed. Emotion's default prefixes every flexbox, transition and transform declaration
 * for browsers of 2012; on the book page that was 24 kB of its 87 kB of CSS, sent to every
 * phone that opens a QR code and parsed there.
 */
import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import { DECLARATION, prefixer } from 'stylis';

/**
 * The CSS properties still written with a vendor prefix (stylis's `prefixer` writes them):
 * `user-select` (Safari reads only `-webkit-user-select`), `appearance` (Safari before 15.4),
 * `hyphens` (Safari before 17), `text-size-adjust` (Safari on iOS), `color-adjust` (as
 * `-webkit-print-color-adjust`, Chrome before 136 and Safari), `mask…` (Chrome before 120),
 * `background-clip` (`text` in Chrome before 120), `box-decoration-break` (Safari).
 */
export const PREFIXED_PROPERTIES =
  /^(user-select|appearance|hyphens|text-size-adjust|color-adjust|mask(-[a-z-]+)?|background-clip|box-decoration-break)$/;

/** A stylis plugin: stylis's own `prefixer`, for the declarations of PREFIXED_PROPERTIES only. */
export const neededPrefixes: StylisPlugin = (element, index, children, callback) => {
  if (element.type !== DECLARATION || typeof element.props !== 'string' || !PREFIXED_PROPERTIES.test(element.props)) return;
  return prefixer(element, index, children, callback);
};

/**
 * The plugins, one array for every cache: Emotion keeps the CSS it compiled on the server by
 * this array (a WeakMap), so a new array per cache compiled every rule of every page again
 * (decision 031).
 */
const STYLIS_PLUGINS = [neededPrefixes];

/** A new style cache (one per page rendered on the server, which reuse the rules compiled for earlier pages; one for the browser's app). */
export function createStyleCache(): EmotionCache {
  return createCache({ key: 'css', stylisPlugins: STYLIS_PLUGINS });
}
