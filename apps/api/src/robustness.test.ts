/**
 * "Never a 500 for user input", as a property test over every route of the OpenAPI
 * document (/api/docs/json): as a visitor, a publisher and a library, each route gets path
 * values, query strings and bodies of the shapes that once broke it — random and deeply nested
 * JSON (past the 32-level limit), NUL characters anywhere, control characters (C0, DEL, C1, a
 * lone surrogate; MARC's delimiters) in every text field a form takes, prototype keys
 * (`__proto__`, `constructor`, `prototype`) as keys and values, and broken multipart (no
 * boundary, a wrong boundary, cut short, huge field names) — and must answer each with a status
 * below 500; afterwards no text stored anywhere holds a control character. Bulk registration
 * besides: files with cells of any length (past 20,000 characters) and control characters,
 * the same chunk sent up to four times at once, and batch ids another publisher uses.
 *
 * `npm test` runs a fixed-seed share (FUZZ_RUNS, default 30 cases a route and engine);
 * `npm run fuzz` runs 2,000 a route with a fresh seed and prints what it sent and got.
 * Last, slow clients on a listening server: bodies a byte at a time and headers that never
 * end, on every route that takes a body, must all be closed in the set times while ordinary
 * requests are answered (decision 035).
 */
import { randomUUID } from 'node:crypto';
import { get as httpGet } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { BULK_COLUMNS, bulkEndpoints, XLSX_TYPE } from '@jsbn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook, createLibrary, createOperator, createPublisher } from './seed/factories.js';
import { NUMBER_SHEET_HEADINGS, zipOf } from './test/bulk-files.js';
import { ENGINES, createTestApp, tokenHeader, type TestApp } from './test/harness.js';
import { inject } from './test/inject.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : process.env.FUZZ_RUNS ? Date.now() % 2 ** 31 : 20261123;
const PRINT = Boolean(process.env.FUZZ_RUNS);

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
interface Route {
  method: Method;
  /** The OpenAPI path, with `{name}` parameters. */
  path: string;
  query: string[];
}

const PROTOTYPE_WORDS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '__defineGetter__'];
/** Control characters a record may not hold (control-characters.ts of @jsbn/shared), and the multi-line ones it may. */
const CONTROLS = [
  ...Array.from({ length: 31 }, (_, code) => String.fromCharCode(code + 1)),
  '\u007f',
  '\u0085',
  '\u009f',
  '\ufffe',
  '\uffff',
  '\ud800',
  '\udfff',
  '\r\n',
];
/** A PostgreSQL regular expression for what no stored text holds (escapes, so the SQL reads them). */
const STORED_CONTROL = String.raw`[\u0001-\u0008\u000b-\u001f\u007f-\u009f\ufffe\uffff]`;
/** Text with a control character in it: MARC's delimiters as an attacker put them in a title, or any of CONTROLS amid text. */
const controlText = fc.oneof(
  fc.constantFrom('Ctl\u001f9INJECTED\u001e\u001d', '\u001f', 'a\tb', 'line\nline', 'ગુજરાતી\u0008', '&#x1E;\u001e'),
  fc.tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...CONTROLS), fc.string({ maxLength: 12 })).map((parts) => parts.join('')),
);
/** Values that have broken something somewhere: NUL, control characters, limits of integers, prototype names, scripts. */
const edgeValue = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '1',
    '-1',
    '2147483648',
    '1e400',
    'NaN',
    'all',
    '%',
    '_',
    '\\',
    '\u0000',
    'a\u0000b',
    'ગુજરાતી',
    'हिन्दी',
    'ZZZZZ-00001-X',
    ...PROTOTYPE_WORDS,
  ),
  controlText,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer().map(String),
);
/** JSON nested `depth` levels (past MAX_INPUT_DEPTH at 33 and up to 5,000). */
const deepJson = fc
  .integer({ min: 30, max: 5_000 })
  .chain((depth) => fc.constantFrom('[', '{"a":').map((open) => `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`));
/** Field names the JSON routes read, so values reach their checks. */
const BODY_FIELDS = [
  'email',
  'password',
  'modelType',
  'otp',
  'token',
  'oldPassword',
  'newPassword',
  'fullName',
  'contact',
  'message',
  'text',
  'orders',
  'status',
  'orderItems',
  'partialReason',
  'partialNote',
  'receivedAs',
  'receivedNote',
  'orderId',
  'sendWhatsapp',
  'files',
  'name',
  'mobile_no',
  'Resone',
  'RefferenceBy',
  'mobile',
  'bookId',
  'bookName',
  'date',
];
/** Every text field a form sends (JSON or multipart): the book form, registrations and profiles, letterhead, contact, requests, dispatch. */
const TEXT_FIELDS = [
  'book_title',
  'book_e_title',
  'alternate_title',
  'book_alt_subtitle',
  'book_subtitle_lang',
  'language',
  'size',
  'type',
  'other_type',
  'part',
  'tags',
  'other_subject',
  'pdfurl',
  'book_pdf',
  'contents',
  'authors[0][authorname]',
  'authors[0][author_name]',
  'name',
  'sanchalak_name',
  'sanchalak_address',
  'address',
  'gst_no',
  'publisher_name',
  'text',
  'fullName',
  'message',
  'Resone',
  'RefferenceBy',
  'bookName',
  'courierCompanyName',
  'courierCompanyNumber',
  'trackingId',
];
/** Every text field holding control characters, the other fields of a form plausible, so the checks behind the first are reached. */
const controlledFields = fc.record(Object.fromEntries(TEXT_FIELDS.map((field) => [field, controlText]))).map((fields) => ({
  ...fields,
  email: 'fuzz@example.in',
  mobile_no: '9825012345',
  whatsapp_no: '9825012345',
  mobile: '9825012345',
  contact: '9825012345',
  pages: '12',
  publication_year: '2020',
  'subjects[0][id]': '1',
  'authors[0][authorType]': '1',
  readers: 'No',
  orderId: '1',
  bookId: '1',
  date: '01/01/2030',
  sangh_trust: 'Sangh Sanchalit',
  number_of_books: '5',
  publisher_no: 'FUZZ1',
  publisher_type: 'Sangh',
  state: '1',
  city: '1',
  pincode: '380001',
  password: 'Fuzz@12345',
  files: [{ field: 'index_pdf', name: fields.name, type: 'application/pdf' }],
}));
/** A JSON object whose keys include field names, prototype names and NUL, as the raw text (so `__proto__` is a real key). */
const trickyObject = fc
  .dictionary(
    fc.oneof(fc.constantFrom(...PROTOTYPE_WORDS, ...BODY_FIELDS, 'a\u0000'), fc.string({ maxLength: 8 })),
    fc.oneof(edgeValue, fc.jsonValue({ maxDepth: 2 })),
    { maxKeys: 6 },
  )
  .map((value) => JSON.stringify(value));
const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  deepJson,
  trickyObject,
  controlledFields.map((fields) => JSON.stringify(fields)),
  fc.constantFrom('{', '{"a":', 'null', '"\u0000"', '[]'),
);

interface RawBody {
  contentType: string;
  payload: string | Buffer;
}
const part = (boundary: string, name: string, value: string, filename?: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n${filename ? 'Content-Type: image/png\r\n' : ''}\r\n${value}\r\n`;
/** Multipart bodies as a careless or hostile client sends them. */
const multipartBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc.string({ maxLength: 30 }).map((value) => ({ contentType: 'multipart/form-data', payload: part('x', 'name', value) + '--x--\r\n' })),
  fc
    .string({ maxLength: 30 })
    .map((value) => ({ contentType: 'multipart/form-data; boundary=y', payload: part('x', 'name', value) + '--x--\r\n' })),
  fc
    .string({ maxLength: 30 })
    .map((value) => ({ contentType: 'multipart/form-data; boundary=x', payload: part('x', 'name', value).slice(0, -2) })),
  fc.constantFrom('logo', 'book_cover', 'orderImage', 'bookimage', 'pdfpublisher').map((field) => ({
    contentType: 'multipart/form-data; boundary=x',
    payload: Buffer.concat([
      Buffer.from(part('x', field, '', 'a.png').slice(0, -2)),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
    ]),
  })),
  fc
    .integer({ min: 200, max: 200_000 })
    .map((length) => ({ contentType: 'multipart/form-data; boundary=x', payload: part('x', 'n'.repeat(length), 'v') + '--x--\r\n' })),
  fc
    .dictionary(
      fc.oneof(fc.constantFrom(...PROTOTYPE_WORDS, 'authors[0][author_name]', 'orderId', 'book_title'), fc.string({ maxLength: 10 })),
      edgeValue,
      { maxKeys: 5 },
    )
    .map((fields) => ({
      contentType: 'multipart/form-data; boundary=x',
      payload:
        Object.entries(fields)
          .map(([name, value]) => part('x', name, value))
          .join('') + '--x--\r\n',
    })),
  controlledFields.map((fields) => ({
    contentType: 'multipart/form-data; boundary=x',
    payload:
      Object.entries(fields)
        .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
        .map(([name, value]) => part('x', name, value))
        .join('') + '--x--\r\n',
  })),
);
const body: fc.Arbitrary<RawBody | null> = fc.oneof(
  { weight: 5, arbitrary: jsonBody.map((payload) => ({ contentType: 'application/json', payload })) },
  { weight: 3, arbitrary: multipartBody },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** A cell of a bulk row: plausible, empty, with control characters, or long — up to 30,000 characters, past the 20,000 a cell holds. */
const bulkCell = fc.oneof(
  edgeValue,
  fc.constantFrom('Hindi', 'No', '2020', '120', 'Author', 'ગુજરાતી પુસ્તક'),
  fc
    .tuple(fc.constantFrom('a', 'ગ', 'क', '\u001f', '😀'), fc.integer({ min: 1, max: 30_000 }))
    .map(([text, length]) => text.repeat(length).slice(0, 30_000)),
);
/** A row the form takes, so a chunk is registered now and then and its repeats are answered. */
const READY_ROW = {
  book_e_title: 'Granth',
  language: 'Hindi',
  publication_year: '2020',
  pages: '120',
  type: 'આગમ — Agam (canonical text)',
  subjects: 'Agam',
  author_name_1: 'Muni Jambuvijay',
  author_type_1: 'Author',
  price_kind: 'Free',
  readers: 'No',
};
/** Up to five rows of a bulk upload: a few of the template's columns with any cells, or a ready row with any title. */
const bulkRows = fc.array(
  fc.record({
    row: fc.integer({ min: 2, max: 1_100 }),
    values: fc.oneof(
      fc.dictionary(fc.constantFrom(...BULK_COLUMNS), bulkCell, { maxKeys: 6 }),
      fc.string({ minLength: 1, maxLength: 20 }).map((title) => ({ ...READY_ROW, book_title: `Fuzz ${title}` })),
    ),
  }),
  { minLength: 1, maxLength: 5 },
);
const xmlText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
/** An .xlsx of the template's headings and `rows` written as inline strings (what a spreadsheet program may send). */
function bulkFile(rows: string[][]): Buffer {
  const cell = (text: string, column: number, row: number) =>
    `<c r="${String.fromCharCode(65 + column)}${row}" t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
  const sheet = [NUMBER_SHEET_HEADINGS, ...rows]
    .map((cells, index) => `<row r="${index + 1}">${cells.map((text, column) => cell(text, column, index + 1)).join('')}</row>`)
    .join('');
  return zipOf([
    [
      'xl/workbook.xml',
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Books" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ],
    [
      'xl/worksheets/sheet1.xml',
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheet}</sheetData></worksheet>`,
    ],
  ]);
}

/** Every route of the OpenAPI document, with its query parameters. */
async function routesOf(t: TestApp): Promise<Route[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- inject's json() is any; the cast names the document's shape
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      routes.push({
        method: method.toUpperCase() as Method,
        path,
        query: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
      });
    }
  }
  return routes;
}

/** The case for a route: who calls it, the path values, the query and the body. */
const caseFor = (route: Route) =>
  fc.record({
    // anyone, a publisher, a library or an operator (the back office's routes, decisions 041–044)
    who: fc.constantFrom(0, 1, 2, 3),
    address: fc.ipV4(),
    // an existing record now and then, so requests also get past the checks into the handlers
    pathValues: fc.array(fc.oneof({ weight: 2, arbitrary: fc.constantFrom('1', '2') }, { weight: 3, arbitrary: edgeValue }), {
      minLength: 4,
      maxLength: 4,
    }),
    query: fc.dictionary(
      fc.constantFrom(...route.query, ...PROTOTYPE_WORDS, 'x\u0000'),
      fc.oneof(edgeValue, fc.array(edgeValue, { maxLength: 3 })),
      { maxKeys: 5 },
    ),
    body: route.method === 'GET' ? fc.constant(null) : body,
  });

describe.each(ENGINES)('robustness on %s', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>[];
  let routes: Route[];
  let publisherId: number;
  const counts = new Map<string, Record<string, number>>();
  beforeAll(async () => {
    t = await createTestApp(engine);
    const publisher = await createPublisher(t.ctx);
    publisherId = publisher.publisherId;
    await createBook(t.ctx, publisher.publisherId);
    const library = await createLibrary(t.ctx);
    headers = [
      {},
      await tokenHeader(t, publisher),
      await tokenHeader(t, library),
      { authorization: `Bearer ${(await createOperator(t.ctx)).token}` },
    ];
    routes = await routesOf(t);
    expect(routes.length).toBeGreaterThan(60);
  });
  afterAll(async () => {
    if (PRINT) {
      const total: Record<string, number> = {};
      console.log(`fuzz on ${engine}, seed ${SEED}, ${RUNS} cases a route:`);
      for (const [route, byClass] of counts) {
        console.log(
          `  ${route.padEnd(60)} ${Object.entries(byClass)
            .map(([status, n]) => `${status} ×${n}`)
            .join('  ')}`,
        );
        for (const [status, n] of Object.entries(byClass)) total[status] = (total[status] ?? 0) + n;
      }
      console.log(
        `  ${'all routes'.padEnd(60)} ${Object.entries(total)
          .map(([status, n]) => `${status} ×${n}`)
          .join('  ')}`,
      );
    }
    await t.close();
  });

  it(
    'answers every route with a status below 500, whatever the input',
    async () => {
      for (const route of routes) {
        const name = `${route.method} ${route.path}`;
        const byClass: Record<string, number> = {};
        counts.set(name, byClass);
        const result = await fc.check(
          fc.asyncProperty(caseFor(route), async ({ who, address, pathValues, query, body: sent }) => {
            let index = 0;
            const url = route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(pathValues[index++ % pathValues.length]!));
            const response = await t.app.inject({
              method: route.method,
              url,
              query: query,
              headers: { ...headers[who], ...(sent ? { 'content-type': sent.contentType } : {}) },
              remoteAddress: address,
              ...(sent ? { payload: sent.payload } : {}),
            });
            const statusClass = `${Math.floor(response.statusCode / 100)}xx`;
            byClass[statusClass] = (byClass[statusClass] ?? 0) + 1;
            expect(
              response.statusCode,
              `${route.method} ${url} ${JSON.stringify(query)} ${sent ? JSON.stringify(sent.payload).slice(0, 300) : ''} → ${response.body.slice(0, 300)}`,
            ).toBeLessThan(500);
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
        // fast-check's own report would print a 5,000-level body whole: name the failure briefly
        if (result.failed)
          throw new Error(
            `${name} (seed ${SEED}): ${String((result.errorInstance as Error | undefined)?.message ?? 'failed').slice(0, 1_500)}`,
          );
      }
    },
    // 66 s of 30 cases a route beside the journeys on two cores here; a slower CI machine's cores
    // take nearly twice that: the limit only stops a hang
    Math.max(300_000, RUNS * 2_000),
  );

  it(
    'answers bulk registration below 500: cells of any length, a chunk sent again at once, another publisher’s batch id',
    async () => {
      const other = await createPublisher(t.ctx);
      const publishers = [
        { id: publisherId, headers: headers[1]! },
        { id: other.publisherId, headers: await tokenHeader(t, other) },
      ];
      const batches = [randomUUID(), randomUUID(), randomUUID()];
      const statuses: Record<string, number> = {};
      const count = (status: number) => (statuses[`${Math.floor(status / 100)}xx`] = (statuses[`${Math.floor(status / 100)}xx`] ?? 0) + 1);
      const result = await fc.check(
        fc.asyncProperty(
          fc.record({
            who: fc.constantFrom(0, 1),
            batch: fc.constantFrom(...batches),
            rows: bulkRows,
            times: fc.integer({ min: 1, max: 4 }),
            file: fc.array(fc.array(bulkCell, { maxLength: NUMBER_SHEET_HEADINGS.length }), { minLength: 1, maxLength: 3 }),
          }),
          async ({ who, batch, rows, times, file }) => {
            const { headers: caller } = publishers[who]!;
            // the file: a preview (its hourly budget is not what is tested here)
            await t.ctx.limits.reset('bulkPreviewsPerPublisher', String(publishers[who]!.id));
            const previewed = await inject(t.app, bulkEndpoints.preview, {
              raw: true,
              body: bulkFile(file),
              headers: { ...caller, 'content-type': XLSX_TYPE },
            });
            count(previewed.statusCode);
            expect(previewed.statusCode, `preview → ${previewed.body.slice(0, 300)}`).toBeLessThan(500);
            const checked = await inject(t.app, bulkEndpoints.check, { body: { rows }, headers: caller });
            count(checked.statusCode);
            expect(checked.statusCode, `check → ${checked.body.slice(0, 300)}`).toBeLessThan(500);
            // the chunk, `times` at once, with a batch id either publisher may have used
            const sent = await Promise.all(
              Array.from({ length: times }, () => inject(t.app, bulkEndpoints.register, { body: { batch, rows }, headers: caller })),
            );
            for (const reply of sent) {
              count(reply.statusCode);
              expect(reply.statusCode, `register → ${reply.body.slice(0, 300)}`).toBeLessThan(500);
            }
            const made = sent.filter((reply) => reply.statusCode === 200).map((reply) => reply.json().data.books);
            for (const books of made) expect(books).toEqual(made[0]);
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (PRINT)
        console.log(
          `  ${'bulk files, chunks sent again, batch ids of another'.padEnd(60)} ${Object.entries(statuses)
            .map(([status, n]) => `${status} ×${n}`)
            .join('  ')}`,
        );
      if (result.failed)
        throw new Error(
          `bulk registration (seed ${SEED}): ${String((result.errorInstance as Error | undefined)?.message ?? 'failed').slice(0, 1_500)}`,
        );
    },
    Math.max(120_000, RUNS * 2_000),
  );

  it('stored no control character anywhere, whatever it was sent', async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- drizzle's execute on the PgQueryResultHKT base types its result unknown; the cast names the rows
    const columns = (await t.ctx.db.execute(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type in ('text', 'character varying') order by table_name, column_name`,
    )) as unknown as { rows: { table_name: string; column_name: string }[] };
    expect(columns.rows.length).toBeGreaterThan(50);
    const held: string[] = [];
    for (const { table_name: table, column_name: column } of columns.rows) {
      // tab and line feed are a multi-line field's own; carriage return is made a line feed
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- drizzle's execute on the PgQueryResultHKT base types its result unknown; the cast names the rows
      const found = (await t.ctx.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} ~ ${STORED_CONTROL}`,
      )) as unknown as { rows: { n: number }[] };
      if (found.rows[0]!.n) held.push(`${table}.${column}: ${found.rows[0]!.n}`);
    }
    expect(held).toEqual([]);
  });
});

/** How a slow client sends a request: to which route, declaring what, and how slowly. */
interface SlowCase {
  method: Method;
  path: string;
  /** The declared Content-Length (bytes); the body never gets there. */
  declared: number;
  contentType: string;
  /** What is sent at once after the headers (the start of a plausible body). */
  start: string;
  /** A byte every this many ms. */
  everyMs: number;
  /** The headers themselves come a line at a time and never end. */
  slowHeaders: boolean;
}

/**
 * Slow clients (decision 035), on a listening server with the times short (headers 1 s, body
 * 1.5 s): many connections at once, each from its own address, each sending a request to a
 * route that takes a body — a declared length up to 3 MB, the body a byte at a time, or headers
 * that never end — while ordinary requests come in on other connections. Every slow one must be
 * closed (a 408, or the route's own early answer below 500 and then the close) and every
 * ordinary one answered; bounded in time by those times (the test's own timeout).
 * `npm test` sends 30 at once, `npm run fuzz` 500, and prints how long they lasted and how
 * fast the ordinary requests were answered meanwhile.
 */
describe('slow clients on a listening server', () => {
  const SLOW = Math.min(RUNS, 500);
  let t: TestApp;
  let port: number;
  let routes: Route[];
  beforeAll(async () => {
    t = await createTestApp('pglite', { HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_BODY_TIMEOUT_MS: '1500' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    routes = (await routesOf(t)).filter((route) => route.method !== 'GET');
  }, 120_000);
  afterAll(() => t.close());

  const slowCase: fc.Arbitrary<SlowCase> = fc
    .record({
      route: fc.integer({ min: 0, max: 10_000 }),
      declared: fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.constant(1_000_000), fc.integer({ min: 1_000_001, max: 3_000_000 })),
      contentType: fc.constantFrom(
        'application/json',
        'multipart/form-data; boundary=x',
        'application/octet-stream',
        'application/x-www-form-urlencoded',
      ),
      start: fc.oneof(
        fc.constant(''),
        jsonBody.map((text) => text.slice(0, 200)),
        fc.constant(part('x', 'book_title', 'a')),
      ),
      everyMs: fc.integer({ min: 50, max: 400 }),
      slowHeaders: fc.boolean(),
    })
    .map(({ route, ...rest }) => ({ ...rest, ...pick(route) }));
  const pick = (index: number) => {
    const route = routes[index % routes.length]!;
    return { method: route.method, path: route.path.replace(/\{[^}]+\}/g, '1') };
  };

  /** Opens one slow connection from `localAddress`; resolves with what it received when it closes, and when. */
  const slowly = (slow: SlowCase, localAddress: string) =>
    new Promise<{ reply: string; ms: number }>((resolve, reject) => {
      let started = Date.now();
      const socket = connect({ port, host: '127.0.0.1', localAddress });
      let reply = '';
      let timer: NodeJS.Timeout | undefined;
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (reply += chunk));
      // a connection cut with bytes of ours unread is reset: that is its close too
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ reply, ms: Date.now() - started });
      });
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        started = Date.now();
        const head = `${slow.method} ${slow.path} HTTP/1.1\r\nHost: jsbn.test\r\nContent-Type: ${slow.contentType}\r\nContent-Length: ${slow.declared}\r\n`;
        if (slow.slowHeaders) {
          socket.write(head);
          timer = setInterval(() => !socket.destroyed && socket.write('X-Slow: 1\r\n'), slow.everyMs);
        } else {
          socket.write(`${head}\r\n${slow.start.slice(0, Math.max(0, slow.declared - 1))}`);
          timer = setInterval(() => !socket.destroyed && socket.write(' '), slow.everyMs);
        }
      });
    });

  /** GET /api/health on a connection of its own from 127.0.0.1: its status and time, ms. */
  const ordinary = () =>
    new Promise<{ status: number; ms: number }>((resolve, reject) => {
      const started = Date.now();
      httpGet({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode!, ms: Date.now() - started }));
      }).on('error', reject);
    });

  it('cuts every slow body and slow header within the set times while ordinary requests are answered', async () => {
    const cases = fc.sample(slowCase, { numRuns: SLOW, seed: SEED });
    // each from an address of its own (127.1.x.y), so none meets the connections per address
    const slow = cases.map((slowOne, index) => slowly(slowOne, `127.1.${Math.floor(index / 250)}.${(index % 250) + 1}`));
    let done = false;
    void Promise.all(slow).then(() => (done = true));
    const answered: { status: number; ms: number }[] = [];
    while (!done) answered.push(await ordinary());
    const results = await Promise.all(slow);

    for (const [index, { reply }] of results.entries()) {
      const statuses = [...reply.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((match) => Number(match[1]));
      expect(
        statuses.every((status) => status < 500),
        `${JSON.stringify(cases[index])} → ${reply.slice(0, 300)}`,
      ).toBe(true);
    }
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.filter((one) => one.status !== 200)).toEqual([]);
    if (PRINT) {
      const times = answered.map((one) => one.ms).sort((a, b) => a - b);
      const at = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
      const lasted = (small: boolean) =>
        results
          .filter((_, index) => (cases[index]!.slowHeaders || cases[index]!.declared <= 1024 * 1024) === small)
          .map((one) => one.ms)
          .sort((a, b) => a - b);
      const span = (sorted: number[]) => `${sorted.length} open ${at(sorted, 0)}–${at(sorted, 1)} ms (median ${at(sorted, 0.5)})`;
      const cut408 = results.filter((one) => one.reply.startsWith('HTTP/1.1 408')).length;
      console.log(
        `slow clients (seed ${SEED}): ${SLOW} at once (headers 1 s, body 1.5 s), all closed: ${cut408} with a 408, ${SLOW - cut408} after the route's own early answer; ` +
          `slow headers or a body up to 1 MB: ${span(lasted(true))}; a body declared above 1 MB (more time by its length, 32 KiB/s): ${span(lasted(false))}; ` +
          `meanwhile ${answered.length} ordinary requests answered 200, p50 ${at(times, 0.5)} ms, p99 ${at(times, 0.99)} ms, max ${at(times, 1)} ms`,
      );
    }
  }, 60_000);
});
