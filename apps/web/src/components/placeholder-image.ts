/**
 * The picture shown for an image that is missing or fails to load (packages/shared/src/messages.ts), with 'No image'
 * in the interface language: made here once for SafeImage and for `main.tsx` (a page the
 * server rendered, before the app is there).
 */
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** The placeholders made so far, by label (one per interface language). */
const made = new Map<string, string>();

/**
 * A neutral book/picture placeholder (an SVG data URL, 200 × 260) with `label` under the
 * picture, made once per label.
 */
export function placeholderImage(label: string): string {
  let url = made.get(label);
  if (url === undefined) {
    const text = label.replace(/[&<>]/g, (character) => XML_ESCAPES[character]!);
    url =
      'data:image/svg+xml;charset=utf-8,' +
      encodeURIComponent(
        `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="260" viewBox="0 0 200 260"><rect width="200" height="260" fill="#f3e5df"/><rect x="55" y="70" width="90" height="120" rx="6" fill="none" stroke="#e64a19" stroke-width="6"/><line x1="75" y1="105" x2="125" y2="105" stroke="#e64a19" stroke-width="6"/><line x1="75" y1="130" x2="125" y2="130" stroke="#e64a19" stroke-width="6"/><text x="100" y="225" font-family="sans-serif" font-size="16" text-anchor="middle" fill="#8d6e63">${text}</text></svg>`,
      );
    made.set(label, url);
  }
  return url;
}
