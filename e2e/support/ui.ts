/** Steps the journeys share: waiting for a page, screenshots, choosing in an MUI select, logging in, finding a toast. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@jsbn/shared';
import { apiCall, apiToken } from './api.js';
import { axeViolations } from './axe.js';
import { snap } from './browser.js';

export type LoginTab = 'Publisher Login' | 'Library Login';

/**
 * Waits until the page has rendered its main content and its fonts: a <main> (the app has
 * started), no loading spinner (the lazy page or a LoadingState) and no 'Loading...' status line
 * (a list refetching) in it.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // a page the server did not render is empty until the app has started: on a busy machine the
  // network can be quiet for 500 ms while the app's script is still being parsed
  await page.locator('main').first().waitFor({ state: 'attached' });
  const status = page.locator('main [role="status"]');
  const loading = status.filter({ has: page.locator('.MuiCircularProgress-root') }).or(status.filter({ hasText: MSG.loading }));
  await expect.poll(() => loading.count()).toBe(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * Waits for the page's fonts, then wakes the app on a page the server rendered (the pointer over
 * `main`, as a visitor's finger would) and waits until it has taken the page over
 * (`#root[data-app-live]`, main.tsx): from then on a tap is answered by the app, and lands where
 * it was aimed. (A Gujarati font arriving after the hydration widens the status tabs; MUI's tab
 * row then scrolls its selected tab back into view, over 0.3 s, under a tap aimed at another.)
 */
export async function appLive(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.locator('main').first().hover();
  // Playwright's own wait: this also runs in a file's beforeAll, where expect.poll may not
  await page.locator('#root[data-app-live]').waitFor({ state: 'attached' });
  // the app's first render can ask for a face the server's page did not use (a bold Gujarati
  // tab): the browser starts loading it when it lays the page out, so two frames on, then the fonts
  await page.evaluate(() =>
    new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))).then(() =>
      document.fonts.ready.then(() => undefined),
    ),
  );
}

/**
 * Waits until every finite CSS transition and animation on the page has ended — a dialog's or
 * the drawer's entrance, a scroll into view — which is what a user waits for before reading the
 * screen. Endless ones (a spinner) are not waited for.
 */
export async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
}

/** A phone's viewport. */
export const PHONE = { width: 390, height: 844 };

/**
 * On a phone: the page does not scroll sideways, and every control of the first row of the
 * list (buttons, links, boxes, switches, quantity fields) lies inside the viewport and is the
 * element a tap at its centre reaches. Returns how many controls it checked.
 */
export async function expectFirstRowUsable(page: Page): Promise<number> {
  const report = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const row = document.querySelector('tbody tr');
    const controls = row
      ? Array.from(row.querySelectorAll<HTMLElement>('button, a[href], input, [role="switch"]')).filter(
          (element) => element.getClientRects().length > 0,
        )
      : [];
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width)
      problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const control of controls) {
      control.scrollIntoView({ block: 'center' });
      const box = control.getBoundingClientRect();
      const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
      if (box.left < 0 || box.right > width) problems.push(`${name}: ${Math.round(box.left)}–${Math.round(box.right)} outside 0–${width}`);
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      // a visually hidden input (checkbox, switch) is reached through its visible box
      const target = control.tagName === 'INPUT' ? control.parentElement : control;
      if (!hit || !(target?.contains(hit) || hit.contains(control))) problems.push(`${name}: a tap reaches ${hit?.tagName ?? 'nothing'}`);
    }
    return { problems, checked: controls.length };
  });
  expect(report.problems).toEqual([]);
  return report.checked;
}

/**
 * Opens `url` (and clicks `tab`) at 1280 and 390 px, saves both screenshots as <name>-<width>,
 * adds axe's violations at 1280 to `violations` when given, checks at 390 px that the first
 * row's controls are on screen (`expectFirstRowUsable`), and leaves the page at 1280 px.
 */
export async function shoot(page: Page, url: string, name: string, options: { tab?: string; violations?: string[] } = {}): Promise<void> {
  for (const width of [1280, PHONE.width]) {
    await page.setViewportSize({ width, height: width === PHONE.width ? PHONE.height : 900 });
    await page.goto(url);
    await settle(page);
    if (options.tab) {
      await page.getByRole('tab', { name: options.tab }).click();
      await settle(page);
    }
    await snap(page, `${name}-${width}`);
    if (options.violations && width === 1280) options.violations.push(...(await axeViolations(page)));
    if (width === PHONE.width) await expectFirstRowUsable(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Chooses `option` in the MUI select labelled `label` (its accessible name is the label and the value). */
export async function pick(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${label}(\\s|$)`) }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * Types `typed` into the MUI Autocomplete labelled `label` (a city typed in English on a Gujarati
 * form) and chooses `option` among the options it finds.
 */
export async function pickTyped(page: Page, label: string, typed: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${label}(\\s|$)`) }).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** Logs in on `baseUrl`/login with the tab and account given, and waits for the home page. */
export async function login(page: Page, baseUrl: string, tab: LoginTab, account: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  // the page is the server's: its form is the app's once it has hydrated (decision 066)
  await appLive(page);
  await page.getByRole('tab', { name: tab }).click();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/** Where the app keeps its session in localStorage (apps/web/src/api/session-keys.ts). */
const SESSION_KEYS = { token: 'authToken', user: 'userData' } as const;

/**
 * Signs `account` in through the API — POST /api/user/login, then GET /api/user/me, as the
 * login form does — keeps the session where the app keeps it (localStorage, SESSION_KEYS) and
 * opens `open`, the home page unless told: where `login` arrives, without the form's page loads
 * and typing. The journeys use it; the accounts journey logs in by the form, which it tests.
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  tab: LoginTab,
  account: { email: string; password: string },
  open = '/',
): Promise<void> {
  const token = await apiToken(baseUrl, account, tab === 'Publisher Login' ? 'PUBLISHER' : 'LIBRARY');
  const me = await apiCall<unknown>(baseUrl, '/user/me', { token });
  expect(me.status).toBe(200);
  // localStorage belongs to the origin: any small reply of the server opens it
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate(
    ([keys, session]) => {
      localStorage.setItem(keys.token, session.token);
      localStorage.setItem(keys.user, session.user);
    },
    [SESSION_KEYS, { token, user: JSON.stringify(me.data) }] as const,
  );
  await page.goto(`${baseUrl}${open}`);
}

/**
 * Chooses `lng` for `page`'s browser as the language switcher's cookie does (`jsbn_language`,
 * apps/web/src/i18n): the server renders the next page in it and the app starts in it, unless
 * the page's localStorage holds another choice (`jsbn.language`, which the switcher also writes).
 * No page load; the account's language is left as it is.
 */
export async function setLanguage(page: Page, baseUrl: string, lng: 'en' | 'gu' | 'hi'): Promise<void> {
  await page.context().addCookies([{ name: 'jsbn_language', value: lng, url: baseUrl }]);
}

/** The toast (notistack snackbar) showing `text` (a string it contains, or a pattern). */
export const toast = (page: Page, text: string | RegExp) => page.locator('#notistack-snackbar', { hasText: text }).first();

/** The smallest target a finger is given (decision 029; WCAG 2.5.5): 44 × 44 CSS px. */
export const FINGER_PX = 44;

/**
 * Every control on screen a finger may use — buttons, links, tabs, boxes, fields and selects, in
 * the open dialog when there is one (the page behind it is hidden from use) — measured by its box
 * (a check box by the box drawn around it): those smaller than 44 × 44 CSS px, as 'name: w×h'.
 * Controls hidden from sight (display, visibility, a visually hidden header row or file input) are left out.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const hidden = (element: Element) => {
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.clip === 'rect(0px, 0px, 0px, 0px)' || node.getAttribute('aria-hidden') === 'true') return true;
      }
      return false;
    };
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>(
        'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="checkbox"], [role="combobox"]',
      ),
    );
    const small: string[] = [];
    for (const control of controls) {
      if (!control.checkVisibility({ checkVisibilityCSS: true }) || hidden(control) || control.classList.contains('MuiSelect-nativeInput'))
        continue;
      const target =
        control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio') ? control.parentElement! : control;
      const box = target.getBoundingClientRect();
      // a visually hidden input (a file input) is reached through the button that opens it
      if (box.width <= 1 && box.height <= 1) continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim() || control.tagName;
        small.push(`${name.slice(0, 60)}: ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  }, FINGER_PX);
}

/** Fails naming each control on screen smaller than a finger's 44 × 44 px (`smallTargets`); `where` names the screen in the message. */
export async function expectFingerTargets(page: Page, where: string): Promise<void> {
  expect(await smallTargets(page), `controls smaller than ${FINGER_PX} px on ${where}`).toEqual([]);
}

/**
 * The scripts (paths) a page asked for before its `load` event began — all of them while it has
 * not loaded yet. A page rendered on the server asks for its entry script alone; the app's chunks
 * follow in the background after load (decision 031).
 */
export const scriptsBeforeLoad = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const loadStart = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
    return performance
      .getEntriesByType('resource')
      .flatMap((entry) =>
        entry.name.endsWith('.js') && (loadStart === 0 || entry.startTime < loadStart) ? [new URL(entry.name).pathname] : [],
      );
  });

/**
 * After 'Confirm order': waits for the orders page the app opens once the orders are stored
 * (every publisher's order and its letter). 60 s, not a page's 20: beside the unit tests
 * (decision 058) it took longer than 20 s on a machine at load 20–30.
 */
export async function ordersOpened(page: Page, baseUrl: string): Promise<void> {
  await page.waitForURL(`${baseUrl}/orders`, { timeout: 60_000 });
}
