/**
 * A library's shelves (decision 071) on a 390 × 844 phone in English, Gujarati and Hindi: the
 * library adds a copy of a registered book by its JSBN and a book without one described by hand,
 * finds the book by its title typed in the other script, records a copy missing with the reason;
 * a search finding more than 1,000 copies says 'of more than 1,000' (decision 080); every target
 * is a finger's size. Pages saved as e2e/artifacts/shelves-<language>-*.png.
 */
import { describe, expect, it } from 'vitest';
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import enShelves from '../apps/web/src/locales/en/shelves.json' with { type: 'json' };
import guCommon from '../apps/web/src/locales/gu/common.json' with { type: 'json' };
import guShelves from '../apps/web/src/locales/gu/shelves.json' with { type: 'json' };
import hiCommon from '../apps/web/src/locales/hi/common.json' with { type: 'json' };
import hiShelves from '../apps/web/src/locales/hi/shelves.json' with { type: 'json' };
import guMessages from '../packages/shared/src/locales/gu/messages.json' with { type: 'json' };
import hiMessages from '../packages/shared/src/locales/hi/messages.json' with { type: 'json' };
import { apiCall, apiToken } from './support/api.js';
import { snap } from './support/browser.js';
import { newPage, useJourney } from './support/session.js';
import { PHONE, appLive, expectFingerTargets, settle, signIn, toast } from './support/ui.js';

const CATALOGUES = {
  en: { common: enCommon, shelves: enShelves, messages: {} as Record<string, string>, locale: 'en-US' },
  gu: { common: guCommon, shelves: guShelves, messages: guMessages as Record<string, string>, locale: 'gu-IN' },
  hi: { common: hiCommon, shelves: hiShelves, messages: hiMessages as Record<string, string>, locale: 'hi-IN' },
};

const LIBRARY = { email: 'library@demo.jsbn', password: 'Demo@1234' };

const journey = useJourney('failed-shelves-');

/** Copies of one described title, more than a search counts (`SEARCH_COUNT_BOUND`, decision 080). */
const MANY = { title: 'Pratikraman Vyakhyan', count: 1_001 };
let manyAdded: Promise<void> | undefined;

/** Adds the library's `MANY` copies through the API, once for the file's journeys (8 at a time). */
function addMany(base: string): Promise<void> {
  manyAdded ??= (async () => {
    const token = await apiToken(base, LIBRARY, 'LIBRARY');
    let next = 0;
    const worker = async () => {
      while (next < MANY.count) {
        const number = ++next;
        const { status } = await apiCall(base, '/library/holdings', {
          token,
          method: 'POST',
          body: { book: { title: `${MANY.title} ${number}` } },
        });
        expect(status).toBe(201);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  })();
  return manyAdded;
}

/** `template`'s `{{name}}` filled from `values`, as i18next and the API's catalogue fill it. */
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');

describe('a library’s shelves, on a phone', () => {
  for (const language of ['en', 'gu', 'hi'] as const) {
    it(`${language}: adds a copy by JSBN and one without, finds it in the other script, records a copy missing`, async () => {
      const { common, shelves, messages, locale } = CATALOGUES[language];
      const say = (message: string, values: Record<string, string> = {}) => fill(messages[message] ?? message, values);
      const base = journey.server.url;
      const [kalpasutra] = (
        await apiCall<{ books: { jsbn_number: string; book_title: string }[] }>(base, '/book?queryString=Kalpasutra&limit=10')
      ).data.books;
      expect(kalpasutra).toBeDefined();
      const page = await newPage(journey.browser, journey.contexts, { width: PHONE.width, locale });
      await page.setViewportSize(PHONE);
      await signIn(page, base, 'Library Login', LIBRARY);
      await page.evaluate((lng) => localStorage.setItem('jsbn.language', lng), language);
      await page.goto(`${base}/shelves`);
      await page.getByRole('heading', { name: shelves.title, level: 1 }).waitFor();
      await appLive(page);
      expect(common.menu.ourShelves).toBe(shelves.title);

      // a registered book by the JSBN on its back cover
      await page.getByRole('button', { name: shelves.add.open }).click();
      const dialog = page.getByRole('dialog', { name: shelves.add.title });
      await dialog.getByLabel(shelves.add.jsbn).fill(kalpasutra!.jsbn_number);
      const accession = dialog.getByLabel(shelves.add.accession);
      await expect.poll(() => accession.getAttribute('placeholder')).toMatch(/^\d+$/);
      const next = await accession.getAttribute('placeholder');
      await settle(page);
      await expectFingerTargets(page, 'the add-a-copy dialog');
      await snap(page, `shelves-${language}-add-390`);
      await dialog.getByRole('button', { name: shelves.add.save }).click();
      await toast(page, say('Copy {{number}} is on the shelves', { number: next! })).waitFor();

      // a book without a JSBN, described by hand; a wrong ISBN is named under its field first
      const stamp = Date.now();
      const title = `${{ en: 'Dharmaratna', gu: 'ધર્મરત્ન', hi: 'धर्मरत्न' }[language]} ${stamp}`;
      await page.getByRole('button', { name: shelves.add.open }).click();
      await dialog.getByRole('button', { name: shelves.add.described }).click();
      await dialog.getByLabel(shelves.add.bookTitle).fill(title);
      await dialog.getByLabel(shelves.add.isbn).fill('9788170174298');
      await dialog.getByLabel(shelves.add.place).fill('Almirah 3');
      await dialog.getByRole('button', { name: shelves.add.save }).click();
      await dialog.getByText(say('Enter a valid ISBN-13: 13 digits starting with 978 or 979')).waitFor();
      await dialog.getByLabel(shelves.add.isbn).fill('9788170174295');
      await dialog.getByRole('button', { name: shelves.add.save }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);

      // found by its title typed in the other script (the catalogue's search: Gujarati ⇄ Devanagari ⇄ Latin)
      const typed = `${{ en: 'धर्मरत्न', gu: 'dharmaratna', hi: 'ધર્મરત્ન' }[language]} ${stamp}`;
      await page.getByLabel(shelves.search).fill(typed);
      // the list holds that book alone once the search has answered
      await expect.poll(() => page.getByRole('button', { name: shelves.change.open }).count()).toBe(1);
      await page.getByText(title).first().waitFor();
      await settle(page);
      await expectFingerTargets(page, 'the shelves');
      await snap(page, `shelves-${language}-list-390`);

      // recorded missing, with the reason
      await page.getByRole('button', { name: shelves.change.open }).first().click();
      const change = page.getByRole('dialog');
      await change.getByLabel(shelves.change.reason).fill('Not found at the stock check');
      await change.getByRole('button', { name: shelves.change.save }).click();
      await toast(page, say('Copy updated')).waitFor();
      await page.getByText(shelves.states.missing, { exact: true }).first().waitFor();
      await page.setViewportSize({ width: 1366, height: 900 });
      await snap(page, `shelves-${language}-list-1366`);

      // a word in more copies than a search counts: 'of more than 1,000', and a page past the bound
      await addMany(base);
      await page.getByLabel(shelves.search).fill(MANY.title);
      await page.getByText(fill(common.table.showingMore, { from: '1', to: '10', total: '1,000' })).waitFor();
      await page.getByRole('button', { name: /101/ }).waitFor();
      await settle(page);
      await snap(page, `shelves-${language}-many-1366`);
      await page.setViewportSize(PHONE);
      await settle(page);
      await snap(page, `shelves-${language}-many-390`);
    });
  }
});
