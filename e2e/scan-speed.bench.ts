/**
 * `npm run bench:scan` (decisions 075 and 080): the scan page on a 390 px phone with Chromium's
 * fake camera showing a registered book's back-cover QR code, `ROUNDS` page loads (default 7).
 * Each load is measured by the page's own marks: from the camera frame a code was read from to
 * the book's title painted (`jsbn:scan-to-title`), of it the frame's reading
 * (`jsbn:code-read`) and the lookup's request (`jsbn:lookup`), and from the page's navigation to
 * the title (the reader's start and the camera's included). The baseline, in the same run on the
 * same page: the same code typed and 'Look up' pressed, to the title painted — the lookup and
 * the render without the camera. Prints medians and the ratio to the baseline; asserts nothing
 * about time.
 */
import { describe, expect, it } from 'vitest';
import enShelves from '../apps/web/src/locales/en/shelves.json' with { type: 'json' };
import { qrCamera, seededBook, type CameraBook } from './support/camera.js';
import type { RunningServer } from './support/server.js';
import { newPage, useJourney } from './support/session.js';
import { PHONE, signIn } from './support/ui.js';

const LIBRARY = { email: 'library@demo.jsbn', password: 'Demo@1234' };
const SCAN = enShelves.scan;
const ROUNDS = Number(process.env.ROUNDS ?? 7);

let book: CameraBook;
const journey = useJourney('failed-scan-speed-', {
  browserArgs: async (server: RunningServer) => {
    book = await seededBook(server, 'Kalpasutra');
    return qrCamera(server, book.jsbn_number);
  },
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const range = (values: number[]) =>
  `${Math.round(median(values))} ms (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;

describe('scan speed', () => {
  it(`from a code in the camera to its title on screen, ${ROUNDS} page loads`, async () => {
    const base = journey.server.url;
    const page = await newPage(journey.browser, journey.contexts, { width: PHONE.width });
    await page.setViewportSize(PHONE);
    await page.context().grantPermissions(['camera'], { origin: base });
    await signIn(page, base, 'Library Login', LIBRARY);
    const scanned: { toTitle: number; read: number; lookup: number; fromNavigation: number }[] = [];
    const typed: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await page.goto(`${base}/shelves/scan`);
      const card = page.locator('[data-scan="found"]');
      await card.getByRole('heading', { name: book.book_title, level: 2 }).waitFor();
      await page.waitForFunction(() => performance.getEntriesByName('jsbn:scan-to-title', 'measure').length > 0);
      scanned.push(
        await page.evaluate(() => {
          const last = (name: string) => performance.getEntriesByName(name, 'measure').at(-1)!.duration;
          return {
            toTitle: last('jsbn:scan-to-title'),
            read: last('jsbn:code-read'),
            lookup: last('jsbn:lookup'),
            fromNavigation: performance.getEntriesByName('jsbn:title-shown', 'mark').at(-1)!.startTime,
          };
        }),
      );
      // the baseline: the same code typed (the camera's code, still in view, is not scanned again)
      await page.getByLabel(SCAN.type).fill(book.jsbn_number);
      const before = await page.evaluate(() => {
        performance.mark('bench:typed');
        return performance.getEntriesByName('jsbn:title-shown', 'mark').length;
      });
      await page.getByRole('button', { name: SCAN.lookUp }).click();
      await page.waitForFunction((count) => performance.getEntriesByName('jsbn:title-shown', 'mark').length > count, before);
      typed.push(
        await page.evaluate(
          () =>
            performance.getEntriesByName('jsbn:title-shown', 'mark').at(-1)!.startTime -
            performance.getEntriesByName('bench:typed', 'mark').at(-1)!.startTime,
        ),
      );
    }
    expect(scanned).toHaveLength(ROUNDS);
    const toTitle = scanned.map((round) => round.toTitle);
    console.log(
      [
        `\nscan to title, ${ROUNDS} page loads at 390 px (medians, range):`,
        `| measure | ms |`,
        `|---|---|`,
        `| camera frame → title painted (jsbn:scan-to-title) | ${range(toTitle)} |`,
        `| of it, reading the frame (jsbn:code-read) | ${range(scanned.map((round) => round.read))} |`,
        `| of it, the lookup request (jsbn:lookup) | ${range(scanned.map((round) => round.lookup))} |`,
        `| page navigation → title painted (reader and camera started) | ${range(scanned.map((round) => round.fromNavigation))} |`,
        `| baseline: the code typed, 'Look up' → title painted | ${range(typed)} |`,
        `| scan ÷ typed | ${(median(toTitle) / median(typed)).toFixed(2)}× |`,
      ].join('\n'),
    );
  });
});
