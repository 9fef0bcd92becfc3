/**
 * npm run bench:web — what a phone on a slow connection gets from the production build.
 * Prints, for `/`, `/search-a-book` and `/jsbn/:jsbn`:
 * - bytes transferred on a first load in Chromium with an empty cache (compressed, as on the
 *   wire): JavaScript and everything, from the DevTools protocol's `encodedDataLength`;
 * - Lighthouse's mobile performance score, LCP, CLS and TBT (its default mobile profile:
 *   simulated 1.6 Mbps / 150 ms RTT and 4× CPU slowdown), median of `RUNS` (3) runs;
 * and the same for a bare HTML page with one heading served from the same machine — the
 * baseline of this run, so LCP is also printed as a ratio to it. Asserts nothing.
 * Needs Chromium at CHROME_PATH (default /usr/bin/chromium). Builds the app first unless
 * `--no-build` is given; `--details` also prints, per page, where the time went (the LCP
 * element, main-thread work by kind, and the scripts that ran longest), from the first run.
 */
import { execSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Locator, type Page } from 'playwright-core';
import { buildApp } from '@jsbn/api/app';
import { loadConfig } from '@jsbn/api/config';
import { benchBooks, listenLocally, signedInLibrary } from './web-catalogue.js';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const RUNS = Number(process.env.RUNS ?? 3);
const { values: options } = parseArgs({
  options: {
    parts: { type: 'string', default: 'pages,taps,signed-in' },
    details: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
});
/** `--parts pages,taps,signed-in` (default all): which tables to print. */
const PARTS = new Set(options.parts.split(','));
const DETAILS = options.details;

if (!options['no-build']) execSync('npm run build', { stdio: 'inherit' });

const dataDir = mkdtempSync(join(tmpdir(), 'jsbn-bench-web-'));
const { app, ctx } = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', PORT: '0' }));
const bare = createServer((_request, response) => {
  response.setHeader('content-type', 'text/html; charset=utf-8');
  response.end(
    '<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare</title></head><body><h1>A bare page</h1></body></html>',
  );
});

/**
 * Bytes on the wire for one first load (empty cache), by kind: what the page asks for before its
 * `load` event (what reading it costs), and what it fetches after (the app, in the background;
 * decision 031), until the network is idle.
 */
async function transferred(url: string, session?: Session): Promise<{ js: number; total: number; requests: number; after: number }> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    if (session) {
      await page.addInitScript(
        `localStorage.setItem('authToken', ${JSON.stringify(session.token)}); localStorage.setItem('userData', ${JSON.stringify(session.user)});`,
      );
      if (session.cookie) await page.context().addCookies([{ name: 'jsbn_session', value: session.token, url }]);
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Page.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map<string, string>();
    const sent = new Map<string, number>();
    const finished: { id: string; bytes: number }[] = [];
    let loadedAt = Infinity;
    cdp.on('Network.requestWillBeSent', (event) => sent.set(event.requestId, event.timestamp));
    cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
    cdp.on('Network.loadingFinished', (event) => finished.push({ id: event.requestId, bytes: event.encodedDataLength }));
    cdp.on('Page.loadEventFired', (event) => (loadedAt = Math.min(loadedAt, event.timestamp)));
    await page.goto(url, { waitUntil: 'networkidle' });
    const result = { js: 0, total: 0, requests: 0, after: 0 };
    for (const { id, bytes } of finished) {
      if ((sent.get(id) ?? 0) > loadedAt) {
        result.after += bytes;
        continue;
      }
      result.requests += 1;
      result.total += bytes;
      if (types.get(id) === 'Script') result.js += bytes;
    }
    return result;
  } finally {
    await browser.close();
  }
}

/** Lighthouse's mobile link (its `simulate` throttling): 1.6 Mbps down, 750 kbps up, 150 ms round trips. */
const SLOW_LINK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** A control tapped on a page drawn on the server, and what shows that the app answered it. */
interface Tap {
  name: string;
  control: (page: Page) => Locator;
  answer: string;
}

const TAPS: Tap[] = [
  {
    name: 'language menu',
    control: (page) => page.getByRole('button', { name: /^Choose the language of the site/ }),
    answer: '[role="menu"]',
  },
  {
    name: "'Order Book as Reader'",
    control: (page) => page.getByRole('button', { name: 'Order Book as Reader' }),
    answer: '[role="dialog"]',
  },
];

/**
 * A visitor's tap on the QR page, `at` ms after navigation began, on SLOW_LINK (CDP network
 * throttling, empty cache, 390 × 844 touch screen): ms from the tap (its `pointerdown`) to the
 * control marked as waiting (`data-app-waiting`, main.tsx) and to the answer on screen (a
 * visible element matching `tap.answer`), both read in the page (`performance.now()`, every
 * animation frame).
 */
async function tapAnswer(url: string, tap: Tap, at: number, saveData: boolean): Promise<{ seen: number; answered: number }> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 3,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
    // the baseline: a browser that asks to save data gets no background fetch (the app comes at the first interaction)
    if (saveData)
      await page.addInitScript("Object.defineProperty(Object.getPrototypeOf(navigator.connection), 'saveData', { get: () => true })");
    // a string, not a function: tsx would name its inner functions with a helper the page lacks
    await page.addInitScript(`{
      const marks = (window.tapMarks = {});
      document.addEventListener('pointerdown', () => (marks.tap ??= performance.now()), { capture: true });
      // every change of the page is looked at as it happens (animation frames do not run in a headless page)
      window.tapObserver = new MutationObserver(() => {
        if (marks.tap === undefined) return;
        if (marks.seen === undefined && document.querySelector('[data-app-waiting]')) marks.seen = performance.now();
        const answer = document.querySelector(${JSON.stringify(tap.answer)});
        if (marks.answered === undefined && answer && answer.getClientRects().length > 0 && getComputedStyle(answer).visibility !== 'hidden') marks.answered = performance.now();
      });
      window.tapObserver.observe(document, { subtree: true, childList: true, attributes: true });
    }`);
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    const control = tap.control(page);
    await control.waitFor({ state: 'visible', timeout: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - (Date.now() - started))));
    await control.tap({ timeout: 60_000 });
    // a tap before the page's script has run is lost (nothing holds it): no answer within 20 s
    const answered = await page
      .waitForFunction(() => (window as unknown as { tapMarks: Record<string, number> }).tapMarks.answered !== undefined, undefined, {
        timeout: 20_000,
      })
      .then(
        () => true,
        () => false,
      );
    const marks = await page.evaluate(() => (window as unknown as { tapMarks: Record<string, number> }).tapMarks);
    if (process.env.TAP_DEBUG) {
      const timeline = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map(
            (e) =>
              `${e.name.replace(/^.*\//, '').slice(0, 28)} ${Math.round(e.startTime)}-${Math.round((e as PerformanceResourceTiming).responseEnd)} ${(e as PerformanceResourceTiming).initiatorType}`,
          ),
      );
      const load = await page.evaluate(() =>
        Math.round((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd),
      );
      console.error(tap.name, at, JSON.stringify(marks), 'load', load, '\n ', timeline.join('\n  '));
    }
    if (!answered) return { seen: NaN, answered: NaN };
    return { seen: (marks.seen ?? marks.answered!) - marks.tap!, answered: marks.answered! - marks.tap! };
  } finally {
    await browser.close();
  }
}

interface Score {
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
}

interface AuditItems {
  items?: Record<string, unknown>[];
}

/** `--details`: the LCP element, main-thread time by kind and by script (ms, simulated). */
function printDetails(name: string, audits: Record<string, { details?: unknown }>) {
  const items = (id: string) => (audits[id]?.details as AuditItems | undefined)?.items ?? [];
  const lcpElement = JSON.stringify(items('largest-contentful-paint-element')).match(/"snippet":"((?:[^"\\]|\\.)*)"/)?.[1] ?? '?';
  const breakdown = items('mainthread-work-breakdown').map((item) => `${String(item.groupLabel)} ${Number(item.duration).toFixed(0)}`);
  const scripts = items('bootup-time')
    .slice(0, 6)
    .map(
      (item) => `${String(item.url).replace(/^.*\//, '')} ${Number(item.total).toFixed(0)} (script ${Number(item.scripting).toFixed(0)})`,
    );
  console.log(
    `\n${name}\n  LCP element: ${lcpElement}\n  main thread (ms): ${breakdown.join(', ')}\n  scripts (ms): ${scripts.join(', ')}`,
  );
}

/** A signed-in user's session as the app keeps it in localStorage (`authToken`, `userData`). */
interface Session {
  token: string;
  user: string;
  /** Whether the browser has the session cookie too, as the app sets it (decision 047); without it a signed-in page is the shell. */
  cookie: boolean;
}

/**
 * Puts `session` in the storage of `origin` in the Chrome Lighthouse drives — localStorage and
 * the session cookie, as the app keeps them once it has run (decision 047) — and empties its
 * HTTP cache: a signed-in user's first load (Lighthouse is then told to keep the storage).
 */
async function signIn(port: number, origin: string, session: Session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${origin}/api/health`);
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('authToken', token!);
      localStorage.setItem('userData', user!);
    },
    [session.token, session.user],
  );
  if (session.cookie) await page.context().addCookies([{ name: 'jsbn_session', value: session.token, url: origin }]);
  else await page.context().clearCookies();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

async function lighthouseRun(url: string, port: number, detailsOf?: string, session?: Session): Promise<Score> {
  if (session) await signIn(port, new URL(url).origin, session);
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: Boolean(session),
  });
  const audits = result!.lhr.audits;
  if (detailsOf) printDetails(detailsOf, audits);
  return {
    score: Math.round((result!.lhr.categories.performance!.score ?? 0) * 100),
    lcp: audits['largest-contentful-paint']!.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']!.numericValue ?? NaN,
    tbt: audits['total-blocking-time']!.numericValue ?? NaN,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const { publisherId, jsbn } = await benchBooks(ctx);
  const origin = await listenLocally(app);
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const pages: [string, string][] = [
    ['bare HTML page (baseline)', `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`],
    ['/', `${origin}/`],
    ['/search-a-book', `${origin}/search-a-book`],
    ['/jsbn/:jsbn', `${origin}/jsbn/${jsbn}`],
  ];
  if (PARTS.has('pages')) {
    const chrome = await launchChrome({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    const rows: string[] = [];
    let baselineLcp = NaN;
    try {
      for (const [name, url] of pages) {
        const bytes = await transferred(url);
        const runs: Score[] = [];
        for (let run = 0; run < RUNS; run += 1) runs.push(await lighthouseRun(url, chrome.port, DETAILS && run === 0 ? name : undefined));
        const score = {
          score: median(runs.map((r) => r.score)),
          lcp: median(runs.map((r) => r.lcp)),
          cls: median(runs.map((r) => r.cls)),
          tbt: median(runs.map((r) => r.tbt)),
        };
        if (Number.isNaN(baselineLcp)) baselineLcp = score.lcp;
        rows.push(
          `| ${name} | ${(bytes.js / 1000).toFixed(1)} kB | ${(bytes.total / 1000).toFixed(1)} kB | ${bytes.requests} | ${(bytes.after / 1000).toFixed(1)} kB | ${score.score} | ${(score.lcp / 1000).toFixed(2)} s (${(score.lcp / baselineLcp).toFixed(2)}×) | ${score.cls.toFixed(3)} | ${score.tbt.toFixed(0)} ms |`,
        );
      }
    } finally {
      chrome.kill();
    }
    console.log(
      `\nFirst load at 390 px, empty cache (bytes until the page's load event; then what it fetches in the background); Lighthouse mobile, median of ${RUNS} runs (LCP also as a ratio to the bare page):\n`,
    );
    console.log('| page | JS transferred | all transferred | requests | fetched after load | score | LCP | CLS | TBT |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  }

  if (PARTS.has('signed-in')) {
    const session: Session = { ...(await signedInLibrary(ctx, origin)), cookie: true };
    const signedIn: [string, string, Session | undefined][] = [
      ['/jsbn/:jsbn, a visitor (baseline)', `${origin}/jsbn/${jsbn}`, undefined],
      // the page as it was before decision 047, in the same run: the shell, the app drawing it
      ['/orders without the session cookie (the shell; before decision 047)', `${origin}/orders`, { ...session, cookie: false }],
      ['/orders', `${origin}/orders`, session],
      ['/publisher-wise-books/:id', `${origin}/publisher-wise-books/${publisherId}`, session],
      ['/new-published-books', `${origin}/new-published-books`, session],
      ['/jsbn/:jsbn, signed in', `${origin}/jsbn/${jsbn}`, session],
    ];
    const chrome = await launchChrome({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    const rows: string[] = [];
    try {
      for (const [name, url, who] of signedIn) {
        const bytes = await transferred(url, who);
        const runs: Score[] = [];
        for (let run = 0; run < RUNS; run += 1)
          runs.push(await lighthouseRun(url, chrome.port, DETAILS && run === 0 ? name : undefined, who));
        const score = { score: median(runs.map((r) => r.score)), lcp: median(runs.map((r) => r.lcp)), tbt: median(runs.map((r) => r.tbt)) };
        rows.push(
          `| ${name} | ${(bytes.js / 1000).toFixed(1)} kB | ${((bytes.total + bytes.after) / 1000).toFixed(1)} kB | ${score.score} | ${(score.lcp / 1000).toFixed(2)} s | ${score.tbt.toFixed(0)} ms |`,
        );
      }
    } finally {
      chrome.kill();
    }
    console.log(
      `\nA signed-in library on a phone (390 px, empty cache; Lighthouse mobile: 1.6 Mbps / 150 ms, 4× CPU slowdown), median of ${RUNS} runs; the visitor's QR page as the baseline of this run:\n`,
    );
    console.log('| page | JS transferred | all transferred | score | LCP | TBT |');
    console.log('|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  }

  if (PARTS.has('taps')) {
    const url = `${origin}/jsbn/${jsbn}`;
    const rows: string[] = [];
    for (const tap of TAPS) {
      for (const at of [1000, 3000]) {
        const cells: string[] = [];
        let seen = NaN;
        for (const saveData of [false, true]) {
          const runs: { seen: number; answered: number }[] = [];
          for (let run = 0; run < RUNS; run += 1) runs.push(await tapAnswer(url, tap, at, saveData));
          const answered = runs.map((r) => r.answered);
          if (!saveData) seen = median(runs.map((r) => r.seen));
          cells.push(`${median(answered).toFixed(0)} ms (${Math.min(...answered).toFixed(0)}–${Math.max(...answered).toFixed(0)})`);
        }
        rows.push(`| ${tap.name} | +${at / 1000} s | ${seen.toFixed(0)} ms | ${cells.join(' | ')} |`);
      }
    }
    console.log(
      `\nA visitor's first tap on /jsbn/:jsbn, 390 × 844, empty cache, 1.6 Mbps / 150 ms (CDP throttling); median of ${RUNS} (range); the baseline in the same run: a browser asking to save data, which gets no background fetch (as every browser before):\n`,
    );
    console.log('| control | tapped after navigation | tap shown | answer on screen | baseline: Save-Data |');
    console.log('|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  }
} finally {
  bare.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
