import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookEndpoints, publisherEndpoints } from '@jsbn/shared/core';
import { MSG } from '@jsbn/shared';
import { createBook, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';

async function sheetOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.getWorksheet('Data')!;
}

describe.each(ENGINES)('book and publisher exports on %s', (engine) => {
  let t: TestApp;
  let publisherId: number;
  let bookIds: number[];
  beforeAll(async () => {
    t = await createTestApp(engine);
    publisherId = (await createPublisher(t.ctx, { publisher_name: 'શ્રી જૈન સાહિત્ય મંદિર' })).publisherId;
    bookIds = [
      (await createBook(t.ctx, publisherId, { book_title: 'ભક્તામર સ્તોત્ર', book_e_title: 'Bhaktamar Stotra' })).id,
      (await createBook(t.ctx, publisherId, { book_title: 'समयसार', book_e_title: 'Samaysara' })).id,
    ];
  });
  afterAll(() => t.close());

  it('exports the selected books as Book_Details.xlsx with their own scripts', async () => {
    const none = await inject(t.app, bookEndpoints.exportXlsx, { query: { ids: '' } });
    expect([none.statusCode, none.json().details[0].message]).toEqual([400, MSG.selectToExport]);
    const response = await inject(t.app, bookEndpoints.exportXlsx, { query: { ids: bookIds.join(',') } });
    expect(response.headers['content-disposition']).toBe('attachment; filename="Book_Details.xlsx"');
    const sheet = await sheetOf(response.rawPayload);
    expect([sheet.getRow(2).getCell(3).value, sheet.getRow(3).getCell(3).value]).toEqual(['ભક્તામર સ્તોત્ર', 'समयसार']);
    expect((await inject(t.app, bookEndpoints.exportXlsx, { query: { ids: '2147483000' } })).statusCode).toBe(404);
  });

  it("exports a publisher's catalogue and the selected publishers", async () => {
    const catalogue = await inject(t.app, bookEndpoints.catalogueXlsx, { params: { publisherId: publisherId } });
    expect(catalogue.headers['content-disposition']).toBe('attachment; filename="Publisher_Catelog.xlsx"');
    expect((await sheetOf(catalogue.rawPayload)).rowCount).toBe(3);
    const info = await inject(t.app, publisherEndpoints.exportXlsx, { query: { ids: String(publisherId) } });
    expect(info.headers['content-disposition']).toBe('attachment; filename="Publisher_Info.xlsx"');
    const sheet = await sheetOf(info.rawPayload);
    expect(sheet.getRow(2).getCell(3).value).toBe('શ્રી જૈન સાહિત્ય મંદિર');
    expect(sheet.getRow(2).getCell(9).value).toBe(2);
  });

  it('writes an export in the language of whoever asks: headings, lookups, yes and no', async () => {
    const ask = (headers: Record<string, string>) =>
      inject(t.app, bookEndpoints.exportXlsx, { query: { ids: String(bookIds[0]) }, headers });
    const row = async (headers: Record<string, string>, line: number) =>
      ((await sheetOf((await ask(headers)).rawPayload)).getRow(line).values as unknown[]).slice(1);
    expect((await row({}, 1)).slice(0, 6)).toEqual(['Sr. no', 'JSBN', 'Book name', 'English title', 'Authors', 'Language']);
    const hindi = await row({ 'accept-language': 'hi' }, 1);
    expect(hindi.slice(0, 6)).toEqual(['क्रम', 'JSBN', 'पुस्तक का नाम', 'अंग्रेज़ी शीर्षक', 'लेखक', 'भाषा']);
    expect(hindi.at(-1)).toBe('छपी प्रतियाँ मिलती हैं');
    // the book's language and the availability in Gujarati, chosen on the switcher
    const gujarati = await row({ 'accept-language': 'hi', cookie: 'jsbn_language=gu' }, 2);
    expect([gujarati[5], gujarati.at(-1)]).toEqual(['ગુજરાતી', 'ના']);
  });
});
