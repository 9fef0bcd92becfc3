/**
 * Print QR codes and MARC21 in the browser (decision 018): a book's QR code for print (size chosen, SVG or PDF)
 * and its MARC21 record from the book page; a publisher's QR label sheet of selected books and
 * catalogue as MARC21 from My Books; a library's received books as MARC21 from Completed Orders.
 * What is downloaded is checked by its bytes and name (the codes and records themselves are read
 * back by zbarimg and yaz-marcdump in the API tests).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bytesOf, snap } from './support/browser.js';
import { newPage as openPage, useJourney } from './support/session.js';
import { PHONE, appLive, settle, toast } from './support/ui.js';

const journey = useJourney('failed-print-');
const { contexts } = journey;

/** Logs in as a demo account (password Demo@1234) on the given tab. */
async function loginDemo(page: Page, email: string, tab: 'Publisher Login' | 'Library Login') {
  await page.goto(`${journey.server.url}/login`);
  await appLive(page);
  await page.getByRole('tab', { name: tab }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${journey.server.url}/`);
}

describe('downloads for printers and library systems', () => {
  it("gives a book's QR code for print at the chosen size, and its MARC21 record, from the book page", async () => {
    const page = await openPage(journey.browser, contexts, { width: PHONE.width, downloads: true });
    const listed = (await (await fetch(`${journey.server.url}/api/book?pageNo=1&limit=10`)).json()) as {
      data: { books: { jsbn_number: string }[] };
    };
    const jsbn = listed.data.books[0]!.jsbn_number;
    await page.goto(`${journey.server.url}/jsbn/${jsbn}`);
    await settle(page);
    const print = page.getByTestId('print-qr');
    // the page was rendered by the server: a first touch starts the app, which then owns the size
    await print.getByText('QR code for print').click();
    // until the app has hydrated the page, the choice stays the server's 25 mm: choose again
    await expect
      .poll(async () => {
        await print.getByLabel('Size').selectOption('30');
        return print.getByRole('link').first().getAttribute('href');
      })
      .toContain('size=30');
    const svgLink = print.getByRole('link', { name: `Download the QR code of ${jsbn} for print, 30 mm, as SVG` });
    await expect.poll(() => svgLink.getAttribute('href')).toBe(`/api/book/listing/jsbn/${jsbn}/qrcode.svg?size=30`);
    expect(await svgLink.getAttribute('download')).toBe(`JSBN-${jsbn}-30mm.svg`);
    const art = await (await page.request.get(`${journey.server.url}/api/book/listing/jsbn/${jsbn}/qrcode.svg?size=30`)).text();
    expect(art).toContain('width="30mm"');
    expect(art).toContain(`<title>JSBN ${jsbn}</title>`);
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      print.getByRole('link', { name: `Download the QR code of ${jsbn} for print, 30 mm, as PDF` }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`JSBN-${jsbn}-30mm.pdf`);
    expect((await bytesOf(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
    const [marc] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('print-marc').getByRole('button', { name: 'MARC21 (.mrc)' }).click(),
    ]);
    expect(marc.suggestedFilename()).toBe(`JSBN-${jsbn}.mrc`);
    expect((await bytesOf(marc)).subarray(5, 10).toString()).toBe('nam a');
    await page.getByTestId('print-qr').scrollIntoViewIfNeeded();
    await snap(page, 'print-book-page-390');
  });

  it("prints a publisher's QR label sheet of the selected books and gives its catalogue as MARC21", async () => {
    const page = await openPage(journey.browser, contexts, { width: 1366, downloads: true });
    await loginDemo(page, 'publisher@demo.jsbn', 'Publisher Login');
    await page.goto(`${journey.server.url}/my-books`);
    await settle(page);
    await page.getByRole('button', { name: 'QR label sheet' }).click();
    await expect.poll(() => toast(page, 'Please select at least one book').isVisible()).toBe(true);
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    const [sheet] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'QR label sheet' }).click()]);
    expect(sheet.suggestedFilename()).toBe('JSBN-QR-labels.pdf');
    expect((await bytesOf(sheet)).subarray(0, 5).toString()).toBe('%PDF-');
    const [xml] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'MARCXML' }).click()]);
    expect(xml.suggestedFilename()).toBe('Publisher_Catalogue_MARC21.xml');
    expect((await bytesOf(xml)).toString()).toContain('<collection xmlns="http://www.loc.gov/MARC21/slim">');
    await snap(page, 'print-my-books-1366');
  });

  it('gives a library its received books as MARC21 from Completed Orders', async () => {
    const page = await openPage(journey.browser, contexts, { width: 1366, downloads: true });
    await loginDemo(page, 'library@demo.jsbn', 'Library Login');
    await page.goto(`${journey.server.url}/generated-letters`);
    await settle(page);
    const [received] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'MARC21 (.mrc)' }).click()]);
    expect(received.suggestedFilename()).toBe('Received_Books_MARC21.mrc');
    await snap(page, 'print-completed-orders-1366');
  });
});
