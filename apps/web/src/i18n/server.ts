/**
 * The server's instances (decision 011: public pages are rendered on the server): one per
 * interface language, every catalogue loaded at once (the server bundle holds them all), so a
 * page is rendered in the visitor's language in one pass.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { InterfaceLanguage } from '@jsbn/shared/core';
import { CATALOGUES as gu } from './catalogues/gu';
import { CATALOGUES as hi } from './catalogues/hi';
import { I18N_OPTIONS } from './index';
import { ENGLISH } from './resources';

/** Every catalogue of every language, by namespace. */
const RESOURCES: Record<InterfaceLanguage, Record<string, Record<string, unknown>>> = { en: { ...ENGLISH, messages: {} }, gu, hi };

const instances = new Map<InterfaceLanguage, I18n>();

/** The instance that renders pages in `language`. */
export function serverI18n(language: InterfaceLanguage): I18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.use(initReactI18next).init({
      ...I18N_OPTIONS,
      initAsync: false,
      lng: language,
      resources: RESOURCES,
    });
    instances.set(language, instance);
  }
  return instance;
}
