/**
 * `react-i18next` as the server's render sees it (the SSR build aliases `react-i18next` to this
 * module; decision 031): everything of react-i18next, except `useTranslation`, which on the
 * server gives each component the one `t` of its (instance, namespaces, key prefix) made once per
 * process. react-i18next's own hook copies the i18next instance (every property, into a new
 * object) and makes a new `t` for each component it renders, subscribes to language changes and
 * may suspend — on the server, where every render mounts every component afresh, a tenth of a
 * page's drawing. The server's instances (`i18n/server.ts`, one per language) never change
 * language and hold every catalogue, so one `t` each serves every render.
 */
import { useContext } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nContext, getI18n, type UseTranslationOptions, type UseTranslationResponse } from 'react-i18next-original';

export * from 'react-i18next-original';

type Response = UseTranslationResponse<'common', undefined>;

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
    const getFixedT = i18n.getFixedT.bind(i18n) as (lng: string, ns: string, keyPrefix: unknown, fixed: { scopeNs: string[] }) => Response['t'];
    const t = getFixedT(options.lng ?? i18n.language, list[0]!, options.keyPrefix, { scopeNs: list });
    reply = Object.assign([t, i18n, true], { t, i18n, ready: true }) as unknown as Response;
    byKey.set(key, reply);
  }
  return reply;
}
