/**
 * `react-i18next` as the server's render sees it (the SSR build aliases `react-i18next` to this
 * module; decision 031): everything of react-i18next, except `useTranslation`, which on the
 * server gives each component the one `t` of its (instance, namespaces, key prefix) made once per
 * process. react-i18next's own hook copies the i18next instance (every property, into a new
 * object) and makes a new `t` for each component it renders, subscribes to language changes and
 * may suspend — on the server, where every render mounts every component afresh, a tenth of a
 * page's drawing. The server's instances (`i18n/server.ts`, one per language) never change
 * language and hold every catalogue, so one `t` each serves every render, and a text asked for
 * again with the same plain values ('Downloads'; 'Slide 2 of 11') is looked up once (decision 048).
 */
import { useContext } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nContext, getI18n, type UseTranslationOptions, type UseTranslationResponse } from 'react-i18next-original';

export * from 'react-i18next-original';

type Response = UseTranslationResponse<'common', undefined>;

/** Texts remembered per `t`, at most; then forgotten and remembered anew. */
const MAX_SAID = 5000;

/** `fixed` remembering the texts it gave for a key alone or with plain values (strings, numbers, booleans): they never change on the server. */
function remembering(fixed: Response['t']): Response['t'] {
  const said = new Map<string, unknown>();
  const lookUp = fixed as unknown as (...args: unknown[]) => unknown;
  const t = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    const values = options === undefined ? '' : plainValues(options);
    if (typeof key !== 'string' || values === null || rest.length > 0) return lookUp(key, options, ...rest);
    const known = `${key}\u0000${values}`;
    let text = said.get(known);
    if (text === undefined) {
      text = lookUp(key, options);
      if (typeof text === 'string') {
        if (said.size >= MAX_SAID) said.clear();
        said.set(known, text);
      }
    }
    return text;
  };
  const { lng, ns, keyPrefix } = fixed as unknown as { lng?: unknown; ns?: unknown; keyPrefix?: unknown };
  return Object.assign(t, { lng, ns, keyPrefix }) as unknown as Response['t'];
}

/** `options` as a key when they hold only strings, numbers and booleans (`{ ns: 'common', count: 3 }`), else null. */
function plainValues(options: unknown): string | null {
  if (options === null || typeof options !== 'object') return null;
  let key = '';
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name];
    if (typeof value === 'string') key += `${name}\u0001s${value}\u0001`;
    else if (typeof value === 'number' || typeof value === 'boolean') key += `${name}\u0001${String(value)}\u0001`;
    else return null;
  }
  return key;
}

/** The hooks' replies by instance, then by namespaces and key prefix. */
const replies = new WeakMap<I18n, Map<string, Response>>();

/** `useTranslation` for the server's render: react-i18next's reply, ready, made once per instance, namespaces and key prefix. */
export function useTranslation(ns?: string | readonly string[], options: UseTranslationOptions<undefined> = {}): Response {
  const context = useContext(I18nContext) as { i18n?: I18n; defaultNS?: string | readonly string[] } | undefined;
  const i18n = options.i18n ?? context?.i18n ?? getI18n();
  const namespaces = ns ?? context?.defaultNS ?? i18n.options.defaultNS ?? 'translation';
  const list = typeof namespaces === 'string' ? [namespaces] : [...(namespaces as readonly string[])];
  const key = JSON.stringify([list, options.keyPrefix ?? null, options.lng ?? null]);
  let byKey = replies.get(i18n);
  if (!byKey) replies.set(i18n, (byKey = new Map<string, Response>()));
  let reply = byKey.get(key);
  if (!reply) {
    // as react-i18next asks for it (its default nsMode 'default': the first namespace, the others in scope)
    const getFixedT = i18n.getFixedT.bind(i18n) as (
      lng: string,
      ns: string,
      keyPrefix: unknown,
      fixed: { scopeNs: string[] },
    ) => Response['t'];
    const t = remembering(getFixedT(options.lng ?? i18n.language, list[0]!, options.keyPrefix, { scopeNs: list }));
    reply = Object.assign([t, i18n, true], { t, i18n, ready: true }) as unknown as Response;
    byKey.set(key, reply);
  }
  return reply;
}
