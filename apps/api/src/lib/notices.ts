/**
 * The e-mails and WhatsApp texts the API sends, in the recipient's language
 * (decision 017): `locales/<lng>/notices.json`, files a translator edits, read through i18next
 * (interpolation, `_one`/`_other` plurals). The recipient's language is their account's
 * `preferred_language` (`accountLanguage`), set at registration from the language they
 * registered in and changed on the language switcher. Order numbers, JSBNs, codes and links stay
 * as they are in every language.
 */
import i18next, { type TOptions } from 'i18next';
import { eq, inArray } from 'drizzle-orm';
import { INTERFACE_LANGUAGES, isInterfaceLanguage, type InterfaceLanguage } from '@jsbn/shared';
import type { DbOrTx } from '../db/client.js';
import { accounts, libraries } from '../db/schema.js';
import en from '../locales/en/notices.json' with { type: 'json' };
import gu from '../locales/gu/notices.json' with { type: 'json' };
import hi from '../locales/hi/notices.json' with { type: 'json' };

/** The catalogues, by language (the test checks that each has every English key). */
export const NOTICE_CATALOGUES = { en, gu, hi } as const;

const notices = i18next.createInstance();
void notices.init({
  initAsync: false,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...INTERFACE_LANGUAGES],
  // plain text (e-mail bodies, WhatsApp), never HTML
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  resources: Object.fromEntries(Object.entries(NOTICE_CATALOGUES).map(([lng, translation]) => [lng, { translation }])),
});

/**
 * The text of notice `key` (a path in notices.json, e.g. 'code.subject') in `lng`, with
 * `values` put in; `count` picks the plural form.
 */
export function noticeText(lng: InterfaceLanguage, key: string, values: TOptions = {}): string {
  return notices.t(key, { ...values, lng });
}

/** The price words of `lng` ('Free', 'for propagation') for `priceText` and `bookPriceText`. */
export const priceWords = (lng: InterfaceLanguage) => ({
  free: noticeText(lng, 'letter.free'),
  nominal: noticeText(lng, 'letter.nominal'),
});

/** The language an account's messages are written in (English for an unknown account). */
export async function accountLanguage(db: DbOrTx, accountId: number): Promise<InterfaceLanguage> {
  const [account] = await db.select({ language: accounts.preferred_language }).from(accounts).where(eq(accounts.id, accountId));
  return isInterfaceLanguage(account?.language) ? account.language : 'en';
}

/** What a publisher may tell of a dispatch (docs/api.md): each optional. */
export interface CourierDetails {
  courierCompanyName?: string | null;
  courierCompanyNumber?: string | null;
  trackingId?: string | null;
}

/** The language of each library of `libraryIds` (its account's), for documents addressed to it. */
export async function libraryLanguages(db: DbOrTx, libraryIds: number[]): Promise<Map<number, InterfaceLanguage>> {
  if (libraryIds.length === 0) return new Map();
  const rows = await db
    .select({ id: libraries.id, language: accounts.preferred_language })
    .from(libraries)
    .innerJoin(accounts, eq(accounts.id, libraries.account_id))
    .where(inArray(libraries.id, [...new Set(libraryIds)]));
  return new Map(rows.map((row) => [row.id, row.language]));
}

/** The courier lines of a dispatch notice in `lng` ('Courier: DTDC', 'Tracking id: D1234'): only the details the publisher gave. */
export function courierNoticeLines(lng: InterfaceLanguage, dispatch: CourierDetails): string[] {
  return [
    dispatch.courierCompanyName ? noticeText(lng, 'courier.name', { value: dispatch.courierCompanyName }) : null,
    dispatch.courierCompanyNumber ? noticeText(lng, 'courier.number', { value: dispatch.courierCompanyNumber }) : null,
    dispatch.trackingId ? noticeText(lng, 'courier.tracking', { value: dispatch.trackingId }) : null,
  ].filter((line): line is string => line !== null);
}
