/**
 * npm run bench:start [-- --no-build] [--cpu 4] [--runs 3] [--top 20] [--pages orders,books,recent,jsbn] [--tap] —
 * where a phone's main thread spends its time while a signed-in library's page starts.
 *
 * Serves the production build (as `bench:web` does: a fresh database, one publisher with six
 * books, one library signed in through the API), opens each page in Chromium at 390 × 844 with
 * the library's session in localStorage and the CPU slowed down `--cpu` times (CDP
 * `Emulation.setCPUThrottlingRate`, as Lighthouse's mobile profile: 4), and prints, per page,
 * beside the visitor's QR page (the baseline of this run):
 * - when the first paint and the largest paint came (ms after navigation), and the long tasks
 *   after the first paint (> 50 ms): how many, the longest, and their time beyond 50 ms (what
 *   Lighthouse sums as Total Blocking Time), median of `--runs`;
 * - from a CPU profile of the first run (V8's sampling profiler), the main thread's time by
 *   package (the built chunks' source maps say which source each function came from) and the
 *   functions with the most self time.
 * With `--tap`, instead: a visitor's first tap on the QR page's language menu once the app's
 * chunks have come (ms to the open menu, `--runs` times) and a CPU profile of it — the app's
 * start and its hydration of the page.
 * The network is not throttled: this looks at the CPU alone. Asserts nothing.
 * Needs Chromium at CHROME_PATH (default /usr/bin/chromium).
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '@jsbn/api/app';
import { loadConfig } from '@jsbn/api/config';
import { benchBooks, listenLocally, signedInLibrary } from './web-catalogue.js';
import { blockingTime, phone, tracedLoad, type CpuProfile, type Marks, type StoredSession as Session } from './long-tasks.js';

const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    cpu: { type: 'string', default: '4' },
    runs: { type: 'string', default: '3' },
    top: { type: 'string', default: '20' },
    pages: { type: 'string', default: 'orders,books,recent,jsbn' },
    tap: { type: 'boolean', default: false },
  },
});
const CPU = Number(options.cpu);
const RUNS = Number(options.runs);
const TOP = Number(options.top);
const PAGES = new Set(options.pages.split(','));

if (!options['no-build']) execSync('npm run build', { stdio: 'inherit' });

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * A source map's mappings, decoded just enough to say which source a generated line and column
 * came from: per generated line, its segments' columns and source indexes (VLQ, the source map
 * format of ECMA-426).
 */
function decodeSources(mappings: string): { columns: number[]; sources: number[] }[] {
  const lines: { columns: number[]; sources: number[] }[] = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const decoded = { columns: [] as number[], sources: [] as number[] };
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0]!;
      if (fields.length > 1) {
        source += fields[1]!;
        decoded.columns.push(column);
        decoded.sources.push(source);
      }
    }
    lines.push(decoded);
  }
  return lines;
}

/** The built chunks' source maps, read when first asked: the source of a function by its chunk, line and column. */
const maps = new Map<string, { sources: string[]; lines: ReturnType<typeof decodeSources> } | null>();
function sourceOf(url: string, line: number, column: number): string {
  const file = /\/assets\/[^?#]+\.js/.exec(url)?.[0];
  if (!file) return url ? url.replace(/^https?:\/\/[^/]+/, '') : '(native)';
  if (!maps.has(file)) {
    try {
      const map = JSON.parse(readFileSync(join(WEB_DIST, `${file}.map`), 'utf8')) as { sources: string[]; mappings: string };
      maps.set(file, { sources: map.sources, lines: decodeSources(map.mappings) });
    } catch {
      maps.set(file, null);
    }
  }
  const map = maps.get(file);
  const segments = map?.lines[line];
  if (!map || !segments || segments.columns.length === 0) return file;
  let found = 0;
  for (let index = 0; index < segments.columns.length && segments.columns[index]! <= column; index += 1) found = index;
  return map.sources[segments.sources[found]!] ?? file;
}

/** The package a source belongs to: `@mui/material`, `preact`, or `app:<folder>` for the app's own code. */
function packageOf(source: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inModules) return inModules[1]!;
  const app = /(?:apps\/web\/src|packages\/shared\/src)\/(.*)/.exec(source);
  if (app)
    return `app:${app[1]!
      .split('/')
      .slice(0, app[1]!.startsWith('features/') ? 2 : 1)
      .join('/')}`;
  return source;
}

/** Self time (ms) of a CPU profile by package and by function. */
function selfTimes(profile: CpuProfile) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const frame = byNode.get(id)!.callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') return;
    const source = frame.url ? sourceOf(frame.url, frame.lineNumber, frame.columnNumber) : `(${frame.functionName.replace(/[()]/g, '')})`;
    const pkg = frame.url ? packageOf(source) : source;
    total += ms;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
    const name = `${frame.functionName || '(anonymous)'} ${source.replace(/^.*node_modules\//, '').replace(/^.*apps\/web\/src\//, 'src/')}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  });
  const top = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  return { total, packages: top(byPackage), functions: top(byFunction) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * `--tap`: a visitor's first tap on the language menu of the QR page, once the page has loaded
 * and the app's chunks have come in the background (the network idle): ms from the tap to the
 * open menu, with the CPU slowed down as told, and a CPU profile of that time (the app's start,
 * its hydration of the page, the menu).
 */
async function tapProfile(url: string, profile: boolean): Promise<{ ms: number; profile?: CpuProfile }> {
  const { browser, context } = await phone();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.evaluate(`{
      const marks = (window.tapMarks = {});
      document.addEventListener('pointerdown', () => (marks.tap ??= performance.now()), { capture: true });
      new MutationObserver(() => { if (marks.menu === undefined && document.querySelector('[role="menu"]')) marks.menu = performance.now(); }).observe(document, { subtree: true, childList: true });
    }`);
    await page.getByRole('link', { name: /^Choose the language of the site/ }).tap();
    await page.waitForFunction(() => (window as unknown as { tapMarks: { menu?: number } }).tapMarks.menu !== undefined, undefined, {
      timeout: 30_000,
    });
    const marks = await page.evaluate(() => (window as unknown as { tapMarks: { tap: number; menu: number } }).tapMarks);
    const result = profile ? ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile : undefined;
    return { ms: marks.menu - marks.tap, profile: result };
  } finally {
    await browser.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'jsbn-bench-start-'));
const { app, ctx } = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', PORT: '0' }));
try {
  const { publisherId, jsbn } = await benchBooks(ctx);
  const origin = await listenLocally(app);
  const session: Session = await signedInLibrary(ctx, origin);
  const pages: [string, string, string, Session | undefined][] = [
    ['baseline', '/jsbn/:jsbn, a visitor (baseline)', `/jsbn/${jsbn}`, undefined],
    ['orders', '/orders', '/orders', session],
    ['books', '/publisher-wise-books/:id', `/publisher-wise-books/${publisherId}`, session],
    ['recent', '/new-published-books', '/new-published-books', session],
    ['jsbn', '/jsbn/:jsbn, signed in', `/jsbn/${jsbn}`, session],
  ];
  if (options.tap) {
    const times: number[] = [];
    let profile: CpuProfile | undefined;
    for (let run = 0; run < RUNS; run += 1) {
      const result = await tapProfile(`${origin}/jsbn/${jsbn}`, run === 0);
      times.push(result.ms);
      profile ??= result.profile;
    }
    const self = selfTimes(profile!);
    console.log(
      `\nThe first tap on the QR page's language menu, the app fetched (CPU ×${CPU}): ${median(times).toFixed(0)} ms to the open menu (${times.map((ms) => ms.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  ${self.total.toFixed(0)} ms of main-thread work; by package: ${self.packages.map(([pkg, ms]) => `${pkg} ${ms.toFixed(0)}`).join(', ')}`,
    );
    console.log('  by function (self ms):');
    for (const [fn, ms] of self.functions) console.log(`    ${ms.toFixed(1).padStart(7)}  ${fn}`);
  }
  const rows: string[] = [];
  // each signed-in page twice: the shell whose app renders it (without the session cookie: as
  // before decision 047), and the page the server rendered for the library
  const loads = pages.flatMap(([key, name, path, who]): [string, string, Session | undefined, boolean][] => {
    if (key === 'baseline') return [[name, path, who, false]];
    if (!PAGES.has(key)) return [];
    return [
      [`${name} (shell; the app renders it)`, path, who, false],
      [`${name} (rendered for the library)`, path, who, true],
    ];
  });
  for (const [name, path, who, cookie] of options.tap ? [] : loads) {
    const runs: Marks[] = [];
    let profile: CpuProfile | undefined;
    for (let run = 0; run < RUNS; run += 1) {
      const result = await tracedLoad(`${origin}${path}`, { cpu: CPU, session: who, cookie, profile: run === 0 });
      runs.push(result.marks);
      profile ??= result.profile;
    }
    const blocking = runs.map(blockingTime);
    const longest = runs.map((marks) => Math.max(0, ...marks.tasks.map((task) => task.duration)));
    const count = runs.map((marks) => marks.tasks.length);
    rows.push(
      `| ${name} | ${median(runs.map((m) => m.fcp ?? NaN)).toFixed(0)} ms | ${median(runs.map((m) => m.lcp ?? NaN)).toFixed(0)} ms | ${median(count)} | ${median(longest).toFixed(0)} ms | ${median(blocking).toFixed(0)} ms (${Math.min(...blocking).toFixed(0)}–${Math.max(...blocking).toFixed(0)}) |`,
    );
    if (profile) {
      const times = selfTimes(profile);
      console.log(`\n${name}: ${times.total.toFixed(0)} ms of main-thread work in the profile (CPU ×${CPU})`);
      console.log(`  by package: ${times.packages.map(([pkg, ms]) => `${pkg} ${ms.toFixed(0)}`).join(', ')}`);
      console.log('  by function (self ms):');
      for (const [fn, ms] of times.functions) console.log(`    ${ms.toFixed(1).padStart(7)}  ${fn}`);
    }
  }
  if (!options.tap)
    console.log(
      `\nA signed-in library's pages at 390 × 844, empty cache, CPU ×${CPU} (CDP), network not throttled; median of ${RUNS} (range):\n`,
    );
  if (!options.tap)
    console.log(
      '| page | first paint | largest paint | long tasks | longest | blocking time after the first paint |\n|---|---|---|---|---|---|',
    );
  for (const row of rows) console.log(row);
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
