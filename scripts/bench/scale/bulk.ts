/**
 * Bulk registration of 1,000 books from an Excel file ('under a minute on
 * PostgreSQL'; part `bulk` of `npm run bench:scale`; prints figures, asserts nothing, talks only
 * to 127.0.0.1). Each round takes the template from the API, fills 1,000 rows from the real
 * records of ../shared/data/books.jsonl (their titles, authors, swaroop and subjects as the
 * importer reads them) and does what the browser does: the preview of the file, then the
 * registration 50 rows a request, one after another. Beside it in the same round, the baseline:
 * the same 1,000 books registered by the form's service in this process in one call
 * (`registerBooks`, one transaction: no HTTP, no Excel, no per-chunk commit).
 * Uses a database of its own, `jsbn_scale_bulk`, made afresh each run.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import {
  AUTHOR_TYPES,
  BULK_CHUNK_ROWS,
  BULK_COLUMNS,
  MAX_BULK_ROWS,
  SUBJECTS,
  XLSX_TYPE,
  type BulkColumn,
  type BulkPreview,
  type BulkRow,
} from '@jsbn/shared';
import { buildApp } from '../../../apps/api/src/app.js';
import { loadConfig } from '../../../apps/api/src/config.js';
import { createPublisher } from '../../../apps/api/src/seed/factories.js';
import { bookFieldsOfRow } from '../../../apps/api/src/modules/books/bulk.js';
import { bookFieldsOfRecord } from '../../../apps/api/src/modules/books/import.js';
import { registerBooks } from '../../../apps/api/src/modules/books/registration.js';
import { sourceRecords } from './catalogue.js';
import { PRODUCTION } from './production.js';
import { freshDatabase, type WritesBench } from './writes.js';

const PORT = 39107;
const BASE = `http://127.0.0.1:${PORT}`;
const SUBJECT_NAME = new Map(SUBJECTS.map((subject) => [subject.id, subject.subject_name]));
const AUTHOR_TYPE = new Map(AUTHOR_TYPES.map((type) => [type.id, type.author_type]));

/** The template's cells of 1,000 real records (round `round` makes its titles its own). */
function sheetRows(round: number): Partial<Record<BulkColumn, string | number>>[] {
  const records = sourceRecords();
  return Array.from({ length: MAX_BULK_ROWS }, (_, index) => {
    const record = records[index % records.length]!;
    const fields = bookFieldsOfRecord(record);
    // the form wants an author: an old record without one gets its publisher's sangh
    const authors = (fields.authors ?? []).slice(0, 3);
    if (authors.length === 0) authors.push({ authorType: 5, author_name: 'Shri Jain Shwetambar Sangh' });
    return {
      book_title: `${fields.book_title} (${round + 1}.${index + 1})`,
      book_e_title: fields.book_e_title,
      language: fields.language,
      publication_year: record.year ?? 1990,
      pages: record.pages ?? 120,
      type: fields.type ?? '',
      other_type: fields.other_type ?? '',
      subjects: (fields.subjects ?? []).map((subject) => SUBJECT_NAME.get(Number(subject.id))).join('; '),
      other_subject: fields.other_subject ?? '',
      ...Object.fromEntries(
        authors.flatMap((author, slot) => [
          [`author_name_${slot + 1}`, author.author_name ?? 'Unknown'],
          [`author_type_${slot + 1}`, AUTHOR_TYPE.get(Number(author.authorType as number | string)) ?? 'Author'],
        ]),
      ),
      price_kind: index % 3 === 0 ? 'Free' : 'For propagation (nominal price)',
      price: index % 3 === 0 ? '' : 20,
      readers: 'No',
    };
  });
}

async function api<T>(path: string, token: string, body: unknown, contentType = 'application/json'): Promise<T> {
  const response = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: contentType === 'application/json' ? JSON.stringify(body) : new Uint8Array(body as Buffer),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return ((await response.json()) as { data: T }).data;
}

/** Runs the part and prints its table. */
export async function measureBulk(bench: WritesBench): Promise<void> {
  const { databaseUrl, dataDir, drop } = await freshDatabase(bench, 'jsbn_scale_bulk', 'bench-bulk');
  const env = { ...PRODUCTION, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PUBLIC_URL: BASE };
  const built = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { webDist: null });
  const publisher = await createPublisher(built.ctx, { publisher_no: 'BULKB' });
  const service = await createPublisher(built.ctx, { publisher_no: 'BULKS' });
  const server = await bench.start(['apps/api/dist/server.js'], env, PORT, '/api/health');
  const figures: Record<'file' | 'preview' | 'register' | 'total' | 'service', number[]> = {
    file: [],
    preview: [],
    register: [],
    total: [],
    service: [],
  };
  try {
    const login = await fetch(`${BASE}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: publisher.email, password: publisher.password, modelType: 'PUBLISHER' }),
    });
    const token = ((await login.json()) as { data: { accessToken: { access_token: string } } }).data.accessToken.access_token;
    const template = Buffer.from(await (await fetch(`${BASE}/api/book/bulk/template.xlsx`)).arrayBuffer());
    for (let round = 0; round < bench.rounds; round++) {
      process.stdout.write(`\rbulk registration: round ${round + 1} of ${bench.rounds}`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(template as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const rows = sheetRows(round);
      rows.forEach((values, index) => {
        for (const [key, value] of Object.entries(values))
          sheet.getCell(index + 2, BULK_COLUMNS.indexOf(key as BulkColumn) + 1).value = value;
      });
      const file = Buffer.from(await workbook.xlsx.writeBuffer());
      figures.file.push(file.length);

      const started = performance.now();
      const preview = await api<BulkPreview>('/api/book/bulk/preview', token, file, XLSX_TYPE);
      const previewed = performance.now();
      const ready: BulkRow[] = preview.rows.filter((row) => row.errors.length === 0).map(({ row, values }) => ({ row, values }));
      if (ready.length !== MAX_BULK_ROWS)
        throw new Error(
          `${MAX_BULK_ROWS - ready.length} rows have problems: ${JSON.stringify(preview.rows.find((row) => row.errors.length)?.errors)}`,
        );
      const batch = randomUUID();
      for (let start = 0; start < ready.length; start += BULK_CHUNK_ROWS)
        await api('/api/book/bulk/register', token, { batch, rows: ready.slice(start, start + BULK_CHUNK_ROWS) });
      const finished = performance.now();
      figures.preview.push((previewed - started) / 1000);
      figures.register.push((finished - previewed) / 1000);
      figures.total.push((finished - started) / 1000);

      // the baseline: the same books through the form's service, in one call, in this process
      const fields = ready.map((row) => bookFieldsOfRow({ ...row.values, book_title: `${row.values.book_title} *` }).fields!);
      const serviceStarted = performance.now();
      await built.ctx.db.transaction((tx) =>
        registerBooks(
          built.ctx,
          tx,
          fields.map((book) => ({ publisherId: service.publisherId, fields: book, coverKey: null })),
        ),
      );
      figures.service.push((performance.now() - serviceStarted) / 1000);
    }
    process.stdout.write('\n');
    const m = (key: keyof typeof figures) => bench.median(figures[key]);
    console.log(
      `\nbulk registration of ${MAX_BULK_ROWS.toLocaleString('en-IN')} books from one Excel file (${(m('file') / 1024).toFixed(0)} kB), PostgreSQL, ${bench.rounds} rounds (medians):\n`,
    );
    console.log('| measure | seconds | baseline in the same run | ratio |');
    console.log('|---|---|---|---|');
    console.log(`| upload and preview (every row checked) | ${m('preview').toFixed(2)} s | — | — |`);
    console.log(
      `| registration, ${MAX_BULK_ROWS / BULK_CHUNK_ROWS} requests of ${BULK_CHUNK_ROWS} rows | ${m('register').toFixed(2)} s | the form's service, the same books in one call: ${m('service').toFixed(2)} s | ${(m('service') / m('register')).toFixed(2)}× |`,
    );
    console.log(`| from upload to the last JSBN (under 60 s) | ${m('total').toFixed(2)} s | — | — |`);
  } finally {
    server.kill('SIGTERM');
    await built.app.close();
    await drop();
  }
}
