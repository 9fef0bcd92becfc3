/**
 * Book edit, every field, the form's dependency messages and the upload flow of
 * docs/api.md: signed expiring PUT addresses, type by bytes, size limits (limit + 1 refused with
 * nothing left on disk), finalise, abandoned uploads and their cleanup, ownership 404s.
 */
import { readdirSync, statSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookEndpoints } from '@jsbn/shared/core';
import sharp from 'sharp';
import {
  BOOK_MSG,
  CURRENCIES,
  MAX_IMAGE_BYTES,
  MAX_PDF_BYTES,
  MSG,
  STRAY_UPLOAD_AGE_MS,
  UPLOAD_URL_TTL_MS,
  fileTooLargeMessage,
  notImageMessage,
} from '@jsbn/shared';
import { createBook, createPublisher, makeJpeg } from '../../seed/factories.js';
import { ENGINES, createTestApp, form, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { cleanupStrayUploads } from './uploads.js';
import { BOOK_FORM_FIELDS } from '../../test/book-form.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const base = BOOK_FORM_FIELDS;

/** Every file under `dir`, relative. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (folder: string) => {
    let entries: string[] = [];
    try {
      entries = readdirSync(folder);
    } catch {
      return;
    }
    for (const name of entries) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(path.slice(dir.length + 1));
    }
  };
  walk(dir);
  return out.sort();
}

describe.each(ENGINES)('book edit and files on %s', (engine) => {
  let t: TestApp;
  let cover: Buffer;
  let png: Buffer;
  let owner: { authorization: string };
  let stranger: { authorization: string };
  let publisherId: number;
  let filesDir: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    filesDir = join(t.ctx.config.dataDir, 'files');
    cover = await makeJpeg('Cover');
    png = await sharp(await makeJpeg('Image', { width: 80, height: 80 }))
      .png()
      .toBuffer();
    const publisher = await createPublisher(t.ctx, { publisher_no: 'SURAT' });
    publisherId = publisher.publisherId;
    owner = await tokenHeader(t, publisher);
    stranger = await tokenHeader(t, await createPublisher(t.ctx));
  });
  afterAll(() => t.close());

  const register = (fields: Record<string, string>, headers = owner) =>
    inject(t.app, bookEndpoints.register, { headers, body: form(fields, { book_cover: [cover, 'cover.jpg', 'image/jpeg'] }) });
  const getBook = async (id: number, headers: Record<string, string> = {}) =>
    (await inject(t.app, bookEndpoints.one, { params: { id }, headers })).json().data.book;
  const uploadUrls = (id: number, files: { field: string; name: string; type: string; size: number }[], headers = owner) =>
    inject(t.app, bookEndpoints.uploadUrls, { raw: true, params: { id }, headers, body: { files } });
  const put = (url: string, body: Buffer | Readable, type = 'application/octet-stream', length?: number) =>
    t.app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': type, ...(length === undefined ? {} : { 'content-length': String(length) }) },
      payload: body,
    });
  const finalise = (id: number, headers = owner) => inject(t.app, bookEndpoints.finalise, { params: { id }, headers });

  it('stores and returns every field of the book', async () => {
    const response = await register({
      ...base,
      alternate_title: 'कल्पसूत्र',
      book_alt_subtitle: 'બારસા સૂત્ર',
      book_subtitle_lang: 'Gujarati',
      height: '8.5',
      width: '5.5',
      part: '2',
      no_of_copy: '1000',
      price: '250.50',
      currency: 'usd',
      book_published: 'yes',
      published_date: '2023-08-15',
      tags: 'paryushan, agam',
      'subjects[1][id]': '16',
      other_subject: 'Kalpa',
      'authors[1][authorType]': '3',
      'authors[1][author_name]': 'મુનિ શ્રી',
      readers: 'Yes',
      electronic_copy: 'Yes',
      isPublicPdf: 'true',
      pdfurl: 'https://example.org/kalpasutra.pdf',
      contents: 'વ્યાખ્યાન ૧ – ૯',
    });
    expect(response.statusCode).toBe(200);
    const book = await getBook(response.json().data.id);
    expect(book).toMatchObject({
      book_title: 'શ્રી કલ્પસૂત્ર',
      alternate_title: 'कल्पसूत्र',
      book_alt_subtitle: 'બારસા સૂત્ર',
      book_subtitle_lang: 'Gujarati',
      size: '8.5 * 5.5',
      height: 8.5,
      width: 5.5,
      type: 'SAT1',
      part: '2',
      publication_year: 2023,
      vikram_samvat: 2080,
      veer_samvat: 2550,
      no_of_copy: 1000,
      price: 250.5,
      currency: 'USD',
      book_published: 'yes',
      published_date: '2023-08-15',
      tags: 'paryushan, agam',
      subjects: [
        { id: 1, subject_name: 'Agam' },
        { id: 16, subject_name: 'Paryushan' },
      ],
      other_subject: 'Kalpa',
      authors: [
        { authorType: 1, author_name: 'Bhadrabahu Swami' },
        { authorType: 3, author_type: 'Translator', author_name: 'મુનિ શ્રી' },
      ],
      readers: 'Yes',
      electronic_copy: 'Yes',
      isPublicPdf: true,
      pdfurl: 'https://example.org/kalpasutra.pdf',
      contents: 'વ્યાખ્યાન ૧ – ૯',
      book_image: [],
      index_pdf: null,
      has_book_pdf: false,
    });
    expect(CURRENCIES.slice(0, 5)).toEqual(['INR', 'USD', 'CAD', 'EUR', 'AED']);
    expect(CURRENCIES.length).toBeGreaterThan(120);
  });

  it('answers each dependency of readers, electronic copy and public PDF with the spec message', async () => {
    const details = async (fields: Record<string, string>) => (await register({ ...base, ...fields })).json().details;
    expect(await details({ readers: '' })).toEqual([{ field: 'readers', message: BOOK_MSG.readersRequired }]);
    expect(await details({ readers: 'Yes' })).toEqual([{ field: 'electronic_copy', message: BOOK_MSG.electronicCopyRequired }]);
    expect(await details({ readers: 'Yes', electronic_copy: 'Yes' })).toEqual([
      { field: 'isPublicPdf', message: BOOK_MSG.publicPdfRequired },
    ]);
    expect(await details({ readers: 'Yes', electronic_copy: 'Yes', isPublicPdf: 'true' })).toEqual([
      { field: 'pdfurl', message: BOOK_MSG.pdfUrlRequired },
    ]);
    expect(await details({ readers: 'Yes', electronic_copy: 'Yes', isPublicPdf: 'false' })).toEqual([
      { field: 'book_pdf', message: BOOK_MSG.bookPdfRequired },
    ]);
    expect(await details({ currency: 'XYZ' })).toEqual([{ field: 'currency', message: 'Currency must be an ISO 4217 code' }]);
    // answers a parent question makes irrelevant are dropped
    const ok = await register({ ...base, readers: 'No', electronic_copy: 'Yes', isPublicPdf: 'true', pdfurl: 'https://example.org/x.pdf' });
    expect(await getBook(ok.json().data.id)).toMatchObject({ readers: 'No', electronic_copy: null, isPublicPdf: null, pdfurl: null });
  });

  it('lets only the owner edit a book: fields, authors and subjects replaced, search text recomputed, cover kept or replaced', async () => {
    const created = (await register(base)).json().data;
    const before = await getBook(created.id);
    const patch = (fields: Record<string, string>, headers = owner, files: Record<string, [Buffer, string, string]> = {}) =>
      inject(t.app, bookEndpoints.update, { params: { id: created.id }, headers, body: form(fields, files) });

    expect((await patch({ ...base, book_title: 'x' }, stranger)).statusCode).toBe(404);
    expect((await inject(t.app, bookEndpoints.update, { params: { id: 999999 }, headers: owner, body: form(base) })).statusCode).toBe(404);

    const edited = {
      ...base,
      book_title: 'શ્રી બારસા સૂત્ર',
      book_e_title: 'Barsa Sutra',
      'authors[0][author_name]': 'Vinayvijay',
      'subjects[0][id]': '3',
    };
    const response = await patch(edited);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(BOOK_MSG.updated);
    const after = await getBook(created.id);
    expect(after).toMatchObject({
      book_title: 'શ્રી બારસા સૂત્ર',
      jsbn_number: created.jsbn_number,
      subjects: [{ id: 3, subject_name: 'Religion' }],
    });
    expect(after.authors.map((author: { author_name: string }) => author.author_name)).toEqual(['Vinayvijay']);
    expect(after.book_cover).toBe(before.book_cover);

    const search = async (query: string) =>
      ((await inject(t.app, bookEndpoints.list, { query: { queryString: query } })).json().data.books as { id: number }[]).map(
        (book) => book.id,
      );
    expect(await search('બારસા')).toContain(created.id);
    expect(await search('vinayvijay')).toContain(created.id);

    const oldCover = before.book_cover.replace('/api/files/', '');
    expect(filesUnder(filesDir)).toContain(oldCover);
    const newCover = await makeJpeg('New cover', { color: '#1b5e20' });
    expect((await patch(edited, owner, { book_cover: [newCover, 'new.jpg', 'image/jpeg'] })).statusCode).toBe(200);
    const replaced = await getBook(created.id);
    expect(replaced.book_cover).not.toBe(before.book_cover);
    expect(filesUnder(filesDir)).not.toContain(oldCover);

    const invalid = await patch({ ...edited, book_title: '' });
    expect(invalid.json().details).toEqual([{ field: 'book_title', message: MSG.bookTitle }]);
    // the JSON form of PATCH still sets availability
    const available = await inject(t.app, bookEndpoints.update, {
      params: { id: created.id },
      headers: owner,
      body: { isAvailable: true },
    });
    expect(available.statusCode).toBe(200);
    expect((await getBook(created.id)).isAvailable).toBe(true);
  });

  it('requires a cover on edit only when the book has none', async () => {
    const imported = await createBook(t.ctx, publisherId, {}, { cover: false });
    const response = await inject(t.app, bookEndpoints.update, { params: { id: imported.id }, headers: owner, body: form(base) });
    expect(response.json().details).toEqual([{ field: 'book_cover', message: MSG.bookCover }]);
  });

  it('uploads files through signed addresses and attaches them on finalise', async () => {
    const created = (await register({ ...base, readers: 'Yes', electronic_copy: 'Yes', isPublicPdf: 'false', book_pdf: 'book.pdf' })).json()
      .data;
    const asked = await uploadUrls(created.id, [
      { field: 'index_pdf', name: 'index.pdf', type: 'application/pdf', size: PDF.length },
      { field: 'bookimage', name: 'front.jpg', type: 'image/jpeg', size: cover.length },
      { field: 'bookimage', name: 'back.png', type: 'image/png', size: png.length },
      { field: 'pdfpublisher', name: 'book.pdf', type: 'application/pdf', size: PDF.length },
    ]);
    expect(asked.statusCode).toBe(200);
    const urls = asked.json().data as { url: string; fieldname: string }[];
    expect(urls.map((url) => url.fieldname)).toEqual(['index_pdf', 'bookimage', 'bookimage', 'pdfpublisher']);
    expect(urls[0]!.url).toMatch(/^\/api\/files\/upload\/[A-Za-z0-9_-]+\?expires=\d+&signature=[A-Za-z0-9_-]+$/);

    // stored but not attached before finalise
    for (const [index, body] of [PDF, cover, png, PDF].entries())
      expect((await put(urls[index]!.url, body, 'application/pdf')).statusCode).toBe(200);
    expect(await getBook(created.id)).toMatchObject({ book_image: [], index_pdf: null, has_book_pdf: false });

    const done = await finalise(created.id);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.message).toBe(BOOK_MSG.finalised);
    const book = await getBook(created.id, owner);
    expect(book.bookimage).toHaveLength(2);
    expect(book.index_pdf).toMatch(/^\/api\/files\/public\/index-pdfs\/.+\.pdf$/);
    expect(book.has_book_pdf).toBe(true);
    expect(book.pdfpublisher).toMatch(/^\/api\/files\/private\/book-pdfs\/.+\.pdf\?expires=/);
    const downloaded = await t.app.inject({ method: 'GET', url: book.pdfpublisher });
    expect(downloaded.rawPayload.equals(PDF)).toBe(true);
    // a PDF is a download under a name the server chose; an image shows inline; neither can run anything
    expect(downloaded.headers['content-disposition']).toBe('attachment');
    const image = await t.app.inject({ method: 'GET', url: book.bookimage[1] });
    expect(image.headers['content-type']).toBe('image/png');
    for (const served of [downloaded, image]) {
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    }
    expect(image.headers['content-disposition']).toBe('inline');

    // a used address cannot be used again
    expect((await put(urls[0]!.url, PDF)).statusCode).toBe(409);
    // a new book PDF replaces the old one, whose file is deleted
    const oldKey = book.pdfpublisher.split('?')[0].replace('/api/files/', '');
    const v2 = Buffer.concat([PDF, Buffer.from('% v2\n')]);
    const again = (
      await uploadUrls(created.id, [{ field: 'pdfpublisher', name: 'v2.pdf', type: 'application/pdf', size: v2.length }])
    ).json().data;
    expect((await put(again[0].url, v2)).statusCode).toBe(200);
    expect((await finalise(created.id)).statusCode).toBe(200);
    expect(filesUnder(filesDir)).not.toContain(oldKey);

    // docs/api.md sends no size: the address takes up to the field's limit (an image 10 MB)
    const unsized = await uploadUrls(created.id, [{ field: 'bookimage', name: 'side.jpg', type: 'image/jpeg' } as never]);
    expect(unsized.statusCode).toBe(200);
    const [side] = unsized.json().data as { url: string }[];
    expect((await put(side!.url, cover, 'image/jpeg')).statusCode).toBe(200);
    const [tooBig] = (await uploadUrls(created.id, [{ field: 'bookimage', name: 'huge.jpg', type: 'image/jpeg' } as never])).json()
      .data as { url: string }[];
    const oversized = await put(tooBig!.url, Buffer.concat([cover, Buffer.alloc(MAX_IMAGE_BYTES)]), 'image/jpeg');
    expect([oversized.statusCode, oversized.json().message]).toEqual([
      413,
      'huge.jpg is too large. Maximum image file size allowed is 10MB.',
    ]);
    expect((await finalise(created.id)).statusCode).toBe(200);
    expect((await getBook(created.id)).bookimage).toHaveLength(3);

    // only the owner asks for addresses and finalises
    expect(
      (await uploadUrls(created.id, [{ field: 'index_pdf', name: 'i.pdf', type: 'application/pdf', size: 10 }], stranger)).statusCode,
    ).toBe(404);
    expect((await finalise(created.id, stranger)).statusCode).toBe(404);
  });

  it('checks the files announced: type, size and at most 4 images', async () => {
    const { id } = (await register(base)).json().data;
    const details = async (files: { field: string; name: string; type: string; size: number }[]) =>
      (await uploadUrls(id, files)).json().details;
    expect(await details([{ field: 'bookimage', name: 'scan.tiff', type: 'application/pdf', size: 10 }])).toEqual([
      { field: 'files.0.type', message: notImageMessage('scan.tiff') },
    ]);
    expect(await details([{ field: 'index_pdf', name: 'index.doc', type: 'application/msword', size: 10 }])).toEqual([
      { field: 'files.0.type', message: BOOK_MSG.onlyPdf },
    ]);
    // the image types the server keeps, and no other: a WebP or GIF is refused before the book's files are sent
    for (const [name, type] of [
      ['photo.webp', 'image/webp'],
      ['anim.gif', 'image/gif'],
    ]) {
      expect(await details([{ field: 'bookimage', name: name!, type: type!, size: 10 }])).toEqual([
        { field: 'files.0.type', message: `${name} is not a JPEG or PNG. Book images must be JPEG or PNG images.` },
      ]);
    }
    // a PDF's own wording (docs/api.md 'File size must be less than 200MB'), as the form and the upload itself say it
    expect(await details([{ field: 'pdfpublisher', name: 'big.pdf', type: 'application/pdf', size: MAX_PDF_BYTES + 1 }])).toEqual([
      { field: 'files.0.size', message: BOOK_MSG.pdfTooLarge },
    ]);
    expect(await details([{ field: 'bookimage', name: 'big.jpg', type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 }])).toEqual([
      { field: 'files.0.size', message: fileTooLargeMessage('big.jpg', MAX_IMAGE_BYTES + 1, 'image', MAX_IMAGE_BYTES) },
    ]);
    const image = { field: 'bookimage', name: 'a.jpg', type: 'image/jpeg', size: cover.length };
    expect(await details([image, image, image, image, image])).toEqual([{ field: 'files', message: BOOK_MSG.maxImages }]);

    // 3 attached + 2 more is over the limit too
    const three = (await uploadUrls(id, [image, image, image])).json().data as { url: string }[];
    for (const { url } of three) await put(url, cover);
    expect((await finalise(id)).statusCode).toBe(200);
    expect(await details([image, image])).toEqual([{ field: 'files', message: BOOK_MSG.maxImages }]);
  });

  it('checks the bytes: type by magic bytes, an image that decodes, exact limit accepted, limit + 1 refused with nothing left behind', async () => {
    const { id } = (await register(base)).json().data;
    const address = async (field: string, name: string, size = 100) =>
      (
        (await uploadUrls(id, [{ field, name, type: field === 'bookimage' ? 'image/jpeg' : 'application/pdf', size }])).json().data as {
          url: string;
        }[]
      )[0]!.url;
    const before = filesUnder(filesDir);

    const notPdf = await put(await address('pdfpublisher', 'fake.pdf'), Buffer.from('PK\u0003\u0004 a zip file'), 'application/pdf');
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json().message).toBe(BOOK_MSG.onlyPdf);
    const notImage = await put(await address('bookimage', 'photo.jpg'), PDF, 'image/jpeg');
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().message).toBe(notImageMessage('photo.jpg'));
    const damaged = await put(
      await address('bookimage', 'damaged.jpg', cover.length - 400),
      cover.subarray(0, cover.length - 400),
      'image/jpeg',
    );
    expect(damaged.statusCode).toBe(415);
    expect(damaged.json().message).toBe('damaged.jpg could not be read as an image; the file may be damaged. Please choose another file.');

    // a real JPEG padded after its end marker to exactly the limit
    const jpegOf = (size: number) => Buffer.concat([cover, Buffer.alloc(size - cover.length)]);
    const exact = await put(await address('bookimage', 'exact.jpg', MAX_IMAGE_BYTES), jpegOf(MAX_IMAGE_BYTES), 'image/jpeg');
    expect(exact.statusCode).toBe(200);
    expect(exact.json().data).toEqual({ fieldname: 'bookimage', size: expect.any(Number) });
    const overImage = await put(
      await address('bookimage', 'over.jpg', MAX_IMAGE_BYTES),
      Readable.from([jpegOf(MAX_IMAGE_BYTES + 1)]),
      'image/jpeg',
    );
    expect(overImage.statusCode).toBe(413);
    // an address asked for 1,000 bytes takes 1,000 bytes, not the field's 200 MB
    const small = await address('pdfpublisher', 'small.pdf', 1_000);
    const beyond = await put(small, Readable.from([Buffer.concat([PDF, Buffer.alloc(5_000)])]), 'application/pdf');
    expect([beyond.statusCode, beyond.json().message]).toEqual([
      413,
      'small.pdf is larger than the 1000 bytes announced for it. Please upload it again.',
    ]);

    // a PDF of 200 MB + 1 byte, streamed in 1 MB chunks without a Content-Length
    let sent = 0;
    const chunk = Buffer.alloc(1024 * 1024);
    const stream = new Readable({
      read() {
        if (sent === 0) {
          this.push(Buffer.concat([Buffer.from('%PDF-1.7\n'), chunk.subarray(9)]));
          sent = chunk.length;
        } else if (sent < MAX_PDF_BYTES + 1) {
          const size = Math.min(chunk.length, MAX_PDF_BYTES + 1 - sent);
          this.push(chunk.subarray(0, size));
          sent += size;
        } else this.push(null);
      },
    });
    const overPdf = await put(await address('pdfpublisher', 'huge.pdf', MAX_PDF_BYTES), stream, 'application/pdf');
    expect(overPdf.statusCode).toBe(413);
    expect(overPdf.json().message).toBe(BOOK_MSG.pdfTooLarge);
    // announced too large by Content-Length: refused before reading
    const declared = await put(await address('pdfpublisher', 'huge2.pdf', MAX_PDF_BYTES), PDF, 'application/pdf', MAX_PDF_BYTES + 1);
    expect(declared.statusCode).toBe(413);

    const after = filesUnder(filesDir);
    expect(after.filter((file) => !before.includes(file))).toHaveLength(1); // only the exact-size image
    expect(after.filter((file) => file.startsWith('tmp/'))).toEqual([]);
  }, 120_000);

  it('refuses an altered signature and an expired address (403)', async () => {
    const { id } = (await register(base)).json().data;
    const [{ url }] = (await uploadUrls(id, [{ field: 'index_pdf', name: 'index.pdf', type: 'application/pdf', size: PDF.length }])).json()
      .data;
    const altered = url.replace(/signature=(.)/, (_: string, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    expect((await put(altered, PDF)).statusCode).toBe(403);
    const longer = url.replace(/expires=(\d+)/, (_: string, at: string) => `expires=${Number(at) + 3_600_000}`);
    expect((await put(longer, PDF)).statusCode).toBe(403);
    t.advance(UPLOAD_URL_TTL_MS + 1000);
    const expired = await put(url, PDF);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('This upload link has expired. Please upload the file again.');
  });

  it('leaves an abandoned upload unattached and cleans it after a day', async () => {
    const { id } = (await register(base)).json().data;
    const [{ url }] = (await uploadUrls(id, [{ field: 'bookimage', name: 'left.jpg', type: 'image/jpeg', size: cover.length }])).json()
      .data;
    const before = filesUnder(filesDir);
    expect((await put(url, cover)).statusCode).toBe(200);
    const stray = filesUnder(filesDir).filter((file) => !before.includes(file));
    expect(stray).toHaveLength(1);
    expect((await getBook(id)).bookimage).toEqual([]);

    expect((await cleanupStrayUploads(t.ctx)).uploads).toBe(0); // not a day old yet
    // a temporary file of an interrupted upload, two days old
    mkdirSync(join(filesDir, 'tmp'), { recursive: true });
    const tmpFile = join(filesDir, 'tmp', 'interrupted');
    writeFileSync(tmpFile, 'partial');
    const old = (Date.now() - 2 * STRAY_UPLOAD_AGE_MS) / 1000;
    utimesSync(tmpFile, old, old);
    t.advance(STRAY_UPLOAD_AGE_MS + 60_000);
    const cleaned = await cleanupStrayUploads(t.ctx);
    expect(cleaned.uploads).toBeGreaterThanOrEqual(1);
    expect(cleaned.tmpFiles).toBe(1);
    expect(filesUnder(filesDir)).not.toContain(stray[0]);
    expect(filesUnder(filesDir)).not.toContain('tmp/interrupted');
    expect((await finalise(id)).statusCode).toBe(200);
    expect((await getBook(id)).bookimage).toEqual([]);
  });

  it('says the book PDF is missing on finalise when the answers require one, until it is uploaded', async () => {
    const { id } = (await register({ ...base, readers: 'Yes', electronic_copy: 'Yes', isPublicPdf: 'false', book_pdf: 'book.pdf' })).json()
      .data;
    const missing = await finalise(id);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ field: 'book_pdf', message: BOOK_MSG.bookPdfRequired }]);
    // PATCH /book/upload-files/:id (multipart) attaches it at once
    const wrong = await inject(t.app, bookEndpoints.uploadFiles, {
      params: { id },
      headers: owner,
      body: form({}, { pdfpublisher: [cover, 'book.pdf', 'application/pdf'] }),
    });
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().message).toBe(BOOK_MSG.onlyPdf);
    const denied = await inject(t.app, bookEndpoints.uploadFiles, {
      params: { id },
      headers: stranger,
      body: form({}, { pdfpublisher: [PDF, 'book.pdf', 'application/pdf'] }),
    });
    expect(denied.statusCode).toBe(404);
    const uploaded = await inject(t.app, bookEndpoints.uploadFiles, {
      params: { id },
      headers: owner,
      body: form({}, { pdfpublisher: [PDF, 'book.pdf', 'application/pdf'] }),
    });
    expect(uploaded.statusCode).toBe(200);
    expect((await finalise(id)).statusCode).toBe(200);
    // readers 'Yes': anyone gets the PDF link
    expect((await getBook(id)).pdfpublisher).toMatch(/private\/book-pdfs/);
    // an edit keeps the stored PDF as the answer to 'Book PDF is required when Public PDF is No'
    const edit = await inject(t.app, bookEndpoints.update, {
      params: { id },
      headers: owner,
      body: form({ ...base, readers: 'Yes', electronic_copy: 'Yes', isPublicPdf: 'false' }),
    });
    expect(edit.statusCode).toBe(200);
  });

  it('checks duplicates by title (any case, NFC) and by issued JSBN id', async () => {
    const created = (await register({ ...base, book_title: 'Samaysar Prabhrut', book_e_title: 'Samaysar Prabhrut' })).json().data;
    const seq = Number(created.jsbn_number.split('-')[1]);
    const check = (query: Record<string, string>, headers = owner) =>
      inject(t.app, bookEndpoints.checkDuplicate, { raw: true, headers, query });
    const same = await check({ publisher_no: 'surat', book_title: ' samaysar prabhrut ', publisher_jsbn_id: String(seq + 1) });
    expect(same.statusCode).toBe(200);
    expect(same.json().message).toBe(BOOK_MSG.duplicateTitle);
    expect(same.json().data).toMatchObject({ duplicate: true, title_exists: true, id_taken: false, jsbn_number: created.jsbn_number });
    const nfd = await check({ publisher_no: 'SURAT', book_title: 'શ્રી કલ્પસૂત્ર'.normalize('NFD'), publisher_jsbn_id: String(seq + 1) });
    expect(nfd.json().data.title_exists).toBe(true);
    const taken = await check({ publisher_no: 'SURAT', book_title: 'A new title', publisher_jsbn_id: String(seq) });
    expect(taken.json()).toMatchObject({ message: BOOK_MSG.duplicateId, data: { title_exists: false, id_taken: true } });
    const fresh = await check({ publisher_no: 'SURAT', book_title: 'A new title', publisher_jsbn_id: String(seq + 1) });
    expect(fresh.json()).toMatchObject({ message: BOOK_MSG.noDuplicate, data: { duplicate: false } });
    expect((await check({ publisher_no: 'ZZZZZ', book_title: 'x', publisher_jsbn_id: '1' })).statusCode).toBe(404);
    expect((await check({ publisher_no: 'SURAT', book_title: '', publisher_jsbn_id: 'abc' })).statusCode).toBe(400);
    expect(
      (await inject(t.app, bookEndpoints.checkDuplicate, { query: { publisher_no: 'SURAT', book_title: 'x', publisher_jsbn_id: '1' } }))
        .statusCode,
    ).toBe(401);
  });

  it('lists 20 a page for the Newly Published grid and sorts only on the whitelist', async () => {
    const twenty = await inject(t.app, bookEndpoints.list, { query: { limit: '20', sortedField: 'createdAt', sortedOrder: 'desc' } });
    expect(twenty.statusCode).toBe(200);
    expect(twenty.json().data.books.length).toBeLessThanOrEqual(20);
    expect((await inject(t.app, bookEndpoints.list, { raw: true, query: { limit: '15' } })).statusCode).toBe(400);
    expect((await inject(t.app, bookEndpoints.list, { raw: true, query: { sortedField: 'password_hash' } })).statusCode).toBe(400);
    const sorted = await inject(t.app, bookEndpoints.ofPublisher, {
      params: { publisherId },
      query: { sortedField: 'book_e_title', sortedOrder: 'asc', limit: 'all' },
    });
    const titles = (sorted.json().data.books as { book_e_title: string }[]).map((book) => book.book_e_title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(
      (await inject(t.app, bookEndpoints.ofPublisher, { raw: true, params: { publisherId }, query: { sortedField: 'nope' } })).statusCode,
    ).toBe(400);
  });
});
