/**
 * The server-made HTML of `/jsbn/:jsbn`, the page every back-cover QR code opens (issue 10,
 * decision 008). It is the app's own `index.html` with, filled in before any JavaScript runs:
 * the title and description, Open Graph and Twitter tags for link previews (WhatsApp, e-mail),
 * the canonical link, the book's JSON-LD (made by the same `bookJsonLd` as the app), a readable
 * book card inside `#root` (cover, title, JSBN, authors, publisher and its contact links), and
 * the API reply itself as `#jsbn-book` JSON, from which the app draws the same page at once and
 * then takes over. An unknown JSBN gets the same shell with a short "not found" card.
 */
import escapeHtml from 'escape-html';
import { COUNTRY_CODE, bookJsonLd, formatJsbn, scriptJson } from '@jsbn/shared/core';
import type { BookByNumber } from '@jsbn/shared';

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

function fill(template: string, head: Head, body: string): string {
  return template
    .replace(TEMPLATE_MARKS.title, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(TEMPLATE_MARKS.description, () => `<meta name="description" content="${escapeHtml(head.description)}" />\n    ${head.extra}`)
    .replace(TEMPLATE_MARKS.root, () => `<div id="root">${body}</div>`);
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

/**
 * `/jsbn/:jsbn` for a known book.
 * @param template the checked `index.html`
 * @param requested the JSBN as it stands in the path (the app's key for the embedded reply)
 * @param publicUrl the site's origin (`PUBLIC_URL`), for absolute links in previews
 */
export function bookPageHtml(template: string, requested: string, reply: BookByNumber, publicUrl: string): string {
  const { book, publisher_info: publisher } = reply;
  const jsbn = formatJsbn(book.jsbn_number);
  const pageUrl = `${publicUrl}/jsbn/${encodeURIComponent(jsbn)}`;
  const shareImage = book.book_cover ? `${publicUrl}/api/book/listing/jsbn/${encodeURIComponent(jsbn)}/share.jpg` : null;
  const title = `${book.book_title} — JSBN ${jsbn}`;
  const description = bookDescription(reply);
  const extra = [
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
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
    `<script type="application/ld+json">${scriptJson(bookJsonLd(book, publisher.publisher_name, pageUrl))}</script>`,
    `<script type="application/json" id="jsbn-book" data-jsbn="${escapeHtml(requested)}">${scriptJson(reply)}</script>`,
  ].join('\n    ');
  const contact = [
    publisher.mobile_no ? `<a href="tel:${COUNTRY_CODE}${escapeHtml(publisher.mobile_no)}">${escapeHtml(`${COUNTRY_CODE} ${publisher.mobile_no}`)}</a>` : '',
    publisher.whatsapp_no ? `<a href="https://wa.me/${COUNTRY_CODE.replace('+', '')}${escapeHtml(publisher.whatsapp_no)}">WhatsApp ${escapeHtml(`${COUNTRY_CODE} ${publisher.whatsapp_no}`)}</a>` : '',
    publisher.email ? `<a href="mailto:${escapeHtml(publisher.email)}">${escapeHtml(publisher.email)}</a>` : '',
  ].filter(Boolean);
  const authors = book.authors.map((author) => `${escapeHtml(author.author_name)} (${escapeHtml(author.author_type)})`).join(', ');
  const body = `<main data-server-made="book" style='${CARD}'>
<p style="margin:0 0 16px"><a href="/" style="color:#c43e0f;font-weight:700;text-decoration:none">JSBN</a></p>
<div style="display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start">
${book.book_cover ? `<img src="${escapeHtml(book.book_cover)}" alt="${escapeHtml(book.book_title)}" width="200" style="width:200px;max-width:100%;height:auto;border-radius:4px" />` : ''}
<div style="flex:1;min-width:240px">
<h1 style="font-size:1.6rem;margin:0 0 4px">${escapeHtml(book.book_title)}</h1>
<p style="margin:0 0 8px;color:#555">${escapeHtml(book.book_e_title)}</p>
<p style="margin:0 0 8px;font-weight:700">JSBN ${escapeHtml(jsbn)}</p>
${authors ? `<p style="margin:0 0 8px">${authors}</p>` : ''}
<p style="margin:0 0 8px">${escapeHtml(publisher.publisher_name || book.publisher_name)}${publisher.city_name ? `, ${escapeHtml(publisher.city_name)}` : ''}</p>
${contact.length ? `<p style="margin:0;display:flex;flex-wrap:wrap;gap:12px">${contact.join('')}</p>` : ''}
</div></div></main>`;
  return fill(template, { title, description, extra }, body);
}

/** The shell without the app's scripts: a page that must stay as the server made it. */
const withoutApp = (html: string) => html.replace(/<script type="module"[^>]*><\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');

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
  return fill(withoutApp(template), { title: 'Book not found · JSBN', description: `No book is registered with JSBN ${requested}.`, extra: '<meta name="robots" content="noindex" />' }, body);
}
