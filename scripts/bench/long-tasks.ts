/**
 * One load of a page in Chromium as a phone (390 × 844, empty cache) with the CPU slowed down
 * (CDP `Emulation.setCPUThrottlingRate`, Lighthouse's mobile profile: 4) and, when asked, the
 * network too: what the page saw of itself (first and largest paint, its long tasks) and,
 * when asked, a CPU profile. Shared by `bench:start` and `bench:web`'s signed-in table, whose
 * "TBT at CPU ×4" is the long tasks' time beyond 50 ms after the first paint — Lighthouse's
 * Total Blocking Time, observed in a trace instead of simulated (decision 059).
 */
import { chromium } from 'playwright-core';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** Lighthouse's mobile link (its `simulate` throttling): 1.6 Mbps down, 750 kbps up, 150 ms round trips. */
export const SLOW_LINK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** Chromium with a phone's page: 390 × 844, touch, 3 device pixels a CSS pixel. */
export async function phone() {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 });
  return { browser, context };
}

/** A signed-in user's session as the app keeps it in localStorage (`authToken`, `userData`). */
export interface StoredSession {
  token: string;
  user: string;
}

/** A node of a V8 CPU profile (`Profiler.stop`). */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** What the page saw of itself (the init script's observers), ms after navigation. */
export interface Marks {
  fcp?: number;
  lcp?: number;
  tasks: { start: number; duration: number }[];
}

const OBSERVE = `{
  const marks = (window.startMarks = { tasks: [] });
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => marks.tasks.push({ start: entry.startTime, duration: entry.duration }))).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => { if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime; })).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => (marks.lcp = entry.startTime))).observe({ type: 'largest-contentful-paint', buffered: true });
}`;

/** The long tasks' time beyond 50 ms after the first paint (what Lighthouse sums as Total Blocking Time), ms. */
export const blockingTime = (marks: Marks) =>
  marks.tasks
    .filter((task) => task.start + task.duration > (marks.fcp ?? 0))
    .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);

/**
 * Loads `url` with the CPU slowed down `cpu` times (and the network as `network`, when given)
 * until the network is idle and a second after; `session` in localStorage, and as the session
 * cookie when `cookie` (decision 047). Its marks, and its CPU profile when `profile`.
 */
export async function tracedLoad(
  url: string,
  options: { cpu: number; session?: StoredSession; cookie?: boolean; network?: typeof SLOW_LINK; profile?: boolean },
): Promise<{ marks: Marks; profile?: CpuProfile }> {
  const { browser, context } = await phone();
  try {
    const page = await context.newPage();
    const { session } = options;
    if (session) {
      // the session as the app keeps it once it has run: localStorage and the cookie (decision 047)
      await page.addInitScript(
        `localStorage.setItem('authToken', ${JSON.stringify(session.token)}); localStorage.setItem('userData', ${JSON.stringify(session.user)});`,
      );
      if (options.cookie) await context.addCookies([{ name: 'jsbn_session', value: session.token, url }]);
    }
    await page.addInitScript(OBSERVE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (options.network) await cdp.send('Network.emulateNetworkConditions', options.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpu });
    if (options.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    await page.waitForTimeout(1000);
    const marks = await page.evaluate(() => (window as unknown as { startMarks: Marks }).startMarks);
    const result = options.profile ? ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile : undefined;
    return { marks, profile: result };
  } finally {
    await browser.close();
  }
}
