/**
 * The language switcher's action: the interface changes at once, the choice is kept
 * in the browser, and for a signed-in user on the account (`preferred_language`), which their
 * e-mails and WhatsApp texts follow.
 */
import { INTERFACE_LANGUAGES, LANGUAGE_NAMES, accountEndpoints, type InterfaceLanguage } from '@jsbn/shared/core';
import { call } from '../../api/client';
import { getSession } from '../../api/session';
import { chooseLanguage } from '../../i18n';

/** The languages as the switcher offers them, each named in itself. */
export const LANGUAGE_CHOICES = INTERFACE_LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code] }));

/** Switches to `language`; a signed-in user's account keeps it too (PUT /api/user/language; a failure is toasted). */
export async function switchLanguage(language: InterfaceLanguage): Promise<void> {
  await chooseLanguage(language);
  if (getSession().token) await call(accountEndpoints.language, { body: { preferred_language: language } });
}
