/**
 * A withdrawn book's QR page (decisions 043, 072) in English, Gujarati and Hindi: the server
 * answers 410 with the app's own render — the site's layout, 'This JSBN was withdrawn', the
 * book's title, when and why, and 'See JSBN …' linking to the book it duplicates — and the page
 * stays so once the app has hydrated it (it once hydrated into 'Loading…'). Without JavaScript
 * the same page is read. Screenshots at 390 and 1366 px are saved under WITHDRAWN_SHOTS
 * (default /tmp/i4548/withdrawn).
 */
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import enBooks from '../apps/web/src/locales/en/books.json' with { type: 'json' };
import guBooks from '../apps/web/src/locales/gu/books.json' with { type: 'json' };
import hiBooks from '../apps/web/src/locales/hi/books.json' with { type: 'json' };
import guMessages from '../packages/shared/src/locales/gu/messages.json' with { type: 'json' };
import hiMessages from '../packages/shared/src/locales/hi/messages.json' with { type: 'json' };
import { apiCall, type ListedBook } from './support/api.js';
import { newPage, useJourney } from './support/session.js';
import { PHONE, appLive, settle } from './support/ui.js';

const ROOT = new URL('../', import.meta.url).pathname;
const SHOTS = process.env.WITHDRAWN_SHOTS ?? '/tmp/i4548/withdrawn';
const OPERATOR = { email: 'withdraw.ops@example.test', password: 'Seva@2026' };
const REASON = 'Registered twice';

const WORDS = {
  en: { books: enBooks, messages: {} as Record<string, string> },
  gu: { books: guBooks, messages: guMessages as Record<string, string> },
  hi: { books: hiBooks, messages: hiMessages as Record<string, string> },
};

/** `template`'s `{{name}}` filled from `values`, as i18next and the API's catalogue fill it. */
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');

let operatorSecret = '';

/** Adds the operator with the built `operator:add`, on the journey's database before its server opens it. */
async function addOperator(env: NodeJS.ProcessEnv): Promise<void> {
  const printed = await new Promise<string>((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['apps/api/dist/scripts/operator-add.js', OPERATOR.email, '--password-stdin', '--print-secret'],
      { cwd: ROOT, env: { ...env, PUBLIC_URL: 'http://operator.test' }, timeout: 170_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    );
    child.stdin!.end(`${OPERATOR.password}\n`);
  });
  operatorSecret = /TOTP secret: ([A-Z2-7]+)/.exec(printed)![1]!;
}

const journey = useJourney('failed-withdrawn-', { beforeStart: addOperator });

describe("a withdrawn book's QR page", () => {
  let withdrawn: ListedBook;
  let original: ListedBook;
  /** The duplicated book's JSBN as the 410 names it (formatted). */
  let seeJsbn: string;

  beforeAll(async () => {
    const base = journey.server.url;
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...OPERATOR, modelType: 'OPERATOR', totp: await generate({ secret: operatorSecret }) }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const token = ((await login.json()) as { data: { accessToken: { access_token: string } } }).data.accessToken.access_token;
    const { books } = (await apiCall<{ books: ListedBook[] }>(base, '/book?limit=10')).data;
    [original, withdrawn] = [books[0]!, books[1]!];
    const reply = await apiCall(base, `/operator/books/${withdrawn.id}/withdraw`, {
      token,
      method: 'POST',
      body: { reason: REASON, duplicate_of_jsbn: original.jsbn_number },
    });
    expect(reply.status).toBe(200);
    const gone = await fetch(`${base}/api/book/listing/jsbn/${encodeURIComponent(withdrawn.jsbn_number)}`);
    expect(gone.status).toBe(410);
    seeJsbn = ((await gone.json()) as { data: { see_jsbn: string } }).data.see_jsbn;
  }, 180_000);

  for (const language of ['en', 'gu', 'hi'] as const) {
    it(`${language}: 410 rendered by the app with the title, the notice and the link, and so after hydration`, async () => {
      const { books, messages } = WORDS[language];
      const base = journey.server.url;
      const page = await newPage(journey.browser, journey.contexts, { width: PHONE.width });
      await page.context().addCookies([{ name: 'jsbn_language', value: language, url: base }]);
      const answer = await page.goto(`${base}/jsbn/${withdrawn.jsbn_number}`);
      expect(answer?.status()).toBe(410);
      const html = await answer!.text();
      // rendered by the app (its scripts, not the plain card without them), the book's title in the server's page
      expect(html).toContain('<script type="module"');
      expect(html).toContain(`<html lang="${language}"`);
      expect(html).toContain('data-withdrawn-title');
      await appLive(page);
      const see = fill(books.withdrawn.see, { jsbn: seeJsbn });
      const expectShown = async () => {
        await page.getByRole('heading', { level: 1, name: books.withdrawn.title }).waitFor();
        expect(await page.locator('[data-withdrawn-title]').textContent()).toBe(withdrawn.book_title);
        expect(await page.locator('[data-withdrawn-notice]').textContent()).toMatch(
          new RegExp(
            `${fill(messages['This JSBN was withdrawn on {{date}}: {{reason}}'] ?? 'This JSBN was withdrawn on {{date}}: {{reason}}', { date: '\\d{2}/\\d{2}/\\d{4}', reason: REASON })}$`,
          ),
        );
        const link = page.getByRole('link', { name: see });
        expect(await link.getAttribute('href')).toBe(`/jsbn/${seeJsbn}`);
        expect(await page.getByRole('banner').count()).toBeGreaterThan(0);
        expect(await page.getByRole('progressbar').count()).toBe(0);
      };
      await expectShown();
      await settle(page);
      await expectShown();
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/withdrawn-${language}-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1366, height: 900 });
      await settle(page);
      await page.screenshot({ path: `${SHOTS}/withdrawn-${language}-1366.png`, fullPage: true });
      // the link opens the book it duplicates in the app
      await page.getByRole('link', { name: see }).click();
      await page.waitForURL(`${base}/jsbn/${seeJsbn}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.locator('[data-withdrawn-notice]').count()).toBe(0);
    });
  }

  it('without JavaScript the same page is read', async () => {
    const base = journey.server.url;
    const page = await newPage(journey.browser, journey.contexts, { width: PHONE.width, javaScript: false });
    await page.context().addCookies([{ name: 'jsbn_language', value: 'gu', url: base }]);
    const answer = await page.goto(`${base}/jsbn/${withdrawn.jsbn_number}`);
    expect(answer?.status()).toBe(410);
    await page.getByRole('heading', { level: 1, name: guBooks.withdrawn.title }).waitFor();
    expect(await page.locator('[data-withdrawn-title]').textContent()).toBe(withdrawn.book_title);
    const see = page.getByRole('link', { name: fill(guBooks.withdrawn.see, { jsbn: seeJsbn }) });
    expect(await see.getAttribute('href')).toBe(`/jsbn/${seeJsbn}`);
    await page.screenshot({ path: `${SHOTS}/withdrawn-gu-nojs-390.png`, fullPage: true });
  });
});
