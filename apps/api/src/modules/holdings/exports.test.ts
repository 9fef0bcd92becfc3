/**
 * A library's holdings as files (decision 077): the Excel sheet's cells, one row per copy, in the
 * reader's language; MARC21 that Debian's `yaz-marcdump` reads — a record per book, each copy in
 * 852 (library, place, accession number) and, for Koha, in 952 (branch, call number, barcode,
 * item type, not for loan when off the shelves); only the library's own copies, only libraries.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJsbn } from '@jsbn/shared';
import { holdingEndpoints } from '@jsbn/shared/core';
import { createBook, createLibrary, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';

const work = mkdtempSync(join(tmpdir(), 'jsbn-holdings-'));

/** `yaz-marcdump -i marc -o line` of `bytes`: one line per field, NFC. */
function yazLines(bytes: Buffer, name: string): string[] {
  const file = join(work, name);
  writeFileSync(file, bytes);
  return execFileSync('yaz-marcdump', ['-i', 'marc', '-o', 'line', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    .normalize('NFC')
    .split('\n')
    .filter(Boolean);
}

type Headers = { authorization: string };

describe.each(ENGINES)('holdings exports on %s', (engine) => {
  let t: TestApp;
  let lib: Headers;
  let other: Headers;
  let pub: Headers;
  let libraryId: number;
  let jsbn: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const publisher = await createPublisher(t.ctx, { publisher_no: 'HEX01', publisher_name: 'શ્રી જૈન સાહિત્ય મંદિર' });
    const [library, otherLibrary] = await Promise.all([createLibrary(t.ctx, { name: 'શ્રી આત્માનંદ જ્ઞાન ભંડાર' }), createLibrary(t.ctx)]);
    libraryId = library.libraryId;
    [lib, other, pub] = await Promise.all([tokenHeader(t, library), tokenHeader(t, otherLibrary), tokenHeader(t, publisher)]);
    const book = await createBook(t.ctx, publisher.publisherId, { book_title: 'કલ્પસૂત્ર', book_e_title: 'Kalpasutra' }, { cover: false });
    jsbn = formatJsbn(book.jsbn_number);
    const add = async (body: Record<string, unknown>, headers: Headers = lib) => {
      const reply = await inject(t.app, holdingEndpoints.add, { raw: true, body, headers });
      expect(reply.statusCode, reply.body).toBe(201);
      return reply.json().data.holding as { id: number };
    };
    await add({ jsbn, place: 'Shelf A-3', acquired_on: '2026-11-02' });
    const torn = await add({ jsbn, place: 'Shelf A-3', acquired_on: '2026-11-03', source: 'gift' });
    await inject(t.app, holdingEndpoints.setState, {
      params: { id: torn.id },
      body: { state: 'withdrawn', reason: 'Pages torn' },
      headers: lib,
    });
    await add({
      book: { title: 'ઉત્તરાધ્યયન સૂત્ર', author: 'ભદ્રબાહુસ્વામી', publication_year: 1932, language: 'Gujarati', isbn: '978-81-7017-429-5' },
      accession_number: 'HS/12',
      place: 'Almirah 2',
      condition: 'worn',
      acquired_on: '2026-11-04',
    });
    await add({ jsbn }, other);
  });
  afterAll(() => t.close());

  it('gives the copies as an Excel sheet, one row per copy, headings and words in the reader’s language', async () => {
    const reply = await inject(t.app, holdingEndpoints.exportXlsx, { query: {}, headers: { ...lib, 'accept-language': 'gu' } });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-disposition']).toBe('attachment; filename="Our_Shelves.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Data')!;
    const rows = sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as ExcelJS.CellValue[]).slice(1));
    expect(rows).toEqual([
      [
        'પરિગ્રહણ ક્રમાંક',
        'શીર્ષક',
        'લેખકો',
        'પ્રકાશક',
        'પ્રકાશન વર્ષ',
        'ભાષા',
        'JSBN',
        'ISBN ક્રમાંક',
        'સ્થાન',
        'સ્થિતિ',
        'હાલ',
        'કેવી રીતે આવી',
        'મળ્યાની તારીખ',
        'નોંધ',
      ],
      [
        '1',
        'કલ્પસૂત્ર',
        'Bhadrabahu Swami',
        'શ્રી જૈન સાહિત્ય મંદિર',
        2024,
        'Gujarati',
        jsbn,
        '',
        'Shelf A-3',
        'સારી',
        'છાજલી પર',
        'ખરીદી',
        '02/11/2026',
        '',
      ],
      [
        '2',
        'કલ્પસૂત્ર',
        'Bhadrabahu Swami',
        'શ્રી જૈન સાહિત્ય મંદિર',
        2024,
        'Gujarati',
        jsbn,
        '',
        'Shelf A-3',
        'સારી',
        'હટાવેલી',
        'ભેટ',
        '03/11/2026',
        'Pages torn',
      ],
      [
        'HS/12',
        'ઉત્તરાધ્યયન સૂત્ર',
        'ભદ્રબાહુસ્વામી',
        '',
        1932,
        'Gujarati',
        '',
        '9788170174295',
        'Almirah 2',
        'ઘસાયેલી',
        'છાજલી પર',
        'ખરીદી',
        '04/11/2026',
        '',
      ],
    ]);
  });

  it('gives MARC21 that yaz-marcdump reads: a record per book, each copy in 852', async () => {
    const reply = await inject(t.app, holdingEndpoints.exportMrc, { query: {}, headers: lib });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('application/marc');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="Our_Shelves_MARC21.mrc"');
    const lines = yazLines(reply.rawPayload, 'holdings.mrc');
    expect(lines.filter((line) => line.startsWith('245'))).toEqual(['245 10 $6 880-01 $a કલ્પસૂત્ર', '245 10 $a ઉત્તરાધ્યયન સૂત્ર']);
    expect(lines.filter((line) => line.startsWith('852'))).toEqual([
      '852    $a શ્રી આત્માનંદ જ્ઞાન ભંડાર $h Shelf A-3 $j 1',
      '852    $a શ્રી આત્માનંદ જ્ઞાન ભંડાર $h Shelf A-3 $j 2 $z Withdrawn',
      '852    $a શ્રી આત્માનંદ જ્ઞાન ભંડાર $h Almirah 2 $j HS/12',
    ]);
    expect(lines.filter((line) => /^(020|100|264) /.test(line)).slice(-3)).toEqual([
      '020    $a 9788170174295',
      '100 0  $a ભદ્રબાહુસ્વામી',
      '264  1 $c 1932',
    ]);
    expect(lines.some((line) => line.startsWith('952'))).toBe(false);
  });

  it('adds Koha’s 952 to each copy when asked: branch, call number, barcode, item type, not for loan', async () => {
    const reply = await inject(t.app, holdingEndpoints.exportMrc, { query: { koha: 'true', branch: 'ahd01' }, headers: lib });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(yazLines(reply.rawPayload, 'koha.mrc').filter((line) => line.startsWith('952'))).toEqual([
      '952    $a AHD01 $b AHD01 $d 2026-11-02 $i 1 $o Shelf A-3 $p 1 $y BK',
      '952    $0 1 $7 1 $a AHD01 $b AHD01 $d 2026-11-03 $i 2 $o Shelf A-3 $p 2 $y BK',
      '952    $a AHD01 $b AHD01 $d 2026-11-04 $i HS/12 $o Almirah 2 $p HS/12 $y BK',
    ]);
    const defaultBranch = await inject(t.app, holdingEndpoints.exportMrc, { query: { koha: 'true', state: 'available' }, headers: lib });
    expect(yazLines(defaultBranch.rawPayload, 'default.mrc').filter((line) => line.startsWith('952'))[0]).toContain(
      `$a JSBN${libraryId} $b JSBN${libraryId}`,
    );
    const badBranch = await inject(t.app, holdingEndpoints.exportMrc, {
      query: { koha: 'true', branch: 'not a code!' },
      headers: { ...lib, 'accept-language': 'gu' },
    });
    expect(badBranch.statusCode).toBe(400);
    expect(badBranch.json().details).toEqual([{ field: 'branch', message: 'Koha શાખા કોડ: વધુમાં વધુ 10 અક્ષર કે અંક' }]);
  });

  it('exports only the library’s own copies, and only to libraries', async () => {
    const theirs = await inject(t.app, holdingEndpoints.exportMrc, { query: {}, headers: other });
    expect(yazLines(theirs.rawPayload, 'other.mrc').filter((line) => line.startsWith('852'))).toHaveLength(1);
    expect((await inject(t.app, holdingEndpoints.exportXlsx, { query: {}, headers: pub })).statusCode).toBe(403);
    expect((await inject(t.app, holdingEndpoints.exportXlsx, { query: {} })).statusCode).toBe(401);
  });
});
