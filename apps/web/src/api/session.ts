/**
 * The session (spec accounts §4): the access token and the current user, both kept in
 * localStorage. Logged in means both are present. Components read it with `useSession()`.
 */
import { useSyncExternalStore } from 'react';
import type { CurrentUser } from '@jsbn/shared';
import { TOKEN_KEY, USER_KEY } from './session-keys';

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

function emit() {
  current = read();
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

export function getSession(): Session {
  return current;
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
