/**
 * Money on the order (decision 070) on a 390 px phone, in English, Gujarati and Hindi: the
 * publisher charges ₹40 postage a parcel and has a UPI ID; the library sees the postage terms
 * and the total with postage before 'Confirm order', and once the order is accepted a
 * `upi://pay` link for the amount; it records a UTR, and the publisher confirms it. Screenshots
 * in e2e/artifacts/payments-*.png at 390 px (and the order details at 1366 px).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { snap } from './support/browser.js';
import { apiCall, apiToken } from './support/api.js';
import { newPage as openPage, useJourney } from './support/session.js';
import { settle, signIn, transitionsDone } from './support/ui.js';

const journey = useJourney('failed-payments-', { serverLogOnFailure: true });
const PASSWORD = 'Demo@1234';
const PUBLISHER = { email: 'publisher@demo.jsbn', password: PASSWORD };
const LIBRARY = { email: 'library@demo.jsbn', password: PASSWORD };
const KALPASUTRA = 'કલ્પસૂત્ર';
const LOCALES = new URL('../apps/web/src/locales/', import.meta.url).pathname;

type Catalogue = { [key: string]: string | Catalogue };
/** The screen text `key` ('bar.orderNow') of `namespace` in `lng`, with `values` put in. */
function text(lng: string, namespace: string, key: string, values: Record<string, string> = {}): string {
  const catalogue = JSON.parse(readFileSync(`${LOCALES}${lng}/${namespace}.json`, 'utf8')) as Catalogue;
  const found = key.split('.').reduce<string | Catalogue>((node, part) => (node as Catalogue)[part]!, catalogue) as string;
  return found.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => values[name] ?? '');
}

describe('money on the order on a phone', () => {
  for (const lng of ['en', 'gu', 'hi']) {
    it(`${lng}: the total with postage before confirming, pay by UPI, a UTR recorded and confirmed`, async () => {
      const base = journey.server.url;
      const publisherToken = await apiToken(base, PUBLISHER, 'PUBLISHER');
      const libraryToken = await apiToken(base, LIBRARY, 'LIBRARY');
      for (const token of [publisherToken, libraryToken]) {
        expect((await apiCall(base, '/user/language', { token, method: 'PUT', body: { preferred_language: lng } })).status).toBe(200);
      }

      const me = await apiCall<{ publisherId: number }>(base, '/user/me', { token: publisherToken });
      // the publisher's payment terms, through its profile form
      const locale = { en: 'en-US', gu: 'gu-IN', hi: 'hi-IN' }[lng];
      const publisher = await openPage(journey.browser, journey.contexts, { width: 390, locale });
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
      const library = await openPage(journey.browser, journey.contexts, { width: 390, locale });
      await signIn(library, base, 'Library Login', LIBRARY);
      await library.evaluate((language) => localStorage.setItem('jsbn.language', language), lng);
      await library.goto(`${base}/new-published-books`);
      await settle(library);
      await library
        .getByRole('group', { name: new RegExp(KALPASUTRA) })
        .getByRole('button')
        .first()
        .click();
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
      await transitionsDone(library);
      await snap(library, `payments-confirm-${lng}-390`);
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
      const order = list.data.orderBooks[0]!;
      expect(`₹${(order.amount_due_minor / 100).toFixed(2)}`).toBe(total);
      expect(
        (await apiCall(base, `/book/order-book/${order.id}`, { token: publisherToken, method: 'PATCH', body: { status: 'IN_PROGRESS' } }))
          .status,
      ).toBe(200);

      // the library pays: the upi:// link, then the UTR
      await library.goto(`${base}/orders`);
      await library.getByRole('tab', { name: text(lng, 'orders', 'tabs.LIBRARY.IN_PROGRESS') }).click();
      await settle(library);
      await library.getByRole('button', { name: /ORD-/ }).first().click();
      const details = library.getByRole('dialog');
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
      await publisher.getByRole('tab', { name: text(lng, 'orders', 'tabs.PUBLISHER.IN_PROGRESS') }).click();
      await settle(publisher);
      await publisher.getByRole('button', { name: /ORD-/ }).first().click();
      const received = publisher.getByRole('dialog');
      await received.getByRole('button', { name: text(lng, 'orders', 'payment.confirm'), exact: true }).click();
      await expect
        .poll(() => received.getByTestId('payment-state').first().textContent())
        .toBe(text(lng, 'orders', 'payment.state.confirmed'));
      await snap(publisher, `payments-confirmed-${lng}-390`);
      await publisher.setViewportSize({ width: 1366, height: 900 });
      await snap(publisher, `payments-confirmed-${lng}-1366`);
    });
  }
});
