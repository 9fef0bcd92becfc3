/**
 * Imports catalogue records in the format of ../shared/data/books.jsonl (see its README):
 * one publisher account per distinct publisher (with a generated unique publisher_no), each
 * book registered through `registerBook`, the service the API uses. Records lacking what the
 * book form requires are rejected with the reason; nothing is guessed.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { SUBJECTS, bookFields, type BookFieldsInput } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { accounts, books, publishers } from '../../db/schema.js';
import { hashPassword } from '../../lib/auth.js';
import { AppError } from '../../lib/errors.js';
import { findCityIn } from '../lookups/geo.js';
import { registerBook } from './service.js';

/** One line of books.jsonl (fields the importer reads). */
export interface CatalogueRecord {
  source_id?: string;
  title?: string;
  title_en?: string;
  authors?: { name: string; role: string }[];
  publisher?: string;
  language?: string;
  year?: number;
  pages?: number;
  classification?: string;
  canon_class?: string;
  subjects?: string[];
}

export interface ImportReport {
  imported: number;
  publishersCreated: number;
  rejected: { line: number; source_id: string | null; reason: string }[];
  /** Ids of the books registered by this run. */
  bookIds: number[];
}

/** Swaroop codes recognised from words of the English title. */
const SWAROOP_WORDS: [RegExp, string][] = [
  [/\bniryukti/i, 'NIR1'], [/\bbhashya/i, 'BHA1'], [/\bchurni/i, 'CHU1'], [/\btika\b|\btikka/i, 'TIK1'],
  [/\bavachuri/i, 'AVC1'], [/\bvivaran/i, 'VIV1'], [/\bdipika/i, 'DIP1'], [/\btabba|\btabo\b/i, 'TAB1'],
  [/\bvrutti|\bvritti/i, 'VRU1'], [/\bbalavbodh/i, 'BAL1'], [/\bras\b|\brasa\b/i, 'RAS1'], [/\bcharitra|\bcharit\b/i, 'CHA1'],
  [/\bstavan/i, 'STV1'], [/\bstuti\b/i, 'STU1'], [/\bpuja\b/i, 'PUJ1'], [/\bkatha/i, 'KAT1'], [/\bstotra/i, 'STO1'],
  [/\bprakaran/i, 'PRA1'], [/\bkavya/i, 'KAV1'], [/\bpuran/i, 'PUR1'], [/\bvidhi\b/i, 'VID1'], [/\bkosh/i, 'KOS1'],
  [/\bvyakaran/i, 'VYA1'], [/\bagam\b/i, 'AGM1'], [/\bsutra|\bsutram|\bsuttam/i, 'SAT1'],
];

const SUBJECT_ID = new Map(SUBJECTS.map((subject) => [subject.subject_name.toLowerCase(), subject.id]));
const SUBJECT_OF_TOKEN: Record<string, string> = { agam: 'agam', canon: 'agam', ritual_text: 'ritual', metaphysics: 'metaphysics', dictionary: 'dictionary' };
const AUTHOR_TYPE_OF_ROLE: Record<string, number> = { author: 1, editor: 2, translator: 3, commentator: 4, compiler: 5 };

/** Maps a catalogue record to the book form's fields (the schema then decides what is missing). */
export function bookFieldsOfRecord(record: CatalogueRecord): BookFieldsInput {
  const subjectIds = new Set<number>();
  for (const token of record.subjects ?? []) {
    const name = token.toLowerCase().startsWith('agam_') ? 'agam' : SUBJECT_OF_TOKEN[token.toLowerCase()];
    const id = name ? SUBJECT_ID.get(name) : undefined;
    if (id) subjectIds.add(id);
  }
  const type = SWAROOP_WORDS.find(([pattern]) => pattern.test(record.title_en ?? ''))?.[1];
  const manuscript = /manuscript/i.test(record.classification ?? '');
  return {
    book_title: record.title ?? '',
    book_e_title: record.title_en ?? '',
    language: record.language ?? '',
    publication_year: record.year === undefined ? '' : String(record.year),
    pages: record.pages === undefined ? '' : String(record.pages),
    type,
    other_type: type ? undefined : manuscript ? 'Manuscript' : 'Granth',
    subjects: [...subjectIds].map((id) => ({ id })),
    other_subject: subjectIds.size ? undefined : (record.canon_class ?? 'Jain literature'),
    authors: (record.authors ?? []).map((author) => ({ authorType: AUTHOR_TYPE_OF_ROLE[author.role] ?? 1, author_name: author.name })),
    // the catalogue says nothing of a PDF: imported books are 'by request' until the publisher edits them
    readers: 'No',
  };
}

/** A 5-character publisher_no from the initials of `name`, made unique against `taken`. */
export function publisherNoFor(name: string, taken: Set<string>): string {
  const letters = name
    .normalize('NFKD')
    .replace(/[^A-Za-z ]/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  const base = (letters + name.normalize('NFKD').replace(/[^A-Za-z]/g, '').toUpperCase() + 'XXXXX').slice(0, 5);
  if (!taken.has(base)) return base;
  for (let n = 1; ; n++) {
    const suffix = String(n);
    const candidate = base.slice(0, 5 - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Imports `records` (line numbers from 1) into the database of `ctx`.
 * A record is rejected when it has no publisher, fails the book form's rules, or was imported
 * before (same `source_id`).
 */
export async function importCatalogue(ctx: AppContext, records: (CatalogueRecord | Error)[]): Promise<ImportReport> {
  const report: ImportReport = { imported: 0, publishersCreated: 0, rejected: [], bookIds: [] };
  const taken = new Set((await ctx.db.select({ no: publishers.publisher_no }).from(publishers)).map((row) => row.no));
  const publisherIds = new Map<string, number>();
  const names = [...new Set(records.flatMap((record) => (record instanceof Error || !record.publisher ? [] : [record.publisher.normalize('NFC').trim()])))];
  if (names.length) {
    for (const row of await ctx.db.select({ id: publishers.id, name: publishers.publisher_name }).from(publishers).where(inArray(publishers.publisher_name, names))) {
      publisherIds.set(row.name, row.id);
    }
  }
  const unusablePassword = await hashPassword(randomBytes(32).toString('hex'));

  for (const [index, record] of records.entries()) {
    const line = index + 1;
    if (record instanceof Error) {
      report.rejected.push({ line, source_id: null, reason: `not a JSON record: ${record.message}` });
      continue;
    }
    const source_id = record.source_id ?? null;
    const reject = (reason: string) => report.rejected.push({ line, source_id, reason });
    const publisherName = record.publisher?.normalize('NFC').trim();
    if (!publisherName) {
      reject('publisher is missing');
      continue;
    }
    const parsed = bookFields.safeParse(bookFieldsOfRecord(record));
    if (!parsed.success) {
      reject(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
      continue;
    }
    const publisherId = publisherIds.get(publisherName);
    if (source_id) {
      const [duplicate] = await ctx.db.select({ id: books.id }).from(books).where(eq(books.source_ref, source_id));
      if (duplicate) {
        reject(`already imported as book ${duplicate.id}`);
        continue;
      }
    }
    try {
      let created: { id: number; publisher_no: string } | null = null;
      const result = await ctx.db.transaction(async (tx) => {
        if (!publisherId) {
          const publisher_no = publisherNoFor(publisherName, taken);
          const place = findCityIn(publisherName);
          const [account] = await tx
            .insert(accounts)
            .values({ email: `${publisher_no.toLowerCase()}@import.jsbn.invalid`, role: 'PUBLISHER', password_hash: unusablePassword, email_verified_at: new Date() })
            .returning({ id: accounts.id });
          const [row] = await tx
            .insert(publishers)
            .values({ account_id: account!.id, publisher_no, publisher_name: publisherName, publisher_type: 'Institution', state_id: place?.state_id ?? null, city_id: place?.city_id ?? null })
            .returning({ id: publishers.id });
          created = { id: row!.id, publisher_no };
        }
        return registerBook(ctx, created?.id ?? publisherId!, parsed.data, null, { tx, sourceRef: source_id ?? undefined });
      });
      if (created) {
        const { id, publisher_no } = created;
        taken.add(publisher_no);
        publisherIds.set(publisherName, id);
        report.publishersCreated++;
      }
      report.imported++;
      report.bookIds.push(result.id);
    } catch (error) {
      reject(error instanceof AppError ? error.message : String(error));
    }
  }
  return report;
}

/** Parses JSONL text into records (a bad line becomes an Error at its position). */
export function parseJsonl(text: string): (CatalogueRecord | Error)[] {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      try {
        return JSON.parse(line) as CatalogueRecord;
      } catch (error) {
        return error as Error;
      }
    });
}
