/**
 * Generated documents of books (decision 004, docs/api.md 'generated_pdfs', decision 004 'Catalogue'):
 * each is a PDF, made once per version (cached by updated_at), rendered to PNG with pdftoppm
 * so a person can look at the Gujarati and Devanagari shaping (શ્રી, ક્ષ, र्म, त्त्व). The PNGs
 * are kept in $TMPDIR/jsbn-book-documents/<engine>/ after the run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookEndpoints } from '@jsbn/shared/core';
import { eq } from 'drizzle-orm';
import { createBook, createPublisher } from '../../seed/factories.js';
import { document_jobs } from '../../db/schema.js';
import { makeDocument } from './documents.js';
import { ENGINES, createTestApp, form, tokenHeader, type TestApp } from '../../test/harness.js';
import { apiPath, inject } from '../../test/inject.js';

describe.each(ENGINES)('book documents on %s', (engine) => {
  let t: TestApp;
  let publisher: Awaited<ReturnType<typeof createPublisher>>;
  let books: { id: number; jsbn_number: string }[];
  const out = join(tmpdir(), 'jsbn-book-documents', engine);

  beforeAll(async () => {
    t = await createTestApp(engine);
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    publisher = await createPublisher(t.ctx, {
      publisher_no: 'SHRIJ',
      publisher_name: 'શ્રી જિનશાસન આરાધના ટ્રસ્ટ',
      address: 'ક્ષેમંકર ભવન, રિલીફ રોડ',
    });
    books = [
      await createBook(t.ctx, publisher.publisherId, {
        book_title: 'શ્રી ક્ષમાપના સૂત્ર',
        book_e_title: 'Shri Kshamapana Sutra',
        authors: [{ authorType: 1, author_name: 'આચાર્ય શ્રી ભદ્રબાહુસ્વામી' }],
        contents: 'ક્ષમાપના, પ્રતિક્રમણ, શ્રી સંઘ',
        price: 120,
        height: 8.5,
        width: 5.5,
      }),
      await createBook(t.ctx, publisher.publisherId, {
        book_title: 'तत्त्वार्थसूत्र — धर्म और कर्म',
        book_e_title: 'Tattvartha Sutra: Dharma and Karma',
        language: 'Hindi',
        authors: [{ authorType: 1, author_name: 'उमास्वाति' }],
      }),
      await createBook(t.ctx, publisher.publisherId, {
        book_title: 'Jain Philosophy',
        book_e_title: 'Jain Philosophy',
        language: 'English',
      }),
    ];
  });
  afterAll(() => t.close());

  /**
   * Downloads `url` (a reply's link as written there, or `apiPath`'s address), checks it is a PDF,
   * renders page 1 to `<name>.png` and returns the PDF bytes.
   */
  const render = async (url: string, name: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    writeFileSync(join(out, `${name}.pdf`), pdf);
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', join(out, `${name}.pdf`), join(out, name)]);
    const png = join(out, `${name}.png`);
    expect(existsSync(png)).toBe(true);
    expect(statSync(png).size).toBeGreaterThan(5000);
    return { pdf, response };
  };

  it('fills generated_pdfs of the book page with downloadable documents', async () => {
    const page = await inject(t.app, bookEndpoints.byJsbn, { params: { jsbnNo: books[0]!.jsbn_number } });
    const { generated_pdfs } = page.json().data;
    expect(generated_pdfs).toEqual({
      single_book_pdf: `/api/book/${books[0]!.id}/sheet.pdf`,
      publisher_book_list_pdf: `/api/book/publisher/${publisher.publisherId}/book-list.pdf`,
      publisher_catalog_pdf: `/api/book/publisher/${publisher.publisherId}/catalog.pdf`,
    });
    const sheet = await render(generated_pdfs.single_book_pdf, 'book-sheet');
    expect(sheet.response.headers['content-disposition']).toBe(`attachment; filename="JSBN-${books[0]!.jsbn_number}.pdf"`);
    await render(apiPath(bookEndpoints.sheetPdf, { id: books[1]!.id }), 'book-sheet-devanagari');
    await render(generated_pdfs.publisher_book_list_pdf, 'publisher-book-list');
    const catalogue = await render(generated_pdfs.publisher_catalog_pdf, 'publisher-catalog');
    expect(catalogue.response.headers['content-disposition']).toBe('attachment; filename="SHRIJ.pdf"');
    await render(apiPath(bookEndpoints.publisherInfoPdf, { publisherId: publisher.publisherId }), 'publisher-info');
    expect((await inject(t.app, bookEndpoints.sheetPdf, { params: { id: 999999 } })).statusCode).toBe(404);
    expect((await inject(t.app, bookEndpoints.cataloguePdf, { params: { publisherId: 999999 } })).statusCode).toBe(404);
  });

  it('answers the catalogue call by publisher number and regenerates only after a change', async () => {
    const first = await inject(t.app, bookEndpoints.catalogue, { params: { publisher_no: 'shrij' } });
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data.publisher).toEqual({ publisher_no: 'SHRIJ', publisher_name: 'શ્રી જિનશાસન આરાધના ટ્રસ્ટ' });
    expect(data.generated_pdf.publisher_catalog_pdf).toMatch(/^\/api\/files\/public\/generated\/catalog-\d+-en-[0-9a-f]{16}\.pdf$/);
    const file = await t.app.inject({ method: 'GET', url: data.generated_pdf.publisher_catalog_pdf });
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const again = (await inject(t.app, bookEndpoints.catalogue, { params: { publisher_no: 'SHRIJ' } })).json().data;
    expect(again.generated_pdf.publisher_catalog_pdf).toBe(data.generated_pdf.publisher_catalog_pdf);

    // an edit of one of the books makes a new version and removes the old file
    t.advance(1000);
    const headers = await tokenHeader(t, publisher);
    const edit = await inject(t.app, bookEndpoints.update, {
      params: { id: books[2]!.id },
      headers,
      body: form({
        book_title: 'Jain Philosophy (2nd edition)',
        book_e_title: 'Jain Philosophy',
        pages: '200',
        publication_year: '2024',
        language: 'English',
        type: 'PRA1',
        'subjects[0][id]': '4',
        'authors[0][authorType]': '1',
        'authors[0][author_name]': 'Virchand Gandhi',
        readers: 'No',
      }),
    });
    expect(edit.statusCode).toBe(200);
    // asked again while it is made (a 202 on a busy machine), as the reply says to
    let after = (await inject(t.app, bookEndpoints.catalogue, { params: { publisher_no: 'SHRIJ' } })).json().data;
    while (after.generated_pdf.publisher_catalog_pdf === null)
      after = (await inject(t.app, bookEndpoints.catalogue, { params: { publisher_no: 'SHRIJ' } })).json().data;
    expect(after.generated_pdf.publisher_catalog_pdf).not.toBe(data.generated_pdf.publisher_catalog_pdf);
    expect((await t.app.inject({ method: 'GET', url: data.generated_pdf.publisher_catalog_pdf })).statusCode).toBe(404);
    expect((await inject(t.app, bookEndpoints.catalogue, { params: { publisher_no: 'NOONE' } })).statusCode).toBe(404);
  });

  it('draws the documents everyone shares in the language of whoever asks, each language kept apart', async () => {
    /** The PDF's text (pdftotext), its first page kept as `<name>.png` to look at. */
    const textOf = (pdf: Buffer, name: string) => {
      writeFileSync(join(out, `${name}.pdf`), pdf);
      execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', join(out, `${name}.pdf`), join(out, name)]);
      return execFileSync('pdftotext', ['-layout', join(out, `${name}.pdf`), '-'], { encoding: 'utf8' });
    };
    const sheet = (headers: Record<string, string>) => inject(t.app, bookEndpoints.sheetPdf, { params: { id: books[0]!.id }, headers });
    const hindi = await sheet({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(hindi.headers['content-language']).toBe('hi');
    expect(hindi.headers.vary).toContain('Accept-Language');
    const hindiText = textOf(hindi.rawPayload, 'book-sheet-hi');
    for (const word of ['विषय-सूची', 'प्रकाशन वर्ष', 'छपी प्रतियाँ मिलती हैं', 'गुजराती', '(लेखक)']) expect(hindiText).toContain(word);
    expect(hindiText).not.toContain('Publication year');
    // the language chosen on the switcher (its cookie) wins over the browser's
    const gujarati = await sheet({ 'accept-language': 'hi', cookie: 'jsbn_language=gu' });
    const gujaratiText = textOf(gujarati.rawPayload, 'book-sheet-gu');
    for (const word of ['વિષયસૂચિ', 'પ્રકાશન વર્ષ', 'ગુજરાતી', '(લેખક)', 'પાનાં', 'ગુજરાત, 380001']) expect(gujaratiText).toContain(word);
    // the swaroop as a reader names it, without its code; no mark drawn on a dotted circle
    expect(gujaratiText).toContain('આગમ (મૂળ શાસ્ત્રગ્રંથ)');
    expect(gujaratiText).not.toContain('AGM1');
    expect(gujaratiText).not.toContain('\u25CC');
    // English is still there, unchanged, for an English reader
    expect(textOf((await sheet({})).rawPayload, 'book-sheet-en')).toContain('Publication year');

    /** The catalogue's link in `language`, asked again while it is made (202). */
    const catalogue = async (language: string): Promise<string> => {
      for (;;) {
        const link = (
          await inject(t.app, bookEndpoints.catalogue, { params: { publisher_no: 'SHRIJ' }, headers: { 'accept-language': language } })
        ).json().data.generated_pdf.publisher_catalog_pdf as string | null;
        if (link) return link;
      }
    };
    const [en, gu] = [await catalogue('en'), await catalogue('gu')];
    expect(gu).toMatch(/\/catalog-\d+-gu-[0-9a-f]{16}\.pdf$/);
    expect(gu.replace('-gu-', '-en-')).toBe(en);
    const guCatalogue = textOf((await t.app.inject({ method: 'GET', url: gu })).rawPayload, 'publisher-catalog-gu');
    expect(guCatalogue).toContain('સૂચિપત્ર · SHRIJ');
    // making the Gujarati one kept the English one
    expect((await t.app.inject({ method: 'GET', url: en })).statusCode).toBe(200);
  });
});

describe.each(ENGINES)('a catalogue made in the background on %s', (engine) => {
  let t: TestApp;
  let publisher: Awaited<ReturnType<typeof createPublisher>>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    publisher = await createPublisher(t.ctx, { publisher_no: 'BIGPB' });
    for (let i = 1; i <= 5; i++)
      await createBook(t.ctx, publisher.publisherId, { book_title: `ગ્રંથ ${i}`, book_e_title: `Granth ${i}` }, { cover: i === 1 });
    // this copy takes no jobs: what a user sees while the catalogue waits for a worker
    await t.app.ready();
    await t.ctx.jobs.stop();
  });
  afterAll(() => t.close());

  it('answers 202 with the progress while it is made, then the link; a failed making is told and queued again', async () => {
    const waiting = await inject(t.app, bookEndpoints.catalogue, { params: { publisher_no: 'BIGPB' } });
    expect(waiting.statusCode).toBe(202);
    expect(waiting.json()).toEqual({
      statusCode: 202,
      message: 'Making the catalogue… 0% done. It downloads by itself when ready.',
      data: {
        generated_pdf: { publisher_catalog_pdf: null },
        publisher: { publisher_no: 'BIGPB', publisher_name: publisher.publisher_name },
        progress: { state: 'queued', percent: 0, books: 5 },
      },
    });
    // asked again: the same job, still queued (queued once per version)
    const rows = await t.ctx.db.select().from(document_jobs);
    expect(rows.map((row) => [row.state, row.done, row.total])).toEqual([['queued', 0, 10]]);
    expect((await inject(t.app, bookEndpoints.catalogue, { params: { publisher_no: 'BIGPB' } })).json().data.progress.state).toBe('queued');
    expect(await t.ctx.db.select().from(document_jobs)).toHaveLength(1);

    // a making that fails (here: its publisher is gone) is told as a 503, and the next request queues it again
    const key = rows[0]!.key;
    await expect(makeDocument(t.ctx, { kind: 'catalog', publisherId: 999_999, key })).rejects.toThrow('Publisher not found');
    const failed = await inject(t.app, bookEndpoints.catalogue, { params: { publisher_no: 'BIGPB' } });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({
      statusCode: 500,
      message: 'The catalogue could not be made. Please try again.',
      error: 'DOCUMENT_FAILED',
    });
    expect((await inject(t.app, bookEndpoints.catalogue, { params: { publisher_no: 'BIGPB' } })).json().data.progress.state).toBe('queued');

    // the worker's making: every step counted, the file stored, the link given
    await makeDocument(t.ctx, { kind: 'catalog', publisherId: publisher.publisherId, key });
    const [made] = await t.ctx.db.select().from(document_jobs).where(eq(document_jobs.key, key));
    expect([made!.state, made!.done, made!.total]).toEqual(['ready', 10, 10]);
    const ready = await inject(t.app, bookEndpoints.catalogue, { params: { publisher_no: 'BIGPB' } });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.generated_pdf.publisher_catalog_pdf).toBe(`/api/files/${key}`);
    expect(ready.json().data.progress).toBeUndefined();
    const pdf = await inject(t.app, bookEndpoints.cataloguePdf, { params: { publisherId: publisher.publisherId } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
