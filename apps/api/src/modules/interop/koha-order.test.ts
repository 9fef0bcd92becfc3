/**
 * The Koha order file of an order (decision 034): MARC21 that `yaz-marcdump` reads, one record a
 * line of the order with the book's JSBN, title, authors and publisher and 975 $p price, $q copies
 * (Koha's MarcFieldsToOrder: `price: 975$p`, `quantity: 975$q`); another account's order is a 404.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interopEndpoints, orderEndpoints } from '@jsbn/shared/core';
import { formatJsbn } from '@jsbn/shared';
import { createBook, createLibrary, createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, tokenHeader, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';

const work = mkdtempSync(join(tmpdir(), 'jsbn-koha-'));

describe.each(ENGINES)('Koha order file on %s', (engine) => {
  let t: TestApp;
  let lib: { authorization: string };
  let pub: { authorization: string };
  let other: { authorization: string };
  let orderId: number;
  let orderNumber: string;
  const jsbns: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    const publisher = await createPublisher(t.ctx, { publisher_no: 'KOHAP', publisher_name: 'શ્રી જૈન સાહિત્ય મંદિર' });
    const library = await createLibrary(t.ctx, { name: 'શ્રી આત્માનંદ જ્ઞાન ભંડાર' });
    const stranger = await createLibrary(t.ctx, { name: 'Another Gyan Bhandar', email: 'another@library.test' });
    [lib, pub, other] = await Promise.all([tokenHeader(t, library), tokenHeader(t, publisher), tokenHeader(t, stranger)]);
    const priced = await createBook(t.ctx, publisher.publisherId, {
      book_title: 'કલ્પસૂત્ર',
      book_e_title: 'Kalpasutra',
      price: 150,
      authors: [{ authorType: 1, author_name: 'ભદ્રબાહુસ્વામી' }],
    });
    const free = await createBook(t.ctx, publisher.publisherId, {
      book_title: 'પ્રતિક્રમણ સૂત્ર',
      book_e_title: 'Pratikraman Sutra',
      price_kind: 'free',
    });
    jsbns.push(formatJsbn(priced.jsbn_number), formatJsbn(free.jsbn_number));
    const placed = await inject(t.app, orderEndpoints.create, {
      headers: lib,
      body: {
        orders: [
          { publisherId: publisher.publisherId, bookId: priced.id, numberOfCopies: 3 },
          { publisherId: publisher.publisherId, bookId: free.id, numberOfCopies: 10 },
        ],
      },
    });
    expect(placed.statusCode).toBe(201);
    orderId = placed.json().data.orders[0].id;
    orderNumber = placed.json().data.orders[0].orderId;
  });
  afterAll(() => t.close());

  it('gives the library and the publisher a MARC21 file yaz-marcdump reads, 975 $p price and $q copies on each record', async () => {
    for (const headers of [lib, pub]) {
      const reply = await inject(t.app, interopEndpoints.kohaOrder, { params: { id: orderId }, headers });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('application/marc');
      expect(reply.headers['content-disposition']).toBe(`attachment; filename="Koha_order_${orderNumber}.mrc"`);
      const file = join(work, `${Math.random().toString(36).slice(2)}.mrc`);
      writeFileSync(file, reply.rawPayload);
      const dump = execFileSync('yaz-marcdump', ['-i', 'marc', '-o', 'line', file], { encoding: 'utf8' }).normalize('NFC');
      const records = dump.split(/\n(?=\d{5}nam)/);
      expect(records).toHaveLength(2);
      expect(records[0]).toContain(`024 7  $a ${jsbns[0]} $2 jsbn`);
      expect(records[0]).toContain('245 10 $6 880-01 $a કલ્પસૂત્ર');
      expect(records[0]).toContain('100 0  $a ભદ્રબાહુસ્વામી $e author');
      expect(records[0]).toMatch(/264 {2}1 \$a .+ \$b શ્રી જૈન સાહિત્ય મંદિર/);
      expect(records[0]).toContain('975    $p 150.00 $q 3 $c INR');
      expect(records[1]).toContain(`024 7  $a ${jsbns[1]} $2 jsbn`);
      expect(records[1]).toContain('975    $p 0.00 $q 10 $c INR');
    }
  });

  it("gives another library's order as a 404", async () => {
    const reply = await inject(t.app, interopEndpoints.kohaOrder, { params: { id: orderId }, headers: other });
    expect(reply.statusCode).toBe(404);
    expect((await inject(t.app, interopEndpoints.kohaOrder, { params: { id: orderId } })).statusCode).toBe(401);
  });
});
