/**
 * The back office's door (decision 041) in Debian's Chromium against the built app: an operator
 * made on the server (`operator:add`) sets the first password by the printed link, enrols an
 * authenticator app from the QR code at 390 px, and reaches the dashboard; an operator made with
 * --password-stdin --print-secret logs in with a code in Gujarati; other roles and visitors are kept out, and
 * the public login has no operator tab. A publisher not yet verified reads on its home page that it
 * waits for review, and its book's page says so, in English, Gujarati and Hindi; the verification
 * card says what to check, the e-mail confirmed with its date among it, in the three languages.
 * Screenshots at 390 and 1366 px in e2e/artifacts.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsqrModule from 'jsqr';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_TIME_ZONE } from '@jsbn/shared';
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import enHome from '../apps/web/src/locales/en/home.json' with { type: 'json' };
import enModeration from '../apps/web/src/locales/en/operatorModeration.json' with { type: 'json' };
import guCommon from '../apps/web/src/locales/gu/common.json' with { type: 'json' };
import guHome from '../apps/web/src/locales/gu/home.json' with { type: 'json' };
import guModeration from '../apps/web/src/locales/gu/operatorModeration.json' with { type: 'json' };
import hiCommon from '../apps/web/src/locales/hi/common.json' with { type: 'json' };
import hiHome from '../apps/web/src/locales/hi/home.json' with { type: 'json' };
import hiModeration from '../apps/web/src/locales/hi/operatorModeration.json' with { type: 'json' };
import { snap, workerBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { latinWords, shownText } from './support/native.js';
import { newPage } from './support/session.js';
import { PHONE, login, setLanguage, settle, signIn, toast } from './support/ui.js';
import { apiCall, apiToken, bookByJsbn } from './support/api.js';

const ROOT = new URL('../', import.meta.url).pathname;
const SCRIPTED = { email: 'scripted.ops@example.test', password: 'Vyavastha@2026' };
const NEWCOMER = { email: 'new.ops@example.test', password: 'Pratham@2026' };
/** The operator of the back office's journey, in English (SCRIPTED's account takes Gujarati at its door). */
const ON_DUTY = { email: 'duty.ops@example.test', password: 'Seva@2026' };
const DEMO_PUBLISHER = { email: 'publisher@demo.jsbn', password: 'Demo@1234', name: 'Shri Jain Sahitya Prakashan Trust' };
const OTHER_PUBLISHER = { email: 'jinvani@demo.jsbn', password: 'Demo@1234' };
/** The same work registered again by another publisher, in Devanagari (the demo's is in Gujarati). */
const SECOND_KALPASUTRA = {
  book_title: 'कल्पसूत्र',
  book_e_title: 'Kalpa Sutra',
  author_name_1: 'Bhadrabahu Swami',
  author_type_1: 'Author',
  language: 'Gujarati (ગુજરાતી)',
  publication_year: '2020',
  pages: '300',
  type: 'આગમ — Agam (canonical text)',
  subjects: 'Agam',
  currency: 'INR',
  price_kind: 'Free',
  readers: 'No',
};
const WITHDRAW_REASON = 'Registered by mistake for another trust';

/** What the history shows in each language: the book form's labels, the book page's words and the record's. */
const HISTORY_WORDS = {
  en: {
    history: 'History',
    swaroop: 'Swaroop',
    agam: 'આગમ — Agam (canonical text)',
    cover: 'Book cover',
    added: 'Added',
    language: 'Language',
    gujarati: 'Gujarati',
    verification: 'Verification',
    notVerified: 'Not yet verified',
    verified: 'Verified',
  },
  gu: {
    history: 'ઇતિહાસ',
    swaroop: 'સ્વરૂપ',
    agam: 'આગમ (મૂળ શાસ્ત્રગ્રંથ)',
    cover: 'પુસ્તકનું પૂંઠું',
    added: 'ઉમેર્યું',
    language: 'ભાષા',
    gujarati: 'ગુજરાતી',
    verification: 'ચકાસણી',
    notVerified: 'હજી ચકાસાયેલ નથી',
    verified: 'ચકાસાયેલ',
  },
  hi: {
    history: 'इतिहास',
    swaroop: 'स्वरूप',
    agam: 'आगम (मूल शास्त्र-ग्रंथ)',
    cover: 'पुस्तक का आवरण',
    added: 'जोड़ा गया',
    language: 'भाषा',
    gujarati: 'गुजराती',
    verification: 'सत्यापन',
    notVerified: 'अभी सत्यापित नहीं',
    verified: 'सत्यापित',
  },
} as const;

/** The texts a translator edits, of the pages this journey reads in each language: the publisher's home, the book page, the verification card. */
const CATALOGUES = {
  en: { common: enCommon, home: enHome, moderation: enModeration },
  gu: { common: guCommon, home: guHome, moderation: guModeration },
  hi: { common: hiCommon, home: hiHome, moderation: hiModeration },
} as const;
type Language = keyof typeof CATALOGUES;

/** `template` of a catalogue with its `{{variables}}` filled in. */
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => values[name]!);

/** A time as the app shows a date: DD/MM/YYYY in India's time (components/format.ts). */
const dateInIndia = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: APP_TIME_ZONE }).format(new Date(iso));

/**
 * The line of a book's page, as the server renders it in `lng` for every reader, that says its
 * publisher is not verified by JSBN yet; null when the page has none.
 */
async function notVerifiedLine(base: string, jsbn: string, lng: Language): Promise<string | null> {
  const reply = await fetch(`${base}/jsbn/${jsbn}`, { headers: { cookie: `jsbn_language=${lng}` } });
  expect(reply.status).toBe(200);
  return /data-testid="not-verified"[^>]*>([^<]*)</.exec(await reply.text())?.[1] ?? null;
}

/** Runs the built `operator:add` on `dataDir` (before the server opens its embedded database). */
function operatorAdd(dataDir: string, args: string[], stdin = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['apps/api/dist/scripts/operator-add.js', ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: 'http://operator.test', NODE_ENV: 'development' },
        timeout: 170_000,
      },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    );
    child.stdin!.end(stdin);
  });
}

const codeOf = (secret: string) => generate({ secret });

type JsQr = typeof jsqrModule.default;
/** jsqr's function, whether the module gives it as its default or as itself (CommonJS). */
const jsQR: JsQr = (jsqrModule as unknown as { default?: JsQr }).default ?? (jsqrModule as unknown as JsQr);

/** The text the QR code on screen holds (read from its pixels). */
async function qrText(page: Page): Promise<string | null> {
  const png = await page.getByTestId('totp-qr').screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

describe("the back office's door", () => {
  let dataDir: string;
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let scriptedSecret: string;
  let onDutySecret: string;
  let firstLink: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'jsbn-e2e-operator-'));
    const scripted = await operatorAdd(dataDir, [SCRIPTED.email, '--password-stdin', '--print-secret'], `${SCRIPTED.password}\n`);
    scriptedSecret = /TOTP secret: ([A-Z2-7]+)/.exec(scripted)![1]!;
    const onDuty = await operatorAdd(dataDir, [ON_DUTY.email, '--password-stdin', '--print-secret'], `${ON_DUTY.password}\n`);
    onDutySecret = /TOTP secret: ([A-Z2-7]+)/.exec(onDuty)![1]!;
    const newcomer = await operatorAdd(dataDir, [NEWCOMER.email]);
    firstLink = /^http:\/\/operator\.test(\/new-password\?token=\S+)$/m.exec(newcomer)![1]!;
    // every e-mail is refused at once (nothing listens on the discard port) and fails after one
    // try, so the back office has a message that could not be delivered to retry
    server = await startServer({ env: { DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:9', OUTBOX_MAX_ATTEMPTS: '1' } });
    browser = await workerBrowser();
    // two cold starts of the embedded database before the server's own, on a loaded machine
  }, 480_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a new operator sets the password by the link, enrols the authenticator from the QR code and reaches the dashboard, on a phone', async () => {
    const page = await newPage(browser, contexts, { width: PHONE.width });
    await page.goto(`${server.url}${firstLink}`);
    await page.getByLabel('New password', { exact: true }).fill(NEWCOMER.password);
    await page.getByLabel('Confirm new password').fill(NEWCOMER.password);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL(`${server.url}/operator/login`);

    await page.getByLabel('E-mail').fill(NEWCOMER.email);
    await page.getByLabel('Password', { exact: true }).fill(NEWCOMER.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Set up your authenticator app' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('totp-qr').isVisible()).toBe(true);
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    expect(await qrText(page)).toBe(`otpauth://totp/JSBN:new.ops%40example.test?secret=${secret}&issuer=JSBN`);
    await settle(page);
    await snap(page, 'operator-enrol-390');

    // a wrong code keeps the operator on the enrolment, saying why
    await page.getByTestId('totp').fill('000000');
    await page.getByRole('button', { name: 'Confirm and log in' }).click();
    await expect.poll(() => page.getByText('The code is wrong or has expired.', { exact: false }).isVisible()).toBe(true);
    await page.getByTestId('totp').fill(await codeOf(secret));
    await page.getByRole('button', { name: 'Confirm and log in' }).click();
    await page.waitForURL(`${server.url}/operator`);
    for (const queue of ['publishers', 'claims', 'reports', 'duplicates', 'failures'])
      await expect.poll(() => page.getByTestId(`queue-${queue}`).isVisible()).toBe(true);
    // the page fits the phone: nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await settle(page);
    await snap(page, 'operator-dashboard-390');

    // a tile leads to its page; logging out goes back to the door
    await page.getByTestId('queue-reports').click();
    await page.waitForURL(`${server.url}/operator/reports`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${server.url}/operator/login`);
  });

  it('an enrolled operator logs in with password and code in Gujarati, at 1366 px', async () => {
    const page = await newPage(browser, contexts, { width: 1366 });
    await page.goto(`${server.url}/operator/login`);
    // the language chosen at the door stays after logging in (it becomes the account's)
    await page.getByRole('button', { name: /Choose the language/ }).click();
    await page.getByRole('menuitemradio', { name: 'ગુજરાતી' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'JSBN ટીમ લૉગ ઇન' }).isVisible()).toBe(true);
    await settle(page);
    await snap(page, 'operator-login-gu-1366');
    await page.getByLabel('ઈ-મેઇલ').fill(SCRIPTED.email);
    await page.getByLabel('પાસવર્ડ', { exact: true }).fill(SCRIPTED.password);
    await page.getByRole('button', { name: 'આગળ વધો' }).click();
    await expect.poll(() => page.getByTestId('totp').isVisible()).toBe(true);
    await page.getByTestId('totp').fill(await codeOf(scriptedSecret));
    await page.getByRole('button', { name: 'લૉગ ઇન', exact: true }).click();
    await page.waitForURL(`${server.url}/operator`);
    await expect.poll(() => page.getByRole('heading', { name: 'ડેશબોર્ડ' }).isVisible()).toBe(true);
    // every queue is in the operator's navigation, none behind a scroll button
    const nav = page.getByRole('navigation').getByRole('link');
    await expect.poll(() => nav.getByText('ફરિયાદો', { exact: true }).isVisible()).toBe(true);
    await settle(page);
    await snap(page, 'operator-dashboard-gu-1366');
    // on a phone, in Gujarati and then in Hindi, the dashboard says nothing in English (the
    // operator's e-mail address aside)
    await page.setViewportSize(PHONE);
    for (const [lng, language] of [
      ['gu', 'ગુજરાતી'],
      ['hi', 'हिन्दी'],
    ] as const) {
      if (lng === 'hi') {
        await page.getByRole('button', { name: 'સાઇટની ભાષા પસંદ કરો' }).click();
        await page.getByRole('menuitemradio', { name: language }).click();
        await expect.poll(() => page.getByRole('heading', { name: 'डैशबोर्ड' }).isVisible()).toBe(true);
      }
      await settle(page);
      await snap(page, `native-${lng}-operator-dashboard`);
      expect(latinWords(await shownText(page), [])).toEqual([]);
    }
  });

  it('keeps visitors and other roles out, and shows no operator tab on the public login', async () => {
    const page = await newPage(browser, contexts, { width: PHONE.width });
    await page.goto(`${server.url}/operator/claims`);
    await page.waitForURL(`${server.url}/operator/login?next=%2Foperator%2Fclaims`);
    await page.goto(`${server.url}/login`);
    await settle(page);
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Publisher Login', 'Library Login']);
    await login(page, server.url, 'Publisher Login', DEMO_PUBLISHER);
    await page.goto(`${server.url}/operator`);
    await page.waitForURL(`${server.url}/`);
    const refused = await page.evaluate(
      async () =>
        (await fetch('/api/operator/dashboard', { headers: { authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}` } }))
          .status,
    );
    expect(refused).toBe(403);
  });

  it("verifies a publisher, withdraws a reported book, clears a duplicate pair and retries a failed e-mail; the publisher sees its badge and a book's history, on a phone", async () => {
    const base = server.url;
    // meanwhile: another publisher registers the Kalpasutra again (a possible duplicate) and a
    // reader reports the Yogashastra
    const other = await apiToken(base, OTHER_PUBLISHER, 'PUBLISHER');
    const registered = await apiCall<{ books: { jsbn_number: string }[] }>(base, '/book/bulk/register', {
      token: other,
      method: 'POST',
      body: { batch: randomUUID(), rows: [{ row: 2, values: SECOND_KALPASUTRA }] },
    });
    expect(registered.status).toBe(200);
    const yoga = (await apiCall<{ books: { jsbn_number: string; book_title: string }[] }>(base, '/book?queryString=Yogashastra&limit=10'))
      .data.books[0]!;
    const reported = await apiCall(base, `/book/${yoga.jsbn_number}/report`, {
      method: 'POST',
      body: { kind: 'SHOULD_BE_WITHDRAWN', reason: 'This edition belongs to another trust.', email: 'reader@example.test' },
    });
    expect(reported.status).toBe(200);

    const page = await newPage(browser, contexts, { width: PHONE.width });
    await page.goto(`${base}/operator/login`);
    await page.getByLabel('E-mail').fill(ON_DUTY.email);
    await page.getByLabel('Password', { exact: true }).fill(ON_DUTY.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('totp').fill(await codeOf(onDutySecret));
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${base}/operator`);

    // before, in each language on a phone: the new publisher's home page says it waits for the JSBN
    // team's review and what that means, and its book's page tells every reader it is not verified yet
    const found = await apiCall<{ books: { jsbn_number: string; book_title: string }[] }>(base, '/book?queryString=Kalpasutra&limit=10');
    const unverifiedBook = found.data.books.find((book) => book.book_title === 'કલ્પસૂત્ર')!;
    const publisher = await newPage(browser, contexts, { width: PHONE.width });
    // signed in through the API: its home page opens, in English
    await signIn(publisher, base, 'Publisher Login', DEMO_PUBLISHER);
    const waiting = publisher.getByTestId('verification-waiting');
    for (const lng of ['en', 'gu', 'hi'] as const) {
      const { dashboard } = CATALOGUES[lng].home;
      if (lng !== 'en') {
        await setLanguage(publisher, base, lng);
        await publisher.goto(`${base}/`);
      }
      await expect.poll(() => waiting.getByRole('heading', { name: dashboard.waitingReview }).isVisible()).toBe(true);
      expect(await waiting.textContent()).toBe(`${dashboard.waitingReview}${dashboard.waitingReviewText}`);
      expect(await publisher.evaluate(() => document.documentElement.lang)).toBe(lng);
      expect(await publisher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await settle(publisher);
      await snap(publisher, `operator-publisher-waiting-${lng}-390`);
      expect(await notVerifiedLine(base, unverifiedBook.jsbn_number, lng)).toBe(CATALOGUES[lng].common.verified.notYet);
    }
    await setLanguage(publisher, base, 'en');

    // 1. the new publisher is verified. Its card first in each language of the back office, on a
    // phone: what to check — the logo, the address, the GST number, the e-mail confirmed and when,
    // the books to open — and the actions
    const queued = await page.evaluate(async () => {
      const reply = await fetch('/api/operator/publishers?verification=NEW', {
        headers: { authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}` },
      });
      return ((await reply.json()) as { data: { publishers: { publisher_name: string; email_verified_at: string }[] } }).data.publishers;
    });
    const confirmedOn = dateInIndia(queued.find((item) => item.publisher_name === DEMO_PUBLISHER.name)!.email_verified_at);
    const card = page.getByTestId('queue-item').filter({ hasText: DEMO_PUBLISHER.name });
    for (const lng of ['gu', 'hi', 'en'] as const) {
      const words = CATALOGUES[lng].moderation.publishers;
      await setLanguage(page, base, lng);
      await page.goto(`${base}/operator/publishers`);
      await expect.poll(() => card.getByRole('img', { name: fill(words.logoOf, { name: DEMO_PUBLISHER.name }) }).isVisible()).toBe(true);
      expect(await card.locator('dt').allTextContents()).toEqual([
        words.code,
        words.type,
        words.place,
        words.contact,
        words.emailConfirmed,
        words.gst,
        words.books,
        words.registered,
      ]);
      expect(await card.getByTestId('email-confirmed').textContent()).toBe(confirmedOn);
      expect(await card.getByRole('button').allTextContents()).toEqual([words.verify, words.ask, words.reject, words.suspend]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await settle(page);
      await snap(page, `operator-card-${lng}-390`);
      await page.setViewportSize({ width: 1366, height: 900 });
      await snap(page, `operator-card-${lng}-1366`);
      await page.setViewportSize(PHONE);
    }
    expect(await card.getByRole('link').count()).toBeGreaterThan(0);
    // a second look, then a few seconds to undo: undone, nothing reaches the server
    await card.getByRole('button', { name: 'Verify' }).click();
    const dialog = page.getByRole('dialog', { name: `Verify ${DEMO_PUBLISHER.name}?` });
    await expect.poll(() => dialog.textContent()).toContain('Check first: the logo and the name');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => card.getByTestId('verify-undo').textContent()).toMatch(/will be verified in \d+ seconds?\./);
    await card.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => card.getByText(`${DEMO_PUBLISHER.name} was not verified: you undid it.`).isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Verify' }).click();
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => toast(page, 'Publisher verified').isVisible(), { timeout: 30_000 }).toBe(true);
    await settle(page);
    await snap(page, 'operator-publishers-390');

    // 2. the report is answered by withdrawing the book; its QR page then says so, with 410
    await page.goto(`${base}/operator/reports`);
    const report = page.getByTestId('book-report').filter({ hasText: 'This edition belongs to another trust.' });
    await report.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByRole('dialog').getByLabel('Reason (shown on the book page)').fill(WITHDRAW_REASON);
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
    await expect.poll(() => toast(page, 'The book was withdrawn').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('No reports are waiting.').isVisible()).toBe(true);
    const scan = await fetch(`${base}/jsbn/${yoga.jsbn_number}`);
    expect(scan.status).toBe(410);
    const visitor = await newPage(browser, contexts, { width: PHONE.width });
    await visitor.goto(`${base}/jsbn/${yoga.jsbn_number}`);
    // rendered by the app like every page (decision 072), as a scan opens it: the book's title, when and why
    expect(await scan.text()).toContain('data-server-made');
    const notice = visitor.locator('[data-withdrawn-notice]');
    await expect
      .poll(() => notice.textContent())
      .toMatch(new RegExp(`This JSBN was withdrawn on \\d{2}/\\d{2}/\\d{4}: ${WITHDRAW_REASON}`));
    expect(await visitor.locator('[data-withdrawn-title]').textContent()).toBe(yoga.book_title);
    expect(await visitor.getByRole('banner').count()).toBeGreaterThan(0);
    await snap(visitor, 'operator-withdrawn-qr-page-390');

    // 3. the second Kalpasutra is a legitimate edition of another publisher: not a duplicate
    await page.goto(`${base}/operator/duplicates`);
    const pair = page.getByTestId('duplicate-pair').filter({ hasText: 'कल्पसूत्र' });
    await expect.poll(() => pair.isVisible(), { timeout: 60_000, interval: 1_000 }).toBe(true);
    await settle(page);
    await snap(page, 'operator-duplicates-390');
    await pair.getByRole('button', { name: 'Not a duplicate' }).click();
    await expect.poll(() => toast(page, 'Marked as not a duplicate').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('No possible duplicates are waiting.').isVisible()).toBe(true);

    // 4. the e-mails the publisher was sent could not be delivered: one is sent again
    await page.goto(`${base}/operator/messages`);
    const failed = page.getByTestId('failed-message').first();
    await expect.poll(() => failed.isVisible(), { timeout: 60_000, interval: 1_000 }).toBe(true);
    await settle(page);
    await snap(page, 'operator-messages-390');
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => toast(page, 'The message will be sent again').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // every action is on the record
    await page.goto(`${base}/operator/history`);
    for (const action of ['Withdrawn', 'Verified'])
      await expect.poll(() => page.getByText(action, { exact: true }).first().isVisible()).toBe(true);
    // searched by the withdrawn book's JSBN as typed from the cover: its entries, each naming the book
    const search = page.getByTestId('history-search');
    await search.fill(yoga.jsbn_number.replaceAll('-', '').toLowerCase());
    await page.getByTestId('history-apply').click();
    const bookName = `Book: ${yoga.book_title} · ${yoga.jsbn_number}`;
    await expect.poll(() => page.getByTestId('history-entry').first().textContent()).toContain(bookName);
    expect(await page.getByTestId('history-entry').filter({ hasNotText: bookName }).count()).toBe(0);
    expect(await page.getByTestId('history-entry').filter({ hasText: 'Withdrawn' }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await settle(page);
    await snap(page, 'operator-history-search-390');
    // a search that is neither a JSBN nor an e-mail is said under its field
    await search.fill('Yogashastra');
    await page.getByTestId('history-apply').click();
    await expect.poll(() => page.getByText('Search by a JSBN or an e-mail address', { exact: true }).isVisible()).toBe(true);
    await search.fill('');
    await page.getByTestId('history-apply').click();

    // 5. the publisher: 'Verified by JSBN' on its book's page, and the book's history
    const kalpasutra = (await apiCall<{ books: { jsbn_number: string }[] }>(base, '/book?queryString=Kalpasutra&limit=10')).data.books.map(
      (book) => book.jsbn_number,
    );
    const own = await Promise.all(kalpasutra.map((jsbn) => bookByJsbn(base, jsbn)));
    const mine = own.find((book) => book.book_title === 'કલ્પસૂત્ર')!;
    // its home page no longer says it waits for review, once it has read that it is verified
    const [thread] = await Promise.all([
      publisher.waitForResponse((response) => new URL(response.url()).pathname === '/api/publisher/messages'),
      publisher.goto(`${base}/`),
    ]);
    expect(((await thread.json()) as { data: { verified: boolean } }).data.verified).toBe(true);
    await settle(publisher);
    expect(await waiting.count()).toBe(0);
    await snap(publisher, 'operator-publisher-verified-home-390');
    await publisher.goto(`${base}/jsbn/${mine.jsbn_number}`);
    await expect.poll(() => publisher.getByText('Verified by JSBN', { exact: true }).first().isVisible()).toBe(true);
    expect(await publisher.getByTestId('not-verified').count()).toBe(0);
    // nor does its book's page, in any language
    for (const lng of ['en', 'gu', 'hi'] as const) expect(await notVerifiedLine(base, mine.jsbn_number, lng), lng).toBeNull();
    await publisher.goto(`${base}/edit-book/${mine.id}`);
    await publisher.getByRole('button', { name: /^History/ }).click();
    await expect.poll(() => publisher.getByText('Created', { exact: true }).first().isVisible()).toBe(true);
    await settle(publisher);
    await snap(publisher, 'operator-publisher-history-390');

    // its withdrawn book stays in My Books, marked with the date and the reason, without actions (decision 050)
    await publisher.goto(`${base}/my-books`);
    const mark = publisher.getByTestId('withdrawn-mark');
    await expect.poll(() => mark.textContent()).toMatch(new RegExp(`^Withdrawn.*Withdrawn on \\d{2}/\\d{2}/\\d{4}: ${WITHDRAW_REASON}$`));
    for (const action of [`Edit ${yoga.book_title}`, `Ask to withdraw ${yoga.book_title}`])
      expect(
        await publisher
          .getByRole('link', { name: action })
          .or(publisher.getByRole('button', { name: action }))
          .count(),
      ).toBe(0);
    await settle(publisher);
    await snap(publisher, 'operator-publisher-my-books-withdrawn-390');

    // the history reads as the book page does, in each language and at both widths: the swaroop
    // and the language in words, the cover 'Added' — never its code (AGM1) or a storage name
    const history = publisher.getByTestId('book-history');
    const operatorHistory = page.getByTestId('history-entries');
    // a change's row by its field's label exactly ('Language', not 'Subtitle language')
    const rowOf = (list: typeof history, label: string) =>
      list
        .getByTestId('history-change')
        .filter({ has: list.page().locator('dt').getByText(label, { exact: true }) })
        .first();
    for (const [lng, words] of Object.entries(HISTORY_WORDS)) {
      for (const target of [publisher, page]) await target.evaluate((language) => localStorage.setItem('jsbn.language', language), lng);
      for (const width of [PHONE.width, 1366]) {
        await publisher.setViewportSize({ width, height: width === PHONE.width ? PHONE.height : 900 });
        await publisher.goto(`${base}/edit-book/${mine.id}`);
        await history.getByRole('button', { name: words.history }).click();
        await expect.poll(() => rowOf(history, words.swaroop).textContent(), { timeout: 30_000 }).toBe(`${words.swaroop}—→${words.agam}`);
        expect(await rowOf(history, words.cover).textContent()).toBe(`${words.cover}${words.added}`);
        expect(await rowOf(history, words.language).textContent()).toBe(`${words.language}—→${words.gujarati}`);
        const shown = (await history.textContent())!;
        expect(shown).not.toContain('AGM1');
        expect(shown).not.toMatch(/\.(jpe?g|png|pdf)\b/);
        await rowOf(history, words.cover).scrollIntoViewIfNeeded();
        await settle(publisher);
        await snap(publisher, `history-book-${lng}-${width}`);

        // the operators' record: a publisher's verification in words
        await page.setViewportSize({ width, height: width === PHONE.width ? PHONE.height : 900 });
        await page.goto(`${base}/operator/history`);
        await expect
          .poll(() => rowOf(operatorHistory, words.verification).textContent(), { timeout: 30_000 })
          .toBe(`${words.verification}${words.notVerified}→${words.verified}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await settle(page);
        await snap(page, `history-operator-${lng}-${width}`);
      }
    }
  });
});
