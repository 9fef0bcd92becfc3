/**
 * A received order shelves its copies (decision 071), on a 390 × 844 phone in English, Gujarati
 * and Hindi: the library marks a dispatched order of 3 copies received and reads the accession
 * numbers they got; the order's details say '3 copies shelved: 1041–1043'; 'Undo shelving', after a
 * question, takes them off the shelves again, and the order says so. Pages saved as
 * e2e/artifacts/order-shelving-<language>-*.png.
 */
import { describe, expect, it } from 'vitest';
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import enOrders from '../apps/web/src/locales/en/orders.json' with { type: 'json' };
import guCommon from '../apps/web/src/locales/gu/common.json' with { type: 'json' };
import guOrders from '../apps/web/src/locales/gu/orders.json' with { type: 'json' };
import hiCommon from '../apps/web/src/locales/hi/common.json' with { type: 'json' };
import hiOrders from '../apps/web/src/locales/hi/orders.json' with { type: 'json' };
import guMessages from '../packages/shared/src/locales/gu/messages.json' with { type: 'json' };
import hiMessages from '../packages/shared/src/locales/hi/messages.json' with { type: 'json' };
import { MSG } from '@jsbn/shared';
import { apiCall, apiToken, bookByJsbn, placeOrder } from './support/api.js';
import { snap } from './support/browser.js';
import { newPage, useJourney } from './support/session.js';
import { PHONE, appLive, expectFingerTargets, settle, signIn, toast, transitionsDone } from './support/ui.js';

const CATALOGUES = {
  en: { common: enCommon, orders: enOrders, messages: {} as Record<string, string>, locale: 'en-US' },
  gu: { common: guCommon, orders: guOrders, messages: guMessages as Record<string, string>, locale: 'gu-IN' },
  hi: { common: hiCommon, orders: hiOrders, messages: hiMessages as Record<string, string>, locale: 'hi-IN' },
};

const LIBRARY = { email: 'library@demo.jsbn', password: 'Demo@1234' };
const PUBLISHER = { email: 'publisher@demo.jsbn', password: 'Demo@1234' };

const journey = useJourney('failed-order-shelving-', { serverLogOnFailure: true });

/** `template`'s `{{name}}` filled from `values`, as i18next and the API's catalogue fill it. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));

describe('a received order on the shelves, on a phone', () => {
  for (const language of ['en', 'gu', 'hi'] as const) {
    it(`${language}: the receipt shelves 3 copies, the order says which, and the library undoes it`, async () => {
      const { common, orders, messages, locale } = CATALOGUES[language];
      const say = (message: string, values: Record<string, string | number> = {}) => fill(messages[message] ?? message, values);
      const base = journey.server.url;
      const [libraryToken, publisherToken] = await Promise.all([
        apiToken(base, LIBRARY, 'LIBRARY'),
        apiToken(base, PUBLISHER, 'PUBLISHER'),
      ]);
      const [kalpasutra] = (await apiCall<{ books: { jsbn_number: string }[] }>(base, '/book?queryString=Kalpasutra&limit=10')).data.books;
      const book = await bookByJsbn(base, kalpasutra!.jsbn_number);

      // 3 copies ordered, accepted and dispatched by the publisher (through the API)
      const order = await placeOrder(base, libraryToken, book, 3);
      for (const status of ['IN_PROGRESS', 'DISPATCHED']) {
        const moved = await apiCall(base, `/book/order-book/${order.id}`, { token: publisherToken, method: 'PATCH', body: { status } });
        expect(moved.status).toBe(200);
      }
      const { data: next } = await apiCall<{ accession_number: string }>(base, '/library/holdings/next-accession', {
        token: libraryToken,
      });
      const first = Number(next.accession_number);
      const numbers = `${first}–${first + 2}`;

      const page = await newPage(journey.browser, journey.contexts, { width: PHONE.width, locale });
      await page.setViewportSize(PHONE);
      await signIn(page, base, 'Library Login', LIBRARY);
      await page.evaluate((lng) => localStorage.setItem('jsbn.language', lng), language);
      await page.goto(`${base}/orders`);
      await page.getByRole('tab', { name: orders.tabs.LIBRARY.DISPATCHED }).waitFor();
      await appLive(page);

      // marked received: the copies are on the shelves, numbered on
      await page.getByRole('tab', { name: orders.tabs.LIBRARY.DISPATCHED }).click();
      const question = page.getByRole('group', { name: fill(orders.actions.receivedOrder, { order: order.orderId }) });
      await question.getByRole('button', { name: orders.actions.yes, exact: true }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByText(say(MSG.receivedConfirm)).waitFor();
      await confirm.getByRole('button', { name: common.confirm.yes, exact: true }).click();
      await toast(
        page,
        say('Order marked as received; {{count}} copies are on the shelves: {{first}}–{{last}}', { count: 3, first, last: first + 2 }),
      ).waitFor();

      // the order's details say so, with Undo
      await page.getByRole('tab', { name: orders.tabs.LIBRARY.COMPLETED }).click();
      await page.getByRole('button', { name: fill(orders.actions.orderDetailsOf, { order: order.orderId }) }).click();
      const details = page.getByRole('dialog', { name: orders.details.title });
      const shelving = details.getByRole('region', { name: orders.shelved.title });
      await shelving.getByText(fill(orders.shelved.text_other, { count: 3, numbers }), { exact: true }).waitFor();
      const undo = shelving.getByRole('button', { name: orders.shelved.undo });
      await undo.scrollIntoViewIfNeeded();
      await settle(page);
      await expectFingerTargets(page, 'the order’s details');
      await snap(page, `order-shelving-${language}-shelved-390`);

      // undone after a question
      await undo.click();
      const ask = page.getByRole('dialog', { name: orders.shelved.undo });
      await ask.getByText(fill(orders.shelved.confirm_other, { count: 3, order: order.orderId }), { exact: true }).waitFor();
      await transitionsDone(page);
      await snap(page, `order-shelving-${language}-confirm-390`);
      await ask.getByRole('button', { name: orders.shelved.undo }).click();
      await toast(page, say('{{count}} copies taken off the shelves', { count: 3 })).waitFor();
      await shelving.getByText(fill(orders.shelved.undone_other, { count: 3 }), { exact: true }).waitFor();
      await expect.poll(() => undo.count()).toBe(0);
      // the shelving stays told: the numbers stay taken
      expect(await shelving.getByText(fill(orders.shelved.text_other, { count: 3, numbers }), { exact: true }).count()).toBe(1);
      await transitionsDone(page);
      await snap(page, `order-shelving-${language}-undone-390`);
      await page.setViewportSize({ width: 1366, height: 900 });
      await snap(page, `order-shelving-${language}-undone-1366`);
    });
  }
});
