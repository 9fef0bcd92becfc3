/**
 * The words of the stored lookups in every interface language (see lookup-text.ts):
 * `locales/<lng>/lookups.json`, bundled for the API. The browser loads the same files with
 * its language (`@jsbn/shared/locales/<lng>/lookups.json`).
 */
import en from './locales/en/lookups.json' with { type: 'json' };
import gu from './locales/gu/lookups.json' with { type: 'json' };
import hi from './locales/hi/lookups.json' with { type: 'json' };
import type { InterfaceLanguage } from './languages.js';
import type { LookupCatalogue } from './lookup-text.js';
import enRecord from './locales/en/record.json' with { type: 'json' };
import guRecord from './locales/gu/record.json' with { type: 'json' };
import hiRecord from './locales/hi/record.json' with { type: 'json' };
import type { RecordCatalogue } from './record-text.js';

/** Each interface language's words for the stored lookups. */
export const LOOKUP_CATALOGUES: Record<InterfaceLanguage, LookupCatalogue> = { en, gu, hi };

/** Each interface language's words of the record of changes (record-text.ts): the record's CSV. */
export const RECORD_CATALOGUES: Record<InterfaceLanguage, RecordCatalogue> = { en: enRecord, gu: guRecord, hi: hiRecord };
