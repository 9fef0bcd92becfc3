/**
 * The lending desk (decision 076) on a 390 × 844 phone in English, Gujarati and Hindi: the
 * library adds a member, lends a copy on its shelves by typing its accession number, sees it
 * lent, renews it (a due date before the day lent refused under its field), and takes it back
 * by typing the number again; before that it sets the loan period (14 days, none for a sadhu or
 * sadhvi; 0 refused under its field) and its toast leaves the page title readable. A member's
 * phone of 5 digits is refused under its field. Screenshots at 390 and 1366 px, the refusals
 * among them, are saved under LENDING_SHOTS (default /tmp/i48lend-shots).
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import enLending from '../apps/web/src/locales/en/lending.json' with { type: 'json' };
import guCommon from '../apps/web/src/locales/gu/common.json' with { type: 'json' };
import guLending from '../apps/web/src/locales/gu/lending.json' with { type: 'json' };
import hiCommon from '../apps/web/src/locales/hi/common.json' with { type: 'json' };
import hiLending from '../apps/web/src/locales/hi/lending.json' with { type: 'json' };
import guMessages from '../packages/shared/src/locales/gu/messages.json' with { type: 'json' };
import hiMessages from '../packages/shared/src/locales/hi/messages.json' with { type: 'json' };
import { apiCall, apiToken } from './support/api.js';
import { newPage, useJourney } from './support/session.js';
import { PHONE, appLive, expectFingerTargets, settle, signIn, toast } from './support/ui.js';

const CATALOGUES = {
  en: { common: enCommon, lending: enLending, messages: {} as Record<string, string>, locale: 'en-US' },
  gu: { common: guCommon, lending: guLending, messages: guMessages as Record<string, string>, locale: 'gu-IN' },
  hi: { common: hiCommon, lending: hiLending, messages: hiMessages as Record<string, string>, locale: 'hi-IN' },
};

const LIBRARY = { email: 'library@demo.jsbn', password: 'Demo@1234' };
const SHOTS = process.env.LENDING_SHOTS ?? '/tmp/i48lend-shots';

const journey = useJourney('failed-lending-');

/** `template`'s `{{name}}` filled from `values`, as i18next and the API's catalogue fill it. */
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');

/** Saves the whole page as SHOTS/<name>.png. */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Fails when the boxes of `one` and `other` overlap on the screen. */
async function expectApart(one: Locator, other: Locator): Promise<void> {
  const [a, b] = [await one.boundingBox(), await other.boundingBox()];
  expect(a && b).toBeTruthy();
  const overlap = a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
  expect(overlap, `${JSON.stringify(a)} and ${JSON.stringify(b)}`).toBe(false);
}

describe('the lending desk, on a phone', () => {
  for (const language of ['en', 'gu', 'hi'] as const) {
    it(`${language}: adds a member, lends a copy by its typed accession number, takes it back`, async () => {
      const { common, lending, messages, locale } = CATALOGUES[language];
      const say = (message: string, values: Record<string, string> = {}) => fill(messages[message] ?? message, values);
      const base = journey.server.url;
      // a copy on the library's shelves
      const token = await apiToken(base, LIBRARY, 'LIBRARY');
      const [book] = (await apiCall<{ books: { jsbn_number: string }[] }>(base, '/book?queryString=Kalpasutra&limit=10')).data.books;
      const added = await apiCall<{ holding: { accession_number: string } }>(base, '/library/holdings', {
        token,
        method: 'POST',
        body: { jsbn: book!.jsbn_number },
      });
      expect(added.status).toBe(201);
      const accession = added.data.holding.accession_number;

      const page = await newPage(journey.browser, journey.contexts, { width: PHONE.width, locale });
      await page.setViewportSize(PHONE);
      await signIn(page, base, 'Library Login', LIBRARY);
      await page.evaluate((lng) => localStorage.setItem('jsbn.language', lng), language);
      await page.goto(`${base}/lending`);
      await page.getByRole('heading', { name: lending.title, level: 1 }).waitFor();
      await appLive(page);
      expect(common.menu.lendingDesk).toBe(lending.title);

      // the loan period set under 'Lending settings': 14 days, and no due date for a sadhu or sadhvi
      await page.getByRole('button', { name: lending.settings.open }).click();
      const settings = page.getByRole('dialog', { name: lending.settings.title });
      await settings.getByLabel(lending.settings.days).fill('0');
      await settings.getByRole('button', { name: lending.settings.save }).click();
      await settings.getByText(say('Loan period must be a whole number of days from 1 to 365, or none')).waitFor();
      // the server's message stands under its own field
      expect(await settings.getByLabel(lending.settings.days).getAttribute('aria-invalid')).toBe('true');
      await shot(page, `lending-${language}-settings-error-390`);
      await settings.getByLabel(lending.settings.days).fill('14');
      await settings.getByLabel(lending.settings.sadhu).check();
      await settle(page);
      await shot(page, `lending-${language}-settings-390`);
      await settings.getByRole('button', { name: lending.settings.save }).click();
      const saved = toast(page, say('Lending settings saved'));
      await saved.waitFor();
      // the toast leaves the page's title readable on the phone
      await expectApart(page.getByRole('heading', { name: lending.title, level: 1 }), saved);
      await page.getByText(fill(lending.settings.summary, { days: '14' })).waitFor();
      await shot(page, `lending-${language}-toast-390`);

      // a member added under Members
      const name = `${{ en: 'Ramesh Shah', gu: 'રમેશ શાહ', hi: 'रमेश शाह' }[language]} ${Date.now()}`;
      await page.getByRole('tab', { name: lending.tabs.members }).click();
      await page.getByRole('button', { name: lending.members.add }).click();
      const dialog = page.getByRole('dialog', { name: lending.form.addTitle });
      await dialog.getByLabel(lending.form.name).fill(name);
      await dialog.getByLabel(lending.form.phone).fill('12345');
      await dialog.getByRole('button', { name: lending.form.save }).click();
      await dialog.getByText(say('Member’s phone number must be 10 digits')).waitFor();
      expect(await dialog.getByLabel(lending.form.phone).getAttribute('aria-invalid')).toBe('true');
      await shot(page, `lending-${language}-member-error-390`);
      await dialog.getByLabel(lending.form.phone).fill('98250 12345');
      await settle(page);
      await shot(page, `lending-${language}-member-390`);
      await dialog.getByRole('button', { name: lending.form.save }).click();
      await toast(page, say('Member saved')).waitFor();
      await page.getByText(name).first().waitFor();

      // lent: the accession number typed, the member picked, the due date offered
      await page.getByLabel(lending.code).fill(accession);
      const member = page.getByRole('combobox', { name: lending.member });
      await member.fill(name.split(' ')[0]!);
      await page.getByRole('option', { name: new RegExp(name) }).click();
      const lentOn = await page.getByLabel(lending.lentOn, { exact: true }).inputValue();
      const due = new Date(`${lentOn}T00:00:00Z`);
      due.setUTCDate(due.getUTCDate() + 14);
      await expect.poll(() => page.getByLabel(lending.dueOn, { exact: true }).inputValue()).toBe(due.toISOString().slice(0, 10));
      await page.getByRole('button', { name: lending.lendNow }).click();
      await toast(page, say('Copy {{number}} lent to {{name}}', { number: accession, name })).waitFor();
      await page.getByRole('tab', { name: lending.tabs.open }).click();
      await page.getByText(`${accession} · `).first().waitFor();
      await settle(page);
      await expectFingerTargets(page, 'the lending desk');
      await shot(page, `lending-${language}-lent-390`);
      await page.setViewportSize({ width: 1366, height: 900 });
      await shot(page, `lending-${language}-lent-1366`);
      await page.setViewportSize(PHONE);

      // renewed: a due date before the day lent is refused under its field; then the library's period from today
      await page
        .getByRole('row')
        .filter({ hasText: `${accession} · ` })
        .getByRole('button', { name: lending.loans.renew })
        .click();
      const renew = page.getByRole('dialog', { name: fill(lending.renew.title, { number: accession }) });
      await renew.getByLabel(lending.renew.dueOn).fill('2000-01-01');
      await renew.getByRole('button', { name: lending.renew.save }).click();
      await renew.getByText(say('Due date must be a date YYYY-MM-DD, not before the day it was lent')).waitFor();
      expect(await renew.getByLabel(lending.renew.dueOn).getAttribute('aria-invalid')).toBe('true');
      await shot(page, `lending-${language}-renew-error-390`);
      await renew.getByLabel(lending.renew.dueOn).fill('');
      await renew.getByRole('button', { name: lending.renew.save }).click();
      await renew.waitFor({ state: 'hidden' });

      // returned: the accession number typed again
      await page.getByRole('group').getByRole('button', { name: lending.return, exact: true }).click();
      await page.getByLabel(lending.code).fill(accession);
      await page.getByRole('button', { name: lending.returnNow }).click();
      await toast(page, say('Copy {{number}} is back on the shelves', { number: accession })).waitFor();
      await expect.poll(() => page.getByText(`${accession} · `).count()).toBe(0);
      await page.getByRole('tab', { name: lending.tabs.members }).click();
      await page.getByText(name).first().waitFor();
      await page.setViewportSize({ width: 1366, height: 900 });
      await shot(page, `lending-${language}-members-1366`);
    });
  }
});
