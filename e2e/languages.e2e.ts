/**
 * Interface languages in the browser (decisions 016, 017): a first visit follows the browser's languages (the server renders the
 * page in them, before any script); the switcher on the app bar and in the drawer changes the
 * whole interface at once and keeps the choice — in the browser, for the server's pages, and on
 * a signed-in account, whose e-mails follow it; the API's messages arrive in the chosen language.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import gu from '../apps/web/src/locales/gu/common.json' with { type: 'json' };
import hi from '../apps/web/src/locales/hi/common.json' with { type: 'json' };
import guMessages from '../packages/shared/src/locales/gu/messages.json' with { type: 'json' };
import { snap } from './support/browser.js';
import { newPage as openPage, useJourney } from './support/session.js';
import { PHONE, appLive, settle, toast } from './support/ui.js';

const journey = useJourney('failed-languages-');
const { contexts } = journey;

/**
 * What does not fit on `page`: the page scrolling sideways, or a button, tab, table heading,
 * field label or chip whose text is cut short with an ellipsis (a clipped label).
 */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('button, [role="tab"], th, label, .MuiChip-label'))) {
      if (element.getClientRects().length === 0 || element.closest('[aria-hidden="true"]')) continue;
      // a text cut with an ellipsis (MUI's field labels, chips) is a clipped label
      if (getComputedStyle(element).textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1)
        problems.push(`clipped: ${element.textContent?.trim()}`);
    }
    return problems;
  });
}

/** The language `<html lang>` says the page is in. */
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('interface languages', () => {
  it("renders a first visit in the browser's language, before any script runs", async () => {
    const page = await openPage(journey.browser, contexts, { width: PHONE.width, locale: 'hi-IN', javaScript: false });
    await page.goto(`${journey.server.url}/`);
    expect(await htmlLang(page)).toBe('hi');
    expect(await page.getByTestId('logged-in-as').textContent()).toBe(hi.layout.welcome);
    expect(await page.getByRole('link', { name: `${hi.language.choose}: हिन्दी` }).textContent()).toContain('हिन्दी');
    await snap(page, 'languages-01-first-visit-hindi-390');
  });

  it('switches the whole interface on the app bar and keeps the choice for the next visit', async () => {
    const page = await openPage(journey.browser, contexts, { width: 1366 });
    await page.goto(`${journey.server.url}/`);
    await settle(page);
    expect(await htmlLang(page)).toBe('en');
    // the app hydrated: the switcher opens its menu (before, it leads to the footer's language links)
    await appLive(page);
    await page.getByRole('link', { name: 'Choose the language of the site: English' }).click();
    await page.getByRole('menuitemradio', { name: 'ગુજરાતી' }).click();
    await expect.poll(() => page.getByTestId('logged-in-as').textContent()).toBe(gu.layout.welcome);
    expect(await htmlLang(page)).toBe('gu');
    expect(
      await page.getByRole('navigation', { name: gu.layout.mainMenu }).getByRole('link', { name: gu.menu.globalBooksStore }).isVisible(),
    ).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('jsbn.language'))).toBe('gu');
    await snap(page, 'languages-02-switched-gujarati-1366');

    // the next visit is rendered by the server in Gujarati (its cookie), and stays so in the app
    await page.reload();
    expect(await htmlLang(page)).toBe('gu');
    expect(await page.getByTestId('logged-in-as').textContent()).toBe(gu.layout.welcome);
    await page.getByRole('link', { name: gu.menu.globalBooksStore }).first().click();
    await page.waitForURL(`${journey.server.url}/search-a-book`);
    expect(await page.getByTestId('logged-in-as').textContent()).toBe(gu.layout.welcome);
  });

  it('offers the languages in the drawer on a phone', async () => {
    const page = await openPage(journey.browser, contexts, { width: PHONE.width, locale: 'gu-IN' });
    await page.goto(`${journey.server.url}/`);
    await settle(page);
    expect(await htmlLang(page)).toBe('gu');
    // a link to the footer's menu until the app is there (decision 078): the drawer is the app's
    await appLive(page);
    await page.getByRole('link', { name: gu.layout.openMenu }).click();
    const drawer = page.getByRole('list', { name: gu.language.label });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await snap(page, 'languages-03-drawer-gujarati-390');
    await drawer.getByRole('button', { name: 'हिन्दी' }).click();
    await expect.poll(() => page.getByTestId('logged-in-as').textContent()).toBe(hi.layout.welcome);
    expect(await htmlLang(page)).toBe('hi');
    // the app bar's button fits the phone's width next to the menu
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  });

  it.each(['en', 'gu', 'hi'])(
    'renders the landing page, the book form, the order tables and a dialog in %s at 390 and 1366 px without clipped labels',
    async (language) => {
      const page = await openPage(journey.browser, contexts, { width: 1366 });
      await page.addInitScript((lng) => localStorage.setItem('jsbn.language', lng), language);
      const screens: [string, string, (() => Promise<void>)?][] = [
        ['landing', '/'],
        ['book-form', '/new-book-reg'],
        ['received-orders', '/booked-orders'],
        [
          'library-details',
          '/list-of-libraries',
          async () => {
            await page.locator('tbody tr').first().locator('button').last().click();
            await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
            // its opening fade has ended
            await expect
              .poll(() => page.locator('.MuiDialog-container').evaluate((element) => getComputedStyle(element).opacity))
              .toBe('1');
          },
        ],
      ];
      for (const [index, [name, path, open]] of screens.entries()) {
        if (index === 1) {
          await page.goto(`${journey.server.url}/login`);
          await settle(page);
          await appLive(page);
          await page.locator('input[type="email"]').fill('publisher@demo.jsbn');
          await page.locator('input[type="password"]').first().fill('Demo@1234');
          await page.locator('main form button[type="submit"]').first().click();
          await page.waitForURL(`${journey.server.url}/`);
        }
        for (const width of [PHONE.width, 1366]) {
          await page.setViewportSize({ width, height: width === PHONE.width ? PHONE.height : 900 });
          await page.goto(`${journey.server.url}${path}`);
          await settle(page);
          await expect.poll(() => htmlLang(page)).toBe(language);
          if (open) await open();
          expect(await overflows(page), `${language} ${name} at ${width}`).toEqual([]);
          await snap(page, `languages-${language}-${name}-${width}`);
        }
      }
    },
  );

  it("answers in the chosen language and saves a signed-in user's choice on the account", async () => {
    const page = await openPage(journey.browser, contexts, { width: 1366 });
    await page.addInitScript(() => localStorage.setItem('jsbn.language', 'gu'));
    await page.goto(`${journey.server.url}/login`);
    await settle(page);
    await appLive(page);
    await page.locator('input[type="email"]').fill('publisher@demo.jsbn');
    await page.locator('input[type="password"]').first().fill('Wrong@12345');
    await page.locator('main form button[type="submit"]').first().click();
    await expect
      .poll(() =>
        toast(page, guMessages['Invalid email or password' as keyof typeof guMessages] ?? 'Invalid email or password').isVisible(),
      )
      .toBe(true);
    await snap(page, 'languages-04-login-error-gujarati-1366');

    await page.locator('input[type="password"]').first().fill('Demo@1234');
    await page.locator('main form button[type="submit"]').first().click();
    await page.waitForURL(`${journey.server.url}/`);
    const me = () =>
      page.evaluate(async () => {
        const response = await fetch('/api/user/me', { headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` } });
        return ((await response.json()) as { data: { preferred_language: string } }).data.preferred_language;
      });
    // the choice made before logging in became the account's
    await expect.poll(me).toBe('gu');
    await page.getByRole('link', { name: `${gu.language.choose}: ગુજરાતી` }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect.poll(me).toBe('en');
    expect(await htmlLang(page)).toBe('en');
  });
});
