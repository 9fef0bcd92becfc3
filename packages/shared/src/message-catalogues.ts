/**
 * The translations of the messages people read from the API and the forms (issue 13): for
 * Gujarati (`gu`) and Hindi (`hi`), the exact English text (the spec's wording, the key, as
 * gettext keys by the source text) → its translation, in `locales/<lng>/messages.json`, files a
 * translator edits. Terms follow docs/glossary.md. A message without an entry stays English.
 */
import gu from './locales/gu/messages.json' with { type: 'json' };
import hi from './locales/hi/messages.json' with { type: 'json' };

/** The interface languages: English (the reference), Gujarati, Hindi. */
export const INTERFACE_LANGUAGES = ['en', 'gu', 'hi'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];

/** English message → translation, by language (English needs none). */
export const MESSAGE_CATALOGUES: Record<Exclude<InterfaceLanguage, 'en'>, Record<string, string>> = { gu, hi };
