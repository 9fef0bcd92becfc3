/** Debian's Chromium driven by playwright-core (no downloaded browsers on these machines). */
import { mkdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';

export const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname;

/**
 * The features Playwright itself turns off (its `chromiumSwitches.ts`, playwright-core 1.65, those
 * that apply on Linux). Chromium reads only the last `--disable-features`, so the journeys' own
 * list repeats them; compare it with Playwright's when upgrading playwright-core.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/** Starts Debian's Chromium headless, with `extraArgs` after the journeys' own flags (a fake camera, for one file). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
      // what a journey's browser does not need costs a third of its CPU (decision 082): the
      // address bar's popup, which Chromium renders as a web page in a renderer of its own for
      // every browser context; and a GPU process apart (with --disable-gpu it only composites)
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'].join(',')}`,
      '--in-process-gpu',
      ...extraArgs,
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * The Chromium of this test worker: started by the first journey that asks and used by every
 * journey the worker runs after it (the journeys share a worker's modules, `isolate: false`).
 * A journey isolates itself the way Playwright means it to, with browser contexts of its own
 * (each a fresh profile: cookies, storage, cache), which it closes at its end; it does not close
 * this browser. Playwright closes it when the worker exits; if it crashes, the next journey that
 * asks starts another. Starting Chromium costs about 0.5 s of CPU, 29 times a run (decision 055).
 */
export function workerBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then((browser) => {
    browser.on('disconnected', () => (shared = undefined));
    return browser;
  });
  return shared;
}

/**
 * Whether the steps' screenshots are saved: always, unless `E2E_SCREENSHOTS=failures` (what
 * `.ci/run` sets: nobody looks at a CI machine's 400 pictures, 0.1–0.2 s of Chromium's CPU each;
 * decision 061). The pages of a failed step are saved either way.
 */
const SAVE_STEPS = process.env.E2E_SCREENSHOTS !== 'failures';

/**
 * Saves a screenshot to e2e/artifacts/<name>.png: the whole page, or with `screen` only what the
 * screen shows (a dialog over the page). `failed`: the picture of a failed step, saved even
 * where the steps' are not (`E2E_SCREENSHOTS=failures`).
 */
export async function snap(page: Page, name: string, options: { screen?: boolean; failed?: boolean } = {}): Promise<void> {
  if (!SAVE_STEPS && !options.failed) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: !options.screen });
}

/** The bytes of a finished download. */
export const bytesOf = async (download: Download): Promise<Buffer> => readFileSync(await download.path());

/** Reads the newest one-time code sent to `email` from the dev outbox. */
export async function outboxCode(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const body = (await response.json()) as { data: { messages: { code: string | null }[] } };
  const code = body.data.messages.find((message) => message.code)?.code;
  if (!code) throw new Error(`no code in the outbox for ${email}`);
  return code;
}
