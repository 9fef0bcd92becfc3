/**
 * The session cookie of the page routes (decision 047): the web app keeps its session's token in
 * the `jsbn_session` cookie too (`SESSION_COOKIE` of apps/web/src/api/session-keys.ts), so the
 * server can render a signed-in user's page. Only the page routes read it (`modules/web`), and the
 * cached-page responder lets such requests through to them; the API takes a token from the
 * `Authorization` header alone, so the cookie signs no API call (no cross-site request can act
 * with it).
 */
import type { IncomingHttpHeaders } from 'node:http';

export const SESSION_COOKIE = 'jsbn_session';
const SESSION_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([\\w.~-]+)`);

/** The session token a page request's cookie carries, if any (not checked: `AppPages.sessionOf` asks the API). */
export const sessionToken = (headers: IncomingHttpHeaders): string | null => SESSION_COOKIE_VALUE.exec(headers.cookie ?? '')?.[1] ?? null;
