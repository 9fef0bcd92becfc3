/**
 * The login page and its form without the app (decision 066), on the small built app of
 * test/web-dist.ts (its server render shows the login page's address and the form reply it was
 * rendered with): the page rendered on the server; the form posted urlencoded signs in with the
 * same cookie the app keeps and goes on to a return address of this site only; a wrong password
 * renders the page again with the API's message in the visitor's language; a post from another
 * site is refused; no answer to a post is cached.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOK_MSG, formatJsbn, todayIso } from '@jsbn/shared';
import { accountEndpoints } from '@jsbn/shared/core';
import { createBook, createLibrary, createPublisher } from '../../seed/factories.js';
import { publisher_claims, reader_orders } from '../../db/schema.js';
import { ENGINES, createTestApp, type TestApp } from '../../test/harness.js';
import { builtApp } from '../../test/web-dist.js';
import { FORM_REPLY_CACHE } from './forms.js';
import { IMPORTED_ACCOUNT_DOMAIN } from '../publishers/service.js';
import { inject } from '../../test/inject.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe.each(ENGINES)('the login form without the app on %s', (engine) => {
  let t: TestApp;
  let dist: string;
  let library: Awaited<ReturnType<typeof createLibrary>>;
  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/login', headers: { ...FORM, ...headers }, payload: form(fields) });

  beforeAll(async () => {
    dist = builtApp();
    t = await createTestApp(engine, {}, dist);
    library = await createLibrary(t.ctx, { name: 'Shri Gyan Bhandar' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(join(dist, '..'), { recursive: true, force: true });
  });

  it('renders /login on the server, with its tab and return address, never cached for others', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login?as=library&next=%2Fjsbn%2FAHMJS-00006-P' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.body).toContain('<div id="root" data-server-made>');
    expect(page.body).toContain('data-url="/login?as=library&amp;next=%2Fjsbn%2FAHMJS-00006-P"');
  });

  it('signs in: 303 to the return address with the session cookie, not cached', async () => {
    const next = '/publisher-wise-books/7?book=AHMJS-00006-P&confirm=1';
    const reply = await post(
      { email: library.email, password: library.password, modelType: 'LIBRARY', next },
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    );
    expect(reply.statusCode, reply.body).toBe(303);
    expect(reply.headers.location).toBe(next);
    expect(reply.headers['cache-control']).toBe(FORM_REPLY_CACHE);
    const cookie = String(reply.headers['set-cookie']);
    expect(cookie).toMatch(/^jsbn_session=[\w.~-]+; Path=\/; Max-Age=604800; SameSite=Lax$/);
    // the cookie signs the library's pages in: /login now goes straight on
    const again = await t.app.inject({
      method: 'GET',
      url: `/login?next=${encodeURIComponent('/orders')}`,
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/orders');
  });

  it('goes home instead of to another site', async () => {
    for (const next of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'evil']) {
      const reply = await post({ email: library.email, password: library.password, modelType: 'library', next });
      expect(reply.statusCode).toBe(303);
      expect(reply.headers.location).toBe('/');
    }
    const none = await post({ email: library.email, password: library.password, modelType: 'LIBRARY' });
    expect(none.headers.location).toBe('/');
  });

  it("renders the page again on a wrong password, with the message in the visitor's language", async () => {
    const reply = await post(
      { email: library.email, password: 'Wrong@1234', modelType: 'LIBRARY', next: '/jsbn/AHMJS-00006-P' },
      { cookie: 'jsbn_language=gu' },
    );
    expect(reply.statusCode).toBe(401);
    expect(reply.headers['cache-control']).toBe(FORM_REPLY_CACHE);
    expect(reply.headers['set-cookie']).toBeUndefined();
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.body).toContain('<html lang="gu"');
    expect(reply.body).toContain('<p role="alert" data-form-error>ઈ-મેઇલ કે પાસવર્ડ ખોટો છે</p>');
    // the e-mail stays filled in, the password never goes back; the page keeps its tab and return address
    expect(reply.body).toContain(`<input name="email" value="${library.email}">`);
    expect(reply.body).not.toContain('Wrong@1234');
    expect(reply.body).toContain('data-url="/login?as=library&amp;next=%2Fjsbn%2FAHMJS-00006-P"');

    const english = await post({ email: library.email, password: 'Wrong@1234', modelType: 'LIBRARY' });
    expect(english.statusCode).toBe(401);
    expect(english.body).toContain('<p role="alert" data-form-error>Invalid email or password</p>');
  });

  it('refuses a post from another site: 403, nobody signed in', async () => {
    const fields = { email: library.email, password: library.password, modelType: 'LIBRARY', next: '/orders' };
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of crossSite) {
      const reply = await post(fields, headers);
      expect(reply.statusCode).toBe(403);
      expect(reply.headers['set-cookie']).toBeUndefined();
      expect(reply.headers['cache-control']).toBe(FORM_REPLY_CACHE);
      expect(reply.body).toBe('This form can only be sent from this site');
    }
  });

  it('takes urlencoded bodies on the form routes only, not on the API', async () => {
    // a urlencoded string where the API takes JSON: sent as it comes
    const reply = await inject(t.app, accountEndpoints.login, {
      raw: true,
      headers: FORM,
      body: form({ email: library.email, password: library.password, modelType: 'LIBRARY' }),
    });
    expect(reply.statusCode).toBe(415);
  });

  describe("the reader's order form", () => {
    let jsbn: string;
    const order = (fields: Record<string, string>, headers: Record<string, string> = {}, at = jsbn) =>
      t.app.inject({ method: 'POST', url: `/jsbn/${at}/reader-order`, headers: { ...FORM, ...headers }, payload: form(fields) });
    const [year, month, day] = todayIso().split('-');
    const filled = {
      name: 'Ramesh Shah',
      mobile: '98250 12345',
      email: 'ramesh@example.test',
      message: 'One copy, please.',
      date: `${day}/${month}/${year}`,
    };

    beforeAll(async () => {
      const publisher = await createPublisher(t.ctx, { publisher_no: 'READR' });
      const book = await createBook(t.ctx, publisher.publisherId, { book_title: 'Kalpasutra' });
      jsbn = formatJsbn(book.jsbn_number);
    });

    it('is rendered on the server', async () => {
      const page = await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn}/reader-order` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-cache');
      expect(page.body).toContain(`data-url="/jsbn/${jsbn}/reader-order"`);
    });

    it('sends the request to the publisher: 303 to the page that says so, not cached', async () => {
      const reply = await order(filled, { 'sec-fetch-site': 'same-origin' });
      expect(reply.statusCode, reply.body).toBe(303);
      expect(reply.headers.location).toBe(`/jsbn/${jsbn}/reader-order?sent=1`);
      expect(reply.headers['cache-control']).toBe(FORM_REPLY_CACHE);
      const stored = await t.ctx.db.select().from(reader_orders);
      expect(stored.map((row) => row.name)).toContain('Ramesh Shah');
    });

    it("renders the page again with the API's message under each field, in the visitor's language", async () => {
      const reply = await order({ ...filled, name: '', date: '01/01/2020' });
      expect(reply.statusCode).toBe(400);
      expect(reply.headers['cache-control']).toBe(FORM_REPLY_CACHE);
      expect(reply.body).toContain(`<p data-field="name">${BOOK_MSG.nameRequired}</p>`);
      expect(reply.body).toContain(`<p data-field="date">${BOOK_MSG.datePast}</p>`);
      const hindi = await order({ ...filled, email: 'not-an-email' }, { cookie: 'jsbn_language=hi' });
      expect(hindi.statusCode).toBe(400);
      expect(hindi.body).toContain('<html lang="hi"');
      expect(hindi.body).toMatch(/<p data-field="email">[\u0900-\u097F][^<]*<\/p>/);
    });

    it('renders the page again at the address posted to, the JSBN as written there', async () => {
      const compact = jsbn.replaceAll('-', '');
      const reply = await order({ ...filled, name: '' }, {}, compact);
      expect(reply.statusCode).toBe(400);
      // the app hydrating it asks for the book by the JSBN of the address the browser shows
      expect(reply.body).toContain(`data-url="/jsbn/${compact}/reader-order"`);
    });

    it('refuses a post from another site, and answers an unknown JSBN with 404', async () => {
      const before = (await t.ctx.db.select().from(reader_orders)).length;
      const crossSite = await order(filled, { 'sec-fetch-site': 'cross-site' });
      expect(crossSite.statusCode).toBe(403);
      expect((await t.ctx.db.select().from(reader_orders)).length).toBe(before);
      const unknown = await order(filled, {}, 'ZZZZZ-99999-Z');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('Book not found');
    });
  });

  describe('the claim of an imported publisher', () => {
    let jsbn: string;
    const claim = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: `/jsbn/${jsbn}/claim`, headers: { ...FORM, ...headers }, payload: form(fields) });
    const filled = {
      fullName: 'Hitesh Shah',
      email: 'trustee@shrutgyan.example',
      contact: '9825012345',
      message: 'I am the trustee and publish these books.',
    };

    beforeAll(async () => {
      const publisher = await createPublisher(t.ctx, { publisher_no: 'CLAIM', email: `claim@${IMPORTED_ACCOUNT_DOMAIN}` });
      const book = await createBook(t.ctx, publisher.publisherId, { book_title: 'Updeshmala' });
      jsbn = formatJsbn(book.jsbn_number);
    });

    it('is rendered on the server', async () => {
      const page = await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn}/claim` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-cache');
      expect(page.body).toContain(`data-url="/jsbn/${jsbn}/claim"`);
    });

    it("sends the claim: 303 to the page that says so; refused, the page again with the API's messages", async () => {
      const empty = await claim({ ...filled, fullName: '' }, { 'sec-fetch-site': 'same-origin' });
      expect(empty.statusCode).toBe(400);
      expect(empty.headers['cache-control']).toBe(FORM_REPLY_CACHE);
      expect(empty.body).toMatch(/<p data-field="fullName">[^<]+<\/p>/);
      expect(await t.ctx.db.select().from(publisher_claims)).toEqual([]);
      const reply = await claim(filled, { 'sec-fetch-site': 'same-origin' });
      expect(reply.statusCode, reply.body).toBe(303);
      expect(reply.headers.location).toBe(`/jsbn/${jsbn}/claim?sent=1`);
      expect(reply.headers['cache-control']).toBe(FORM_REPLY_CACHE);
      expect((await t.ctx.db.select().from(publisher_claims)).map((row) => row.email)).toEqual([filled.email]);
      const crossSite = await claim(filled, { 'sec-fetch-site': 'cross-site' });
      expect(crossSite.statusCode).toBe(403);
      expect(await t.ctx.db.select().from(publisher_claims)).toHaveLength(1);
    });
  });
});
