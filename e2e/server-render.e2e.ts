/**
 * The app's server render (decision 011) as the API calls it, on the built bundle
 * (`apps/web/dist-server/entry-server.js`) with the API of a running server behind its
 * transport: the book page is rendered in one pass, asking for each thing it shows once
 * (an uncached request cost two renders); a page whose queries are not known
 * beforehand is still rendered complete, in two; two renders at once for two libraries each
 * ask with their own session (decision 065).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startServer, type RunningServer } from './support/server.js';
import { apiCall, apiToken, bookByJsbn, placeOrder } from './support/api.js';
import { outboxCode } from './support/browser.js';

/** What `renderPage` returns (apps/web/src/entry-server.tsx). */
interface ServerPage {
  html: string;
  css: string;
  seeds: [readonly unknown[], unknown][];
  complete: boolean;
  passes: number;
}

type Renderer = {
  renderPage(
    url: string,
    transport: (url: string, init: RequestInit) => Promise<Response>,
    language?: 'en' | 'gu' | 'hi',
    options?: { session?: { token: string; user: { id: number; name: string } } | null },
  ): Promise<ServerPage>;
};

let server: RunningServer;
let renderer: Renderer;

beforeAll(async () => {
  server = await startServer();
  renderer = (await import(new URL('../apps/web/dist-server/entry-server.js', import.meta.url).href)) as Renderer;
});

afterAll(async () => {
  await server?.stop();
});

/** The password of the libraries a test registers. */
const LIBRARY_PASSWORD = 'Gyan-Bhandar-2026!';

/** A library registered through the API (POST /api/library with a logo, the e-mailed code verified); returns its token. */
async function newLibrary(name: string, email: string): Promise<string> {
  const form = new FormData();
  const fields = {
    name,
    sanchalak_name: 'Shri Sanghvi',
    sanchalak_address: 'Pol, Ahmedabad',
    address: 'Pol, Ahmedabad',
    email,
    mobile_no: '9876543210',
    whatsapp_no: '9876543210',
    sangh_trust: 'Trust Sanchalit',
    password: LIBRARY_PASSWORD,
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const logo = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  form.append('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
  const registered = await fetch(`${server.url}/api/library`, { method: 'POST', body: form });
  expect({ status: registered.status, body: registered.status === 200 ? '' : await registered.text() }).toEqual({ status: 200, body: '' });
  const otp = await outboxCode(server.url, email);
  expect((await apiCall(server.url, '/user/verify-email', { method: 'POST', body: { email, otp, modelType: 'LIBRARY' } })).status).toBe(
    200,
  );
  const token = await apiToken(server.url, { email, password: LIBRARY_PASSWORD }, 'LIBRARY');
  // a library orders once its letters have their text
  const letter = { token, method: 'POST', body: { text: `${name} requests these books for its members.` } };
  expect((await apiCall(server.url, '/library/logo-text', letter)).status).toBe(200);
  return token;
}

/** Renders `path` with the running API answering; returns the page and the API paths asked for, in order. */
async function render(path: string): Promise<{ page: ServerPage; asked: string[] }> {
  const asked: string[] = [];
  const page = await renderer.renderPage(`${server.url}${path}`, (url, init) => {
    asked.push(url.split('?')[0]!);
    return fetch(`${server.url}${url}`, init);
  });
  return { page, asked };
}

describe("the app's server render", () => {
  it('renders a book page in one pass, asking once for the book and the site settings (the swaroops are in the catalogues of words)', async () => {
    const listed = (await (await fetch(`${server.url}/api/book?pageNo=1&limit=10`)).json()) as {
      data: { books: { jsbn_number: string; book_title: string }[] };
    };
    const book = listed.data.books[0]!;
    const { page, asked } = await render(`/jsbn/${book.jsbn_number}`);
    expect(page.complete).toBe(true);
    expect(page.passes).toBe(1);
    expect(asked.sort()).toEqual(['/api/book/listing/jsbn/' + book.jsbn_number, '/api/site'].sort());
    expect(page.html).toContain(`${book.jsbn_number} Details`);
    expect(page.html).toContain(book.book_title.replace(/&/g, '&amp;'));
    expect(page.css.startsWith('<style data-emotion="css')).toBe(true);
  });

  it('writes in the head the style of every class an element has and of no other (decision 057)', async () => {
    const listed = (await (await fetch(`${server.url}/api/book?pageNo=1&limit=10`)).json()) as {
      data: { books: { jsbn_number: string }[] };
    };
    for (const path of [`/jsbn/${listed.data.books[0]!.jsbn_number}`, '/', '/search-a-book']) {
      const { page } = await render(path);
      const classes = new Set([...page.html.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1]!.split(' ')));
      // `css-0` is Emotion's class of no styles: it writes none
      const styled = [...classes].filter((name) => name.startsWith('css-') && name !== 'css-0');
      const written = [...page.css.matchAll(/<style data-emotion="css ([^"]+)"/g)].flatMap((match) =>
        match[1]!.split(' ').map((name) => `css-${name}`),
      );
      expect({ path, unused: written.filter((name) => !classes.has(name)) }).toEqual({ path, unused: [] });
      expect({ path, missing: styled.filter((name) => !written.includes(name)) }).toEqual({ path, missing: [] });
      // MUI's Button hands its class to ButtonBase, which writes one of both: only that one is in the page
      if (path.startsWith('/jsbn/')) expect(page.css).not.toMatch(/data-emotion="css [a-z0-9]+-MuiButton-root"/);
    }
  });

  it('renders a page whose queries it learns while rendering (the search page) complete, in two passes', async () => {
    const { page, asked } = await render('/search-a-book');
    expect(page.complete).toBe(true);
    expect(page.passes).toBe(2);
    expect(asked).toContain('/api/book');
    expect(page.seeds.map(([key]) => key[0])).toEqual(expect.arrayContaining(['site', 'books']));
  });

  it('renders every public page in en, gu and hi the same each time, complete', async () => {
    const listed = (await (await fetch(`${server.url}/api/book?pageNo=1&limit=10`)).json()) as {
      data: { books: { jsbn_number: string }[] };
    };
    const books = listed.data.books.slice(0, 2).map((book) => `/jsbn/${book.jsbn_number}`);
    const transport = (url: string, init: RequestInit) => fetch(`${server.url}${url}`, init);
    for (const language of ['en', 'gu', 'hi'] as const) {
      for (const path of [...books, '/', '/search-a-book', '/search-a-book?query=Shri']) {
        const first = await renderer.renderPage(`${server.url}${path}`, transport, language);
        expect(first.complete).toBe(true);
        const again = await renderer.renderPage(`${server.url}${path}`, transport, language);
        expect({ path, language, html: again.html, css: again.css }).toEqual({ path, language, html: first.html, css: first.css });
      }
    }
  });

  it("renders two libraries' /orders started at once, each with its own orders only (decision 065)", async () => {
    const listed = (await (await fetch(`${server.url}/api/book?pageNo=1&limit=10`)).json()) as {
      data: { books: { jsbn_number: string }[] };
    };
    const book = await bookByJsbn(server.url, listed.data.books[0]!.jsbn_number);
    const libraries = await Promise.all(
      [
        ['Shri Mahavir Gyan Bhandar', 'mahavir-render@example.com'],
        ['Shri Parshva Gyan Bhandar', 'parshva-render@example.com'],
      ].map(async ([name, email]) => {
        const token = await newLibrary(name!, email!);
        const { orderId } = await placeOrder(server.url, token, book, 2);
        const me = await apiCall<{ id: number; name: string }>(server.url, '/user/me', { token });
        return { token, orderId, user: me.data };
      }),
    );
    expect(libraries[0]!.orderId).not.toBe(libraries[1]!.orderId);
    // both renders begin in the same tick: each page's requests must go with its own library's token
    const pages = await Promise.all(
      libraries.map(({ token, user }) =>
        renderer.renderPage(
          `${server.url}/orders`,
          (url, init) =>
            fetch(`${server.url}${url}`, {
              ...init,
              headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
            }),
          'en',
          { session: { token, user } },
        ),
      ),
    );
    for (const [index, page] of pages.entries()) {
      const own = libraries[index]!.orderId;
      const other = libraries[1 - index]!.orderId;
      expect(page.complete).toBe(true);
      const text = page.html + JSON.stringify(page.seeds);
      expect({ index, own: text.includes(own), other: text.includes(other) }).toEqual({ index, own: true, other: false });
    }
  });
});
