/**
 * The interface languages of the app (decisions 016 and 017): English, Gujarati and
 * Hindi through i18next and react-i18next.
 *
 * - Screen texts live in `src/locales/<lng>/<namespace>.json`, one namespace per feature
 *   (`common` for the layout and the shared components), with structured keys
 *   (`form.title`) and i18next plurals (`_one`/`_other`). English is bundled with the app;
 *   Gujarati and Hindi load when chosen (one chunk per language, `catalogues/`).
 * - Messages of the forms and the API (the spec's English texts) are the `messages`
 *   namespace: `@jsbn/shared`'s catalogues, looked up by their English text (`useMessages`).
 * - The language is the one chosen on the switcher (kept in localStorage `jsbn.language` and the
 *   cookie `jsbn_language`, which the server reads to render public pages in it), else the
 *   browser's languages; `<html lang>` follows it, and the API is asked in it.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import {
  INTERFACE_LANGUAGES,
  cityText,
  isInterfaceLanguage,
  translateMessage,
  type InterfaceLanguage,
  type LookupCatalogue,
  type RecordCatalogue,
} from '@jsbn/shared/core';
import { ENGLISH, NAMESPACES } from './resources';
import { setValueLanguage } from '../components/format';
import { LANGUAGE_STORAGE_KEY } from '../lib/entry-keys';

/** The cookie that tells the server the chosen language (a year; the server renders public pages in it). */
export const LANGUAGE_COOKIE = 'jsbn_language';

/** Every Gujarati or Hindi catalogue, one chunk per language, loaded when the language is chosen. */
const TRANSLATIONS: Record<Exclude<InterfaceLanguage, 'en'>, () => Promise<{ CATALOGUES: Record<string, Record<string, unknown>> }>> = {
  gu: () => import('./catalogues/gu'),
  hi: () => import('./catalogues/hi'),
};

/** Loads namespace `ns` of language `lng` (English is bundled; its `messages` are the keys themselves). */
async function loadNamespace(lng: string, ns: string): Promise<Record<string, unknown>> {
  if (!isInterfaceLanguage(lng) || lng === 'en') return ns === 'messages' ? {} : (ENGLISH[ns as keyof typeof ENGLISH] ?? {});
  return (await TRANSLATIONS[lng]()).CATALOGUES[ns] ?? {};
}

/** The options every instance shares (the browser's and the server's). */
export const I18N_OPTIONS = {
  fallbackLng: 'en',
  supportedLngs: [...INTERFACE_LANGUAGES],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  ns: [...NAMESPACES, 'messages'],
  defaultNS: 'common',
  partialBundledLanguages: true,
  // React escapes what it renders
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
} as const;

/** The browser's instance. */
export const i18n: I18n = i18next.createInstance();

/** Starts the browser's instance: English at hand, the chosen or the browser's language detected and loaded. */
export async function startI18n(language?: InterfaceLanguage): Promise<I18n> {
  if (!i18n.isInitialized) {
    // empty values, dates and times and the tab's title in the interface language, from the first
    // language on (before any page renders; a page that names itself sets its title after)
    i18n.on('languageChanged', () => {
      setValueLanguage(currentLanguage(), i18n.t('value.empty', { ns: 'common' }));
      document.title = i18n.t('layout.siteTitle', { ns: 'common' });
    });
    await i18n
      .use(resourcesToBackend(loadNamespace))
      .use(LanguageDetector)
      .use(initReactI18next)
      .init({
        ...I18N_OPTIONS,
        lng: language,
        resources: { en: ENGLISH },
        detection: {
          order: ['localStorage', 'cookie', 'navigator'],
          lookupLocalStorage: LANGUAGE_STORAGE_KEY,
          lookupCookie: LANGUAGE_COOKIE,
          caches: [],
        },
      });
  }
  document.documentElement.lang = currentLanguage();
  return i18n;
}

/** The interface language in use ('en' until the instance starts). */
export function currentLanguage(instance: I18n = i18n): InterfaceLanguage {
  const language = instance.resolvedLanguage ?? instance.language;
  return isInterfaceLanguage(language) ? language : 'en';
}

/** The language chosen on the switcher in this browser, if any. */
export function storedLanguage(): InterfaceLanguage | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isInterfaceLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * Switches the interface to `language`: loads its texts, keeps the choice (localStorage and
 * the cookie) and sets `<html lang>`.
 */
export async function chooseLanguage(language: InterfaceLanguage): Promise<void> {
  await i18n.changeLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the cookie still keeps it
  }
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = language;
}

/**
 * A function that gives a message of the forms or the API (the spec's English text, a zod
 * schema's message) in the interface language, from `@jsbn/shared`'s catalogues; a message
 * without an entry stays as it is. The component renders again when the language changes.
 */
export function useMessages(): (message: string) => string {
  const { i18n: instance } = useTranslation('messages');
  return (message) => messageText(message, instance);
}

/** `message` (English) in the interface language of `instance`, outside components (toasts of the API client). */
export function messageText(message: string, instance: I18n = i18n): string {
  return translateMessage(message, instance.getResourceBundle(currentLanguage(instance), 'messages') as Record<string, string> | undefined);
}

/**
 * The words of the stored lookups (a book's language, subjects, author types, swaroop, size; a
 * publisher's or library's type) in the interface language, for `languageText`,
 * `subjectsText`, `authorsText`, `swaroopText` and `lookupText` of `@jsbn/shared/core`. English
 * until the language's catalogue has loaded; the component renders again when it has.
 */
export function useLookups(): LookupCatalogue {
  const { i18n: instance } = useTranslation('lookups');
  return lookupCatalogue(instance);
}

/**
 * A record's city in the interface language (`cityText` of `@jsbn/shared/core`: its `city_names`
 * from the API, else its English `city_name`).
 */
export function useCityText(): (record: Parameters<typeof cityText>[0]) => string {
  const { i18n: instance } = useTranslation();
  const lng = currentLanguage(instance);
  return (record) => cityText(record, lng);
}

/** The lookups' words in the interface language of `instance`, outside components. */
export function lookupCatalogue(instance: I18n = i18n): LookupCatalogue {
  return (instance.getResourceBundle(currentLanguage(instance), 'lookups') as LookupCatalogue | undefined) ?? ENGLISH.lookups;
}

/**
 * The words of the record of changes' values (yes/no, statuses, report kinds, price types, a
 * file added or replaced: `@jsbn/shared`'s `record` catalogue) in the interface language, for
 * `recordChangeText`. English until the language's catalogue has loaded.
 */
export function useRecordWords(): RecordCatalogue {
  const { i18n: instance } = useTranslation('record');
  return (instance.getResourceBundle(currentLanguage(instance), 'record') as RecordCatalogue | undefined) ?? ENGLISH.record;
}
