/**
 * A digest of new books as the library reads it (decision 073), in its language: the e-mail's
 * subject, plain text and HTML, and the text of its WhatsApp template. Each book shows its cover,
 * title, JSBN, publisher and price ('Free + postage' for a free book) with two links, 'Add to
 * cart' and 'Not for us'; the foot says why the library receives it, with the links that change
 * its interests and stop the e-mails. The HTML is a single-column table with inline styles (what
 * mail clients render), 600 px at most and fluid below, in the Noto fonts that shape Gujarati
 * and Devanagari.
 */
import escapeHtml from 'escape-html';
import { formatJsbn, priceText, withoutControlCharacters, type InterfaceLanguage } from '@jsbn/shared';
import { exportDate } from '../../lib/excel.js';
import { noticeText, priceWords } from '../../lib/notices.js';
import type { DigestBook } from './matching.js';

/** A book of a digest with its cover's absolute address and its two signed links. */
export interface MailedBook extends DigestBook {
  coverUrl: string | null;
  cartUrl: string;
  notForUsUrl: string;
}

/** Everything a digest says. */
export interface DigestContent {
  lng: InterfaceLanguage;
  library: string;
  /** The start of the window: books registered after it. */
  since: Date;
  books: MailedBook[];
  /** Matching books beyond those named (listed on Recently Published). */
  more: number;
  /** Recently Published, the interests page and the unsubscribe link (absolute). */
  recentUrl: string;
  interestsUrl: string;
  unsubscribeUrl: string;
}

const BRAND = '#c43e0f';
const FONTS = `'Noto Sans','Noto Sans Gujarati','Noto Sans Devanagari',Arial,sans-serif`;

/** A book's price in `lng`: '₹120.00', '₹20.00 (for propagation)', or 'Free + postage'. */
export function digestPrice(lng: InterfaceLanguage, book: Pick<DigestBook, 'priceKind' | 'priceMinor' | 'currency'>): string {
  if (book.priceKind === 'free') return noticeText(lng, 'interests.free');
  return priceText({ kind: book.priceKind, minor: book.priceMinor, currency: book.currency }, priceWords(lng));
}

/** The e-mail's subject (one line). */
export function digestSubject(content: Pick<DigestContent, 'lng' | 'library' | 'books'>): string {
  return withoutControlCharacters(
    noticeText(content.lng, 'interests.subject', { count: content.books.length, library: content.library }),
    'single',
  );
}

/** The e-mail's plain text part. */
export function digestText(content: DigestContent): string {
  const say = (key: string, values: Record<string, unknown> = {}) => noticeText(content.lng, `interests.${key}`, values);
  const books = content.books.map((book, index) =>
    [
      `${index + 1}. ${book.title}`,
      `   JSBN ${formatJsbn(book.jsbn)} · ${say('publisher', { publisher: book.publisher })} · ${say('price', { price: digestPrice(content.lng, book) })}`,
      `   ${say('addToCart')}: ${book.cartUrl}`,
      `   ${say('notForUs')}: ${book.notForUsUrl}`,
    ].join('\n'),
  );
  return [
    say('heading', { library: content.library }),
    say('intro', { since: exportDate(content.since) }),
    '',
    books.join('\n\n'),
    ...(content.more ? ['', `${say('more', { count: content.more })} ${content.recentUrl}`] : []),
    '',
    '--',
    say('why', { library: content.library }),
    `${say('change')}: ${content.interestsUrl}`,
    `${say('stop')}: ${content.unsubscribeUrl}`,
  ].join('\n');
}

/** A link drawn as a button (a table cell, as mail clients draw padding on cells). */
const button = (href: string, label: string, filled: boolean) =>
  `<td style="padding:0 8px 8px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;border-radius:6px;font:600 15px/20px ${FONTS};text-decoration:none;${
    filled ? `background:${BRAND};color:#ffffff;border:1px solid ${BRAND}` : `background:#ffffff;color:${BRAND};border:1px solid ${BRAND}`
  }">${escapeHtml(label)}</a></td>`;

/** The e-mail's HTML part: a complete document in the library's language. */
export function digestHtml(content: DigestContent): string {
  const say = (key: string, values: Record<string, unknown> = {}) => escapeHtml(noticeText(content.lng, `interests.${key}`, values));
  const rows = content.books
    .map((book) => {
      const cover = book.coverUrl
        ? `<img src="${escapeHtml(book.coverUrl)}" width="96" alt="${say('cover', { title: book.title })}" style="display:block;width:96px;height:auto;border:1px solid #e0e0e0;border-radius:4px">`
        : `<div style="width:96px;height:128px;background:#f3ece8;border-radius:4px;color:#6d6d6d;font:12px/128px ${FONTS};text-align:center">${say('noCover')}</div>`;
      return `<tr><td style="padding:16px 0;border-top:1px solid #eeeeee">
<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%"><tr>
<td valign="top" width="112" style="width:112px;padding-right:16px">${cover}</td>
<td valign="top" style="font:15px/22px ${FONTS};color:#1f1f1f">
<div style="font:700 17px/24px ${FONTS};color:#1f1f1f">${escapeHtml(book.title)}</div>
<div style="color:#5f5f5f">JSBN ${escapeHtml(formatJsbn(book.jsbn))}</div>
<div>${say('publisher', { publisher: book.publisher })}</div>
<div>${say('price', { price: digestPrice(content.lng, book) })}</div>
</td></tr>
<tr><td colspan="2" style="padding-top:12px"><table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>${button(
        book.cartUrl,
        noticeText(content.lng, 'interests.addToCart'),
        true,
      )}${button(book.notForUsUrl, noticeText(content.lng, 'interests.notForUs'), false)}</tr></table></td></tr>
</table>
</td></tr>`;
    })
    .join('\n');
  const more = content.more
    ? `<tr><td style="padding:16px 0;border-top:1px solid #eeeeee;font:15px/22px ${FONTS}"><a href="${escapeHtml(content.recentUrl)}" style="color:${BRAND}">${say('more', { count: content.more })}</a></td></tr>`
    : '';
  return `<!doctype html>
<html lang="${content.lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(digestSubject(content))}</title></head>
<body style="margin:0;padding:0;background:#f6f3f1">
<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="background:#f6f3f1"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 20px 0;font:800 20px/28px ${FONTS};color:${BRAND}">JSBN</td></tr>
<tr><td style="padding:8px 20px 0">
<h1 style="margin:0;font:700 22px/30px ${FONTS};color:#1f1f1f">${say('heading', { library: content.library })}</h1>
<p style="margin:8px 0 0;font:15px/22px ${FONTS};color:#3f3f3f">${say('intro', { since: exportDate(content.since) })}</p>
</td></tr>
<tr><td style="padding:8px 20px 0"><table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%">
${rows}
${more}
</table></td></tr>
<tr><td style="padding:16px 20px 20px;border-top:1px solid #eeeeee;font:13px/20px ${FONTS};color:#5f5f5f">
<p style="margin:0 0 8px">${say('why', { library: content.library })}</p>
<p style="margin:0"><a href="${escapeHtml(content.interestsUrl)}" style="color:${BRAND}">${say('change')}</a> · <a href="${escapeHtml(
    content.unsubscribeUrl,
  )}" style="color:${BRAND}">${say('stop')}</a></p>
</td></tr>
</table>
</td></tr></table>
</body></html>
`;
}

/** The text of the WhatsApp template as the dev mailbox shows it (the template's body with its parameters). */
export function digestWhatsappText(lng: InterfaceLanguage, library: string, count: number, link: string): string {
  return noticeText(lng, 'interests.whatsapp', { library, count, link });
}
