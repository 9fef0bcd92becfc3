/**
 * A town typed beside its district (decision 072): Beawar, which the city list lacks, is kept
 * with the district Ajmer at registration and in the profile, given in the publisher's info,
 * and written in the address of the order letter (pdftotext) and the publishers' export.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEndpoints, orderEndpoints, publisherEndpoints } from '@jsbn/shared/core';
import { publishers } from '../../db/schema.js';
import { createBook, createLibrary, createPublisher, makeJpeg } from '../../seed/factories.js';
import { ENGINES, createTestApp, form, latestCode, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { cityIdByName, stateIdByName } from '../lookups/geo.js';

const RAJASTHAN = stateIdByName('Rajasthan')!;
const AJMER = cityIdByName(RAJASTHAN, 'Ajmer')!;
const work = mkdtempSync(join(tmpdir(), 'jsbn-town-'));

/** The text of a PDF as pdftotext reads it. */
function pdfText(bytes: Buffer): string {
  const file = join(work, 'letter.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).normalize('NFC');
}

describe.each(ENGINES)('a town beside its district on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const profile = {
    publisher_name: 'શ્રી બ્યાવર જૈન પ્રકાશન',
    publisher_type: 'Trust',
    address: 'Jain Mandir Marg',
    pincode: '305901',
    landline_no: '01462257890',
    mobile_no: '9414012345',
    whatsapp_no: '9414012345',
    state: String(RAJASTHAN),
    city: String(AJMER),
  };

  it('is not in the city list: Beawar is typed beside Ajmer at registration and kept', async () => {
    expect(cityIdByName(RAJASTHAN, 'Beawar')).toBeUndefined();
    const logo = await makeJpeg('BW', { width: 64, height: 64 });
    const registered = await inject(t.app, publisherEndpoints.register, {
      body: form(
        { ...profile, publisher_no: 'BWR01', town: '  Beawar ', email: 'beawar@example.test', password: 'Beawar@1234' },
        { logo: [logo, 'logo.jpg', 'image/jpeg'] },
      ),
    });
    expect(registered.statusCode).toBe(200);
    const [row] = await t.ctx.db
      .select({ town: publishers.town, city: publishers.city_id })
      .from(publishers)
      .where(eq(publishers.publisher_no, 'BWR01'));
    expect(row).toEqual({ town: 'Beawar', city: AJMER });
    const code = await latestCode(t.app, 'beawar@example.test');
    expect(
      (await inject(t.app, accountEndpoints.verifyEmail, { body: { email: 'beawar@example.test', otp: code, modelType: 'PUBLISHER' } }))
        .statusCode,
    ).toBe(200);
  });

  it('is changed in the profile, given in the info and written in the order letter and the export', async () => {
    const publisher = await createPublisher(t.ctx, { publisher_name: profile.publisher_name });
    const headers = await tokenHeader(t, publisher);
    const saved = await inject(t.app, publisherEndpoints.updateProfile, { headers, body: form({ ...profile, town: 'Beawar' }) });
    expect(saved.statusCode).toBe(200);
    const info = (await inject(t.app, publisherEndpoints.one, { params: { id: publisher.publisherId } })).json().data.publisher;
    expect([info.town, info.city_name, info.state_name]).toEqual(['Beawar', 'Ajmer', 'Rajasthan']);

    const library = await createLibrary(t.ctx);
    const lib = await tokenHeader(t, library);
    const book = await createBook(t.ctx, publisher.publisherId, { book_title: 'ઉપદેશમાળા' });
    const created = await inject(t.app, orderEndpoints.create, {
      headers: lib,
      body: { orders: [{ publisherId: publisher.publisherId, bookId: book.id, numberOfCopies: 1 }] },
    });
    const orderId = created.json().data.orders[0].id as number;
    const letter = await inject(t.app, orderEndpoints.letter, { headers: lib, body: { orderId, sendWhatsapp: false } });
    expect(letter.statusCode).toBe(200);
    expect(pdfText(letter.rawPayload).replace(/\s+/g, ' ')).toContain('Beawar, Ajmer, Rajasthan, 305901');

    const exported = await inject(t.app, publisherEndpoints.exportXlsx, { query: { ids: String(publisher.publisherId) } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const cells = workbook.getWorksheet('Data')!.getRow(2).values as unknown[];
    expect(cells).toContain('Jain Mandir Marg, Beawar, Ajmer, Rajasthan, 305901');

    // emptied: the district alone again
    await inject(t.app, publisherEndpoints.updateProfile, { headers, body: form({ ...profile, town: '' }) });
    expect((await inject(t.app, publisherEndpoints.one, { params: { id: publisher.publisherId } })).json().data.publisher.town).toBeNull();
  });
});
