/**
 * The QR page of a withdrawn book (decisions 043, 072), on the small built app of test/web-dist.ts:
 * 410, rendered by the app, with the book's title, 'This JSBN was withdrawn on DD/MM/YYYY: <reason>'
 * and 'See JSBN …' linking to the book it duplicates; the server's card in the visitor's language
 * when the app cannot draw it; a page cached before the withdrawal is forgotten
 * at once; reinstating brings the book's page back.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJsbn } from '@jsbn/shared';
import { operatorEndpoints } from '@jsbn/shared/core';
import { createBook, createOperator, createPublisher } from '../../seed/factories.js';
import { books } from '../../db/schema.js';
import { exportDate } from '../../lib/excel.js';
import { ENGINES, createTestApp, type TestApp } from '../../test/harness.js';
import { builtApp } from '../../test/web-dist.js';
import { inject } from '../../test/inject.js';

describe.each(ENGINES)("a withdrawn book's page on %s", (engine) => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = builtApp();
    t = await createTestApp(engine, {}, dist);
  });
  afterAll(async () => {
    await t.close();
    rmSync(join(dist, '..'), { recursive: true, force: true });
  });

  it("answers 410 with the date, the reason and a link to the book it duplicates, in the visitor's language", async () => {
    const operator = { authorization: `Bearer ${(await createOperator(t.ctx)).token}` };
    const publisher = await createPublisher(t.ctx, { publisher_name: 'શ્રી શ્રુત પ્રકાશન' });
    const original = await createBook(t.ctx, publisher.publisherId, { book_title: 'ભક્તામર સ્તોત્ર', book_e_title: 'Bhaktamar Stotra' });
    const duplicate = await createBook(t.ctx, publisher.publisherId, {
      book_title: 'ભક્તામર સ્તોત્ર',
      book_e_title: 'Bhaktamar Stotra (again)',
    });
    const jsbn = formatJsbn(duplicate.jsbn_number);
    const seeJsbn = formatJsbn(original.jsbn_number);
    // rendered and cached before the withdrawal
    const before = await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn}`, headers: { 'accept-encoding': 'br' } });
    expect(before.statusCode).toBe(200);

    const withdrawn = await inject(t.app, operatorEndpoints.withdrawBook, {
      params: { id: duplicate.id },
      headers: operator,
      body: { reason: 'Registered twice', duplicate_of_jsbn: seeJsbn },
    });
    expect(withdrawn.statusCode).toBe(200);
    const [row] = await t.ctx.db.select({ at: books.withdrawn_at }).from(books).where(eq(books.id, duplicate.id));
    const date = exportDate(row!.at!);

    // rendered by the app like every page (its server render, with its data for the browser's app), status 410
    const page = await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn}` });
    expect(page.statusCode).toBe(410);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<div id="root" data-server-made>');
    expect(page.body).toContain('<p data-withdrawn-title>ભક્તામર સ્તોત્ર</p>');
    expect(page.body).toContain(`<p data-withdrawn-notice>This JSBN was withdrawn on ${date}: Registered twice</p>`);
    expect(page.body).toContain(`<a data-see-jsbn href="/jsbn/${seeJsbn}">See JSBN ${seeJsbn}</a>`);
    expect(page.body).toContain('<title>ભક્તામર સ્તોત્ર — This JSBN was withdrawn · JSBN</title>');
    expect(page.body).toContain('<meta name="robots" content="noindex" />');
    expect(page.body).toContain('<script type="module"');
    // the browser's app starts from the same 410
    expect(page.body).toContain(`"message":"This JSBN was withdrawn on ${date}: Registered twice"`);
    expect(page.body).toContain('"book_title":"ભક્તામર સ્તોત્ર"');
    expect(page.body).not.toContain('Bhaktamar Stotra (again)');

    const gujarati = await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn}`, headers: { cookie: 'jsbn_language=gu' } });
    expect(gujarati.statusCode).toBe(410);
    expect(gujarati.body).toContain('<html lang="gu">');
    expect(gujarati.body).toContain('<title>ભક્તામર સ્તોત્ર — આ JSBN પાછો ખેંચી લેવાયો છે · JSBN</title>');

    // too busy to render (here: the render fails): the server's own card, with the same words, in the visitor's language
    (globalThis as { jsbnRenderFails?: boolean }).jsbnRenderFails = true;
    try {
      const card = await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn}` });
      expect(card.statusCode).toBe(410);
      expect(card.body).toContain('<h1 style="font-size:1.5rem">This JSBN was withdrawn</h1>');
      expect(card.body).toContain('<p data-withdrawn-title style="font-weight:700">ભક્તામર સ્તોત્ર</p>');
      expect(card.body).toContain(`<p data-withdrawn-notice>This JSBN was withdrawn on ${date}: Registered twice</p>`);
      expect(card.body).toContain(`<a href="/jsbn/${seeJsbn}" style="color:#c43e0f;font-weight:700">See JSBN ${seeJsbn}</a>`);
      expect(card.body).not.toContain('<script type="module"');
      const cardGu = await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn}`, headers: { cookie: 'jsbn_language=gu' } });
      expect(cardGu.body).toContain(`આ JSBN ${date} ના રોજ પાછો ખેંચી લેવાયો: Registered twice`);
      expect(cardGu.body).toContain(`JSBN ${seeJsbn} જુઓ`);
      const cardHi = await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn}`, headers: { 'accept-language': 'hi-IN' } });
      expect(cardHi.body).toContain(`यह JSBN ${date} को वापस ले लिया गया: Registered twice`);
      expect(cardHi.body).toContain(`JSBN ${seeJsbn} देखें`);
    } finally {
      delete (globalThis as { jsbnRenderFails?: boolean }).jsbnRenderFails;
    }

    // the other book's page is untouched; reinstating brings this one back
    expect((await t.app.inject({ method: 'GET', url: `/jsbn/${seeJsbn}` })).statusCode).toBe(200);
    await inject(t.app, operatorEndpoints.reinstateBook, {
      params: { id: duplicate.id },
      headers: operator,
      body: { reason: 'Not a duplicate after all' },
    });
    const back = await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn}` });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('Bhaktamar Stotra (again)');
  });

  it("writes a withdrawal without a duplicate with no 'See JSBN' link", async () => {
    const operator = { authorization: `Bearer ${(await createOperator(t.ctx)).token}` };
    const publisher = await createPublisher(t.ctx);
    const book = await createBook(t.ctx, publisher.publisherId, { book_title: 'નવતત્ત્વ' });
    await inject(t.app, operatorEndpoints.withdrawBook, {
      params: { id: book.id },
      headers: operator,
      body: { reason: 'Not a Jain book' },
    });
    const page = await t.app.inject({ method: 'GET', url: `/jsbn/${formatJsbn(book.jsbn_number)}` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('<p data-withdrawn-title>નવતત્ત્વ</p>');
    expect(page.body).toContain(': Not a Jain book</p>');
    expect(page.body).not.toContain('data-see-jsbn');
  });
});
