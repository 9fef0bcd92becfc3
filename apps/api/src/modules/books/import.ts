/**
 * Imports catalogue records in the format of ../shared/data/books.jsonl (see its README):
 * one publisher account per distinct publisher (with a generated unique publisher_no), the
 * books registered in batches through `registerBooks`, the service the API uses. Records
 * lacking what the book form requires are rejected with the reason; nothing is guessed.
 */
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { SUBJECTS, catalogueBookFields, formatJsbn, type BookFieldsInput, type StoredBookFields } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { SYSTEM_ACTOR, record, type FieldChanges } from '../../lib/audit.js';
import { accounts, books, publishers } from '../../db/schema.js';
import { hashPassword } from '../../lib/auth.js';
import { findCityIn } from '../lookups/geo.js';
import { IMPORTED_ACCOUNT_DOMAIN } from '../publishers/service.js';
import { registerBooks } from './registration.js';

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
  [/\bniryukti/i, 'NIR1'],
  [/\bbhashya/i, 'BHA1'],
  [/\bchurni/i, 'CHU1'],
  [/\btika\b|\btikka/i, 'TIK1'],
  [/\bavachuri/i, 'AVC1'],
  [/\bvivaran/i, 'VIV1'],
  [/\bdipika/i, 'DIP1'],
  [/\btabba|\btabo\b/i, 'TAB1'],
  [/\bvrutti|\bvritti/i, 'VRU1'],
  [/\bbalavbodh/i, 'BAL1'],
  [/\bras\b|\brasa\b/i, 'RAS1'],
  [/\bcharitra|\bcharit\b/i, 'CHA1'],
  [/\bstavan/i, 'STV1'],
  [/\bstuti\b/i, 'STU1'],
  [/\bpuja\b/i, 'PUJ1'],
  [/\bkatha/i, 'KAT1'],
  [/\bstotra/i, 'STO1'],
  [/\bprakaran/i, 'PRA1'],
  [/\bkavya/i, 'KAV1'],
  [/\bpuran/i, 'PUR1'],
  [/\bvidhi\b/i, 'VID1'],
  [/\bkosh/i, 'KOS1'],
  [/\bvyakaran/i, 'VYA1'],
  [/\bagam\b/i, 'AGM1'],
  [/\bsutra|\bsutram|\bsuttam/i, 'SAT1'],
];

const SUBJECT_ID = new Map(SUBJECTS.map((subject) => [subject.subject_name.toLowerCase(), subject.id]));
const SUBJECT_OF_TOKEN: Record<string, string> = {
  agam: 'agam',
  canon: 'agam',
  ritual_text: 'ritual',
  metaphysics: 'metaphysics',
  dictionary: 'dictionary',
};
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
  const base = (
    letters +
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z]/g, '')
      .toUpperCase() +
    'XXXXX'
  ).slice(0, 5);
  if (!taken.has(base)) return base;
  for (let n = 1; ; n++) {
    const suffix = String(n);
    const candidate = base.slice(0, 5 - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Records registered together: one transaction, one JSBN range and one insert per publisher. */
export const IMPORT_BATCH = 1_000;

/** A record that passed the form's rules, waiting for its batch. */
interface Accepted {
  line: number;
  source_id: string | null;
  publisherName: string;
  fields: StoredBookFields;
}

/**
 * Imports `records` (line numbers from 1) into the database of `ctx`, IMPORT_BATCH at a time:
 * each batch is one transaction that creates the publishers it needs and registers each
 * publisher's books through `registerBooks` (the form's service: its rules, its JSBNs in
 * order). Should a batch fail as a whole, its records are tried one by one, so one bad record
 * costs only itself. A record is rejected when it has no publisher, fails the book form's
 * rules, or was imported before (same `source_id`, in the database or earlier in the file).
 * @param onProgress called after each batch with the records handled so far and in all
 */
export async function importCatalogue(
  ctx: AppContext,
  records: (CatalogueRecord | Error)[],
  onProgress?: (done: number, total: number) => void,
): Promise<ImportReport> {
  const report: ImportReport = { imported: 0, publishersCreated: 0, rejected: [], bookIds: [] };
  const taken = new Set((await ctx.db.select({ no: publishers.publisher_no }).from(publishers)).map((row) => row.no));
  const publisherIds = new Map<string, number>();
  const names = [
    ...new Set(
      records.flatMap((record) => (record instanceof Error || !record.publisher ? [] : [record.publisher.normalize('NFC').trim()])),
    ),
  ];
  for (let start = 0; start < names.length; start += IMPORT_BATCH) {
    for (const row of await ctx.db
      .select({ id: publishers.id, name: publishers.publisher_name })
      .from(publishers)
      .where(inArray(publishers.publisher_name, names.slice(start, start + IMPORT_BATCH)))) {
      publisherIds.set(row.name, row.id);
    }
  }
  const unusablePassword = await hashPassword(randomBytes(32).toString('hex'));
  const seen = new Set<string>();
  const idOfLine = new Map<number, number>();

  /** Registers `batch` in one transaction: its new publishers, then each publisher's books. */
  const register = (batch: Accepted[]) =>
    ctx.db.transaction(async (tx) => {
      const created = new Map<string, { id: number; publisher_no: string }>();
      const ids = new Map<number, number>();
      const publisherOf = new Map<string, number>();
      for (const name of new Set(batch.map((record) => record.publisherName))) {
        let publisherId = publisherIds.get(name);
        if (publisherId === undefined) {
          // (a number of a batch that fails stays taken: it is only skipped)
          const publisher_no = publisherNoFor(name, taken);
          taken.add(publisher_no);
          const place = findCityIn(name);
          const [account] = await tx
            .insert(accounts)
            .values({
              email: `${publisher_no.toLowerCase()}@${IMPORTED_ACCOUNT_DOMAIN}`,
              role: 'PUBLISHER',
              password_hash: unusablePassword,
              email_verified_at: new Date(),
            })
            .returning({ id: accounts.id });
          const [row] = await tx
            .insert(publishers)
            .values({
              account_id: account!.id,
              publisher_no,
              publisher_name: name,
              publisher_type: 'Institution',
              state_id: place?.state_id ?? null,
              city_id: place?.city_id ?? null,
            })
            .returning({ id: publishers.id });
          publisherId = row!.id;
          created.set(name, { id: publisherId, publisher_no });
        }
        publisherOf.set(name, publisherId);
      }
      const registered = await registerBooks(
        ctx,
        tx,
        batch.map((record) => ({
          publisherId: publisherOf.get(record.publisherName)!,
          fields: record.fields,
          coverKey: null,
          sourceRef: record.source_id ?? undefined,
        })),
      );
      batch.forEach((record, index) => ids.set(record.line, registered[index]!.id));
      await recordImport(
        tx,
        batch.map((record) => publisherOf.get(record.publisherName)!),
        registered,
        [...created.values()].map((publisher) => publisher.id),
      );
      return { created, ids };
    });

  /** Registers `batch` and keeps what it made; false when the batch failed (nothing of it was written). */
  const registered = async (batch: Accepted[], rejectOnFailure: boolean) => {
    try {
      const { created, ids } = await register(batch);
      for (const [name, publisher] of created) {
        publisherIds.set(name, publisher.id);
        report.publishersCreated++;
      }
      for (const [line, id] of ids) idOfLine.set(line, id);
      return true;
    } catch (error) {
      if (rejectOnFailure)
        for (const record of batch)
          report.rejected.push({
            line: record.line,
            source_id: record.source_id,
            reason: error instanceof Error ? error.message : String(error),
          });
      return false;
    }
  };
  /** Registers `batch`, or its records one by one when it fails as a whole. */
  const flush = async (batch: Accepted[]) => {
    if (batch.length === 0 || (await registered(batch, batch.length === 1)) || batch.length === 1) return;
    for (const record of batch) await registered([record], true);
  };

  /** Checks the records of `slice` (from line `start` + 1) against the form's rules and earlier imports. */
  const prepare = async (start: number, slice: (CatalogueRecord | Error)[]): Promise<Accepted[]> => {
    const sourceIds = slice.flatMap((record) => (record instanceof Error || !record.source_id ? [] : [record.source_id]));
    const imported = new Map(
      sourceIds.length
        ? (await ctx.db.select({ id: books.id, ref: books.source_ref }).from(books).where(inArray(books.source_ref, sourceIds))).map(
            (row) => [row.ref, row.id],
          )
        : [],
    );
    const batch: Accepted[] = [];
    slice.forEach((record, offset) => {
      const line = start + offset + 1;
      if (record instanceof Error) {
        report.rejected.push({ line, source_id: null, reason: `not a JSON record: ${record.message}` });
        return;
      }
      const source_id = record.source_id ?? null;
      const reject = (reason: string) => report.rejected.push({ line, source_id, reason });
      const publisherName = record.publisher?.normalize('NFC').trim();
      if (!publisherName) return reject('publisher is missing');
      const parsed = catalogueBookFields.safeParse(bookFieldsOfRecord(record));
      if (!parsed.success) return reject(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
      if (source_id && imported.has(source_id)) return reject(`already imported as book ${imported.get(source_id)}`);
      if (source_id && seen.has(source_id)) return reject('already in this file on an earlier line');
      if (source_id) seen.add(source_id);
      batch.push({ line, source_id, publisherName, fields: parsed.data });
    });
    return batch;
  };

  for (let start = 0; start < records.length; start += IMPORT_BATCH) {
    await flush(await prepare(start, records.slice(start, start + IMPORT_BATCH)));
    onProgress?.(Math.min(records.length, start + IMPORT_BATCH), records.length);
  }
  report.rejected.sort((a, b) => a.line - b.line);
  report.bookIds = [...idOfLine].sort((a, b) => a[0] - b[0]).map(([, id]) => id);
  report.imported = report.bookIds.length;
  return report;
}

/**
 * The record of an import batch (decision 042), in one statement whatever its size: each
 * publisher it created, and for each publisher one entry of the books it got — how many and
 * its first and last JSBN — rather than one a book, so the record costs the import little.
 * @param publisherIds each registered book's publisher, in the order of `registered`
 */
async function recordImport(
  tx: DbOrTx,
  publisherIds: number[],
  registered: { id: number; jsbn: string }[],
  createdPublishers: number[],
): Promise<void> {
  const byPublisher = new Map<number, { id: number; jsbn: string }[]>();
  publisherIds.forEach((publisherId, index) => byPublisher.set(publisherId, [...(byPublisher.get(publisherId) ?? []), registered[index]!]));
  await record(
    tx,
    ...createdPublishers.map((publisherId) => ({
      actor: SYSTEM_ACTOR,
      subject: 'publisher' as const,
      subjectId: publisherId,
      action: 'created' as const,
      reason: IMPORT_REASON,
    })),
    ...[...byPublisher].map(([publisherId, made]) => ({
      actor: SYSTEM_ACTOR,
      subject: 'publisher' as const,
      subjectId: publisherId,
      action: 'books imported' as const,
      changes: {
        books: [null, made.length],
        first_jsbn: [null, formatJsbn(made[0]!.jsbn)],
        last_jsbn: [null, formatJsbn(made.at(-1)!.jsbn)],
      } satisfies FieldChanges,
      reason: IMPORT_REASON,
    })),
  );
}

/** Why the import's entries were made. */
const IMPORT_REASON = 'catalogue import';

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
