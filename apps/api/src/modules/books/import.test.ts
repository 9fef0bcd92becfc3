import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookEndpoints } from '@jsbn/shared/core';
import { eq, inArray } from 'drizzle-orm';
import { JSBN_MAX_SEQUENCE, isValidJsbn } from '@jsbn/shared';
import { createPublisher } from '../../seed/factories.js';
import { books, publishers } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { IMPORT_BATCH, importCatalogue, publisherNoFor, type CatalogueRecord } from './import.js';
import { sharedCatalogue } from '../../test/catalogue.js';

/** Devanagari text written in Gujarati script (the blocks are parallel: U+0900 → U+0A80), as a Gujarati reader types a title. */
const devanagariToGujarati = (text: string) =>
  text.normalize('NFC').replace(/[\u0900-\u097F]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0x180));

/** Records in the books.jsonl format, used when ../shared/data is not beside the repository. */
const FALLBACK: CatalogueRecord[] = [
  {
    source_id: 'x:1',
    title: 'पञ्चसंग्रह',
    title_en: 'Panchsangrah',
    authors: [{ name: 'Amitgati Acharya', role: 'author' }],
    publisher: 'Manikchand Digambar Jain Granthamala Samiti',
    language: 'Sanskrit',
    year: 1927,
    pages: 250,
  },
  {
    source_id: 'x:2',
    title: 'જૈનતર્ક ભાષા',
    title_en: 'Jain Tarka Bhasha',
    authors: [{ name: 'Yashovijay Upadhyay', role: 'author' }],
    publisher: 'Saraswati Pustak Bhandar Ahmedabad',
    language: 'Sanskrit',
    year: 1993,
    pages: 110,
  },
  {
    source_id: 'x:3',
    title: 'कल्पसूत्रम्',
    title_en: 'Kalpasutram',
    authors: [{ name: 'Bhadrabahuswami', role: 'author' }],
    publisher: 'Manikchand Digambar Jain Granthamala Samiti',
    language: 'Sanskrit',
    pages: 90,
  },
];

describe('catalogue import (PGlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('imports the real records with distinct, verifying JSBNs that search finds by title', async () => {
    const { records, real } = sharedCatalogue(FALLBACK, 'import.test.ts');
    const report = await importCatalogue(t.ctx, records);
    expect(report.imported + report.rejected.length).toBe(records.length);
    expect(report.imported).toBeGreaterThan(0);
    // every record that names a publisher and a title is imported, its unknown year and authors
    // kept unknown (618 of the 667 real records); the rest are listed with the reason
    const usable = records.filter((record) => !(record instanceof Error) && record.publisher && record.title);
    expect(report.imported).toBe(usable.length);
    if (real) expect([report.imported, report.rejected.length]).toEqual([618, 49]);
    for (const rejection of report.rejected) expect(rejection.reason).toBe('publisher is missing');

    const listed = await inject(t.app, bookEndpoints.list, { query: { limit: 'all' } });
    const books = listed.json().data.books as { id: number; jsbn_number: string; book_title: string; book_e_title: string }[];
    const imported = books.filter((book) => report.bookIds.includes(book.id));
    expect(imported).toHaveLength(report.imported);
    expect(new Set(imported.map((book) => book.jsbn_number)).size).toBe(imported.length);
    expect(imported.every((book) => isValidJsbn(book.jsbn_number))).toBe(true);

    const sample = imported.filter((_, index) => index % Math.max(1, Math.floor(imported.length / 12)) === 0);
    for (const book of sample) {
      for (const query of [book.book_title, book.book_e_title]) {
        const found = await inject(t.app, bookEndpoints.list, { query: { queryString: query, limit: '100' } });
        expect(
          found.json().data.books.map((item: { id: number }) => item.id),
          query,
        ).toContain(book.id);
      }
    }

    // books whose year is not known: stored as unknown, found in Devanagari, in Gujarati script and in English
    const yearless = records.flatMap((record) =>
      !(record instanceof Error) && record.publisher && record.year === undefined && /[\u0900-\u097F]/.test(record.title ?? '')
        ? [{ record, id: report.bookIds[usable.indexOf(record)]! }]
        : [],
    );
    expect(yearless.length).toBeGreaterThan(0);
    for (const { record, id } of yearless.filter((_, index) => index % Math.max(1, Math.floor(yearless.length / 5)) === 0)) {
      const { book } = (await inject(t.app, bookEndpoints.one, { params: { id } })).json().data;
      expect([book.publication_year, book.published_year, book.vikram_samvat]).toEqual([null, null, null]);
      for (const query of [record.title!, devanagariToGujarati(record.title!), record.title_en!]) {
        const found = await inject(t.app, bookEndpoints.list, { query: { queryString: query, limit: '100' } });
        expect(
          found.json().data.books.map((item: { id: number }) => item.id),
          query,
        ).toContain(id);
      }
    }

    const again = await importCatalogue(t.ctx, records.slice(0, 5));
    expect(again.imported).toBe(0);
    expect(again.rejected.filter((rejection) => rejection.reason.startsWith('already imported'))).toHaveLength(
      records.slice(0, 5).filter((_, index) => report.rejected.every((rejection) => rejection.line !== index + 1)).length,
    );
  });

  it('registers in batches with progress; a record that fails in its batch costs only itself', async () => {
    // a press that has used all its numbers: its book fails in the database, inside a batch of good ones
    const full = await createPublisher(t.ctx, { publisher_no: 'FULLP', publisher_name: 'Purna Prakashan' });
    await t.ctx.db.update(publishers).set({ last_jsbn_seq: JSBN_MAX_SEQUENCE }).where(eq(publishers.id, full.publisherId));
    const record = (index: number, publisher: string): CatalogueRecord => ({
      source_id: `batch:${index}`,
      title: `ગ્રંથ ${index}`,
      title_en: `Granth ${index}`,
      authors: [{ name: 'Muni Punyavijay', role: 'editor' }],
      publisher,
      language: 'Gujarati',
      year: 1960,
      pages: 80,
    });
    const records = Array.from({ length: IMPORT_BATCH + 5 }, (_, index) =>
      record(index, index === 7 ? 'Purna Prakashan' : 'Shrutgyan Trust Palitana'),
    );
    records.splice(10, 0, record(2, 'Shrutgyan Trust Palitana')); // again in the same batch
    records.push(record(3, 'Shrutgyan Trust Palitana')); // again in the next batch
    const progress: [number, number][] = [];
    const report = await importCatalogue(t.ctx, records, (done, total) => progress.push([done, total]));
    expect(progress).toEqual([
      [IMPORT_BATCH, records.length],
      [records.length, records.length],
    ]);
    expect(report.rejected).toEqual([
      { line: 8, source_id: 'batch:7', reason: `This publisher has used all ${JSBN_MAX_SEQUENCE} JSBN numbers` },
      { line: 11, source_id: 'batch:2', reason: 'already in this file on an earlier line' },
      { line: records.length, source_id: 'batch:3', reason: expect.stringMatching(/^already imported as book \d+$/) },
    ]);
    expect(report.imported).toBe(IMPORT_BATCH + 4);
    expect(report.bookIds).toHaveLength(IMPORT_BATCH + 4);
    expect(report.publishersCreated).toBe(1);
    // one publisher's JSBNs in the order of the file, one after another
    const jsbns = (
      await t.ctx.db.select({ jsbn: books.jsbn_number, ref: books.source_ref }).from(books).where(inArray(books.id, report.bookIds))
    ).sort((a, b) => a.jsbn.localeCompare(b.jsbn));
    expect(jsbns.map((row) => Number(row.ref!.split(':')[1]))).toEqual([...Array(IMPORT_BATCH + 5).keys()].filter((index) => index !== 7));
    expect(jsbns.every((row) => isValidJsbn(row.jsbn))).toBe(true);
    // a file of that one record: rejected once
    const alone = await importCatalogue(t.ctx, [record(7000, 'Purna Prakashan')]);
    expect(alone.rejected).toEqual([
      { line: 1, source_id: 'batch:7000', reason: `This publisher has used all ${JSBN_MAX_SEQUENCE} JSBN numbers` },
    ]);
    expect(alone.imported).toBe(0);
  }, 180_000); // a thousand single-record retries: minutes on a loaded two-core machine

  it('makes 5-character publisher numbers unique', () => {
    const taken = new Set<string>();
    const first = publisherNoFor('Jain Vishva Bharati', taken);
    taken.add(first);
    const second = publisherNoFor('Jain Vishva Bharati', taken);
    expect([first, second]).toEqual(['JVBJA', 'JVBJ1']);
    expect(publisherNoFor('Ṛṣi', new Set())).toMatch(/^[A-Z0-9]{5}$/);
  });
});
