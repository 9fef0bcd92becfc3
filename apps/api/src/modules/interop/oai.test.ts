/**
 * The OAI-PMH repository harvested by Debian's `oai_pmh` (libhttp-oai-perl: HTTP::OAI, the
 * library Koha's harvester uses) against the app listening on 127.0.0.1: the whole catalogue
 * through resumption tokens with every record counted, sets, incremental harvests, a harvest
 * that survives changes, and the protocol's errors with status 200 (decision 034).
 */
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJsbn } from '@jsbn/shared';
import { bookFieldsOf, createBook, createPublisher } from '../../seed/factories.js';
import { registerBooks, setAvailability } from '../books/registration.js';
import { ENGINES, createTestApp, type TestApp } from '../../test/harness.js';
import { sql } from 'drizzle-orm';
import { RECORDS_PAGE, changedAfter } from './oai.js';

/** Books beyond the first page and the second, so a harvest takes three pages. */
const MANY = 2 * RECORDS_PAGE + 30;

/** oai_pmh with `args`; its records as their identifiers (one per record, in harvest order; each record's lines begin at the form feed that ends the one before) and its output. */
async function harvest(...args: string[]): Promise<{ identifiers: string[]; out: string }> {
  const { stdout } = await promisify(execFile)('oai_pmh', args, {
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, PERL_UNICODE: 'SO' },
  });
  return { identifiers: [...stdout.matchAll(/(?:^|\f)identifier: (.+)$/gm)].map((match) => match[1]!), out: stdout };
}

describe.each(ENGINES)('OAI-PMH on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let otherId: number;
  let gujaratiJsbn: string;
  let registered: { id: number; jsbn: string }[];

  beforeAll(async () => {
    t = await createTestApp(engine);
    const publisher = await createPublisher(t.ctx, { publisher_no: 'OAIPB', publisher_name: 'શ્રી જૈન સાહિત્ય મંદિર' });
    const other = await createPublisher(t.ctx, { publisher_no: 'OAIHN', publisher_name: 'Jinvani Granthmala' });
    otherId = other.publisherId;
    const book = await createBook(
      t.ctx,
      publisher.publisherId,
      { book_title: 'કલ્પસૂત્ર', book_e_title: 'Kalpasutra', authors: [{ authorType: 1, author_name: 'ભદ્રબાહુસ્વામી' }] },
      { cover: false },
    );
    gujaratiJsbn = formatJsbn(book.jsbn_number);
    await createBook(
      t.ctx,
      other.publisherId,
      { book_title: 'तत्त्वार्थसूत्र', book_e_title: 'Tattvartha Sutra', language: 'Hindi' },
      { cover: false },
    );
    // one transaction: every one of these books has the same change time, so pages are told apart by id
    registered = await t.ctx.db.transaction((tx) =>
      registerBooks(
        t.ctx,
        tx,
        Array.from({ length: MANY }, (_, index) => ({
          publisherId: other.publisherId,
          fields: bookFieldsOf({ book_title: `ગ્રંથ ${index + 1}`, book_e_title: `Granth ${index + 1}` }),
          coverKey: null,
        })),
      ),
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/oai`;
  });
  afterAll(() => t.close());

  const get = async (query: string) => {
    const reply = await fetch(`${base}?${query}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    return reply.text();
  };

  it('reads a page deep in a harvest of books changed at one time as one range of the change index', async () => {
    // the books registered in one transaction share a change time: a page after the 100th of them
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- drizzle's execute on the PgQueryResultHKT base types its result unknown; the cast names the rows
    const found = (await t.ctx.db.execute(
      sql`select updated_at::text as at, id from books where id = ${registered[RECORDS_PAGE - 1]!.id}`,
    )) as unknown as { rows: { at: string; id: number }[] };
    const last = found.rows[0]!;
    const plan = await t.ctx.db.transaction(async (tx) => {
      // the planner's choice on a few hundred books would be to read them all: ask for the index
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const result = await tx.execute(
        sql`explain select id from books where ${changedAfter([last.at, Number(last.id)])} order by updated_at, id limit ${RECORDS_PAGE + 1}`,
      );
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- as above: the cast names the rows
      return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('books_changed_idx');
    expect(plan).toMatch(/Index Cond: \(ROW\(updated_at, id\) > ROW\(/);
  });

  it.each(['marcxml', 'marc21', 'oai_dc'])(
    'harvests the whole catalogue as %s through resumption tokens, every record once',
    async (prefix) => {
      const { identifiers, out } = await harvest('-X', 'ListRecords', '--metadataPrefix', prefix, base);
      expect(identifiers).toHaveLength(MANY + 2);
      expect(new Set(identifiers).size).toBe(MANY + 2);
      expect(identifiers[0]).toBe(`oai:jsbn.test:${gujaratiJsbn}`);
      expect(out).toContain(prefix === 'oai_dc' ? '<dc:title>કલ્પસૂત્ર</dc:title>' : '<subfield code="a">કલ્પસૂત્ર</subfield>');
      expect(out.match(/\f/g)).toHaveLength(MANY + 2);
    },
  );

  it('lists identifiers, and harvests the sets of a publisher and of a language', async () => {
    expect((await harvest('-X', 'ListIdentifiers', '--metadataPrefix', 'oai_dc', base)).identifiers).toHaveLength(MANY + 2);
    expect((await harvest('-X', 'ListRecords', '--metadataPrefix', 'marcxml', '--set', 'publisher:OAIPB', base)).identifiers).toEqual([
      `oai:jsbn.test:${gujaratiJsbn}`,
    ]);
    expect((await harvest('-X', 'ListRecords', '--metadataPrefix', 'marcxml', '--set', 'language:guj', base)).identifiers).toHaveLength(
      MANY + 1,
    );
    expect((await harvest('-X', 'ListRecords', '--metadataPrefix', 'marcxml', '--set', 'language:hin', base)).identifiers).toHaveLength(1);
    const sets = await get('verb=ListSets');
    expect(sets).toContain('<set><setSpec>publisher:OAIPB</setSpec><setName>શ્રી જૈન સાહિત્ય મંદિર</setName></set>');
    expect(sets).toContain('<set><setSpec>language:guj</setSpec><setName>Gujarati</setName></set>');
  });

  it('sends the token alone, with completeListSize and cursor, the last one empty', async () => {
    const first = await get('verb=ListIdentifiers&metadataPrefix=marcxml&set=language:guj');
    // ListIdentifiers pages are larger: one page holds this list
    expect(first).not.toContain('resumptionToken');
    const page1 = await get('verb=ListRecords&metadataPrefix=marcxml');
    const token1 = page1.match(/<resumptionToken completeListSize="(\d+)" cursor="0">([^<]+)<\/resumptionToken>/);
    expect(token1?.[1]).toBe(String(MANY + 2));
    expect(page1.match(/<record>/g)).toHaveLength(RECORDS_PAGE);
    const page2 = await get(`verb=ListRecords&resumptionToken=${encodeURIComponent(token1![2]!)}`);
    const token2 = page2.match(/<resumptionToken completeListSize="\d+" cursor="100">([^<]+)<\/resumptionToken>/);
    expect(token2).not.toBeNull();
    const page3 = await get(`verb=ListRecords&resumptionToken=${encodeURIComponent(token2![1]!)}`);
    expect(page3).toContain(`<resumptionToken completeListSize="${MANY + 2}" cursor="200"/>`);
    expect(page3.match(/<record>/g)).toHaveLength(MANY + 2 - 2 * RECORDS_PAGE);
  });

  it('loses no record when books change during a harvest, and an incremental harvest finds the changed book', async () => {
    const first = await get('verb=ListRecords&metadataPrefix=oai_dc');
    const token = first.match(/<resumptionToken[^>]*>([^<]+)</)![1]!;
    const seen = [...first.matchAll(/<identifier>([^<]+)</g)].map((match) => match[1]!);
    // a book already harvested and one not yet harvested change: every page after still follows on
    t.advance(5_000);
    const changedAt = new Date(t.ctx.clock().getTime() - 1000).toISOString().slice(0, 19) + 'Z';
    await setAvailability(t.ctx, { publisherId: otherId, bookId: registered[5]!.id, isAvailable: true });
    await setAvailability(t.ctx, { publisherId: otherId, bookId: registered[150]!.id, isAvailable: true });
    let next: string | null = token;
    while (next) {
      const page = await get(`verb=ListRecords&resumptionToken=${encodeURIComponent(next)}`);
      seen.push(...[...page.matchAll(/<identifier>([^<]+)</g)].map((match) => match[1]!));
      next = page.match(/<resumptionToken[^>]*>([^<]+)</)?.[1] ?? null;
    }
    expect(new Set(seen).size).toBe(MANY + 2);
    // the book changed after it was harvested comes again at the end
    expect(seen.filter((id) => id === `oai:jsbn.test:${formatJsbn(registered[5]!.jsbn)}`)).toHaveLength(2);
    const { identifiers } = await harvest('-X', 'ListRecords', '--metadataPrefix', 'marcxml', '--from', changedAt, base);
    expect(identifiers.sort()).toEqual([registered[5]!, registered[150]!].map((book) => `oai:jsbn.test:${formatJsbn(book.jsbn)}`).sort());
  });

  it('answers GetRecord, Identify and ListMetadataFormats', async () => {
    const record = await get(`verb=GetRecord&metadataPrefix=marcxml&identifier=oai:jsbn.test:${gujaratiJsbn}`);
    expect(record).toContain(`<header><identifier>oai:jsbn.test:${gujaratiJsbn}</identifier><datestamp>`);
    expect(record).toContain(
      '<setSpec>publisher:OAIPB</setSpec><setSpec>language:guj</setSpec></header><metadata><record xmlns="http://www.loc.gov/MARC21/slim">',
    );
    const identify = await get('verb=Identify');
    expect(identify).toContain('<baseURL>https://jsbn.test/oai</baseURL><protocolVersion>2.0</protocolVersion>');
    expect(identify).toContain('<deletedRecord>persistent</deletedRecord><granularity>YYYY-MM-DDThh:mm:ssZ</granularity>');
    const formats = await get(`verb=ListMetadataFormats&identifier=oai:jsbn.test:${gujaratiJsbn}`);
    expect(formats.match(/<metadataPrefix>([^<]+)</g)).toEqual([
      '<metadataPrefix>oai_dc<',
      '<metadataPrefix>marcxml<',
      '<metadataPrefix>marc21<',
    ]);
  });

  it.each([
    ['', 'badVerb', 'The verb argument is missing'],
    ['verb=Harvest', 'badVerb', "'Harvest' is not an OAI-PMH verb"],
    ['verb=Identify&verb=Identify', 'badVerb', 'The verb argument is repeated'],
    ['verb=ListRecords', 'badArgument', "ListRecords needs the argument 'metadataPrefix'"],
    [
      'verb=ListRecords&metadataPrefix=marcxml&from=2026-13-01',
      'badArgument',
      "from must be a date YYYY-MM-DD or a UTC time YYYY-MM-DDThh:mm:ssZ, not '2026-13-01'",
    ],
    [
      'verb=ListRecords&metadataPrefix=marcxml&from=2026-01-01&until=2026-02-01T00:00:00Z',
      'badArgument',
      'from and until must have the same granularity',
    ],
    ['verb=ListRecords&metadataPrefix=marcxml&colour=red', 'badArgument', "ListRecords takes no argument 'colour'"],
    [
      'verb=ListRecords&metadataPrefix=marcxml&resumptionToken=x',
      'badArgument',
      'resumptionToken is an exclusive argument: send it alone with the verb',
    ],
    ['verb=ListRecords&resumptionToken=not-a-token', 'badResumptionToken', 'The resumption token is not valid: start the list again'],
    ['verb=ListRecords&metadataPrefix=mods', 'cannotDisseminateFormat', "The format 'mods' is not offered: oai_dc, marcxml or marc21"],
    [
      'verb=GetRecord&metadataPrefix=marcxml&identifier=oai:jsbn.test:AAAAA-00000-0',
      'idDoesNotExist',
      "No book has the identifier 'oai:jsbn.test:AAAAA-00000-0'",
    ],
    ['verb=ListRecords&metadataPrefix=marcxml&set=publisher:NOONE', 'noRecordsMatch', 'No book matches these arguments'],
    ['verb=ListRecords&metadataPrefix=marcxml&from=2001-01-01&until=2001-12-31', 'noRecordsMatch', 'No book matches these arguments'],
  ])('answers %j with the error %s and status 200', async (query, code, message) => {
    expect(await get(query)).toContain(`<error code="${code}">${message.replace(/'/g, '&apos;')}</error>`);
  });

  it('answers a form POST as a GET', async () => {
    const reply = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'verb=Identify',
    });
    expect(await reply.text()).toContain('<repositoryName>');
  });
});
