/**
 * The set-up every journey shares: the server started and the worker's browser taken before the
 * steps, a page per browser context, the open pages saved when a step fails, the server stopped
 * and the file's contexts closed afterwards.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, snap, workerBrowser } from './browser.js';
import { startServer, type RunningServer } from './server.js';

export interface NewPageOptions {
  /** Viewport width (the height is 900); 1280 unless told. */
  width?: number;
  /** Accept downloads (Download QR, exports). */
  downloads?: boolean;
  /** Grant clipboard read and write on this origin (the share buttons). */
  clipboardOrigin?: string;
  /** Ask for reduced motion (no carousel, no transitions); true unless told. */
  reducedMotion?: boolean;
  /** Run the page's scripts; true unless told (false: what a crawler or a link preview reads). */
  javaScript?: boolean;
  /** The browser's language (navigator.languages, Accept-Language), e.g. 'gu-IN'; Chromium's default (en-US) unless told. */
  locale?: string;
}

/** A page in a new browser context (kept in `contexts` to be snapped and closed), 20 s default timeout. */
export async function newPage(browser: Browser, contexts: BrowserContext[], options: NewPageOptions = {}): Promise<Page> {
  const { width = 1280, downloads = false, clipboardOrigin, reducedMotion = true, javaScript = true, locale } = options;
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    javaScriptEnabled: javaScript,
    ...(locale ? { locale } : {}),
    ...(downloads ? { acceptDownloads: true } : {}),
    ...(reducedMotion ? { reducedMotion: 'reduce' as const } : {}),
  });
  if (clipboardOrigin) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: clipboardOrigin });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

/** One journey file's server, browser and browser contexts (see `useJourney`). */
export interface Journey {
  /** The running app; read it inside a step or a hook, once the journey has started. */
  readonly server: RunningServer;
  /** Debian's Chromium: the worker's (`workerBrowser`), or this file's own when it has `browserArgs`. */
  readonly browser: Browser;
  /** Every context a step opened: snapped when a step fails, closed at the end. */
  readonly contexts: BrowserContext[];
}

/**
 * The set-up of a journey file, in one call at its top: starts the built app and takes the
 * worker's browser before the first step, saves every open page as
 * e2e/artifacts/<failurePrefix><step>-<n>.png when a step fails (with the server's last output
 * when `serverLogOnFailure`), and after the last step closes the file's contexts (and a browser of
 * its own) and stops the server. `env` adds settings to the server's (a shorter digest interval);
 * `browserArgs`, given the started server, Chromium's flags for this file only (a fake camera
 * showing a book's QR code).
 */
export function useJourney(
  failurePrefix: string,
  options: {
    serverLogOnFailure?: boolean;
    env?: Record<string, string>;
    /** Runs before the server opens its database, with the server's environment (`startServer`). */
    beforeStart?: (env: NodeJS.ProcessEnv) => Promise<void>;
    browserArgs?: (server: RunningServer) => Promise<string[]>;
  } = {},
): Journey {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    server = await startServer({ env: options.env, beforeStart: options.beforeStart });
    // a file with flags of its own (a fake camera) starts its own Chromium; the others share the worker's
    browser = options.browserArgs ? await launchBrowser(await options.browserArgs(server)) : await workerBrowser();
  });
  afterEach(async (context) => {
    if ((await snapFailedStep(context.task, contexts, failurePrefix)) && options.serverLogOnFailure)
      console.error(`server output:\n${server?.output().slice(-4000)}`);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    if (options.browserArgs) await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the journey's ${what} is not started yet: read it inside a step or a hook`);
    return value;
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    contexts,
  };
}

/**
 * After a failed step, saves every open page as e2e/artifacts/<prefix><step>-<n>.png (the step is
 * the first two characters of its name). Returns whether the step failed.
 */
async function snapFailedStep(
  task: { name: string; result?: { state?: string } },
  contexts: BrowserContext[],
  prefix: string,
): Promise<boolean> {
  if (task.result?.state !== 'fail') return false;
  const pages = contexts.flatMap((browserContext) => browserContext.pages());
  for (const [index, page] of pages.entries())
    await snap(page, `${prefix}${task.name.slice(0, 2)}-${index}`, { failed: true }).catch(() => undefined);
  return true;
}
