/**
 * Money on the order (decision 070) on a 390 px phone, in English, Gujarati and Hindi: the
 * publisher charges ₹40 postage a parcel and has a UPI ID; the library sees the postage terms
 * and the total with postage before 'Confirm order', and once the order is accepted a
 * `upi://pay` link for the amount; it records a UTR, and the publisher confirms it. The
 * confirmation names the delivery address and what happens next; the publisher accepts one of the
 * two copies, saying why, and both sides read the reason and the new total; the library marks the
 * parcel received short or damaged with a note the publisher reads. Screenshots in
 * e2e/artifacts/payments-*.png at 390 px (and the confirmation and order details at 1366 px).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ORDER_MSG } from '@jsbn/shared';
import { snap } from './support/browser.js';
import { apiCall, apiToken } from './support/api.js';
import type { Page } from 'playwright-core';
import { newPage as openPage, useJourney } from './support/session.js';
import { appLive, settle, signIn, transitionsDone } from './support/ui.js';

const journey = useJourney('failed-payments-', { serverLogOnFailure: true });
const PASSWORD = 'Demo@1234';
const PUBLISHER = { email: 'publisher@demo.jsbn', password: PASSWORD };
const LIBRARY = { email: 'library@demo.jsbn', password: PASSWORD };
const KALPASUTRA = 'કલ્પસૂત્ર';
const LOCALES = new URL('../apps/web/src/locales/', import.meta.url).pathname;
const MESSAGES = new URL('../packages/shared/src/locales/', import.meta.url).pathname;
/** The demo library's address, as its profile has it. */
const LIBRARY_ADDRESS = 'Jain Upashray, Main Bazaar, Palitana 364270';
const PHONE = { width: 390, height: 900 };
const DESKTOP = { width: 1366, height: 900 };

type Catalogue = { [key: string]: string | Catalogue };
/** The screen text `key` ('bar.orderNow') of `namespace` in `lng`, with `values` put in. */
function text(lng: string, namespace: string, key: string, values: Record<string, string> = {}): string {
  const catalogue = JSON.parse(readFileSync(`${LOCALES}${lng}/${namespace}.json`, 'utf8')) as Catalogue;
  const found = key.split('.').reduce<string | Catalogue>((node, part) => (node as Catalogue)[part]!, catalogue) as string;
  return found.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => values[name] ?? '');
}

/** The API's or a form's message `english` (an ORDER_MSG) in `lng`, as the messages catalogue has it. */
function message(lng: string, english: string): string {
  if (lng === 'en') return english;
  return (JSON.parse(readFileSync(`${MESSAGES}${lng}/messages.json`, 'utf8')) as Record<string, string>)[english]!;
}

describe('money on the order on a phone', () => {
  for (const lng of ['en', 'gu', 'hi']) {
    // what the first step of a language leaves for its second: the two pages and the order
    let base = '';
    let publisherToken = '';
    let publisher: Page;
    let library: Page;
    let order: { id: number; amount_due_minor: number };
    let orderId = '';
    it(`${lng}: the total, address and next steps before confirming; fewer copies with a reason; pay by UPI`, async () => {
      base = journey.server.url;
      publisherToken = await apiToken(base, PUBLISHER, 'PUBLISHER');
      const libraryToken = await apiToken(base, LIBRARY, 'LIBRARY');
      for (const token of [publisherToken, libraryToken]) {
        expect((await apiCall(base, '/user/language', { token, method: 'PUT', body: { preferred_language: lng } })).status).toBe(200);
      }

      const me = await apiCall<{ publisherId: number }>(base, '/user/me', { token: publisherToken });
      // the publisher's payment terms, through its profile form
      const locale = { en: 'en-US', gu: 'gu-IN', hi: 'hi-IN' }[lng];
      publisher = await openPage(journey.browser, journey.contexts, { width: 390, locale });
      await signIn(publisher, base, 'Publisher Login', PUBLISHER);
      await publisher.evaluate((language) => localStorage.setItem('jsbn.language', language), lng);
      await publisher.goto(`${base}/edit-profile`);
      await publisher.getByRole('combobox', { name: new RegExp(text(lng, 'accounts', 'payment.postageTerms')) }).click();
      await publisher.getByRole('option', { name: text(lng, 'accounts', 'payment.terms.per_parcel') }).click();
      await publisher.locator('input[name="postage_amount"]').fill('40');
      // the demo publisher has no landline yet, which the form requires
      await publisher.locator('input[name="landline_no"]').fill('7923456789');
      await publisher.locator('input[name="upi_vpa"]').fill('jainsahitya@okaxis');
      await publisher.locator('input[name="upi_payee_name"]').fill('Shri Jain Sahitya Prakashan Trust');
      await publisher.locator('input[name="upi_payee_name"]').scrollIntoViewIfNeeded();
      await snap(publisher, `payments-profile-${lng}-390`);
      await publisher.locator('form button[type="submit"]').click();
      await expect
        .poll(
          async () =>
            (await apiCall<{ publisher: { upi_vpa: string | null } }>(base, `/publisher/${me.data.publisherId}`, { token: publisherToken }))
              .data.publisher.upi_vpa,
        )
        .toBe('jainsahitya@okaxis');

      // the library's cart: the postage terms and the total with postage before Confirm order
      library = await openPage(journey.browser, journey.contexts, { width: 390, locale });
      await signIn(library, base, 'Library Login', LIBRARY);
      await library.evaluate((language) => localStorage.setItem('jsbn.language', language), lng);
      await library.goto(`${base}/new-published-books`);
      await settle(library);
      await library
        .getByRole('group', { name: new RegExp(KALPASUTRA) })
        .getByRole('button')
        .first()
        .click();
      // two copies, so that the publisher can accept one
      await library.getByLabel(text(lng, 'ordering', 'bar.copiesOf', { title: KALPASUTRA })).fill('2');
      await library
        .getByRole('button', { name: text(lng, 'ordering', 'bar.orderNow') })
        .first()
        .click();
      const confirm = library.getByRole('dialog', { name: text(lng, 'ordering', 'bar.confirmTitle') });
      await expect
        .poll(() => confirm.getByTestId('cart-postage-terms').textContent())
        .toBe(text(lng, 'ordering', 'bar.postage.per_parcel', { rate: '₹40.00' }));
      await expect.poll(() => confirm.getByText(text(lng, 'ordering', 'bar.totalWithPostage')).isVisible()).toBe(true);
      const total = await confirm.getByTestId('cart-order-total').textContent();
      // where the books go (the library's profile, with the way to change it) and what happens next
      await expect.poll(() => confirm.getByTestId('confirm-delivery-address').textContent()).toBe(LIBRARY_ADDRESS);
      expect(await confirm.getByRole('link', { name: text(lng, 'ordering', 'bar.deliveryChange') }).getAttribute('href')).toBe(
        '/edit-profile',
      );
      expect(await confirm.getByTestId('confirm-next').textContent()).toBe(text(lng, 'ordering', 'bar.next'));
      await transitionsDone(library);
      await snap(library, `payments-confirm-${lng}-390`);
      await library.setViewportSize(DESKTOP);
      await transitionsDone(library);
      await snap(library, `payments-confirm-${lng}-1366`);
      await library.setViewportSize(PHONE);
      await confirm.getByRole('button', { name: text(lng, 'ordering', 'bar.confirm') }).click();
      await library.waitForURL(`${base}/orders`, { timeout: 60_000 });

      // the publisher accepts (through the API: the acceptance has its own journeys)
      const list = await apiCall<{ orderBooks: { id: number; amount_due_minor: number }[] }>(
        base,
        '/book/order-book?orderStatus=REQUESTED&sortedField=createdAt&sortedOrder=desc',
        {
          token: publisherToken,
        },
      );
      order = list.data.orderBooks[0]!;
      expect(`₹${(order.amount_due_minor / 100).toFixed(2)}`).toBe(total);
      orderId = `ORD-${String(order.id).padStart(6, '0')}`;

      // the publisher accepts one of the two copies, on its phone, and says why
      await publisher.goto(`${base}/booked-orders`);
      // the tabs are buttons of the server's page: they answer once the app has hydrated it (decision 078)
      await appLive(publisher);
      await settle(publisher);
      const requested = publisher.getByRole('row').filter({ hasText: orderId });
      // on a phone's card Partial Accept is in the order's More menu (Accept is the card's button)
      await requested.getByRole('button', { name: text(lng, 'orders', 'actions.moreOf', { order: orderId }) }).click();
      await publisher.getByRole('menuitem', { name: text(lng, 'orders', 'actions.partialAccept') }).click();
      const partial = publisher.getByRole('dialog', { name: text(lng, 'orders', 'partial.title') });
      const copies = partial.getByLabel(text(lng, 'orders', 'partial.acceptedFor', { title: KALPASUTRA }));
      await copies.fill('1');
      await copies.blur();
      // one copy at ₹250 and ₹40 postage
      await expect
        .poll(() => partial.getByTestId('partial-new-total').textContent())
        .toBe(text(lng, 'orders', 'partial.newTotal', { amount: '₹290.00' }));
      await partial.getByRole('button', { name: text(lng, 'orders', 'partial.submit') }).click();
      await expect.poll(() => partial.getByText(message(lng, ORDER_MSG.partialReason)).isVisible()).toBe(true);
      await partial.getByRole('radio', { name: text(lng, 'orders', 'partial.reasons.other') }).check();
      await partial.getByRole('button', { name: text(lng, 'orders', 'partial.submit') }).click();
      await expect.poll(() => partial.getByText(message(lng, ORDER_MSG.partialNote)).isVisible()).toBe(true);
      await partial.getByRole('radio', { name: text(lng, 'orders', 'partial.reasons.out_of_stock') }).check();
      await partial.getByLabel(text(lng, 'orders', 'partial.note')).fill('Reprint due in March');
      await transitionsDone(publisher);
      await snap(publisher, `payments-partial-${lng}-390`);
      await partial.getByRole('button', { name: text(lng, 'orders', 'partial.submit') }).click();
      await expect.poll(() => partial.count()).toBe(0);
      await expect.poll(() => publisher.getByTestId('order-moved').isVisible()).toBe(true);

      // the library pays: the upi:// link, then the UTR
      await library.goto(`${base}/orders`);
      // the tabs are buttons of the server's page: they answer once the app has hydrated it (decision 078)
      await appLive(library);
      await library.getByRole('tab', { name: text(lng, 'orders', 'tabs.LIBRARY.IN_PROGRESS') }).click();
      await settle(library);
      await library.getByRole('button', { name: /ORD-/ }).first().click();
      const details = library.getByRole('dialog');
      // why one copy, in the publisher's words, and the new total
      await expect
        .poll(() => details.getByTestId('order-partial-reason').innerText())
        .toContain(text(lng, 'orders', 'partialShown.title', { reason: text(lng, 'orders', 'partial.reasons.out_of_stock') }));
      expect(await details.getByTestId('order-partial-reason').innerText()).toContain('Reprint due in March');
      expect(await details.getByTestId('order-new-total').textContent()).toBe(
        text(lng, 'orders', 'partialShown.newTotal', { amount: '₹290.00' }),
      );
      const link = details.getByTestId('upi-link');
      await expect
        .poll(() => link.getAttribute('href'))
        .toMatch(/^upi:\/\/pay\?pa=jainsahitya%40okaxis&pn=Shri\+Jain\+Sahitya\+Prakashan\+Trust&am=\d+\.\d{2}&cu=INR&/);
      await snap(library, `payments-pay-${lng}-390`);
      // on a computer the same link as a QR code
      await library.setViewportSize({ width: 1366, height: 900 });
      await expect.poll(() => details.getByTestId('upi-qr').isVisible()).toBe(true);
      await snap(library, `payments-pay-${lng}-1366`);
      await library.setViewportSize({ width: 390, height: 900 });
      await details.locator('input[name="utr"]').fill('412345678901');
      await details.locator('form button[type="submit"]').click();
      await expect.poll(() => details.getByTestId('payment-state').first().textContent()).toBe(text(lng, 'orders', 'payment.state.paid'));
      await snap(library, `payments-recorded-${lng}-390`);

      // the publisher confirms it
      await publisher.goto(`${base}/booked-orders`);
      // the tabs are buttons of the server's page: they answer once the app has hydrated it (decision 078)
      await appLive(publisher);
      await publisher.getByRole('tab', { name: text(lng, 'orders', 'tabs.PUBLISHER.IN_PROGRESS') }).click();
      await settle(publisher);
      await publisher.getByRole('button', { name: /ORD-/ }).first().click();
      const received = publisher.getByRole('dialog');
      await received.getByRole('button', { name: text(lng, 'orders', 'payment.confirm'), exact: true }).click();
      await expect
        .poll(() => received.getByTestId('payment-state').first().textContent())
        .toBe(text(lng, 'orders', 'payment.state.confirmed'));
      // the publisher reads the reason and the new total as the library does
      expect(await received.getByTestId('order-new-total').textContent()).toBe(
        text(lng, 'orders', 'partialShown.newTotal', { amount: '₹290.00' }),
      );
      await snap(publisher, `payments-confirmed-${lng}-390`);
      await publisher.setViewportSize(DESKTOP);
      await snap(publisher, `payments-confirmed-${lng}-1366`);
      await publisher.setViewportSize(PHONE);
    });

    it(`${lng}: a parcel received short or damaged, with a note the publisher reads`, async () => {
      // dispatched by India Post (through the API), the parcel comes short: the library says so with a note
      const dispatch = new FormData();
      dispatch.set('orderId', String(order.id));
      dispatch.set('courierCompanyName', 'India Post');
      dispatch.set('trackingId', 'EE123456785IN');
      const dispatched = await fetch(`${base}/api/book/create-dispatch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${publisherToken}` },
        body: dispatch,
      });
      expect(dispatched.status).toBe(200);
      await library.goto(`${base}/orders`);
      // the tabs are buttons of the server's page: they answer once the app has hydrated it (decision 078)
      await appLive(library);
      await library.getByRole('tab', { name: text(lng, 'orders', 'tabs.LIBRARY.DISPATCHED') }).click();
      await settle(library);
      // India Post's page takes no id in its address: the id to copy, and a link to the page
      const indiaPost = library.getByRole('link', { name: text(lng, 'orders', 'courier.trackPage', { courier: 'India Post' }) }).first();
      await expect.poll(() => indiaPost.getAttribute('href')).toBe('https://www.indiapost.gov.in/');
      expect(
        await library.getByRole('button', { name: text(lng, 'orders', 'courier.copyOf', { id: 'EE123456785IN' }) }).count(),
      ).toBeGreaterThan(0);
      await indiaPost.scrollIntoViewIfNeeded();
      await snap(library, `payments-india-post-${lng}-390`);
      const question = library.getByRole('group', { name: text(lng, 'orders', 'actions.receivedOrder', { order: orderId }) });
      await expect.poll(() => question.getByRole('button').count()).toBe(3);
      // Yes, Short or damaged and No: each a finger's size
      for (const box of await question
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect())))
        expect([box.width >= 44, box.height >= 44]).toEqual([true, true]);
      await question.scrollIntoViewIfNeeded();
      await snap(library, `payments-received-question-${lng}-390`);
      await question.getByRole('button', { name: text(lng, 'orders', 'received.shortOf', { order: orderId }) }).click();
      const short = library.getByRole('dialog', { name: text(lng, 'orders', 'received.title') });
      await short.getByRole('button', { name: text(lng, 'orders', 'received.submit') }).click();
      await expect.poll(() => short.getByText(message(lng, ORDER_MSG.receivedNote)).isVisible()).toBe(true);
      const note = 'The cover of one copy is torn';
      await short.getByLabel(text(lng, 'orders', 'received.note')).fill(note);
      await transitionsDone(library);
      await snap(library, `payments-short-${lng}-390`);
      await short.getByRole('button', { name: text(lng, 'orders', 'received.submit') }).click();
      await expect.poll(() => short.count()).toBe(0);
      await expect.poll(() => library.getByTestId('order-moved').isVisible()).toBe(true);

      // the publisher reads the note on the completed order, and the history says so
      await publisher.goto(`${base}/booked-orders`);
      // the tabs are buttons of the server's page: they answer once the app has hydrated it (decision 078)
      await appLive(publisher);
      await publisher.getByRole('tab', { name: text(lng, 'orders', 'tabs.PUBLISHER.COMPLETED') }).click();
      await settle(publisher);
      await publisher.getByRole('button', { name: text(lng, 'orders', 'actions.orderDetailsOf', { order: orderId }) }).click();
      const completed = publisher.getByRole('dialog');
      await expect
        .poll(() => completed.getByTestId('order-received-short').textContent())
        .toBe(text(lng, 'orders', 'received.shown', { note }));
      expect(await completed.getByRole('list', { name: text(lng, 'orders', 'details.history') }).innerText()).toContain(
        text(lng, 'orders', 'received.history'),
      );
      await transitionsDone(publisher);
      await snap(publisher, `payments-received-short-${lng}-390`);
      await publisher.setViewportSize(DESKTOP);
      await snap(publisher, `payments-received-short-${lng}-1366`);
    });
  }
});
