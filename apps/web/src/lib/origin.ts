let serverOrigin = '';

/**
 * The site's origin (`https://jsbn.example`) for absolute links a page writes (the JSON-LD,
 * shared links): the browser's location, or on the server the origin of the page being rendered.
 */
export function siteOrigin(): string {
  return typeof window === 'undefined' ? serverOrigin : window.location.origin;
}

/** The server's render says which origin it renders for (`entry-server.tsx`), just before rendering. */
export function setServerOrigin(origin: string): void {
  serverOrigin = origin;
}
