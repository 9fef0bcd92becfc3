/**
 * The catalogues of translated messages (see languages.ts): `locales/<lng>/messages.json`,
 * bundled for the API. The browser loads the same files when a language is chosen
 * (`@jsbn/shared/locales/<lng>/messages.json`).
 */
import gu from './locales/gu/messages.json' with { type: 'json' };
import hi from './locales/hi/messages.json' with { type: 'json' };
import type { InterfaceLanguage } from './languages.js';

/** English message → translation, by language (English needs none). */
export const MESSAGE_CATALOGUES: Record<Exclude<InterfaceLanguage, 'en'>, Record<string, string>> = { gu, hi };
