/**
 * A small built web app made for tests in the shape Vite writes (index.html, app-modules.json,
 * hashed assets with .br/.gz twins, and the server render in ../dist-server, here one that renders the book's
 * title): web.test.ts and cached-page-responder.test.ts serve it.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** The text of each hashed asset. */
export const ENTRY = `console.log(${JSON.stringify('JSBN '.repeat(400))});`;
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="JSBN — Jain Standard Book Numbers" />
    <title>JSBN — Jain Standard Book Number</title>
    <script type="module" crossorigin src="/assets/index-a1b2c3d4.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-e5f6a7b8.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * A stub of the app's server render: it asks the API (through the transport it is given)
 * for the book of a /jsbn/ page (a withdrawn one: its title, notice and 'See JSBN' link), for a publisher's books
 * (/publishers/:id) or for the newest books, and for the site's settings, and
 * renders their titles, where their data came from and the support e-mail; for a signed-in user (decision 047) also who the API says they are
 * (\`/api/user/me\` through the same transport) and who the page was rendered for. The
 * library's ordering pages (/publisher-wise-books…) show the cart (\`CartLayout\`); the login page shows its
 * address and the form reply it is rendered with, as do a reader's order page (decision 066) and a claim's (decision 078).
 */
const RENDERER = `export const SEEDS_ELEMENT_ID = 'jsbn-queries';
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export async function renderPage(url, transport, language, options = {}) {
  const session = options.session ?? null;
  // a test may hold every page being rendered (globalThis.jsbnHoldRendering, a promise), counting them
  if (globalThis.jsbnHoldRendering) {
    globalThis.jsbnRendering = (globalThis.jsbnRendering ?? 0) + 1;
    await globalThis.jsbnHoldRendering;
  }
  // a test may make every render fail (globalThis.jsbnRenderFails)
  if (globalThis.jsbnRenderFails) throw new Error('the render failed');
  const { pathname, search } = new URL(url);
  // the login page: its query, and what its form posted without the app got back (decision 066)
  if (pathname === '/login' || pathname.endsWith('/reader-order') || pathname.endsWith('/claim')) {
    const reply = options.formReply ?? null;
    const fields = reply ? Object.entries(reply.fields).map(([name, message]) => '<p data-field="' + name + '">' + escape(message) + '</p>').join('') : '';
    const error = reply ? '<p role="alert" data-form-error>' + escape(reply.message) + '</p>' + fields : '';
    return { html: '<main><h1>Login</h1><p data-url="' + escape(pathname + search) + '"></p>' + error + '<form method="post"><input name="email" value="' + escape(reply?.values.email ?? '') + '"></form></main>', css: '', seeds: reply ? [[['form-reply'], reply]] : [], complete: true, pages: ['LoginPage'] };
  }
  const book = pathname.startsWith('/jsbn/');
  // a publisher's page of books (decision 083): its books, ?page= its further pages
  const publisher = /^\\/publishers\\/(\\d+)$/.exec(pathname);
  const page = new URLSearchParams(search).get('page') ?? '1';
  const asked = book ? '/api/book/listing/jsbn/' + pathname.slice(6) : publisher ? '/api/book/publisher/' + publisher[1] + '?pageNo=' + page + '&limit=20' : '/api/book?pageNo=1&limit=20';
  const response = await transport(asked, { headers: { Accept: 'application/json' } });
  // a withdrawn book (410): the page shows the withdrawal, as the app's book page does
  if (response.status === 410) {
    const gone = await response.json();
    const see = gone.data.see_jsbn ? '<a data-see-jsbn href="/jsbn/' + escape(gone.data.see_jsbn) + '">See JSBN ' + escape(gone.data.see_jsbn) + '</a>' : '';
    const html = '<main><h1>This JSBN was withdrawn</h1><p data-withdrawn-title>' + escape(gone.data.book_title) + '</p><p data-withdrawn-notice>' + escape(gone.message) + '</p>' + see + '</main>';
    return { html, css: '', seeds: [[['test', pathname], { message: gone.message, data: gone.data }, 410]], complete: true, pages: ['BookDetailPage'] };
  }
  if (!response.ok) return { html: '', css: '', seeds: [], complete: false };
  const { data } = await response.json();
  // the site's settings, which every page of the app reads (its support contacts)
  const site = await transport('/api/site', { headers: { Accept: 'application/json' } });
  const support = site.ok ? escape((await site.json()).data.supportEmail ?? '') : '';
  const title = book ? data.book.book_title : data.books.map((one) => one.book_title).join(', ');
  // where the data came from: an in-process API reply carries the API's headers, a reply the caller handed over does not
  const source = response.headers.get('x-request-id') ? 'api' : 'given';
  const lang = language === 'en' ? '' : ' data-language="' + language + '"';
  let user = '';
  if (session) {
    const me = await transport('/api/user/me', { headers: { Accept: 'application/json' } });
    user = '<p data-rendered-for="' + escape(session.user.name) + '" data-api-says="' + (me.ok ? escape((await me.json()).data.name) : me.status) + '"></p>';
  }
  const pages = book ? ['BookDetailPage'] : pathname.startsWith('/publisher-wise-books') ? ['CartLayout', 'PublisherBooksPage'] : ['HomePage'];
  return { html: '<main><h1>' + escape(title) + '</h1><p data-url="' + escape(url) + '" data-source="' + source + '"' + lang + '></p>' + user + '<p data-support="' + support + '"></p></main>', css: '<style data-emotion="css x">h1{color:red}</style>', seeds: [[['test', pathname], data]], complete: true, pages };
}
`;

/** The app's chunks beyond the start's, as the build lists them (`app-modules.json`). */
export const APP_MODULES = {
  app: ['/assets/nav-popups-a0b1c2d3.js'],
  pages: {
    BookDetailPage: ['/assets/book-detail-page-c9d0e1f2.js', '/assets/react-e5f6a7b8.js'],
    HomePage: ['/assets/home-page-d4e5f6a7.js'],
  },
  later: { BookDetailPage: ['/assets/share-dialog-b8c9d0e1.js'], HomePage: [] },
  languages: { gu: ['/assets/gu-f2a3b4c5.js'], hi: ['/assets/hi-a6b7c8d9.js'] },
};

/** A built app as Vite leaves it in dist/, with its server render in ../dist-server. */
export function builtApp(): string {
  const dist = join(mkdtempSync(join(tmpdir(), 'jsbn-web-')), 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dist, '..', 'dist-server'));
  writeFileSync(join(dist, '..', 'dist-server', 'entry-server.js'), RENDERER);
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'app-modules.json'), JSON.stringify(APP_MODULES));
  for (const name of ['index-a1b2c3d4.js', 'react-e5f6a7b8.js', 'book-detail-page-c9d0e1f2.js']) {
    const bytes = Buffer.from(ENTRY);
    writeFileSync(join(dist, 'assets', name), bytes);
    writeFileSync(join(dist, 'assets', `${name}.br`), brotliCompressSync(bytes));
    writeFileSync(join(dist, 'assets', `${name}.gz`), gzipSync(bytes));
  }
  return dist;
}
