/**
 * The API speaks the caller's language (decision 016). Messages are written in
 * English — the spec's wording, and the key of their translations (`MESSAGE_CATALOGUES` of
 * `@jsbn/shared`, looked up by `translateMessage`). The language of a
 * request is the best of en, gu and hi its `Accept-Language` asks for (negotiator, the parser
 * of Express and Koa; `gu-IN` is Gujarati); anything else is English.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { INTERFACE_LANGUAGES, MESSAGE_CATALOGUES, isInterfaceLanguage, translateMessage, type InterfaceLanguage } from '@jsbn/shared';
import { sentence } from './errors.js';

/** The interface language a request asks for by `Accept-Language`; English when it names none of ours. */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): InterfaceLanguage {
  const header = request.headers['accept-language'];
  if (!header) return 'en';
  return (
    (new Negotiator({ headers: { 'accept-language': header } }).language([...INTERFACE_LANGUAGES]) as InterfaceLanguage | undefined) ?? 'en'
  );
}

/** The cookie the web app's language switcher sets (`LANGUAGE_COOKIE` of apps/web/src/i18n). */
export const LANGUAGE_COOKIE = 'jsbn_language';
const LANGUAGE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=(\\w+)`);

/**
 * The language a page is rendered in for a visitor (server-made pages, decision 011): the one they
 * chose on the language switcher (the `jsbn_language` cookie), else `Accept-Language`'s.
 */
export function pageLanguage(request: Pick<FastifyRequest, 'headers'>): InterfaceLanguage {
  const chosen = LANGUAGE_COOKIE_VALUE.exec(request.headers.cookie ?? '')?.[1];
  return isInterfaceLanguage(chosen) ? chosen : requestLanguage(request);
}

/** `message` in `lng`: its catalogue entry, or the English itself when there is none. */
export function translate(message: string, lng: InterfaceLanguage): string {
  return lng === 'en' ? message : translateMessage(message, MESSAGE_CATALOGUES[lng]);
}

/** The full stop of each language: Hindi ends a sentence with the danda. */
const FULL_STOP: Record<InterfaceLanguage, string> = { en: '.', gu: '.', hi: '।' };

/**
 * `message` in `lng` as a sentence of running text, ended by its language's full stop: a message
 * of one sentence has none of its own (docs/glossary.md, 'Punctuation of messages').
 */
export const translateSentence = (message: string, lng: InterfaceLanguage): string => sentence(translate(message, lng), FULL_STOP[lng]);

/** A reply body as the API sends it (docs/api.md), as far as its messages go. */
interface ReplyMessages {
  message?: unknown;
  error?: unknown;
  details?: { field: string; message: string }[];
  data?: unknown;
}

/**
 * The reply `payload` with its people-facing messages in `lng`: `message`, each
 * `details[i].message` (a 400's `message` is made again from them, as `validationError` makes
 * it) and `data.message`. Other fields (names, titles, numbers) are left as they are.
 */
export function translateReply<T>(payload: T, lng: InterfaceLanguage): T {
  if (lng === 'en' || payload === null || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  const reply = { ...(payload as ReplyMessages) };
  if (Array.isArray(reply.details)) reply.details = reply.details.map((detail) => ({ ...detail, message: translate(detail.message, lng) }));
  if (reply.error === 'VALIDATION_FAILED' && reply.details?.length) {
    reply.message = [...new Set(reply.details.map((detail) => detail.message))]
      .map((message) => sentence(message, FULL_STOP[lng]))
      .join(' ');
  } else if (typeof reply.message === 'string') {
    reply.message = translate(reply.message, lng);
  }
  const data = reply.data as { message?: unknown } | null | undefined;
  if (data && typeof data === 'object' && !Array.isArray(data) && typeof data.message === 'string')
    reply.data = { ...data, message: translate(data.message, lng) };
  return reply as T;
}

/**
 * The language of a visitor's page (decision 066): the one a language link asked for (`?lang=gu`,
 * which works without JavaScript and gives search engines an address per language) — cached in the
 * `jsbn_language` cookie for the next pages, and the reply `private` as it sets a cookie — else
 * the cookie's, else `Accept-Language`'s.
 */
export function visitorLanguage(request: Pick<FastifyRequest, 'headers' | 'query'>, reply: FastifyReply): InterfaceLanguage {
  const asked = (request.query as { lang?: unknown } | undefined)?.lang;
  if (!isInterfaceLanguage(asked)) return pageLanguage(request);
  reply.header('set-cookie', `${LANGUAGE_COOKIE}=${asked}; Path=/; Max-Age=31536000; SameSite=Lax`);
  return asked;
}
