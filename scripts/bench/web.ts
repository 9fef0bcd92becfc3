/**
 * npm run bench:web — what a phone on a slow connection gets from the production build (issue 10).
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
import type { AddressInfo } from 'node:net';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { formatJsbn } from '@jsbn/shared';
import { buildApp } from '@jsbn/api/app';
import { loadConfig } from '@jsbn/api/config';
import { createBook, createPublisher } from '@jsbn/api/factories';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const RUNS = Number(process.env.RUNS ?? 3);
const DETAILS = process.argv.includes('--details');

if (!process.argv.includes('--no-build')) execSync('npm run build', { stdio: 'inherit' });

const dataDir = mkdtempSync(join(tmpdir(), 'jsbn-bench-web-'));
const { app, ctx } = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', PORT: '0' }));
const bare = createServer((_request, response) => {
  response.setHeader('content-type', 'text/html; charset=utf-8');
  response.end('<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare</title></head><body><h1>A bare page</h1></body></html>');
});

/** Bytes on the wire for one first load (empty cache), by kind. */
async function transferred(url: string): Promise<{ js: number; total: number; requests: number }> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map<string, string>();
    let js = 0;
    let total = 0;
    let requests = 0;
    cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
    cdp.on('Network.loadingFinished', (event) => {
      requests += 1;
      total += event.encodedDataLength;
      if (types.get(event.requestId) === 'Script') js += event.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return { js, total, requests };
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
    .map((item) => `${String(item.url).replace(/^.*\//, '')} ${Number(item.total).toFixed(0)} (script ${Number(item.scripting).toFixed(0)})`);
  console.log(`\n${name}\n  LCP element: ${lcpElement}\n  main thread (ms): ${breakdown.join(', ')}\n  scripts (ms): ${scripts.join(', ')}`);
}

async function lighthouseRun(url: string, port: number, detailsOf?: string): Promise<Score> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
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
  const publisher = await createPublisher(ctx, { publisher_no: 'BENCH', publisher_name: 'શ્રી જિનશાસન આરાધના ટ્રસ્ટ' });
  let jsbn = '';
  for (let i = 0; i < 6; i += 1) {
    const book = await createBook(ctx, publisher.publisherId, { book_title: `શ્રી ક્ષમાપના સૂત્ર ${i + 1}`, book_e_title: `Shri Kshamapana Sutra ${i + 1}` });
    jsbn ||= formatJsbn(book.jsbn_number);
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const pages: [string, string][] = [
    ['bare HTML page (baseline)', `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`],
    ['/', `${origin}/`],
    ['/search-a-book', `${origin}/search-a-book`],
    ['/jsbn/:jsbn', `${origin}/jsbn/${jsbn}`],
  ];
  const chrome = await launchChrome({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const rows: string[] = [];
  let baselineLcp = NaN;
  try {
    for (const [name, url] of pages) {
      const bytes = await transferred(url);
      const runs: Score[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await lighthouseRun(url, chrome.port, DETAILS && run === 0 ? name : undefined));
      const score = { score: median(runs.map((r) => r.score)), lcp: median(runs.map((r) => r.lcp)), cls: median(runs.map((r) => r.cls)), tbt: median(runs.map((r) => r.tbt)) };
      if (Number.isNaN(baselineLcp)) baselineLcp = score.lcp;
      rows.push(
        `| ${name} | ${(bytes.js / 1000).toFixed(1)} kB | ${(bytes.total / 1000).toFixed(1)} kB | ${bytes.requests} | ${score.score} | ${(score.lcp / 1000).toFixed(2)} s (${(score.lcp / baselineLcp).toFixed(2)}×) | ${score.cls.toFixed(3)} | ${score.tbt.toFixed(0)} ms |`,
      );
    }
  } finally {
    chrome.kill();
  }
  console.log(`\nFirst load at 390 px, empty cache; Lighthouse mobile, median of ${RUNS} runs (LCP also as a ratio to the bare page):\n`);
  console.log('| page | JS transferred | all transferred | requests | score | LCP | CLS | TBT |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  bare.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
