/**
 * Scan to shelve (decision 075) on a 390 × 844 phone: Chromium's fake camera shows a registered
 * book's back-cover QR code (the app's own QR JPEG, made into a `.y4m` by ffmpeg); the scan page
 * — its script loaded only there — shows the book's title with what the library holds, and 'Add
 * to shelves' puts a copy on the shelves page. Then, with the connection gone, the page opens
 * from the service worker, a scan waits on the phone ('1 scan waiting to be sent', kept across a
 * reload), and once the connection returns it is sent once: one copy, not two. The time from the
 * camera's frame to the title on screen is printed (performance marks), never asserted.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { normalizeJsbn } from '@jsbn/shared';
import enShelves from '../apps/web/src/locales/en/shelves.json' with { type: 'json' };
import { apiCall, apiToken } from './support/api.js';
import { snap } from './support/browser.js';
import { qrCamera, seededBook, type CameraBook } from './support/camera.js';
import type { RunningServer } from './support/server.js';
import { newPage, useJourney } from './support/session.js';
import { PHONE, appLive, signIn } from './support/ui.js';

const LIBRARY = { email: 'library@demo.jsbn', password: 'Demo@1234' };
const SCAN = enShelves.scan;

/** The seeded book the camera shows, found before the browser starts. */
let book: CameraBook;

/** The camera shows the QR code of a seeded book, found before the browser starts. */
async function fakeCamera(server: RunningServer): Promise<string[]> {
  book = await seededBook(server, 'Kalpasutra');
  return qrCamera(server, book.jsbn_number);
}

const journey = useJourney('failed-scan-', { browserArgs: fakeCamera });

/** The scripts and WebAssembly the page has fetched so far. */
const fetched = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));

/** The library's copies of `jsbn` that are on the shelves, by place. */
async function copiesByPlace(base: string, token: string, jsbn: string): Promise<Record<string, number>> {
  const list = await apiCall<{ rows: { place: string | null; book: { jsbn_number: string } | null }[] }>(
    base,
    `/library/holdings?queryString=${encodeURIComponent(jsbn)}&limit=50`,
    { token },
  );
  const places: Record<string, number> = {};
  for (const row of list.data.rows)
    if (row.book && normalizeJsbn(row.book.jsbn_number) === normalizeJsbn(jsbn))
      places[row.place ?? ''] = (places[row.place ?? ''] ?? 0) + 1;
  return places;
}

describe('scan to shelve, on a phone', () => {
  it('a back cover’s QR code in the camera shelves the book; offline the scan waits and is sent once', async () => {
    const base = journey.server.url;
    const token = await apiToken(base, LIBRARY, 'LIBRARY');
    const before = await apiCall<{ copies: number; ordered: boolean }>(base, `/library/holdings/lookup?code=${book.jsbn_number}`, {
      token,
    });
    expect(before.status).toBe(200);
    const baseline = await copiesByPlace(base, token, book.jsbn_number);
    const held = (copies: number, ordered: boolean) =>
      copies === 1
        ? SCAN.onShelves_one.replace('{{count}}', '1')
        : copies > 1
          ? SCAN.onShelves_other.replace('{{count}}', String(copies))
          : ordered
            ? SCAN.ordered
            : SCAN.notYet;

    const page = await newPage(journey.browser, journey.contexts, { width: PHONE.width });
    await page.setViewportSize(PHONE);
    await page.context().grantPermissions(['camera'], { origin: base });
    await signIn(page, base, 'Library Login', LIBRARY);
    await page.goto(`${base}/shelves`);
    await appLive(page);
    // the scanner's script and the barcode reader's WebAssembly are the scan page's alone
    expect((await fetched(page)).filter((path) => /scan-page|barcode-worker|zxing|\.wasm$/.test(path))).toEqual([]);
    await page.getByRole('link', { name: SCAN.open }).click();
    await page.waitForURL(`${base}/shelves/scan`);
    await page.getByRole('heading', { name: SCAN.title, level: 1 }).waitFor();

    // the camera reads the code: the title, what the library holds, the next accession number
    const card = page.locator('[data-scan="found"]');
    await card.getByRole('heading', { name: book.book_title, level: 2 }).waitFor();
    await card.getByText(held(before.data.copies, before.data.ordered)).waitFor();
    // the reader's worker (it fetches the WebAssembly itself: decision 080)
    expect((await fetched(page)).some((path) => /\/barcode-worker-[^/]+\.js$/.test(path))).toBe(true);
    const next = await apiCall<{ accession_number: string }>(base, '/library/holdings/next-accession', { token });
    const accession = card.getByLabel(enShelves.add.accession);
    await expect.poll(() => accession.inputValue()).toBe(next.data.accession_number);
    const measured = await page.evaluate(() =>
      ['jsbn:scan-to-title', 'jsbn:code-read', 'jsbn:lookup'].map((name) =>
        performance.getEntriesByName(name, 'measure').map((entry) => Math.round(entry.duration)),
      ),
    );
    expect(measured[0]!.length).toBeGreaterThan(0);
    console.log(
      `scan to title on screen: ${measured[0]!.join(', ')} ms (camera frame → title painted); of it reading the frame ${measured[1]!.join(', ')} ms, the lookup ${measured[2]!.join(', ')} ms`,
    );
    await snap(page, 'scan-en-found-390');

    await card.getByLabel(enShelves.add.place).fill('Store room 1');
    await card.getByRole('button', { name: SCAN.add }).click();
    await card
      .getByRole('status')
      .filter({ hasText: `Copy ${next.data.accession_number} is on the shelves` })
      .waitFor();
    await card.getByText(held(before.data.copies + 1, before.data.ordered)).waitFor();

    // the row on the shelves page
    await page.goto(`${base}/shelves`);
    await appLive(page);
    const row = page.getByRole('row').filter({ hasText: book.book_title }).filter({ hasText: 'Store room 1' });
    await row.waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.getByText(next.data.accession_number, { exact: true }).count()).toBe(1);

    // offline: the page opens from the service worker, the scan waits on the phone
    await page.goto(`${base}/shelves/scan`);
    await page.waitForFunction(
      async () => Boolean((await navigator.serviceWorker.ready).active) && Boolean(navigator.serviceWorker.controller),
    );
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: SCAN.title, level: 1 }).waitFor();
    await page.getByText(SCAN.offline).waitFor();
    const offlineCard = page.locator('[data-scan="offline"]');
    await offlineCard.getByText(SCAN.offlineScan).waitFor();
    await offlineCard.getByLabel(enShelves.add.place).fill('Store room 2');
    await offlineCard.getByRole('button', { name: SCAN.add }).click();
    await offlineCard.getByText(SCAN.kept).waitFor();
    const waiting = page.getByText(SCAN.waiting_one.replace('{{count}}', '1'));
    await waiting.waitFor();
    await snap(page, 'scan-en-offline-390');
    // kept on the phone across a reload
    await page.reload();
    await waiting.waitFor();
    expect(await copiesByPlace(base, token, book.jsbn_number)).toEqual({ 'Store room 1': 1, ...baseline });

    // the connection returns: sent once
    await page.context().setOffline(false);
    await waiting.waitFor({ state: 'detached' });
    await expect.poll(() => copiesByPlace(base, token, book.jsbn_number)).toEqual({ 'Store room 1': 1, 'Store room 2': 1, ...baseline });
    // a page load sends what waits: nothing is left to send twice
    await page.reload();
    await page.locator('[data-scan="found"]').getByRole('heading', { name: book.book_title, level: 2 }).waitFor();
    expect(await page.getByText(SCAN.waiting_one.replace('{{count}}', '1')).count()).toBe(0);
    expect(await copiesByPlace(base, token, book.jsbn_number)).toEqual({ 'Store room 1': 1, 'Store room 2': 1, ...baseline });
  });
});
