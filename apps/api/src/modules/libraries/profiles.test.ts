import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@jsbn/shared';
import { accountEndpoints, libraryEndpoints, publisherEndpoints, siteEndpoints } from '@jsbn/shared/core';
import { createLibrary, createPublisher, makeJpeg } from '../../seed/factories.js';
import { seedGallery } from '../../seed/seed-demo.js';
import { ENGINES, createTestApp, editProfile, form, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { corruptPngChecksum } from '../../test/images.js';
import { cityIdByName, stateIdByName } from '../lookups/geo.js';
import { addGalleryImage } from '../site/routes.js';

const GUJARAT = stateIdByName('Gujarat')!;
const MAHARASHTRA = stateIdByName('Maharashtra')!;

describe.each(ENGINES)('profiles, public lists and site settings on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const fileOf = (url: string) => join(t.ctx.config.dataDir, 'files', url.replace('/api/files/', ''));

  it('updates a library profile with a new logo and removes the old file', async () => {
    const library = await createLibrary(t.ctx);
    const headers = await tokenHeader(t, library);
    const before = (await inject(t.app, accountEndpoints.me, { headers })).json().data.logoUrl as string;
    const fields = {
      name: 'શ્રી વિજય જ્ઞાન ભંડાર',
      address: 'Bhavnagar',
      mobile_no: '9426012345',
      whatsapp_no: '9426012346',
      sangh_trust: 'Institution',
      number_of_books: '4200',
    };
    const invalid = await editProfile(t.app, 'library', headers, { ...fields, mobile_no: '12', whatsapp_no: 'abc', number_of_books: '0' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details).toEqual(
      expect.arrayContaining([
        { field: 'mobile_no', message: MSG.phone10 },
        { field: 'whatsapp_no', message: MSG.whatsapp10 },
        { field: 'number_of_books', message: 'Number of books must be a positive integer' },
      ]),
    );
    const png = await makeJpeg('N', { width: 50, height: 50 });
    const saved = await editProfile(t.app, 'library', headers, fields, { logo: [png, 'new.jpg', 'image/jpeg'] });
    expect(saved.statusCode).toBe(200);
    const me = (await inject(t.app, accountEndpoints.me, { headers })).json().data;
    expect(me.name).toBe('શ્રી વિજય જ્ઞાન ભંડાર');
    expect(me.logoUrl).not.toBe(before);
    expect(existsSync(fileOf(before))).toBe(false);
    expect(existsSync(fileOf(me.logoUrl))).toBe(true);
    const details = (await inject(t.app, libraryEndpoints.one, { params: { id: library.libraryId } })).json().data.library;
    expect(details).toMatchObject({ number_of_books: 4200, sangh_trust: 'Institution', email: library.email });
    expect(details).not.toHaveProperty('gst_no');
    await editProfile(t.app, 'library', headers, { ...fields, gst_no: '24AAACJ1234F1Z5', aadhar_no: '123412341234' });
    const own = (await inject(t.app, libraryEndpoints.one, { params: { id: library.libraryId }, headers })).json().data.library;
    expect(own).toMatchObject({ gst_no: '24AAACJ1234F1Z5', aadhar_no: '123412341234' });
  });

  it('updates a publisher profile, keeping publisher_no, with the state and city rules', async () => {
    const publisher = await createPublisher(t.ctx);
    const headers = await tokenHeader(t, publisher);
    const fields = {
      publisher_name: 'Shri Mumbai Jain Prakashan',
      address: 'Girgaon',
      pincode: '400004',
      state: String(MAHARASHTRA),
      city: String(cityIdByName(MAHARASHTRA, 'Mumbai')),
    };
    const missing = await editProfile(t.app, 'publisher', headers, { ...fields, landline_no: '12345', state: '', city: '' });
    expect(missing.json().details).toEqual(
      expect.arrayContaining([
        { field: 'landline_no', message: MSG.landline10 },
        { field: 'state', message: MSG.stateRequired },
        { field: 'city', message: MSG.cityRequired },
      ]),
    );
    const mismatch = await editProfile(t.app, 'publisher', headers, { ...fields, city: String(cityIdByName(GUJARAT, 'Surat')) });
    expect(mismatch.json().details).toEqual([{ field: 'city', message: 'City is not in the chosen state' }]);
    // the landline as Indians write it, STD code with its trunk 0, and a mobile with +91 (decision 039)
    const saved = await editProfile(t.app, 'publisher', headers, {
      ...fields,
      landline_no: '022-2345 6789',
      mobile_no: '+91 98200 12345',
      publisher_no: 'HACKD',
    });
    expect(saved.statusCode).toBe(200);
    const info = (await inject(t.app, publisherEndpoints.one, { params: { id: publisher.publisherId } })).json().data.publisher;
    expect(info).toMatchObject({
      publisher_name: 'Shri Mumbai Jain Prakashan',
      publisher_no: publisher.publisher_no,
      city_name: 'Mumbai',
      state_name: 'Maharashtra',
      landline_no: '2223456789',
      mobile_no: '9820012345',
    });
    // docs/api.md: state { id, state_id, state_name } and city { id, city_id, city_name }
    const mumbai = cityIdByName(MAHARASHTRA, 'Mumbai')!;
    expect([info.state, info.city]).toEqual([
      { id: MAHARASHTRA, state_id: MAHARASHTRA, state_name: 'Maharashtra' },
      { id: mumbai, city_id: mumbai, city_name: 'Mumbai', city_name_en: 'Mumbai' },
    ]);
    expect(info).not.toHaveProperty('gst_no');
    const own = (await inject(t.app, publisherEndpoints.one, { params: { id: publisher.publisherId }, headers })).json().data.publisher;
    expect(own).toMatchObject({ gst_no: null, aadhar_no: null });
    const library = await createLibrary(t.ctx);
    const asLibrary = await editProfile(t.app, 'publisher', await tokenHeader(t, library), fields);
    expect(asLibrary.statusCode).toBe(403);
  });

  it('lists libraries publicly with search, paging and the sort of names', async () => {
    await createLibrary(t.ctx, { name: 'Aadinath Gyan Bhandar' });
    await createLibrary(t.ctx, { name: 'Zaveri Gyan Mandir' });
    const page = await inject(t.app, libraryEndpoints.list, {
      query: { queryString: 'gyan', sortedField: 'name', sortedOrder: 'asc', limit: '10' },
    });
    const names = page.json().data.libraries.map((library: { name: string }) => library.name);
    expect(names[0]).toBe('Aadinath Gyan Bhandar');
    expect(names.at(-1)).toBe('Zaveri Gyan Mandir');
    expect(page.json().data.total).toBe(names.length);
    const one = await inject(t.app, libraryEndpoints.list, { query: { limit: '10', pageNo: '1', queryString: 'Zaveri' } });
    expect(one.json().data).toMatchObject({ total: 1 });
    // docs/api.md 'Library (as listed)': letterText and libraryInfoPdf, the info sheet a PDF with the library's details
    const [zaveri] = one.json().data.libraries;
    expect(zaveri).toMatchObject({
      letterText: 'Respected publisher, our Gyan Bhandar requests the following books for our readers.',
      libraryInfoPdf: `/api/library/${zaveri.id}/info.pdf`,
    });
    const sheet = await t.app.inject({ method: 'GET', url: zaveri.libraryInfoPdf });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('application/pdf');
    const pdf = join(t.ctx.config.dataDir, 'library-info.pdf');
    writeFileSync(pdf, sheet.rawPayload);
    expect(execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })).toMatch(/Library name\s+Zaveri Gyan Mandir/);
    expect((await inject(t.app, libraryEndpoints.infoSheet, { params: { id: 999999 } })).statusCode).toBe(404);
  });

  it('takes a new library logo by POST /library/upload-logo and deletes the old one', async () => {
    const library = await createLibrary(t.ctx);
    const headers = await tokenHeader(t, library);
    const before = (await inject(t.app, accountEndpoints.me, { headers })).json().data.logoUrl as string;
    const none = await inject(t.app, libraryEndpoints.uploadLogo, { headers, body: form({}) });
    expect([none.statusCode, none.json().details]).toEqual([400, [{ field: 'logo', message: 'Logo is required' }]]);
    const logo = await makeJpeg('L', { width: 60, height: 60 });
    const saved = await inject(t.app, libraryEndpoints.uploadLogo, { headers, body: form({}, { logo: [logo, 'logo.jpg', 'image/jpeg'] }) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Logo updated successfully');
    const { logoUrl } = saved.json().data;
    expect((await inject(t.app, accountEndpoints.me, { headers })).json().data.logoUrl).toBe(logoUrl);
    expect(existsSync(fileOf(before))).toBe(false);
    expect(existsSync(fileOf(logoUrl))).toBe(true);
    const publisher = await createPublisher(t.ctx);
    const asPublisher = await inject(t.app, libraryEndpoints.uploadLogo, {
      headers: await tokenHeader(t, publisher),
      body: form({}, { logo: [logo, 'logo.jpg', 'image/jpeg'] }),
    });
    expect(asPublisher.statusCode).toBe(403);
  });

  it('serves the site settings and the gallery images of the storage', async () => {
    const site = (await inject(t.app, siteEndpoints.info)).json().data;
    expect(site).toMatchObject({ supportEmail: 'support@jsbn.example', supportWhatsapp: '9000000000' });
    expect(site.videos.map((video: { url: string | null }) => video.url)).toEqual([null, null, null]);
    expect((await inject(t.app, siteEndpoints.gallery)).json().data.images).toEqual([]);
    await seedGallery(t.ctx);
    const images = (await inject(t.app, siteEndpoints.gallery)).json().data.images as { name: string; url: string }[];
    expect(images.map((image) => image.name)).toEqual(['01-jsbn-launch.jpg', '02-gyan-bhandar.jpg', '03-granth-seva.jpg']);
    expect((await t.app.inject({ method: 'GET', url: images[1]!.url })).headers['content-type']).toBe('image/jpeg');
    // a picture added later is decoded first: a damaged one never reaches the page
    await expect(addGalleryImage(t.ctx, 'Broken Banner.png', await corruptPngChecksum())).rejects.toMatchObject({
      statusCode: 415,
      message: 'Broken Banner.png could not be read as an image; the file may be damaged. Please choose another file.',
    });
    expect(
      await addGalleryImage(
        t.ctx,
        'Jnan Panchami 2026.PNG',
        await sharp({ create: { width: 30, height: 20, channels: 3, background: '#795548' } })
          .png()
          .toBuffer(),
      ),
    ).toBe('public/gallery/jnan-panchami-2026.png');
    const after = (await inject(t.app, siteEndpoints.gallery)).json().data.images as { name: string }[];
    expect(after.map((image) => image.name)).toEqual([
      '01-jsbn-launch.jpg',
      '02-gyan-bhandar.jpg',
      '03-granth-seva.jpg',
      'jnan-panchami-2026.png',
    ]);
  });
});
