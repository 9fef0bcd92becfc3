/**
 * MARC21 (decision 018) for library systems, read by a tool nobody here wrote — Debian's
 * `yaz-marcdump` reads the `.mrc` without error, its MARCXML of it round-trips, the leader says
 * UTF-8 and Gujarati and Devanagari come out intact; the fields of the map in decision 018.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJsbn } from '@jsbn/shared';
import { bookEndpoints, marcEndpoints, orderEndpoints } from '@jsbn/shared/core';
import { createBook, createLibrary, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';

const work = mkdtempSync(join(tmpdir(), 'jsbn-marc-'));

/** yaz-marcdump of `bytes` (written to `name`) with `args`; throws on a non-zero exit or anything on stderr. */
function yaz(bytes: Buffer, name: string, args: string[]): string {
  const file = join(work, name);
  writeFileSync(file, bytes);
  const result = execFileSync('yaz-marcdump', [...args, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return result;
}

describe.each(ENGINES)('MARC21 exports on %s', (engine) => {
  let t: TestApp;
  let jsbn: string;
  let publisherId: number;
  let pub: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const publisher = await createPublisher(t.ctx, { publisher_no: 'MARCP', publisher_name: 'શ્રી જૈન સાહિત્ય મંદિર' });
    publisherId = publisher.publisherId;
    pub = await tokenHeader(t, publisher);
    const book = await createBook(t.ctx, publisherId, {
      book_title: 'શ્રી ઉત્તરાધ્યયન સૂત્ર',
      book_e_title: 'Shri Uttaradhyayan Sutra',
      authors: [
        { authorType: 1, author_name: 'સુધર્માસ્વામી' },
        { authorType: 2, author_name: 'मुनि जंबूविजय' },
      ],
    });
    await createBook(t.ctx, publisherId, { book_title: 'तत्त्वार्थसूत्र', book_e_title: 'Tattvartha Sutra' });
    jsbn = formatJsbn(book.jsbn_number);
  });
  afterAll(() => t.close());

  it("writes a book's .mrc that yaz-marcdump reads, UTF-8, with the field map", async () => {
    const reply = await inject(t.app, marcEndpoints.bookMrc, { params: { jsbnNo: jsbn } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/marc');
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="JSBN-${jsbn}.mrc"`);
    const bytes = reply.rawPayload;
    // leader: record length in bytes, UTF-8 flag at 09
    expect(Number(bytes.subarray(0, 5).toString())).toBe(bytes.length);
    expect(bytes.subarray(5, 10).toString()).toBe('nam a');
    const dump = yaz(bytes, 'book.mrc', ['-i', 'marc', '-o', 'line']).normalize('NFC');
    for (const line of [
      `024 7  $a ${jsbn} $2 jsbn`,
      '041 0  $a guj',
      '100 0  $a સુધર્માસ્વામી $e author',
      '245 10 $6 880-01 $a શ્રી ઉત્તરાધ્યયન સૂત્ર',
      '700 0  $a मुनि जंबूविजय $e editor',
      '546    $a Gujarati',
      `856 40 $u https://jsbn.test/jsbn/${jsbn} $z JSBN ${jsbn}`,
      '880 10 $6 245-01/(B $a Shri Uttaradhyayan Sutra',
    ]) {
      expect(dump).toContain(line);
    }
    expect(dump).toMatch(/264 {2}1 \$a .+ \$b શ્રી જૈન સાહિત્ય મંદિર \$c \d{4}/);
    expect(dump).toMatch(/300 {4}\$a \d+ pages/);
  });

  it("gives the publisher's catalogue as MARCXML that yaz-marcdump turns back into the same records", async () => {
    const binary = await inject(t.app, marcEndpoints.catalogueMrc, { params: { publisherId } });
    const xml = await inject(t.app, marcEndpoints.catalogueXml, { params: { publisherId } });
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toBe('application/marcxml+xml; charset=utf-8');
    expect(xml.body).toContain('<collection xmlns="http://www.loc.gov/MARC21/slim">');
    // the text is readable in the file, not character references
    expect(xml.body).toContain('<subfield code="a">तत्त्वार्थसूत्र</subfield>');
    const fromXml = yaz(xml.rawPayload, 'catalogue.xml', ['-i', 'marcxml', '-o', 'line']);
    const fromBinary = yaz(binary.rawPayload, 'catalogue.mrc', ['-i', 'marc', '-o', 'line']);
    // the same records; a MARCXML leader carries no record length or base address
    const withoutLengths = (dump: string) => dump.replace(/^\d{5}(nam a22)\d{5}/gm, '$1');
    expect(withoutLengths(fromXml)).toBe(withoutLengths(fromBinary));
    expect(fromXml.match(/^001 /gm)).toHaveLength(2);
    // yaz's own MARCXML of our .mrc, read back to ISO 2709, equals our bytes
    const theirXml = yaz(binary.rawPayload, 'catalogue2.mrc', ['-i', 'marc', '-o', 'marcxml']);
    writeFileSync(join(work, 'theirs.xml'), theirXml);
    const back = execFileSync('yaz-marcdump', ['-i', 'marcxml', '-o', 'marc', join(work, 'theirs.xml')]);
    expect(Buffer.compare(back, binary.rawPayload)).toBe(0);
    expect(readFileSync(join(work, 'theirs.xml'), 'utf8').normalize('NFC')).toContain('શ્રી ઉત્તરાધ્યયન સૂત્ર');
  });

  it("gives the same bytes in a later export: 005 is the book's last change, 008/00-05 its registration", async () => {
    const mrc = () => inject(t.app, marcEndpoints.bookMrc, { params: { jsbnNo: jsbn } });
    const before = await mrc();
    const book = (await inject(t.app, bookEndpoints.byJsbn, { params: { jsbnNo: jsbn } })).json<{
      data: { book: { createdAt: string; updatedAt: string } };
    }>().data.book;
    t.advance(2 * 24 * 60 * 60 * 1000);
    const after = await mrc();
    expect(Buffer.compare(after.rawPayload, before.rawPayload)).toBe(0);
    const dump = yaz(after.rawPayload, 'later.mrc', ['-i', 'marc', '-o', 'line']);
    expect(dump).toContain(`005 ${book.updatedAt.replace(/[-:T]/g, '').slice(0, 14)}.0`);
    expect(dump).toContain(`008 ${book.createdAt.slice(2, 10).replace(/-/g, '')}s`);
  });

  it('gives a library the books of its completed orders, and only to a library', async () => {
    const library = await createLibrary(t.ctx);
    const lib = await tokenHeader(t, library);
    const empty = await inject(t.app, marcEndpoints.receivedXml, { headers: lib });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).not.toContain('<record>');
    const listed = (await inject(t.app, bookEndpoints.ofPublisher, { params: { publisherId }, query: { pageNo: 1, limit: '10' } })).json()
      .data.books as { id: number }[];
    const ordered = await inject(t.app, orderEndpoints.create, {
      headers: lib,
      body: { orders: [{ publisherId, bookId: listed[0]!.id, numberOfCopies: 2 }] },
    });
    const orderId = ordered.json().data.orders[0].id as number;
    // still requested: nothing received yet
    expect((await inject(t.app, marcEndpoints.receivedMrc, { headers: lib })).rawPayload.length).toBe(0);
    const patch = (headers: { authorization: string }, status: 'IN_PROGRESS' | 'DISPATCHED' | 'COMPLETED') =>
      inject(t.app, orderEndpoints.setStatus, { params: { id: orderId }, headers, body: { status } });
    expect((await patch(pub, 'IN_PROGRESS')).statusCode).toBe(200);
    expect((await patch(pub, 'DISPATCHED')).statusCode).toBe(200);
    expect((await patch(lib, 'COMPLETED')).statusCode).toBe(200);
    const received = await inject(t.app, marcEndpoints.receivedMrc, { headers: lib });
    expect(received.headers['content-disposition']).toBe('attachment; filename="Received_Books_MARC21.mrc"');
    expect(yaz(received.rawPayload, 'received.mrc', ['-i', 'marc', '-o', 'line']).match(/^001 /gm)).toHaveLength(1);
    const asPublisher = await tokenHeader(t, await createPublisher(t.ctx));
    expect((await inject(t.app, marcEndpoints.receivedMrc, { headers: asPublisher })).statusCode).toBe(403);
  });
});
