/**
 * The first tap on a page rendered on the server (decisions 031, 066, 078): nothing but the small
 * entry script loads before the page's `load` event; then, the browser idle, the app's chunks (the
 * start's, the page's, its language's, then its dialogs') are fetched in the background and the
 * app is prepared; the first interaction hydrates the page within its own listener, so the tap
 * that follows is the app's — when the browser asks to save data, that first interaction fetches
 * and prepares the app too. A tap before the app is there is answered by the browser: the
 * language link and 'Order Book as Reader' open the server's page. What a visitor typed into the
 * server's login or reader's order form before the app hydrated it is still there after, and the
 * app sends it. 'Open menu' is a link to the footer's menu until the app opens the drawer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOOK_MSG, todayIso } from '@jsbn/shared';
import { snap } from './support/browser.js';
import { newPage as openPage, useJourney } from './support/session.js';
import { PHONE, appLive, scriptsBeforeLoad, transitionsDone } from './support/ui.js';

const LIBRARY = { email: 'library@demo.jsbn', password: 'Demo@1234' };

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

/** Holds the app's start module on its way until the returned function is called: until then the page is the server's alone. */
async function holdApp(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Marks the page's window: the mark is gone after a page load, and stays while the app answers in place. */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { jsbnSamePage: true }));
const sameWindow = (page: Page) => page.evaluate(() => 'jsbnSamePage' in window);
/** Whether the app has hydrated the page (`#root[data-app-live]`, main.tsx). */
const isLive = (page: Page) => page.locator('#root[data-app-live]').count();

describe('the first tap on a page rendered on the server', () => {
  it("1. fetches and prepares the app in the background once the page has loaded; the first tap hydrates the page and is the app's", async () => {
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
    // prepared at idle, hydrated at no idle moment: nothing is hydrated before the reader acts (decision 078)
    await page.locator('#root[data-app-ready]').waitFor({ state: 'attached' });
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
    expect(await isLive(page)).toBe(0);
    // the first tap on a control only the app answers, with no wait for the app: the pointer's first
    // event hydrates the page within its listener, so the click after it is the app's
    await page.getByRole('button', { name: 'Report a problem with this book' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Report a problem with this book' }).isVisible()).toBe(true);
  });

  it("2. fetches the page's language with it: a Gujarati page its catalogue", async () => {
    const page = await newPage({ locale: 'gu-IN' });
    const catalogue = page.waitForRequest(/\/assets\/gu-[\w-]+\.js$/);
    await page.goto(`${journey.server.url}${bookPath}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('gu');
    await catalogue;
    await expect.poll(async () => (await scripts(page)).find((script) => /^\/assets\/gu-/.test(script.path))?.beforeLoad).toBe(false);
  });

  it('3. fetches nothing more when the browser asks to save data; the first interaction hydrates the page, which answers the tap', async () => {
    const page = await newPage();
    await savingData(page);
    await page.goto(`${journey.server.url}${bookPath}`);
    await expect.poll(() => page.locator('template#jsbn-app-modules').getAttribute('data-skipped')).toBe('save-data');
    expect((await scripts(page)).map((script) => script.path)).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/)]);
    expect(await page.locator('head > link[rel="modulepreload"]').count()).toBe(0);
    expect(await isLive(page)).toBe(0);
    // the pointer over the page starts the app, which hydrates it and answers the tap
    await appLive(page);
    await page.getByRole('button', { name: 'Report a problem with this book' }).click();
    await expect.poll(() => page.locator('.MuiDialog-root[role="presentation"] [role="dialog"]').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('dialog', { name: 'Report a problem with this book' }).count()).toBe(1);
    // the dialog as the reader sees it once it has come in: the screen, not the whole page behind it
    await transitionsDone(page);
    await snap(page, 'first-tap-answered-390', { screen: true });
  });

  it("4. a tap on the language switcher, a language link or 'Order Book as Reader' before the app is there is the browser's", async () => {
    for (const width of [PHONE.width, 1366]) {
      const page = await newPage({ width });
      // the app never comes until released: the page is the server's alone
      const release = await holdApp(page);
      await page.goto(`${journey.server.url}${bookPath}`);
      // the app bar's switcher is a link to the footer's language links until the app opens its menu
      await page.getByRole('link', { name: 'Choose the language of the site: English' }).click();
      await page.waitForURL(`${journey.server.url}${bookPath}#site-languages`);
      const inView = () =>
        page.locator('#site-languages').evaluate((nav) => {
          const box = nav.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        });
      await expect.poll(inView).toBe(true);
      await page.getByRole('link', { name: 'ગુજરાતી', exact: true }).click();
      await page.waitForURL(`${journey.server.url}${bookPath}?lang=gu`);
      expect(await page.locator('html').getAttribute('lang')).toBe('gu');
      expect(await isLive(page)).toBe(0);
      await expect.poll(() => page.getByRole('link', { name: 'વાચક તરીકે મંગાવો' }).isVisible()).toBe(true);
      expect((await page.context().cookies()).find((cookie) => cookie.name === 'jsbn_language')?.value).toBe('gu');
      await snap(page, `first-tap-language-link-${width}`);
      release();
    }

    // 'Order Book as Reader' is a link to its page, which the browser opens without the app (decision 066)
    const page = await newPage({ width: PHONE.width, locale: 'hi-IN' });
    const release = await holdApp(page);
    await page.goto(`${journey.server.url}${bookPath}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    await page.getByRole('link', { name: 'पाठक के रूप में मँगाएँ' }).click();
    await page.waitForURL(`${journey.server.url}${bookPath}/reader-order`);
    await expect.poll(() => page.getByRole('button', { name: 'प्रकाशक को अनुरोध भेजें' }).isVisible()).toBe(true);
    expect(await isLive(page)).toBe(0);
    release();
  });

  it('5. a page the app renders itself (signed out, not server-made) preloads the app at once, as before', async () => {
    const page = await newPage();
    await page.goto(`${journey.server.url}/about`);
    await expect.poll(() => page.locator('head > link[rel="modulepreload"][href*="/assets/start-"]').count()).toBe(1);
    expect(await page.locator('template#jsbn-app-modules').count()).toBe(0);
  });

  it("6. what was typed into the server's login before the app hydrated it stays, and the app signs in with it", async () => {
    const page = await newPage();
    const release = await holdApp(page);
    await page.goto(`${journey.server.url}/login?as=library`);
    expect(await page.locator('#root').getAttribute('data-server-made')).toBe('');
    await page.getByLabel('Email', { exact: true }).fill(LIBRARY.email);
    await page.getByLabel('Password', { exact: true }).fill(LIBRARY.password);
    expect(await isLive(page)).toBe(0);
    await markWindow(page);
    release();
    await appLive(page);
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(LIBRARY.email);
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(LIBRARY.password);
    await snap(page, 'first-tap-login-hydrated-390');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => page.getByTestId('logged-in-as').textContent()).toBe('Logged in as Library');
    // the app sent it (the same window), not the browser's post
    expect(await sameWindow(page)).toBe(true);
  });

  it("7. what was typed into the server's reader's order form before the app hydrated it stays, and the app sends it", async () => {
    const page = await newPage();
    const release = await holdApp(page);
    await page.goto(`${journey.server.url}${bookPath}/reader-order`);
    const [year, month, day] = todayIso().split('-');
    const typed = {
      Name: 'Kiran Mehta',
      'Mobile number': '9825067890',
      Email: 'kiran@example.test',
      Message: 'Two copies, please.',
      'Needed by (date)': `${day}/${month}/${year}`,
    };
    for (const [label, value] of Object.entries(typed)) await page.getByLabel(label, { exact: true }).fill(value);
    expect(await isLive(page)).toBe(0);
    await markWindow(page);
    release();
    await appLive(page);
    for (const [label, value] of Object.entries(typed)) expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(value);
    await snap(page, 'first-tap-reader-order-hydrated-390');
    await page.getByRole('button', { name: 'Send the request to the publisher' }).click();
    await page.waitForURL(`${journey.server.url}${bookPath}/reader-order?sent=1`);
    expect(await page.getByTestId('reader-order-sent').textContent()).toContain('was sent to the publisher');
    expect(await sameWindow(page)).toBe(true);
  });

  it("7b. the server's answer to a reader's order posted before the app is hydrated as it is; typed as the app comes, a date goes where it is typed", async () => {
    const page = await newPage();
    const release = await holdApp(page);
    await page.goto(`${journey.server.url}${bookPath}/reader-order`);
    // posted before the app is there: the server answers with the page and its messages
    await page.getByRole('button', { name: 'Send the request to the publisher' }).click();
    await expect.poll(() => page.getByText(BOOK_MSG.dateRequired, { exact: true }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${journey.server.url}${bookPath}/reader-order`);
    release();
    await page.locator('#root[data-app-ready]').waitFor({ state: 'attached' });
    expect(await isLive(page)).toBe(0);
    const date = page.getByLabel('Needed by (date)', { exact: true });
    await date.evaluate((input) => Object.assign(input, { jsbnServerInput: true }));
    // the reader taps the date field and types at once: the tap hydrates the page
    const [year, month, day] = todayIso().split('-');
    await date.click();
    await page.keyboard.type(`${day}${month}${Number(year) + 1}`);
    await appLive(page);
    expect(await date.inputValue()).toBe(`${day}/${month}/${Number(year) + 1}`);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    // the same field, still the focused one: the app took over the server's page, not redrew it
    expect(await date.evaluate((input) => input === document.activeElement && 'jsbnServerInput' in input)).toBe(true);
    expect(await page.getByText(BOOK_MSG.nameRequired, { exact: true }).isVisible()).toBe(true);
    // sent by the app now, an empty Name is refused in place, and the focus goes to it
    await page.getByRole('button', { name: 'Send the request to the publisher' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    expect(page.url()).toBe(`${journey.server.url}${bookPath}/reader-order`);
  });

  it("8. what was typed into any field of a server page before the app hydrated it is the app's too: the search box searches it", async () => {
    const page = await newPage();
    const release = await holdApp(page);
    await page.goto(`${journey.server.url}/search-a-book`);
    await page.getByLabel('Search by title or keyword').fill('Kalpasutra');
    expect(await isLive(page)).toBe(0);
    await markWindow(page);
    release();
    await appLive(page);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('region', { name: 'Search results' });
    await expect.poll(() => results.getByText('કલ્પસૂત્ર').first().isVisible()).toBe(true);
    // the app searched in place: no page load, no '?query=' asked of the server
    expect(await sameWindow(page)).toBe(true);
  });

  it("9. 'Open menu' before the app leads to the footer's menu; once the app has hydrated the page, it opens the drawer", async () => {
    const page = await newPage();
    const release = await holdApp(page);
    await page.goto(`${journey.server.url}${bookPath}`);
    await page.getByRole('banner').getByRole('link', { name: 'Open menu' }).click();
    await page.waitForURL(`${journey.server.url}${bookPath}#site-menu`);
    expect(await page.getByRole('navigation', { name: 'Menu', exact: true }).isVisible()).toBe(true);
    expect(await isLive(page)).toBe(0);
    release();
    await appLive(page);
    await page.getByRole('banner').getByRole('link', { name: 'Open menu' }).click();
    await expect.poll(() => page.locator('.MuiDrawer-paper').isVisible()).toBe(true);
  });
});
