/**
 * The server's instances (decision 011: public pages are drawn on the server): one per
 * interface language, every catalogue loaded at once (the server bundle holds them all), so a
 * page is drawn in the visitor's language in one pass.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '@jsbn/shared/core';
import gu from '@jsbn/shared/locales/gu/messages.json';
import hi from '@jsbn/shared/locales/hi/messages.json';
import { I18N_OPTIONS } from './index';

const FILES = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });
const MESSAGES: Record<InterfaceLanguage, Record<string, string>> = { en: {}, gu, hi };

/** Every catalogue of `language`, by namespace. */
function resourcesOf(language: InterfaceLanguage) {
  const namespaces: Record<string, Record<string, unknown>> = { messages: MESSAGES[language] };
  for (const [path, texts] of Object.entries(FILES)) {
    const [, lng, ns] = /\/locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
    if (lng === language && ns) namespaces[ns] = texts;
  }
  return namespaces;
}

const instances = new Map<InterfaceLanguage, I18n>();

/** The instance that draws pages in `language`. */
export function serverI18n(language: InterfaceLanguage): I18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.use(initReactI18next).init({
      ...I18N_OPTIONS,
      initAsync: false,
      lng: language,
      resources: Object.fromEntries(INTERFACE_LANGUAGES.map((lng) => [lng, resourcesOf(lng)])),
    });
    instances.set(language, instance);
  }
  return instance;
}
