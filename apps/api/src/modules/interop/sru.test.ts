/**
 * The SRU target as Koha reaches it: YAZ's `zoomsh` (Debian yaz) — SRW (SOAP, ZOOM's default
 * for an http target), `sru get` and `sru post` — against the app listening on 127.0.0.1, finds a
 * Gujarati book by bath.standardIdentifier, title and author; `yaz-marcdump` reads the records;
 * bad queries and parameters get SRU diagnostics with status 200 (decision 034).
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatJsbn } from '@jsbn/shared';
import { searchColumnsOf } from '../books/search.js';
import { createBook, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, type TestApp } from '../../test/harness.js';

const work = mkdtempSync(join(tmpdir(), 'jsbn-sru-'));

/** zoomsh with `commands` (stops at the first error, `-e`); its output (asynchronously: the app answers in this process). */
async function zoomsh(...commands: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('zoomsh', ['-e', ...commands, 'quit'], { encoding: 'utf8', timeout: 30_000 });
  return stdout;
}

/** The MARCXML records of an SRU reply (the `recordData` of each), as one collection. */
function collectionOf(body: string): string {
  const records = [...body.matchAll(/<record xmlns="http:\/\/www.loc.gov\/MARC21\/slim">[\s\S]*?<\/record>/g)].map((match) => match[0]);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<collection xmlns="http://www.loc.gov/MARC21/slim">\n${records.join('\n')}</collection>\n`;
}

/** yaz-marcdump of MARCXML `xml` as lines; throws on a non-zero exit. */
function marcdump(xml: string): string {
  const file = join(work, `records-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  return execFileSync('yaz-marcdump', ['-i', 'marcxml', '-o', 'line', file], { encoding: 'utf8' }).normalize('NFC');
}

describe.each(ENGINES)('SRU target on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let jsbn: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const publisher = await createPublisher(t.ctx, { publisher_no: 'SRUPB', publisher_name: 'શ્રી જૈન સાહિત્ય મંદિર' });
    const book = await createBook(t.ctx, publisher.publisherId, {
      book_title: 'કલ્પસૂત્ર',
      book_e_title: 'Kalpasutra',
      authors: [{ authorType: 1, author_name: 'ભદ્રબાહુસ્વામી' }],
    });
    await createBook(t.ctx, publisher.publisherId, {
      book_title: 'तत्त्वार्थसूत्र',
      book_e_title: 'Tattvartha Sutra',
      authors: [{ authorType: 1, author_name: 'उमास्वाति' }],
    });
    await createBook(t.ctx, publisher.publisherId, {
      book_title: 'યોગશાસ્ત્ર',
      book_e_title: 'Yogashastra',
      authors: [{ authorType: 1, author_name: 'હેમચંદ્રાચાર્ય' }],
    });
    jsbn = formatJsbn(book.jsbn_number);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/sru`;
  });
  afterAll(() => t.close());

  const get = (query: Record<string, string>) => fetch(`${base}?${new URLSearchParams(query)}`);

  it.each([
    ['SRW (SOAP, the default)', []],
    ['sru get', ['set sru get']],
    ['sru post', ['set sru post']],
  ])('finds the Gujarati book by bath.standardIdentifier, title and author over %s with zoomsh', async (_name, options) => {
    for (const query of [
      `bath.standardIdentifier="${jsbn}"`,
      `bath.standardIdentifier=${jsbn.replace(/-/g, '').toLowerCase()}`,
      'dc.title=કલ્પસૂત્ર',
      'title=kalpasutra',
      'dc.author=ભદ્રબાહુસ્વામી',
      'dc.creator=bhadrabahu',
    ]) {
      const out = await zoomsh(...options, 'set schema marcxml', `connect ${base}`, `find cql:${query}`, 'show 0 1');
      expect(out, query).toContain(': 1 hits');
      expect(out, query).toContain('કલ્પસૂત્ર');
      expect(out, query).toContain(jsbn);
    }
  });

  it('gives MARCXML records that yaz-marcdump reads, with the JSBN, title and author', async () => {
    const reply = await get({
      operation: 'searchRetrieve',
      version: '1.2',
      query: 'cql.anywhere=sutra',
      recordSchema: 'info:srw/schema/1/marcxml-v1.1',
      maximumRecords: '10',
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    const body = await reply.text();
    expect(body).toContain('<zs:searchRetrieveResponse xmlns:zs="http://www.loc.gov/zing/srw/">');
    expect(body).toContain('<zs:numberOfRecords>2</zs:numberOfRecords>');
    const dump = marcdump(collectionOf(body));
    expect(dump).toContain(`024 7  $a ${jsbn} $2 jsbn`);
    expect(dump).toContain('245 10 $6 880-01 $a કલ્પસૂત્ર');
    expect(dump).toContain('100 0  $a ભદ્રબાહુસ્વામી $e author');
    expect(dump).toContain('245 10 $6 880-01 $a तत्त्वार्थसूत्र');
  });

  it('pages with startRecord, maximumRecords and nextRecordPosition', async () => {
    const first = await (
      await get({ operation: 'searchRetrieve', version: '1.1', query: 'dc.publisher="જૈન સાહિત્ય"', maximumRecords: '2' })
    ).text();
    expect(first).toContain('<zs:version>1.1</zs:version>');
    expect(first).toContain('<zs:numberOfRecords>3</zs:numberOfRecords>');
    expect(first.match(/<zs:recordPosition>/g)).toHaveLength(2);
    expect(first).toContain('<zs:nextRecordPosition>3</zs:nextRecordPosition>');
    const last = await (
      await get({ operation: 'searchRetrieve', version: '1.1', query: 'dc.publisher="જૈન સાહિત્ય"', maximumRecords: '2', startRecord: '3' })
    ).text();
    expect(last).toContain('<zs:recordPosition>3</zs:recordPosition>');
    expect(last).not.toContain('nextRecordPosition');
  });

  it('answers and, or, not, any, all and exact', async () => {
    const count = async (query: string) =>
      Number(
        (await (await get({ operation: 'searchRetrieve', version: '1.2', query, maximumRecords: '0' })).text()).match(
          /<zs:numberOfRecords>(\d+)</,
        )?.[1],
      );
    expect(await count('title any "kalpasutra yogashastra"')).toBe(2);
    expect(await count('title all "tattvartha sutra"')).toBe(1);
    expect(await count('title=sutra not author=umasvati')).toBe(1);
    expect(await count('(title=kalpasutra or title=yogashastra) and dc.publisher=જૈન')).toBe(2);
    expect(await count('dc.title exact "Kalpasutra"')).toBe(1);
    expect(await count('dc.title == "Kalpa"')).toBe(0);
    expect(await count(`rec.id any "${jsbn} 00000-00000-0"`)).toBe(1);
  });

  it('gives Dublin Core and records packed as strings', async () => {
    const body = await (
      await get({ operation: 'searchRetrieve', version: '1.2', query: `bath.isbn=${jsbn}`, recordSchema: 'dc', recordPacking: 'string' })
    ).text();
    expect(body).toContain('<zs:recordSchema>info:srw/schema/1/dc-v1.1</zs:recordSchema>');
    expect(body).toContain('&lt;dc:title&gt;કલ્પસૂત્ર&lt;/dc:title&gt;');
    expect(body).toContain(`&lt;dc:identifier&gt;JSBN ${jsbn}&lt;/dc:identifier&gt;`);
  });

  it('explains itself with no parameters, and with zoomsh', async () => {
    const body = await (await fetch(base)).text();
    expect(body).toContain('<zs:explainResponse xmlns:zs="http://www.loc.gov/zing/srw/">');
    expect(body).toContain('<name set="bath">standardIdentifier</name>');
    expect(body).toContain('<schema identifier="info:srw/schema/1/marcxml-v1.1" name="marcxml" retrieve="true">');
    const soap = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: '<?xml version="1.0"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body><zs:explainRequest xmlns:zs="http://www.loc.gov/zing/srw/"><zs:version>1.1</zs:version></zs:explainRequest></SOAP-ENV:Body></SOAP-ENV:Envelope>',
    });
    expect(await soap.text()).toMatch(/<SOAP-ENV:Body><zs:explainResponse[^>]*><zs:version>1\.1<\/zs:version>/);
  });

  it.each([
    [{ operation: 'searchRetrieve', version: '1.2' }, 7, 'query'],
    [{ operation: 'searchRetrieve', version: '1.2', query: 'title = "kalpa' }, 10, 'a quoted term is not closed'],
    [{ operation: 'searchRetrieve', version: '1.2', query: 'dc.price = 10' }, 16, 'dc.price'],
    [{ operation: 'searchRetrieve', version: '1.2', query: 'title within kalpa' }, 19, 'within'],
    [{ operation: 'searchRetrieve', version: '1.2', query: 'title =/phonetic kalpa' }, 20, 'phonetic'],
    [{ operation: 'searchRetrieve', version: '1.2', query: 'title=kalpa prox title=sutra' }, 37, 'prox'],
    [{ operation: 'searchRetrieve', version: '1.2', query: 'title=kalpasutra', startRecord: '5' }, 61, '5'],
    [{ operation: 'searchRetrieve', version: '1.2', query: 'title=kalpasutra', startRecord: '0' }, 6, 'startRecord'],
    [{ operation: 'searchRetrieve', version: '1.2', query: 'title=kalpasutra', maximumRecords: 'ten' }, 6, 'maximumRecords'],
    [{ operation: 'searchRetrieve', version: '1.2', query: 'title=kalpasutra', recordSchema: 'mods' }, 66, 'mods'],
    [{ operation: 'searchRetrieve', version: '1.2', query: 'title=kalpasutra', recordPacking: 'json' }, 71, 'json'],
    [{ operation: 'searchRetrieve', version: '2.0', query: 'title=kalpasutra' }, 5, '1.2'],
    [{ operation: 'scan', version: '1.2', scanClause: 'title=k' }, 4, 'scan'],
  ])('answers %j with diagnostic %i (%s) and status 200', async (query, code, details) => {
    const reply = await get(query);
    expect(reply.status).toBe(200);
    const body = await reply.text();
    expect(body).toContain(`<diag:uri>info:srw/diagnostic/1/${code}</diag:uri><diag:details>${details}</diag:details>`);
  });

  it('answers a SOAP body that is not XML with a diagnostic, and zoomsh reports diagnostics', async () => {
    const reply = await fetch(base, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<not xml' });
    expect(reply.status).toBe(200);
    expect(await reply.text()).toContain('<diag:uri>info:srw/diagnostic/1/7</diag:uri>');
    // zoomsh -e exits 1 on the diagnostic and prints it
    const failed = await zoomsh(`connect ${base}`, 'find cql:dc.price=10').then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toContain('error: Unsupported index (info:srw/diagnostic/1:16) dc.price');
  });
});

describe.each(ENGINES)('SRU counts past RANKED_RESULTS on %s', (engine) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const publisher = await createPublisher(t.ctx, { publisher_no: 'SRUQM', publisher_name: 'Quilmar Prakashan' });
    await createBook(t.ctx, publisher.publisherId, { book_title: 'Vandana', book_e_title: 'Vandana' }, { cover: false });
    const model = await createBook(t.ctx, publisher.publisherId, { book_title: 'Zorvanta', book_e_title: 'Zorvanta' }, { cover: false });
    // 1,200 copies of the model, by SQL (registering each would take minutes): every title
    // holds 'zorvanta', the newest 100 'quilmar' too — the publisher's name holds it for all
    const columns = (title: string) =>
      searchColumnsOf({ book_title: title, book_e_title: title, authors: [], publisher_name: 'Quilmar Prakashan', jsbn: '' });
    const [plain, both] = [columns('Zorvanta'), columns('Zorvanta Quilmar')];
    await t.ctx.db.execute(
      sql`create temporary table copies as select books.*, n from books cross join generate_series(1, 1200) as n where books.id = ${model.id}`,
    );
    await t.ctx.db.execute(sql`update copies set id = nextval('books_id_seq'), jsbn_number = 'Q' || lpad(n::text, 10, '0'),
      publisher_jsbn_id = publisher_jsbn_id + n, created_at = created_at + n * interval '1 second',
      book_title = case when n > 1100 then 'Zorvanta Quilmar' else 'Zorvanta' end, book_e_title = case when n > 1100 then 'Zorvanta Quilmar' else 'Zorvanta' end,
      title_text = case when n > 1100 then ${both.title_text} else ${plain.title_text} end,
      search_text = case when n > 1100 then ${both.search_text} else ${plain.search_text} end`);
    await t.ctx.db.execute(sql`alter table copies drop column n`);
    await t.ctx.db.execute(sql`insert into books select * from copies`);
    await t.ctx.db.execute(sql`drop table copies`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/sru`;
  });
  afterAll(() => t.close());

  const search = async (startRecord: number) =>
    (
      await fetch(
        `${base}?${new URLSearchParams({ operation: 'searchRetrieve', version: '1.2', query: 'title all "zorvanta quilmar"', maximumRecords: '10', startRecord: String(startRecord) })}`,
      )
    ).text();

  it('answers a page past the last match of an estimated count with no records, not diagnostic 61 (decision 056)', async () => {
    // the newest titles all match: the first page's estimate is every book holding 'zorvanta'
    const first = await search(1);
    expect(first).toContain('<zs:numberOfRecords>1201</zs:numberOfRecords>');
    expect(first.match(/<zs:recordPosition>/g)).toHaveLength(10);
    expect(first).toContain('<zs:nextRecordPosition>11</zs:nextRecordPosition>');
    // the last matches (the count now known: no next page), then a page the first reply said
    // exists: empty, with the count
    const last = await search(91);
    expect(last.match(/<zs:recordPosition>/g)).toHaveLength(10);
    expect(last).toContain('<zs:numberOfRecords>100</zs:numberOfRecords>');
    expect(last).not.toContain('nextRecordPosition');
    const past = await search(501);
    expect(past).toContain(
      '<zs:searchRetrieveResponse xmlns:zs="http://www.loc.gov/zing/srw/"><zs:version>1.2</zs:version><zs:numberOfRecords>100</zs:numberOfRecords></zs:searchRetrieveResponse>',
    );
    // past what any page may have said: diagnostic 61
    expect(await search(1202)).toContain('<diag:uri>info:srw/diagnostic/1/61</diag:uri><diag:details>1202</diag:details>');
    // zoomsh asks for a record the first reply counted, past the last match: no error
    const out = await zoomsh('set sru get', `connect ${base}`, 'find cql:title all "zorvanta quilmar"', 'show 500 1');
    expect(out).toContain(': 1201 hits');
  });
});
