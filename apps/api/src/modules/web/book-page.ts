/**
 * The server-made HTML of `/jsbn/:jsbn`, the page every back-cover QR code opens
 * (decisions 008 and 011): the app's own render of the page for a visitor (`AppPages`), with in
 * the head, filled in before any JavaScript runs, the title and description, the canonical
 * link, the cover's preload, and Open Graph and Twitter tags for link previews (WhatsApp,
 * e-mail). An unknown JSBN gets the shell with a short "not found" card and no app.
 */
import escapeHtml from 'escape-html';
import { formatJsbn, type InterfaceLanguage } from '@jsbn/shared/core';
import { translate, translateSentence } from '../../lib/i18n.js';
import type { BookByNumber } from '@jsbn/shared';
import { TEMPLATE_MARKS, withLanguage, withoutApp } from './shell.js';
import { publisherFeedTag } from '../interests/feeds.js';

interface Head {
  title: string;
  description: string;
  extra: string;
}

/** `page` (a shell, filled or not) with its title and description replaced and `extra` after them. */
function withHead(page: string, head: Head): string {
  return page
    .replace(TEMPLATE_MARKS.title, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(TEMPLATE_MARKS.description, () => `<meta name="description" content="${escapeHtml(head.description)}" />\n    ${head.extra}`);
}

const meta = (attribute: 'property' | 'name', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;

/** Inline styles of the server-made card (the page's CSP allows inline styles, not scripts). */
const CARD =
  'max-width:960px;margin:0 auto;padding:16px;font-family:"Noto Sans","Noto Sans Gujarati","Noto Sans Devanagari",system-ui,sans-serif;color:#1f1f1f';

/** The one-line description of a book in link previews: English title, JSBN, authors, publisher. */
export function bookDescription({ book, publisher_info: publisher }: BookByNumber): string {
  const authors = book.authors.map((author) => author.author_name).join(', ');
  return [
    book.book_e_title,
    `JSBN ${formatJsbn(book.jsbn_number)}`,
    authors ? `by ${authors}` : '',
    `published by ${publisher.publisher_name || book.publisher_name}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * `/jsbn/:jsbn` for a known book.
 * @param page the shell, filled with the app's render of this page or not (`AppPages.fill`, which takes `bookHead` instead)
 * @param reply the book as the API gives it to a visitor
 * @param publicUrl the site's origin (`PUBLIC_URL`), for absolute links in previews
 */
export function bookPageHtml(page: string, reply: BookByNumber, publicUrl: string): string {
  return bookHead(reply, publicUrl)(page);
}

/**
 * The head of `/jsbn/:jsbn` for a known book, as a change of a shell (its title and description
 * replaced, the canonical link, the cover's preload and the link-preview tags after them); see `bookPageHtml`.
 */
export function bookHead(reply: BookByNumber, publicUrl: string): (shell: string) => string {
  const { book } = reply;
  const jsbn = formatJsbn(book.jsbn_number);
  const pageUrl = `${publicUrl}/jsbn/${encodeURIComponent(jsbn)}`;
  const shareImage = book.book_cover ? `${publicUrl}/api/book/listing/jsbn/${encodeURIComponent(jsbn)}/share.jpg` : null;
  const title = `${book.book_title} — JSBN ${jsbn}`;
  const description = bookDescription(reply);
  const extra = [
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
    // the feed of its publisher's new books (decision 073)
    publisherFeedTag(publicUrl, reply.publisher_info),
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
  return (shell) => withHead(shell, { title, description, extra });
}

/** The facts of a withdrawn book's 410 (decision 043) its page is made from. */
export interface Withdrawn {
  /** The English notice 'This JSBN was withdrawn on DD/MM/YYYY: <reason>' (`withdrawnMessage`), translated here. */
  message: string;
  /** The withdrawn book's title. */
  title: string;
  /** The formatted JSBN of the book it duplicates, or null. */
  seeJsbn: string | null;
}

/** The head of a withdrawn book's page: '<title> — This JSBN was withdrawn · JSBN', the notice, kept out of search engines. */
export function withdrawnHead(withdrawn: Withdrawn, language: InterfaceLanguage): (shell: string) => string {
  const title = [withdrawn.title, translate('This JSBN was withdrawn', language)].filter(Boolean).join(' — ');
  return (shell) =>
    withHead(shell, {
      title: `${title} · JSBN`,
      description: translate(withdrawn.message, language),
      extra: '<meta name="robots" content="noindex" />',
    });
}

/**
 * `/jsbn/:jsbn` of a withdrawn book (decisions 043, 072) when the app could not render it (too
 * many pages being made): a 410 card saying when and why — 'This JSBN was withdrawn on
 * DD/MM/YYYY: <reason>' — with the book's title and, for a duplicate, 'See JSBN …' linking to
 * the book it duplicates, in the visitor's language. The app does not take it over.
 */
export function withdrawnBookHtml(template: string, withdrawn: Withdrawn, language: InterfaceLanguage = 'en'): string {
  const say = (text: string) => escapeHtml(translate(text, language));
  const { seeJsbn } = withdrawn;
  const see = seeJsbn
    ? `<p data-see-jsbn><a href="/jsbn/${encodeURIComponent(seeJsbn)}" style="color:#c43e0f;font-weight:700">${say(`See JSBN ${seeJsbn}`)}</a></p>`
    : '';
  const body = `<main data-server-made="withdrawn-book" style='${CARD}'>
<p style="margin:0 0 16px"><a href="/" style="color:#c43e0f;font-weight:700;text-decoration:none">JSBN</a></p>
<h1 style="font-size:1.5rem">${say('This JSBN was withdrawn')}</h1>
${withdrawn.title ? `<p data-withdrawn-title style="font-weight:700">${escapeHtml(withdrawn.title)}</p>\n` : ''}<p data-withdrawn-notice>${say(withdrawn.message)}</p>
${see}<p><a href="/search-a-book">${say('Search a book')}</a> · <a href="/">${say('Home')}</a></p>
</main>`;
  const page = withLanguage(withoutApp(template), language).replace(TEMPLATE_MARKS.root, () => `<div id="root">${body}</div>`);
  return withdrawnHead(withdrawn, language)(page);
}

/**
 * `/jsbn/:jsbn` for a JSBN that is not registered: a 404 page that says so and offers search,
 * in the visitor's language. The app does not take it over (its book page would
 * leave for the home page at once).
 */
export function missingBookHtml(template: string, requested: string, language: InterfaceLanguage = 'en'): string {
  const say = (message: string) => escapeHtml(translate(message, language));
  const body = `<main data-server-made="missing-book" style='${CARD}'>
<p style="margin:0 0 16px"><a href="/" style="color:#c43e0f;font-weight:700;text-decoration:none">JSBN</a></p>
<h1 style="font-size:1.5rem">${say('Book not found')}</h1>
<p>${escapeHtml(translateSentence(`No book is registered with JSBN ${requested}`, language))} ${escapeHtml(translateSentence('Check the number printed under the QR code, or search by title, author or publisher', language))}</p>
<p><a href="/search-a-book">${say('Search a book')}</a> · <a href="/">${say('Home')}</a></p>
</main>`;
  const page = withLanguage(withoutApp(template), language).replace(TEMPLATE_MARKS.root, () => `<div id="root">${body}</div>`);
  return withHead(page, {
    title: `${translate('Book not found', language)} · JSBN`,
    description: translateSentence(`No book is registered with JSBN ${requested}`, language),
    extra: '<meta name="robots" content="noindex" />',
  });
}
