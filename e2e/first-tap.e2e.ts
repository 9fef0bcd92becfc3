/**
 * The first tap on a page rendered on the server (decision 031): nothing but the small entry script
 * loads before the page's `load` event; then, the browser idle, the app's chunks (the start's,
 * the page's, its language's, then its dialogs') are fetched in the background — not when the
 * browser asks to save data; and a tap before the app is there shows at once on the control
 * that it was received, until the app answers it. The language switcher and 'Order Book as
 * Reader' answer at once, before the app is there (decision 053): the menu of the three
 * languages, and the dialog's frame and title saying it loads.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from './support/browser.js';
import { newPage as openPage, useJourney } from './support/session.js';
import { PHONE, expectFingerTargets, scriptsBeforeLoad } from './support/ui.js';

const journey = useJourney('first-tap-');
let bookPath = '';
const newPage = (options: { locale?: string; width?: number } = {}) =>
  openPage(journey.browser, journey.contexts, { width: PHONE.width, ...options });

beforeAll(async () => {
  const listed = (await (await fetch(`${journey.server.url}/api/book?pageNo=1&limit=10`)).json()) as {
    data: { books: { jsbn_number: string }[] };
  };
  bookPath = `/jsbn/${listed.data.books[0]!.jsbn_number}`;
});

/** The scripts the page has fetched, by path, and whether each was asked for before the page's load event began. */
const scripts = (page: Page) =>
  page.evaluate(() => {
    const loadStart = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
    return performance
      .getEntriesByType('resource')
      .flatMap((entry) =>
        entry.name.endsWith('.js')
          ? [{ path: new URL(entry.name).pathname, beforeLoad: loadStart === 0 || entry.startTime < loadStart }]
          : [],
      );
  });

/** A phone that asks to save data (`navigator.connection.saveData`, as Chrome's Lite mode or a data saver sets it). */
async function savingData(page: Page) {
  await page.addInitScript(() =>
    Object.defineProperty(Object.getPrototypeOf((navigator as Navigator & { connection: object }).connection), 'saveData', {
      get: () => true,
    }),
  );
}

/** Holds the app's start module on its way until the returned function is called: what shows meanwhile is the entry's alone. */
async function holdApp(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('the first tap on a page rendered on the server', () => {
  it('1. fetches the app in the background once the page has loaded: the start, the page, then its dialogs', async () => {
    const page = await newPage();
    const start = page.waitForRequest(/\/assets\/start-[\w-]+\.js$/);
    const later = page.waitForRequest(/\/assets\/share-dialog-[\w-]+\.js$/);
    await page.goto(`${journey.server.url}${bookPath}`);
    await start;
    await later;
    // before load: the entry script alone
    expect(await scriptsBeforeLoad(page)).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/)]);
    // after it: the app's start and the book page's chunk, then its dialogs, as module preloads that ran nothing
    const after = async () => (await scripts(page)).filter((script) => !script.beforeLoad).map((script) => script.path);
    await expect
      .poll(after)
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^\/assets\/start-/),
          expect.stringMatching(/^\/assets\/book-detail-page-/),
          expect.stringMatching(/^\/assets\/share-dialog-/),
        ]),
      );
    expect(await page.locator('head link[rel="modulepreload"][href*="/assets/start-"]').count()).toBe(1);
    expect(await page.locator('#root').getAttribute('data-server-made')).toBe('');
    expect(await page.locator('template#jsbn-app-modules').count()).toBe(0);
  });

  it("2. fetches the page's language with it: a Gujarati page its catalogue", async () => {
    const page = await newPage({ locale: 'gu-IN' });
    const catalogue = page.waitForRequest(/\/assets\/gu-[\w-]+\.js$/);
    await page.goto(`${journey.server.url}${bookPath}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('gu');
    await catalogue;
    await expect.poll(async () => (await scripts(page)).find((script) => /^\/assets\/gu-/.test(script.path))?.beforeLoad).toBe(false);
  });

  it('3. fetches nothing more when the browser asks to save data; a tap then shows at once that it waits, and is answered', async () => {
    const page = await newPage();
    await savingData(page);
    await page.goto(`${journey.server.url}${bookPath}`);
    await expect.poll(() => page.locator('template#jsbn-app-modules').getAttribute('data-skipped')).toBe('save-data');
    expect((await scripts(page)).map((script) => script.path)).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/)]);
    expect(await page.locator('head > link[rel="modulepreload"]').count()).toBe(0);

    // the app is held on its way: the tapped button says at once that the tap was received
    const release = await holdApp(page);
    const order = page.getByRole('button', { name: 'Report a problem with this book' });
    await order.click();
    await expect.poll(() => order.getAttribute('data-app-waiting')).toBe('');
    expect(await order.evaluate((button) => getComputedStyle(button).cursor)).toBe('progress');
    await snap(page, 'first-tap-waiting-390');
    release();
    // the app is there: it answers the tap (its own dialog in place of the frame shown meanwhile), and the button is itself again
    await expect.poll(() => page.locator('.MuiDialog-root[role="presentation"] [role="dialog"]').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('dialog', { name: 'Report a problem with this book' }).count()).toBe(1);
    expect(await page.locator('[data-app-waiting]').count()).toBe(0);
    await snap(page, 'first-tap-answered-390');
  });

  it("4. answers a tap on the language switcher at once, before the app is there, and 'Order Book as Reader' is a link; a language chosen then is the app's to set", async () => {
    for (const width of [PHONE.width, 1366]) {
      const page = await newPage({ width });
      await savingData(page);
      // the app never comes until released: what shows meanwhile is the entry's and the early answers' alone
      const release = await holdApp(page);
      await page.goto(`${journey.server.url}${bookPath}`);
      const switcher = page.getByRole('button', { name: /^Choose the language of the site/ });
      await switcher.click();
      const menu = page.getByRole('menu', { name: 'Choose the language of the site' });
      await expect.poll(() => menu.isVisible()).toBe(true);
      expect(await menu.getByRole('menuitemradio').allTextContents()).toEqual(['English', 'ગુજરાતી', 'हिन्दी']);
      expect(await menu.getByRole('menuitemradio', { checked: true }).textContent()).toBe('English');
      expect(await page.locator('#root').getAttribute('aria-busy')).toBe('true');
      // a finger's size on a phone (decision 029), its entries as the app's menu's
      if (width === PHONE.width) await expectFingerTargets(page, 'the language menu before the app, 390 px');
      await snap(page, `first-tap-early-menu-${width}`);
      // a choice waits for the app, which makes it as its own switcher does
      const gujarati = menu.getByRole('menuitemradio', { name: 'ગુજરાતી' });
      await gujarati.click();
      await expect.poll(() => gujarati.getAttribute('data-app-waiting')).toBe('');
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      release();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('gu');
      await expect.poll(() => menu.count()).toBe(0);
      await expect.poll(() => page.getByRole('link', { name: 'વાચક તરીકે મંગાવો' }).isVisible()).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('jsbn.language'))).toBe('gu');
      expect((await page.context().cookies()).find((cookie) => cookie.name === 'jsbn_language')?.value).toBe('gu');
    }

    // 'Order Book as Reader' is a link to its page, which the browser opens without the app (decision 066)
    const page = await newPage({ width: PHONE.width, locale: 'hi-IN' });
    await savingData(page);
    const release = await holdApp(page);
    await page.goto(`${journey.server.url}${bookPath}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    await page.getByRole('link', { name: 'पाठक के रूप में मँगाएँ' }).click();
    await page.waitForURL(`${journey.server.url}${bookPath}/reader-order`);
    await expect.poll(() => page.getByRole('button', { name: 'प्रकाशक को अनुरोध भेजें' }).isVisible()).toBe(true);
    release();
  });

  it('5. a page the app renders itself (signed out, not server-made) preloads the app at once, as before', async () => {
    const page = await newPage();
    await page.goto(`${journey.server.url}/about`);
    await expect.poll(() => page.locator('head > link[rel="modulepreload"][href*="/assets/start-"]').count()).toBe(1);
    expect(await page.locator('template#jsbn-app-modules').count()).toBe(0);
  });
});
