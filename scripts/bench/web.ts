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
 * `--against <dir>`: the `taps` and `signed-in` tables also for an older web build (its `dist`,
 * with `../dist-server` beside it), served by a second app in the same run — the before and
 * after on one machine at one load. `--only <text>`: only the signed-in pages whose row names
 * it. The signed-in table also prints, beside Lighthouse's TBT, the TBT of a trace of each run
 * (long tasks after the first paint at CPU ×4 on the same link; decision 059), and
 * `--throttling devtools` has Lighthouse slow the page down as it loads instead of simulating.
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
import { blockingTime, CHROME_FLAGS, CHROME_PATH, phone, SLOW_LINK, tracedLoad } from './long-tasks.js';

const RUNS = Number(process.env.RUNS ?? 3);
const { values: options } = parseArgs({
  options: {
    parts: { type: 'string', default: 'pages,taps,signed-in' },
    details: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    against: { type: 'string' },
    only: { type: 'string' },
    throttling: { type: 'string', default: 'simulate' },
  },
});
/**
 * `--throttling simulate|devtools`: Lighthouse's throttling — `simulate` (its default: a fast
 * load, then the page's tasks and fetches replayed on a model of the phone, each task's time as
 * observed ×4, so a loaded machine's slower tasks count four times over) or `devtools` (the
 * network and CPU slowed down while the page loads, as `bench:start` does; decision 059).
 */
const THROTTLING = options.throttling as 'simulate' | 'devtools';
if (THROTTLING !== 'simulate' && THROTTLING !== 'devtools') throw new Error('--throttling is simulate or devtools');
/** `--parts pages,taps,signed-in` (default all): which tables to print. */
const PARTS = new Set(options.parts.split(','));
const DETAILS = options.details;
/** `--against <dir>`: an older web build (`apps/web/dist` copied with its `dist-server`) measured in the same run. */
const AGAINST = options.against;

if (!options['no-build']) execSync('npm run build', { stdio: 'inherit' });

const dataDir = mkdtempSync(join(tmpdir(), 'jsbn-bench-web-'));
const { app, ctx } = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', PORT: '0' }));
const older = AGAINST
  ? await buildApp(
      loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'jsbn-bench-web-older-')), LOG_LEVEL: 'silent', NODE_ENV: 'test', PORT: '0' }),
      {
        webDist: AGAINST,
      },
    )
  : undefined;
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

/**
 * A control tapped on the QR page rendered on the server, and what shows its answer: since
 * decision 066 a link the browser follows (the next page's own element); 'Order Book as Reader'
 * of an older build (`--against`) is the app's button and dialog, so its selectors name both.
 */
interface Tap {
  name: string;
  control: (page: Page) => Locator;
  answer: string;
}

const TAPS: Tap[] = [
  {
    name: 'ગુજરાતી (the language links)',
    control: (page) => page.getByRole('link', { name: 'ગુજરાતી', exact: true }),
    answer: 'html[lang="gu"] #root',
  },
  {
    name: "'Order Book as Reader'",
    control: (page) =>
      page.getByRole('link', { name: 'Order Book as Reader' }).or(page.getByRole('button', { name: 'Order Book as Reader' })),
    answer: 'form[action$="/reader-order"], [role="dialog"]',
  },
  {
    // a control only the app answers: the first interaction hydrates the page, in its listener, when the app is prepared (decision 078)
    name: "'Report a problem' (the app's alone)",
    control: (page) => page.getByRole('button', { name: 'Report a problem with this book' }),
    answer: '[role="dialog"]',
  },
];

/** A fresh phone page on SLOW_LINK (CDP network throttling, empty cache, 390 × 844 touch screen); with `saveData`, a browser asking to save data. */
async function slowPage(context: Awaited<ReturnType<typeof phone>>['context'], saveData: boolean): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
  if (saveData)
    await page.addInitScript("Object.defineProperty(Object.getPrototypeOf(navigator.connection), 'saveData', { get: () => true })");
  return page;
}

/**
 * A visitor's tap on the QR page at `url`, `at` ms after navigation began, on SLOW_LINK: ms from
 * the tap to its answer visible (`tap.answer`: the page the link opens, or an older build's menu
 * or dialog), timed in this process (the tap's page may be left). NaN when nothing answered within 20 s.
 */
async function tapAnswer(url: string, tap: Tap, at: number, saveData: boolean): Promise<number> {
  const { browser, context } = await phone();
  try {
    const page = await slowPage(context, saveData);
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    const control = tap.control(page).first();
    await control.waitFor({ state: 'visible', timeout: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - (Date.now() - started))));
    const tapped = Date.now();
    await control.tap({ timeout: 60_000 });
    const answered = await page
      .locator(tap.answer)
      .first()
      .waitFor({ state: 'visible', timeout: 20_000 })
      .then(
        () => true,
        () => false,
      );
    return answered ? Date.now() - tapped : NaN;
  } finally {
    await browser.close();
  }
}

/** ms from navigation to the app prepared on the QR page at `url` with nothing touched (`#root[data-app-ready]`: it hydrates at the next interaction), on SLOW_LINK; NaN after 60 s. */
async function preparedAfter(url: string, saveData: boolean): Promise<number> {
  const { browser, context } = await phone();
  try {
    const page = await slowPage(context, saveData);
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    return await page
      .locator('#root[data-app-ready]')
      .waitFor({ state: 'attached', timeout: 60_000 })
      .then(
        () => Date.now() - started,
        () => NaN,
      );
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
    throttlingMethod: THROTTLING,
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

/** The median of the runs that gave a figure (a Lighthouse run that failed under load gives NaN); NaN when none did. */
const median = (values: number[]) => {
  const figures = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  return figures.length ? figures[Math.floor(figures.length / 2)]! : NaN;
};
/** `median ms (min–max)` of the runs that gave a figure; 'none' when no run did. */
const range = (values: number[]) => {
  const figures = values.filter((value) => !Number.isNaN(value));
  if (figures.length === 0) return 'none';
  return `${median(figures).toFixed(0)} ms (${Math.min(...figures).toFixed(0)}–${Math.max(...figures).toFixed(0)})`;
};

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

  /** The builds measured: this one, and with `--against` the older one on a second app of the same run. */
  const builds: { name: string; origin: string; ctx: typeof ctx; publisherId: number; jsbn: string }[] = [
    { name: '', origin, ctx, publisherId, jsbn },
  ];
  if (older) builds.push({ name: 'older build', origin: await listenLocally(older.app), ctx: older.ctx, ...(await benchBooks(older.ctx)) });

  if (PARTS.has('signed-in')) {
    const rows: {
      name: string;
      build: string;
      url: string;
      who?: Session;
      bytes?: Awaited<ReturnType<typeof transferred>>;
      runs: Score[];
      /** The trace's TBT of each run: long tasks beyond 50 ms after the first paint, CPU ×4 and SLOW_LINK (CDP). */
      traced: number[];
    }[] = [];
    for (const build of builds) {
      const session: Session = { ...(await signedInLibrary(build.ctx, build.origin)), cookie: true };
      const pagesOf: [string, string, Session | undefined][] = [
        ['/jsbn/:jsbn, a visitor (baseline)', `${build.origin}/jsbn/${build.jsbn}`, undefined],
        // the page as it was before decision 047, in the same run: the shell, the app rendering it
        ['/orders without the session cookie (the shell; before decision 047)', `${build.origin}/orders`, { ...session, cookie: false }],
        ['/orders', `${build.origin}/orders`, session],
        ['/publisher-wise-books/:id', `${build.origin}/publisher-wise-books/${build.publisherId}`, session],
        ['/new-published-books', `${build.origin}/new-published-books`, session],
        ['/jsbn/:jsbn, signed in', `${build.origin}/jsbn/${build.jsbn}`, session],
      ];
      for (const [name, url, who] of pagesOf)
        if (!options.only || name.includes(options.only)) rows.push({ name, build: build.name, url, who, runs: [], traced: [] });
    }
    const chrome = await launchChrome({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    try {
      for (const row of rows) row.bytes = await transferred(row.url, row.who);
      // run by run, every page of every build in turn: a change of the machine's load falls on all alike
      for (let run = 0; run < RUNS; run += 1)
        for (const row of rows) {
          row.runs.push(await lighthouseRun(row.url, chrome.port, DETAILS && run === 0 ? `${row.name} ${row.build}` : undefined, row.who));
          const { marks } = await tracedLoad(row.url, { cpu: 4, network: SLOW_LINK, session: row.who, cookie: row.who?.cookie });
          row.traced.push(blockingTime(marks));
        }
    } finally {
      chrome.kill();
    }
    console.log(
      `\nA signed-in library on a phone (390 px, empty cache; Lighthouse mobile: 1.6 Mbps / 150 ms, 4× CPU slowdown, ${THROTTLING === 'simulate' ? 'simulated' : 'applied while loading'}), median of ${RUNS} runs (range); the visitor's QR page as the baseline of this run. 'TBT at CPU ×4, traced': the long tasks' time beyond 50 ms after the first paint, as the page saw them with the CPU slowed down 4× and the same link (CDP), until the background fetch is done:\n`,
    );
    console.log('| page | build | JS transferred | all transferred | score | LCP | TBT (Lighthouse) | TBT at CPU ×4, traced |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const { name, build, bytes, runs, traced } of rows)
      console.log(
        `| ${name} | ${build || 'this'} | ${(bytes!.js / 1000).toFixed(1)} kB | ${((bytes!.total + bytes!.after) / 1000).toFixed(1)} kB | ${median(runs.map((r) => r.score))} | ${(median(runs.map((r) => r.lcp)) / 1000).toFixed(2)} s | ${range(runs.map((r) => r.tbt))} | ${range(traced)} |`,
      );
  }

  if (PARTS.has('taps')) {
    // this build, the older one (--against), and this build in a browser asking to save data; run by run in turn
    const variants = [
      ...builds.map((build) => ({ url: `${build.origin}/jsbn/${build.jsbn}`, saveData: false })),
      { url: `${origin}/jsbn/${jsbn}`, saveData: true },
    ];
    const rows: string[] = [];
    for (const tap of TAPS) {
      for (const at of [1000, 3000]) {
        const runs: number[][] = variants.map(() => []);
        for (let run = 0; run < RUNS; run += 1)
          for (const [index, variant] of variants.entries()) runs[index]!.push(await tapAnswer(variant.url, tap, at, variant.saveData));
        rows.push(`| ${tap.name} | +${at / 1000} s | ${runs.map((times) => range(times)).join(' | ')} |`);
      }
    }
    const ready: number[][] = variants.map(() => []);
    for (let run = 0; run < RUNS; run += 1)
      for (const [index, variant] of variants.entries()) ready[index]!.push(await preparedAfter(variant.url, variant.saveData));
    rows.push(`| the app prepared, nothing tapped (ms after navigation) | — | ${ready.map((times) => range(times)).join(' | ')} |`);
    console.log(
      `\nA visitor's first tap on /jsbn/:jsbn, 390 × 844, empty cache, 1.6 Mbps / 150 ms (CDP throttling): ms from the tap to its answer on screen (the page the link opens; an older build's menu or dialog), median of ${RUNS} (range; NaN: no answer in 20 s); the baselines in the same run${older ? ': the older build, and' : ':'} a browser asking to save data, which fetches nothing before the first interaction:\n`,
    );
    console.log(`| control | tapped after navigation | this build |${older ? ' older build |' : ''} baseline: Save-Data |`);
    console.log(`|---|---|---|${older ? '---|' : ''}---|`);
    for (const row of rows) console.log(row);
  }
} finally {
  bare.close();
  await app.close();
  await older?.app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
