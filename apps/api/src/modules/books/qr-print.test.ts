/**
 * QR codes for print (decision 018) a printer can use. Every code — the SVG, the one-label PDF and each
 * label of the A4 sheet — is read back by a decoder nobody here wrote (`zbarimg` of Debian's
 * zbar-tools, after `pdftoppm` at 300 dpi or librsvg at 300 dpi) and holds the book's URL; the
 * art is as wide as asked; the sheet is only for the publisher's own books.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJsbn } from '@jsbn/shared';
import { bookEndpoints } from '@jsbn/shared/core';
import { createBook, createLibrary, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';

const work = mkdtempSync(join(tmpdir(), 'jsbn-qr-print-'));

/** What zbarimg reads in the PNG `file`: one line per code, without the 'QR-Code:' prefix, sorted. */
function decode(file: string): string[] {
  const output = execFileSync('zbarimg', ['--quiet', '--raw', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return output.split('\n').filter(Boolean).sort();
}

/** Renders every page of `pdf` at 300 dpi; returns the PNG files. */
function pdfPages(pdf: Buffer, name: string): string[] {
  const file = join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '300', '-png', file, join(work, name)]);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
  return Array.from({ length: pages }, (_, index) => join(work, `${name}-${String(index + 1).padStart(String(pages).length, '0')}.png`));
}

describe.each(ENGINES)('QR codes for print on %s', (engine) => {
  let t: TestApp;
  let jsbn: string;
  let url: string;
  let ids: number[];
  let urls: string[];
  let pub: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const publisher = await createPublisher(t.ctx, { publisher_no: 'QRPRT' });
    pub = await tokenHeader(t, publisher);
    const made = [];
    for (const title of ['શ્રી ઉત્તરાધ્યયન સૂત્ર — મૂળ, ગુજરાતી અનુવાદ અને વિવેચન સહિત, ભાગ ૧', 'तत्त्वार्थसूत्र', 'Kalpasutra'])
      made.push(await createBook(t.ctx, publisher.publisherId, { book_title: title }));
    ids = made.map((book) => book.id);
    jsbn = formatJsbn(made[0]!.jsbn_number);
    urls = made.map((book) => `https://jsbn.test/jsbn/${formatJsbn(book.jsbn_number)}`).sort();
    url = `https://jsbn.test/jsbn/${jsbn}`;
  });
  afterAll(() => t.close());

  it.each([20, 25, 30])('gives the SVG at %i mm, which decodes to the book page', async (size) => {
    const reply = await inject(t.app, bookEndpoints.qrSvg, { params: { jsbnNo: jsbn }, query: { size: String(size) } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="JSBN-${jsbn}-${size}mm.svg"`);
    const svg = reply.body;
    expect(svg).toContain(`width="${size}mm"`);
    expect(svg).toContain(`<title>JSBN ${jsbn}</title>`);
    // the caption is drawn as outlines, so it prints the same without the font
    expect(svg).not.toContain('<text');
    const png = join(work, `code-${size}.png`);
    // the size is in the SVG's own units (mm); rendered here large enough for the decoder
    await sharp(Buffer.from(svg), { density: 300 }).flatten({ background: '#ffffff' }).png().toFile(png);
    expect(decode(png)).toEqual([url]);
  });

  it.each([20, 30])('gives a one-label PDF at %i mm, which decodes and says the JSBN under the code', async (size) => {
    const reply = await inject(t.app, bookEndpoints.qrPdf, { params: { jsbnNo: jsbn.toLowerCase() }, query: { size: String(size) } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    const file = join(work, `label-${size}.pdf`);
    writeFileSync(file, reply.rawPayload);
    const width = Number(/Page size:\s+([\d.]+) x/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
    expect(width).toBeCloseTo((size / 25.4) * 72, 1);
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain(`JSBN ${jsbn}`);
    expect(decode(pdfPages(reply.rawPayload, `label-${size}`)[0]!)).toEqual([url]);
  });

  it('refuses a size it does not offer, by name, and an unknown JSBN', async () => {
    const wrong = await inject(t.app, bookEndpoints.qrSvg, { raw: true, params: { jsbnNo: jsbn }, query: { size: '40' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ field: 'size', message: 'Size must be 20, 25 or 30 mm' }]);
    expect((await inject(t.app, bookEndpoints.qrPdf, { params: { jsbnNo: 'NOPE0-00001-X' } })).statusCode).toBe(404);
  });

  it("prints an A4 sheet of the publisher's selected books, every label decoding to its book", async () => {
    const reply = await inject(t.app, bookEndpoints.qrLabels, { headers: pub, query: { ids: ids.join(','), size: '30' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-disposition']).toBe('attachment; filename="JSBN-QR-labels.pdf"');
    const file = join(work, 'sheet.pdf');
    writeFileSync(file, reply.rawPayload);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).normalize('NFC');
    expect(text).toContain('तत्त्वार्थसूत्र');
    expect(text).toContain('શ્રી ઉત્તરાધ્યયન'); // the long title, cut to one line
    expect(text).toContain('…');
    expect(decode(pdfPages(reply.rawPayload, 'sheet')[0]!)).toEqual(urls);
  });

  it("keeps the sheet to the publisher's own books", async () => {
    const other = await tokenHeader(t, await createPublisher(t.ctx));
    expect((await inject(t.app, bookEndpoints.qrLabels, { headers: other, query: { ids: String(ids[0]) } })).statusCode).toBe(404);
    const library = await tokenHeader(t, await createLibrary(t.ctx));
    expect((await inject(t.app, bookEndpoints.qrLabels, { headers: library, query: { ids: String(ids[0]) } })).statusCode).toBe(403);
    const none = await inject(t.app, bookEndpoints.qrLabels, { raw: true, headers: pub, query: { ids: '' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().details[0].message).toBe('Please select at least one book');
  });
});
