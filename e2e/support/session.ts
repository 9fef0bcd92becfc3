/**
 * The set-up every journey shares: the server and browser started before the steps, a page per
 * browser context, the open pages saved when a step fails, everything closed afterwards.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, snap } from './browser.js';
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

/** The server and the browser of one journey file. */
export async function startJourney(): Promise<{ server: RunningServer; browser: Browser }> {
  const server = await startServer();
  const browser = await launchBrowser();
  return { server, browser };
}

/**
 * After a failed step, saves every open page as e2e/artifacts/<prefix><step>-<n>.png (the step is
 * the first two characters of its name). Returns whether the step failed.
 */
export async function snapFailedStep(task: { name: string; result?: { state?: string } }, contexts: BrowserContext[], prefix: string): Promise<boolean> {
  if (task.result?.state !== 'fail') return false;
  const pages = contexts.flatMap((browserContext) => browserContext.pages());
  for (const [index, page] of pages.entries()) await snap(page, `${prefix}${task.name.slice(0, 2)}-${index}`).catch(() => undefined);
  return true;
}

/** Closes the contexts, the browser and the server (any of them may not have started). */
export async function endJourney(contexts: BrowserContext[], browser: Browser | undefined, server: RunningServer | undefined): Promise<void> {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
}
