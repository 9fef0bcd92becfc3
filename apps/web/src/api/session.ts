/**
 * The session (docs/api.md): the access token and the current user, both stored in
 * localStorage. Logged in means both are present. Components read it with `useSession()`.
 * The token also goes to the server as the `jsbn_session` cookie, by which it renders a signed-in
 * user's pages (decision 047); the server's render is given the session of the page it renders.
 */
import { useSyncExternalStore } from 'react';
import type { CurrentUser } from '@jsbn/shared';
import { SESSION_COOKIE, TOKEN_KEY, USER_KEY } from './session-keys';

export interface Session {
  token: string | null;
  user: CurrentUser | null;
}

function read(): Session {
  // the server's render (decision 011) is always a visitor's
  if (typeof localStorage === 'undefined') return { token: null, user: null };
  let user: CurrentUser | null = null;
  try {
    const raw = localStorage.getItem(USER_KEY);
    user = raw ? (JSON.parse(raw) as CurrentUser) : null;
  } catch {
    user = null;
  }
  return { token: localStorage.getItem(TOKEN_KEY), user };
}

let current: Session = read();
const listeners = new Set<() => void>();
/** The session of the page the server is rendering now (`renderAs`); null outside a render. */
let rendering: Session | null = null;

/** A session token's cookie lives as long as the token may (7 days, `TOKEN_TTL` of the API); the server checks the token itself. */
const COOKIE_MAX_AGE_S = 7 * 24 * 3600;

/**
 * Keeps the `jsbn_session` cookie equal to the stored token (decision 047): set with the token,
 * removed with it, and brought in step when the app starts (a session from before the cookie,
 * or one ended in another tab).
 */
export function syncSessionCookie(): void {
  if (typeof document === 'undefined') return;
  const { token } = current;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = token
    ? `${SESSION_COOKIE}=${encodeURIComponent(token)}; path=/; max-age=${COOKIE_MAX_AGE_S}; samesite=lax${secure}`
    : `${SESSION_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`;
}

/**
 * Runs `render` (a synchronous render on the server) as `session`'s user: `useSession()` and
 * `getSession()` give that session inside it (decision 047), the visitor's outside.
 */
export function renderAs<T>(session: Session | null, render: () => T): T {
  rendering = session;
  try {
    return render();
  } finally {
    rendering = null;
  }
}

function emit() {
  current = read();
  syncSessionCookie();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === USER_KEY || event.key === null) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The token the `jsbn_session` cookie carries while this browser keeps none: a login posted
 * before the app was there, which the server answered with the cookie (decision 066); else null.
 */
export function cookieOnlyToken(): string | null {
  if (typeof document === 'undefined' || current.token) return null;
  const value = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`).exec(document.cookie)?.[1];
  return value ? decodeURIComponent(value) : null;
}

export function getSession(): Session {
  return rendering ?? current;
}

export function setToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
  emit();
}

export function setUser(user: CurrentUser) {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  emit();
}

export function clearSession() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  emit();
}

export interface SessionView extends Session {
  isLoggedIn: boolean;
  isLibrary: boolean;
  isPublisher: boolean;
}

/** The session, re-rendering on every change (also from other tabs). */
export function useSession(): SessionView {
  const session = useSyncExternalStore(subscribe, getSession, getSession);
  const isLoggedIn = Boolean(session.token && session.user);
  return {
    ...session,
    isLoggedIn,
    isLibrary: isLoggedIn && session.user?.modelType === 'LIBRARY',
    isPublisher: isLoggedIn && session.user?.modelType === 'PUBLISHER',
  };
}
