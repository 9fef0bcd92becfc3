/**
 * The server-made HTML of `/jsbn/:jsbn`, the page every back-cover QR code opens (issue 10,
 * decisions 008 and 011). It is the app's own `index.html` with, filled in before any
 * JavaScript runs: the title and description, Open Graph and Twitter tags for link previews
 * (WhatsApp, e-mail), the canonical link, and inside `#root` the app's own render of the page
 * for a visitor (book, JSON-LD, publisher and contact links, with its CSS), drawn by the app's
 * server bundle from the same reply the API gives, which goes along as the page's query data
 * so the app adopts the page as it is when the visitor first interacts. An unknown JSBN gets
 * the same shell with a short "not found" card and no app.
 */
import escapeHtml from 'escape-html';
import { formatJsbn, scriptJson } from '@jsbn/shared/core';
import { SWAROOPS, type BookByNumber } from '@jsbn/shared';

/** The app's server render (`apps/web/src/entry-server.tsx`, decision 011). */
export interface AppRenderer {
  /** The HTML inside `#root` for a visitor at `url`, drawn from `seeds` (`[queryKey, data]`). */
  renderPage(url: string, seeds: [readonly unknown[], unknown][]): Promise<string>;
  /** The id of the JSON script element the browser's app reads the seeds from. */
  SEEDS_ELEMENT_ID: string;
}

/** The parts of the built `index.html` the pages replace; startup fails when one is missing. */
export const TEMPLATE_MARKS = { title: /<title>[^<]*<\/title>/, description: /<meta name="description"[^>]*>/, root: '<div id="root"></div>' } as const;

/** Checks that `html` is the app shell the pages can fill. @throws Error naming the missing part */
export function checkTemplate(html: string): string {
  for (const [name, mark] of Object.entries(TEMPLATE_MARKS)) {
    if (typeof mark === 'string' ? !html.includes(mark) : !mark.test(html)) throw new Error(`index.html lacks its ${name} (${String(mark)})`);
  }
  return html;
}

interface Head {
  title: string;
  description: string;
  extra: string;
}

function fill(template: string, head: Head, root: string): string {
  return template
    .replace(TEMPLATE_MARKS.title, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(TEMPLATE_MARKS.description, () => `<meta name="description" content="${escapeHtml(head.description)}" />\n    ${head.extra}`)
    .replace(TEMPLATE_MARKS.root, () => root);
}

const meta = (attribute: 'property' | 'name', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;

/** Inline styles of the server-made card (the page's CSP allows inline styles, not scripts). */
const CARD = 'max-width:960px;margin:0 auto;padding:16px;font-family:"Noto Sans","Noto Sans Gujarati","Noto Sans Devanagari",system-ui,sans-serif;color:#1f1f1f';

/** The one-line description of a book in link previews: English title, JSBN, authors, publisher. */
export function bookDescription({ book, publisher_info: publisher }: BookByNumber): string {
  const authors = book.authors.map((author) => author.author_name).join(', ');
  return [book.book_e_title, `JSBN ${formatJsbn(book.jsbn_number)}`, authors ? `by ${authors}` : '', `published by ${publisher.publisher_name || book.publisher_name}`]
    .filter(Boolean)
    .join(' · ');
}

/** The shell with its module preloads dropped: a server-made page loads nothing before interaction (decision 011). */
const withoutPreloads = (html: string) => html.replace(/<link rel="modulepreload"[^>]*>/g, '');

/** The shell without the app's scripts: a page that must stay as the server made it. */
const withoutApp = (html: string) => withoutPreloads(html).replace(/<script type="module"[^>]*><\/script>/g, '');

/**
 * `/jsbn/:jsbn` for a known book.
 * @param template the checked `index.html`
 * @param renderer the app's server render
 * @param requested the JSBN as it stands in the path (the app's query key for the reply)
 * @param publicUrl the site's origin (`PUBLIC_URL`), for absolute links in previews
 */
export async function bookPageHtml(template: string, renderer: AppRenderer, requested: string, reply: BookByNumber, publicUrl: string): Promise<string> {
  const { book } = reply;
  const jsbn = formatJsbn(book.jsbn_number);
  const pageUrl = `${publicUrl}/jsbn/${encodeURIComponent(jsbn)}`;
  const shareImage = book.book_cover ? `${publicUrl}/api/book/listing/jsbn/${encodeURIComponent(jsbn)}/share.jpg` : null;
  const title = `${book.book_title} — JSBN ${jsbn}`;
  const description = bookDescription(reply);
  const extra = [
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
    // the cover is the page's largest image: asked for before the body is read
    ...(book.book_cover ? [`<link rel="preload" as="image" href="${escapeHtml(book.book_cover)}" fetchpriority="high" />`] : []),
    meta('property', 'og:type', 'book'),
    meta('property', 'og:site_name', 'JSBN'),
    meta('property', 'og:title', book.book_title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
    ...(shareImage ? [meta('property', 'og:image', shareImage), meta('property', 'og:image:alt', `Cover of ${book.book_title}`)] : []),
    meta('property', 'book:isbn', jsbn),
    meta('name', 'twitter:card', shareImage ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', book.book_title),
    meta('name', 'twitter:description', description),
    ...(shareImage ? [meta('name', 'twitter:image', shareImage)] : []),
  ].join('\n    ');
  // the queries the book page reads (apps/web: bookByJsbnKey, useSwaroops), with what the API would answer
  const seeds: [readonly unknown[], unknown][] = [
    [['books', 'jsbn', requested], reply],
    [['lookups', 'swaroops'], { swaroops: SWAROOPS }],
  ];
  const app = await renderer.renderPage(`${publicUrl}/jsbn/${encodeURIComponent(requested)}`, seeds);
  const root = `<div id="root" data-server-made="book">${app}</div><script type="application/json" id="${renderer.SEEDS_ELEMENT_ID}">${scriptJson(seeds)}</script>`;
  return fill(withoutPreloads(template), { title, description, extra }, root);
}

/**
 * `/jsbn/:jsbn` for a JSBN that is not registered: a 404 page that says so and offers search.
 * The app does not take it over (its book page would leave for the home page at once).
 */
export function missingBookHtml(template: string, requested: string): string {
  const body = `<main data-server-made="missing-book" style='${CARD}'>
<p style="margin:0 0 16px"><a href="/" style="color:#c43e0f;font-weight:700;text-decoration:none">JSBN</a></p>
<h1 style="font-size:1.5rem">Book not found</h1>
<p>No book is registered with JSBN ${escapeHtml(requested)}. Check the number printed under the QR code, or search by title, author or publisher.</p>
<p><a href="/search-a-book">Search a book</a> · <a href="/">Home</a></p>
</main>`;
  return fill(withoutApp(template), { title: 'Book not found · JSBN', description: `No book is registered with JSBN ${requested}.`, extra: '<meta name="robots" content="noindex" />' }, `<div id="root">${body}</div>`);
}
