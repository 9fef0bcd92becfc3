/**
 * Chromium's fake camera (`--use-file-for-fake-video-capture`) showing a book's back-cover QR
 * code: the app's own QR JPEG of the JSBN, on a white 640 × 480 frame, two seconds of it as a
 * `.y4m` made by ffmpeg, which Chromium plays in a loop.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiCall } from './api.js';
import type { RunningServer } from './server.js';

/** A seeded book the camera can show. */
export interface CameraBook {
  jsbn_number: string;
  book_title: string;
}

/** The first book the server finds for `queryString` (the seeded catalogue's). */
export async function seededBook(server: RunningServer, queryString: string): Promise<CameraBook> {
  const found = await apiCall<{ books: CameraBook[] }>(server.url, `/book?queryString=${encodeURIComponent(queryString)}&limit=10`);
  const book = found.data.books[0];
  if (!book) throw new Error(`no seeded book answers ${queryString}`);
  return book;
}

/**
 * Chromium's flags for a camera showing the QR code of `jsbn` as the server prints it.
 * @throws Error when the server has no QR code for it
 */
export async function qrCamera(server: RunningServer, jsbn: string): Promise<string[]> {
  const qr = await fetch(`${server.url}/api/book/listing/jsbn/${jsbn}/qrcode.jpg`);
  if (qr.status !== 200) throw new Error(`no QR code for ${jsbn}: ${qr.status}`);
  const dir = mkdtempSync(join(tmpdir(), 'jsbn-camera-'));
  writeFileSync(join(dir, 'qr.jpg'), Buffer.from(await qr.arrayBuffer()));
  const video = join(dir, 'qr.y4m');
  execFileSync('ffmpeg', [
    ...['-y', '-loglevel', 'error', '-loop', '1', '-i', join(dir, 'qr.jpg'), '-t', '2'],
    ...['-vf', 'scale=440:440,pad=640:480:100:20:white', '-pix_fmt', 'yuv420p', video],
  ]);
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`];
}
