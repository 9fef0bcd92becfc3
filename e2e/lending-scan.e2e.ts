/**
 * The lending desk by camera (decision 076) on a 390 × 844 phone: Chromium's fake camera shows a
 * book's back-cover QR code; with a member chosen, 'Scan with the camera' lends the library's
 * copy of that book on its shelves, and in Return the same scan takes it back.
 */
import { describe, expect, it } from 'vitest';
import enLending from '../apps/web/src/locales/en/lending.json' with { type: 'json' };
import { apiCall, apiToken } from './support/api.js';
import { qrCamera, seededBook, type CameraBook } from './support/camera.js';
import type { RunningServer } from './support/server.js';
import { newPage, useJourney } from './support/session.js';
import { PHONE, appLive, signIn, toast } from './support/ui.js';

const LIBRARY = { email: 'library@demo.jsbn', password: 'Demo@1234' };
const MEMBER = 'Sadhvi Shri Prashamrati';

/** The book whose back cover the camera shows, found before the browser starts. */
let book: CameraBook;
async function fakeCamera(server: RunningServer): Promise<string[]> {
  book = await seededBook(server, 'Kalpasutra');
  return qrCamera(server, book.jsbn_number);
}

const journey = useJourney('failed-lending-scan-', { browserArgs: fakeCamera });

describe('the lending desk by camera, on a phone', () => {
  it('lends a copy by scanning its back cover, and takes it back by scanning it again', async () => {
    const base = journey.server.url;
    const token = await apiToken(base, LIBRARY, 'LIBRARY');
    const shelved = await apiCall(base, '/library/holdings', { token, method: 'POST', body: { jsbn: book.jsbn_number } });
    expect(shelved.status).toBe(201);
    const member = await apiCall(base, '/library/members', {
      token,
      method: 'POST',
      body: { name: MEMBER, phone: '9825012345', language: 'gu', kind: 'sadhu_sadhvi' },
    });
    expect(member.status).toBe(201);

    const page = await newPage(journey.browser, journey.contexts, { width: PHONE.width });
    await page.setViewportSize(PHONE);
    await signIn(page, base, 'Library Login', LIBRARY);
    await page.goto(`${base}/lending`);
    await page.getByRole('heading', { name: enLending.title, level: 1 }).waitFor();
    await appLive(page);

    // the member first, then the camera: the scan lends at once
    await page.getByRole('combobox', { name: enLending.member }).fill('Prashamrati');
    await page.getByRole('option', { name: new RegExp(MEMBER) }).click();
    await page.getByRole('button', { name: enLending.cameraOn }).click();
    const lent = toast(page, new RegExp(`^Copy (\\S+) lent to ${MEMBER}$`));
    await lent.waitFor();
    const copy = /^Copy (\S+) lent/.exec((await lent.textContent()) ?? '')![1]!;
    await page.getByRole('button', { name: enLending.cameraOff }).click();
    await page.getByRole('tab', { name: enLending.tabs.open }).click();
    await page.getByText(`${copy} · `).first().waitFor();

    // Return: the same back cover in the camera takes the copy back
    await page.getByRole('group').getByRole('button', { name: enLending.return, exact: true }).click();
    await page.getByRole('button', { name: enLending.cameraOn }).click();
    await toast(page, `Copy ${copy} is back on the shelves`).waitFor();
    await expect.poll(() => page.getByText(`${copy} · `).count()).toBe(0);
  });
});
