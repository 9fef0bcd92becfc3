/**
 * The web app on the API's port (decisions 008 and 011), on the small built app of
 * test/web-dist.ts (one whose server render shows the book's title): what a phone on a slow
 * connection gets — compressed, cached assets; API replies compressed and revalidated; the
 * server-made `/jsbn/:jsbn` page with the book in its HTML before any script runs; a 404 page
 * for an unknown JSBN. The real app's server render is asserted end to end (books.e2e.ts).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatJsbn } from '@jsbn/shared';
import { bookEndpoints, siteEndpoints } from '@jsbn/shared/core';
import { createBook, createLibrary, createPublisher } from '../../seed/factories.js';
import { ENGINES, authHeader, createTestApp, type TestApp } from '../../test/harness.js';
import { noticesHeard } from '../../test/notices.js';
import { ENTRY, builtApp } from '../../test/web-dist.js';
import { MAX_RENDERS_AT_ONCE } from './app-pages.js';
import { VISITOR_PAGE_CACHE } from './routes.js';
import { apiPath, inject } from '../../test/inject.js';

/** The module preloads of `html` the browser acts on (outside any `<template>`). */
const activePreloads = (html: string) =>
  [...html.replace(/<template[^>]*>[\s\S]*?<\/template>/g, '').matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
    (match) => match[1],
  );
/** The module preloads inside the `<template id="…">` of `html`, in order. */
const templatePreloads = (html: string, id: string) =>
  [
    ...(new RegExp(`<template id="${id}">([\\s\\S]*?)</template>`).exec(html)?.[1] ?? '').matchAll(
      /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
    ),
  ].map((match) => match[1]);

describe.each(ENGINES)('the web app on %s', (engine) => {
  let t: TestApp;
  let dist: string;
  let jsbn: string;

  beforeAll(async () => {
    dist = builtApp();
    t = await createTestApp(engine, {}, dist);
    const publisher = await createPublisher(t.ctx, { publisher_no: 'SHRIJ', publisher_name: 'શ્રી જિનશાસન આરાધના ટ્રસ્ટ' });
    const book = await createBook(t.ctx, publisher.publisherId, {
      book_title: 'શ્રી ક્ષમાપના સૂત્ર <b>',
      book_e_title: 'Shri Kshamapana Sutra',
      authors: [{ authorType: 1, author_name: 'આચાર્ય શ્રી ભદ્રબાહુસ્વામી' }],
    });
    jsbn = formatJsbn(book.jsbn_number);
  });
  afterAll(async () => {
    await t.close();
    rmSync(join(dist, '..'), { recursive: true, force: true });
  });

  it('sends a hashed asset as brotli or gzip when asked, cached for a year as immutable', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-a1b2c3d4.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ENTRY);
    expect(br.rawPayload.length).toBeLessThan(ENTRY.length / 5);

    const gzip = await t.app.inject({ method: 'GET', url: '/assets/index-a1b2c3d4.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(ENTRY);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-a1b2c3d4.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ENTRY);
  });

  it('sends index.html for app paths, revalidated on every use', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/my-books' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).toContain('<script type="module" crossorigin src="/assets/index-a1b2c3d4.js">');
    // the app starts at once here: its chunks are preloaded
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/react-e5f6a7b8.js">');
  });

  it('compresses API JSON above 1 KiB and makes every reply revalidate with an ETag', async () => {
    const listing = await inject(t.app, bookEndpoints.byJsbn, { params: { jsbnNo: jsbn }, headers: { 'accept-encoding': 'br' } });
    expect(listing.statusCode).toBe(200);
    expect(listing.headers['content-encoding']).toBe('br');
    expect(listing.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(brotliDecompressSync(listing.rawPayload).toString()).data.book.book_title).toBe('શ્રી ક્ષમાપના સૂત્ર <b>');
    // the health probe is not in the endpoint table
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    const etag = health.headers['etag'] as string;
    expect(etag).toMatch(/^"/);
    const again = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it("makes /jsbn/:jsbn in the server: the app's render of the page, its data, and link-preview tags", async () => {
    const page = await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe(VISITOR_PAGE_CACHE);
    const html = page.body;
    expect(html).toContain(`<title>શ્રી ક્ષમાપના સૂત્ર &lt;b&gt; — JSBN ${jsbn}</title>`);
    expect(html).toContain('<meta property="og:title" content="શ્રી ક્ષમાપના સૂત્ર &lt;b&gt;" />');
    expect(html).toContain(`<meta property="og:url" content="https://jsbn.test/jsbn/${jsbn}" />`);
    expect(html).toContain(`<meta property="og:image" content="https://jsbn.test/api/book/listing/jsbn/${jsbn}/share.jpg" />`);
    expect(html).toContain(
      `<meta property="og:description" content="Shri Kshamapana Sutra · JSBN ${jsbn} · by આચાર્ય શ્રી ભદ્રબાહુસ્વામી · published by શ્રી જિનશાસન આરાધના ટ્રસ્ટ" />`,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    // the app's render of this page, for a visitor, inside #root, with the data it read
    // (the book the head was made from, handed to the render: one read of the book per page)
    expect(html).toContain(
      `<div id="root" data-server-made><main><h1>શ્રી ક્ષમાપના સૂત્ર &lt;b&gt;</h1><p data-url="https://jsbn.test/jsbn/${jsbn}" data-source="given"></p><p data-support="support@jsbn.example"></p></main></div>`,
    );
    // its CSS in the head
    expect(html).toContain('<style data-emotion="css x">h1{color:red}</style></head>');
    // no text can close a script element
    expect(html).not.toContain('<b>');
    const seeds = JSON.parse(/<script type="application\/json" id="jsbn-queries">(.*?)<\/script>/.exec(html)![1]!) as [
      unknown[],
      { book: { jsbn_number: string } },
    ][];
    expect(seeds.map(([key]) => key)).toEqual([['test', `/jsbn/${jsbn}`]]);
    expect(seeds[0]![1].book.jsbn_number).toBe(jsbn);
    // the cover is asked for first
    expect(html).toMatch(/<link rel="preload" as="image" href="\/api\/files\/public\/[^"]+\.jpg" fetchpriority="high" \/>/);
    // a CDN or the proxy may cache it a minute and serve it stale while it revalidates (decision 065)
    expect(VISITOR_PAGE_CACHE).toBe('public, max-age=60, s-maxage=60, stale-while-revalidate=180');
    // a repeat visit costs a 304 (the ETag was made when the page was rendered)
    const again = await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn}`, headers: { 'if-none-match': page.headers['etag'] as string } });
    expect(again.statusCode).toBe(304);
    // the entry script stays; nothing else loads before the page has loaded: the app's start
    // and the page's own chunks wait inert in a template for the entry script, and what the
    // page loads lazily in a second one (decision 031)
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-a1b2c3d4.js">');
    expect(activePreloads(html)).toEqual([]);
    expect(templatePreloads(html, 'jsbn-app-modules')).toEqual([
      '/assets/react-e5f6a7b8.js',
      '/assets/nav-popups-a0b1c2d3.js',
      '/assets/book-detail-page-c9d0e1f2.js',
    ]);
    expect(templatePreloads(html, 'jsbn-app-modules-later')).toEqual(['/assets/share-dialog-b8c9d0e1.js']);
  });

  it("fetches a page's language with the app, after load, only on a page in that language", async () => {
    const gujarati = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'gu' } });
    expect(activePreloads(gujarati.body)).toEqual([]);
    expect(templatePreloads(gujarati.body, 'jsbn-app-modules')).toEqual([
      '/assets/react-e5f6a7b8.js',
      '/assets/nav-popups-a0b1c2d3.js',
      '/assets/home-page-d4e5f6a7.js',
      '/assets/gu-f2a3b4c5.js',
    ]);
    expect(templatePreloads(gujarati.body, 'jsbn-app-modules-later')).toEqual([]);
    const english = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'en' } });
    expect(templatePreloads(english.body, 'jsbn-app-modules')).toEqual([
      '/assets/react-e5f6a7b8.js',
      '/assets/nav-popups-a0b1c2d3.js',
      '/assets/home-page-d4e5f6a7.js',
    ]);
  });

  it("renders a page in the visitor's language: the switcher's cookie first, then Accept-Language; cached per language", async () => {
    const english = await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn}` });
    expect(english.body).toContain('<html lang="en">');
    expect(english.headers['vary']).toMatch(/Accept-Language, Cookie/);
    const gujarati = await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn}`, headers: { 'accept-language': 'gu-IN,gu;q=0.9,en;q=0.8' } });
    expect(gujarati.body).toContain('<html lang="gu">');
    expect(gujarati.body).toContain('data-source="given" data-language="gu"></p>');
    expect(gujarati.headers['etag']).not.toBe(english.headers['etag']);
    // the choice on the switcher wins over the browser's languages
    const chosen = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-language': 'gu', cookie: 'theme=dark; jsbn_language=hi' },
    });
    expect(chosen.body).toContain('<html lang="hi">');
    expect(chosen.body).toContain('data-language="hi"></p>');
    // an unknown choice falls back to the browser's languages, then English
    const unknown = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'fr', cookie: 'jsbn_language=xx' } });
    expect(unknown.body).toContain('<html lang="en">');
    // and the English page, asked again, is still English
    expect((await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn}` })).body).not.toContain('data-language');
  });

  it('renders a page in the language its link asks for (?lang=), keeps the choice, and names each language for search engines (decision 066)', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn}?lang=hi`, headers: { 'accept-language': 'gu' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['set-cookie']).toBe('jsbn_language=hi; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.body).toContain('data-language="hi"');
    expect(page.body).toContain(
      `<link rel="alternate" hreflang="en" href="https://jsbn.test/jsbn/${jsbn}?lang=en" /><link rel="alternate" hreflang="gu" href="https://jsbn.test/jsbn/${jsbn}?lang=gu" /><link rel="alternate" hreflang="hi" href="https://jsbn.test/jsbn/${jsbn}?lang=hi" /><link rel="alternate" hreflang="x-default" href="https://jsbn.test/jsbn/${jsbn}" />`,
    );
    const home = await t.app.inject({ method: 'GET', url: '/?lang=gu' });
    expect(home.headers['set-cookie']).toBe('jsbn_language=gu; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(home.body).toContain('<div id="root" data-server-made><main><h1>');
    expect(home.body).toContain('data-language="gu"');
    expect(home.body).toContain('<link rel="alternate" hreflang="x-default" href="https://jsbn.test/" />');
    // an unknown language is no choice
    const other = await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn}?lang=fr` });
    expect(other.headers['set-cookie']).toBeUndefined();
    expect(other.headers['cache-control']).toBe(VISITOR_PAGE_CACHE);
  });

  it('renders / and /search-a-book on the server too, and shows a new book there at once', async () => {
    for (const path of ['/', '/search-a-book', '/search-a-book?query=x']) {
      const page = await t.app.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root" data-server-made><main><h1>શ્રી ક્ષમાપના સૂત્ર &lt;b&gt;</h1>');
      expect(page.body).toContain(`<p data-url="https://jsbn.test${path}" data-source="api"></p>`);
      expect(activePreloads(page.body)).toEqual([]);
    }
    const publisher = await createPublisher(t.ctx, { publisher_no: 'NAVIN', publisher_name: 'Navin Prakashan' });
    await createBook(t.ctx, publisher.publisherId, { book_title: 'નવું પુસ્તક' });
    const after = await t.app.inject({ method: 'GET', url: '/search-a-book' });
    expect(after.body).toContain('<h1>નવું પુસ્તક, શ્રી ક્ષમાપના સૂત્ર &lt;b&gt;</h1>');
  });

  it("renders a publisher's page of books, caches it until that publisher's books change, and each page of it (decision 083)", async () => {
    const publisher = await createPublisher(t.ctx, { publisher_no: 'PAGES', publisher_name: 'Pages Prakashan' });
    await createBook(t.ctx, publisher.publisherId, { book_title: 'ભક્તામર સ્તોત્ર' });
    // the book's notice heard before the page is cached (on PostgreSQL it comes a turn later)
    await noticesHeard(t.ctx);
    const path = `/publishers/${publisher.publisherId}`;
    const first = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'gu' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(VISITOR_PAGE_CACHE);
    expect(first.body).toContain('<html lang="gu">');
    // its books only, not the newest of every publisher
    expect(first.body).toContain('<div id="root" data-server-made><main><h1>ભક્તામર સ્તોત્ર</h1>');
    expect(first.body).toContain(`<link rel="alternate" hreflang="hi" href="https://jsbn.test${path}?lang=hi" />`);
    // cached: asked again while the render would fail, the same page
    const test = globalThis as { jsbnRenderFails?: boolean };
    test.jsbnRenderFails = true;
    try {
      const again = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'gu' } });
      expect(again.body).toBe(first.body);
      // another publisher's new book leaves it cached
      const other = await createPublisher(t.ctx, { publisher_no: 'OTHRP', publisher_name: 'Other Prakashan' });
      await createBook(t.ctx, other.publisherId, { book_title: 'બીજું પુસ્તક' });
      await noticesHeard(t.ctx);
      expect((await t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'gu' } })).body).toBe(first.body);
    } finally {
      test.jsbnRenderFails = false;
    }
    // a new book of the publisher shows at once
    await createBook(t.ctx, publisher.publisherId, { book_title: 'કલ્યાણ મંદિર' });
    await noticesHeard(t.ctx);
    const after = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'gu' } });
    expect(after.body).toContain('<h1>કલ્યાણ મંદિર, ભક્તામર સ્તોત્ર</h1>');
    // its further pages are pages the server renders and caches too; another query is rendered each time
    const second = await t.app.inject({ method: 'GET', url: `${path}?page=2` });
    expect(second.headers['cache-control']).toBe(VISITOR_PAGE_CACHE);
    expect(second.body).toContain(`<p data-url="https://jsbn.test${path}?page=2" data-source="api"></p>`);
    const other = await t.app.inject({ method: 'GET', url: `${path}?utm_source=qr` });
    expect(other.headers['cache-control']).toBe('no-cache');
    expect(other.body).toContain('data-server-made');
    // an id that is not a publisher's: the shell, for the app to say 'not found'
    for (const url of ['/publishers/abc', '/publishers/999999']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(200);
      expect(missing.body).toContain('<div id="root"></div>');
    }
  });

  it('sends a visitor whose searches ran out the unrendered shell, and keeps it for nobody', async () => {
    const visitor = '10.6.6.6';
    for (let i = 0; i < 300; i++) await inject(t.app, bookEndpoints.list, { query: { queryString: `used${i}` }, remoteAddress: visitor });
    // any book changes: the cached search page is forgotten, and this visitor is the first to ask again
    const publisher = await createPublisher(t.ctx, { publisher_no: 'LIMIT', publisher_name: 'Limit Prakashan' });
    await createBook(t.ctx, publisher.publisherId, { book_title: 'મર્યાદા' });
    const limited = await t.app.inject({
      method: 'GET',
      url: '/search-a-book',
      remoteAddress: visitor,
      headers: { 'accept-language': 'gu' },
    });
    expect(limited.statusCode).toBe(200);
    expect(limited.body).toContain('<div id="root"></div>');
    expect(limited.body).toContain('<html lang="gu">');
    // everyone else gets the page rendered
    const next = await t.app.inject({
      method: 'GET',
      url: '/search-a-book',
      remoteAddress: '10.6.6.7',
      headers: { 'accept-language': 'gu' },
    });
    expect(next.body).toContain('<div id="root" data-server-made><main><h1>મર્યાદા, ');
  });

  it("answers a visitor's page whose render fails with the shell, never 500, and caches none of it (decision 065)", async () => {
    const publisher = await createPublisher(t.ctx, { publisher_no: 'FAILS', publisher_name: 'Render Fails Trust' });
    const book = await createBook(t.ctx, publisher.publisherId, { book_title: 'નવકાર મંત્ર', book_e_title: 'Navkar Mantra' });
    const failing = formatJsbn(book.jsbn_number);
    const test = globalThis as { jsbnRenderFails?: boolean };
    test.jsbnRenderFails = true;
    try {
      const page = await t.app.inject({ method: 'GET', url: `/jsbn/${failing}`, headers: { 'accept-language': 'hi' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).toContain('<html lang="hi">');
      expect(page.body).toContain(`<title>નવકાર મંત્ર — JSBN ${failing}</title>`);
      const search = await t.app.inject({ method: 'GET', url: '/search-a-book?query=Navkar' });
      expect(search.statusCode).toBe(200);
      expect(search.body).toContain('<div id="root"></div>');
    } finally {
      test.jsbnRenderFails = false;
    }
    // the next visitor gets the page rendered
    const next = await t.app.inject({ method: 'GET', url: `/jsbn/${failing}`, headers: { 'accept-language': 'hi' } });
    expect(next.body).toContain('<div id="root" data-server-made><main><h1>નવકાર મંત્ર</h1>');
  });

  it('sends the shell while as many pages as may be rendered at once are being rendered, and keeps none of it', async () => {
    const publisher = await createPublisher(t.ctx, { publisher_no: 'LATER', publisher_name: 'Rendered Later Trust' });
    const book = await createBook(t.ctx, publisher.publisherId, { book_title: 'તત્ત્વાર્થ સૂત્ર', book_e_title: 'Tattvartha Sutra' });
    const other = formatJsbn(book.jsbn_number);
    const test = globalThis as { jsbnHoldRendering?: Promise<void>; jsbnRendering?: number };
    let release = () => {};
    test.jsbnRendering = 0;
    test.jsbnHoldRendering = new Promise<void>((resolve) => (release = resolve));
    try {
      // as many searches as may be rendered at once, each rendered (a page with a query is never cached), held
      const held = Array.from({ length: MAX_RENDERS_AT_ONCE }, (_, index) =>
        t.app.inject({ method: 'GET', url: `/search-a-book?query=held${index}` }),
      );
      await vi.waitFor(() => expect(test.jsbnRendering).toBe(MAX_RENDERS_AT_ONCE));
      // an uncached request meanwhile: at once, the shell with the book's head; the browser's app renders the rest
      const busy = await t.app.inject({ method: 'GET', url: `/jsbn/${other}` });
      expect(busy.statusCode).toBe(200);
      expect(busy.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(busy.body).toContain(`<title>તત્ત્વાર્થ સૂત્ર — JSBN ${other}</title>`);
      expect(busy.body).toContain('<meta property="og:title" content="તત્ત્વાર્થ સૂત્ર" />');
      expect(busy.body).toContain('<div id="root"></div>');
      expect(busy.body).toContain('<script type="module" crossorigin src="/assets/index-a1b2c3d4.js">');
      // in the visitor's language; an unknown JSBN is still the 404 page
      const gujarati = await t.app.inject({ method: 'GET', url: `/jsbn/${other}`, headers: { 'accept-language': 'gu' } });
      expect(gujarati.body).toContain('<html lang="gu">');
      expect(gujarati.body).toContain('<div id="root"></div>');
      const unknown = await t.app.inject({ method: 'GET', url: '/jsbn/NOPE0-00001-X' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(unknown.body).toContain('No book is registered with JSBN NOPE0-00001-X.');
      const search = await t.app.inject({ method: 'GET', url: '/search-a-book?query=meanwhile' });
      expect(search.statusCode).toBe(200);
      expect(search.body).toContain('<div id="root"></div>');
      expect(test.jsbnRendering).toBe(MAX_RENDERS_AT_ONCE);
      delete test.jsbnHoldRendering;
      release();
      for (const page of await Promise.all(held)) expect(page.body).toContain('<div id="root" data-server-made><main><h1>');
    } finally {
      delete test.jsbnHoldRendering;
      release();
    }
    // nothing was cached: the next scan gets the page rendered
    const rendered = await t.app.inject({ method: 'GET', url: `/jsbn/${other}` });
    expect(rendered.body).toContain('<div id="root" data-server-made><main><h1>તત્ત્વાર્થ સૂત્ર</h1>');
  });

  it("renders a signed-in library's pages for it by the session cookie, and keeps them for nobody (decision 047)", async () => {
    const library = await createLibrary(t.ctx, { name: 'Shri Gyan Bhandar' });
    const token = (await authHeader(t.app, library, 'LIBRARY')).authorization.slice('Bearer '.length);
    const cookie = `jsbn_language=gu; jsbn_session=${token}`;
    // a library's list: rendered for it, its page's requests sent with its token, in its language
    const orders = await t.app.inject({ method: 'GET', url: '/orders', headers: { cookie } });
    expect(orders.statusCode).toBe(200);
    expect(orders.headers['cache-control']).toBe('private, no-cache');
    expect(orders.headers['vary']).toMatch(/Cookie/);
    expect(orders.body).toContain('<html lang="gu">');
    expect(orders.body).toMatch(/<div id="root" data-server-made data-rendered-for="\d+">/);
    expect(orders.body).toContain('<p data-rendered-for="Shri Gyan Bhandar" data-api-says="Shri Gyan Bhandar"></p>');
    // nothing loads before the page has loaded; the app waits in the template (decision 031)
    expect(activePreloads(orders.body)).toEqual([]);
    expect(templatePreloads(orders.body, 'jsbn-app-modules')).toContain('/assets/react-e5f6a7b8.js');
    // a page with the cart says so: only the browser knows what is in it
    const books = await t.app.inject({ method: 'GET', url: '/publisher-wise-books/1', headers: { cookie } });
    expect(books.body).toMatch(/<div id="root" data-server-made data-rendered-for="\d+" data-cart>/);
    // the queries the pages' links and forms send before the app is there (decision 078): rendered too
    for (const url of [
      '/orders?tab=dispatched',
      '/publisher-wise-books/1?book=AHMJS-00001-Z&want=yes',
      '/new-published-books?book=AHMJS-00001-Z',
    ])
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).body, url).toMatch(
        /<div id="root" data-server-made data-rendered-for="\d+"/,
      );
    // with another query (the order's confirmation to open), without the cookie, or with a token the API refuses: the shell
    const shells: [string, Record<string, string>][] = [
      ['/publisher-wise-books/1?book=AHMJS-00001-Z&confirm=1', { cookie }],
      ['/orders?tab=dispatched&tab=completed', { cookie }],
      ['/orders', {}],
      ['/orders', { cookie: 'jsbn_session=not.a.token' }],
    ];
    for (const [url, headers] of shells) {
      const shell = await t.app.inject({ method: 'GET', url, headers });
      expect(shell.statusCode).toBe(200);
      expect(shell.headers['cache-control']).toBe('no-cache');
      expect(shell.body).toContain('<div id="root"></div>');
      expect(shell.body).toContain('<link rel="modulepreload" crossorigin href="/assets/react-e5f6a7b8.js">');
    }
    // a publisher's cookie on a library's page: the shell (the app sends it on)
    const publisher = await createPublisher(t.ctx, { publisher_no: 'COOKY', publisher_name: 'Cookie Prakashan' });
    const publisherToken = (await authHeader(t.app, publisher, 'PUBLISHER')).authorization.slice('Bearer '.length);
    expect((await t.app.inject({ method: 'GET', url: '/orders', headers: { cookie: `jsbn_session=${publisherToken}` } })).body).toContain(
      '<div id="root"></div>',
    );

    // the QR page: rendered for the library (the cached-page responder does not answer it from the cache), never cached
    const visitor = await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn}`, headers: { 'accept-encoding': 'br' } });
    expect(visitor.headers['cache-control']).toBe(VISITOR_PAGE_CACHE);
    const signedIn = await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn}`, headers: { cookie, 'accept-encoding': 'br' } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    const html = signedIn.headers['content-encoding'] === 'br' ? brotliDecompressSync(signedIn.rawPayload).toString() : signedIn.body;
    expect(html).toContain(`<title>શ્રી ક્ષમાપના સૂત્ર &lt;b&gt; — JSBN ${jsbn}</title>`);
    expect(html).toMatch(
      /<div id="root" data-server-made data-rendered-for="\d+"><main><h1>શ્રી ક્ષમાપના સૂત્ર &lt;b&gt;<\/h1><p data-url="[^"]+" data-source="api" data-language="gu"><\/p><p data-rendered-for="Shri Gyan Bhandar"/,
    );
    // and the visitor still gets the visitor's page
    const after = await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn}` });
    expect(after.body).toContain('<div id="root" data-server-made><main>');
    expect(after.body).not.toContain('Shri Gyan Bhandar');
    // the landing page stays the visitors' (the app renders a signed-in user's dashboard afresh)
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(home.headers['cache-control']).toBe(VISITOR_PAGE_CACHE);
    expect(home.body).toContain('<div id="root" data-server-made><main>');
    expect(home.body).not.toContain('Shri Gyan Bhandar');
  });

  it("refuses to start without the app's server render", async () => {
    const lonely = builtApp();
    rmSync(join(lonely, '..', 'dist-server'), { recursive: true });
    await expect(createTestApp(engine, {}, lonely)).rejects.toThrow(/the app's server render is missing/);
    rmSync(join(lonely, '..'), { recursive: true, force: true });
  });

  it('sends a JSBN written otherwise to its one address', async () => {
    const compact = await t.app.inject({ method: 'GET', url: `/jsbn/${jsbn.replaceAll('-', '').toLowerCase()}` });
    expect(compact.statusCode).toBe(301);
    expect(compact.headers['location']).toBe(`/jsbn/${jsbn}`);
  });

  it('gives the cover at a size a WhatsApp preview shows', async () => {
    const image = await inject(t.app, bookEndpoints.shareImage, { params: { jsbnNo: jsbn } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('public, max-age=86400');
    expect(image.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    expect((await inject(t.app, bookEndpoints.shareImage, { params: { jsbnNo: 'NOPE0-00001-X' } })).statusCode).toBe(404);
  });

  it('answers an unknown JSBN with a 404 page that offers search, and no app to take it away', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/jsbn/NOPE0-00001-X' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1 style="font-size:1.5rem">Book not found</h1>');
    expect(page.body).toContain('No book is registered with JSBN NOPE0-00001-X.');
    expect(page.body).toContain('<a href="/search-a-book">Search a book</a>');
    expect(page.body).not.toContain('<script type="module"');
    const hostile = await t.app.inject({ method: 'GET', url: '/jsbn/%3Cscript%3Ealert(1)%3C%2Fscript%3E' });
    expect(hostile.statusCode).toBe(404);
    expect(hostile.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(hostile.body).not.toContain('<script>alert');
    const gujarati = await t.app.inject({ method: 'GET', url: '/jsbn/NOPE0-00001-X', headers: { cookie: 'jsbn_language=gu' } });
    expect(gujarati.statusCode).toBe(404);
    expect(gujarati.body).toContain('<html lang="gu">');
    expect(gujarati.body).toContain('<h1 style="font-size:1.5rem">પુસ્તક મળ્યું નથી</h1>');
    expect(gujarati.body).toContain('JSBN NOPE0-00001-X સાથે કોઈ પુસ્તક નોંધાયેલું નથી.');
    expect(gujarati.body).toContain('<title>પુસ્તક મળ્યું નથી · JSBN</title>');
  });

  it("asks the API for the site's settings once, not for every page rendered (decision 052)", async () => {
    const publisher = await createPublisher(t.ctx, { publisher_no: 'SITEO', publisher_name: 'Site Once Trust' });
    const titles = ['First', 'Second'];
    const books = await Promise.all(
      titles.map((title) => createBook(t.ctx, publisher.publisherId, { book_title: title, book_e_title: title })),
    );
    const inject = vi.spyOn(t.app, 'inject');
    try {
      for (const [index, book] of books.entries()) {
        const page = await t.app.inject({
          method: 'GET',
          url: `/jsbn/${formatJsbn(book.jsbn_number)}`,
          headers: { 'accept-language': 'hi' },
        });
        expect(page.statusCode).toBe(200);
        // each page rendered with the settings, as the API gives them
        expect(page.body).toContain(`<h1>${titles[index]}</h1>`);
        expect(page.body).toContain('<p data-support="support@jsbn.example"></p>');
      }
      // two uncached requests: at most one request for them (none when an earlier page asked already)
      const asked = inject.mock.calls as unknown as [string | { url?: string }][];
      expect(
        asked.filter(([options]) => typeof options === 'object' && options.url === apiPath(siteEndpoints.info)).length,
      ).toBeLessThanOrEqual(1);
    } finally {
      inject.mockRestore();
    }
  });
});
