/**
 * Typed keys (react-i18next's CustomTypeOptions): `t('key')` must name a key of the English
 * catalogue of its namespace, or the typecheck fails — the first half of the check that nothing
 * is left untranslated (the other: `locales.test.ts`, every English key in Gujarati and Hindi).
 */
import 'i18next';
import type { ENGLISH } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof ENGLISH & { messages: Record<string, string> };
    returnNull: false;
  }
}
