/**
 * The small pages a digest's links open (decision 073), made on the server in the library's
 * language, working without any script: 'Not for us' and 'Stop these e-mails' each show one
 * button, a `<form method="post">` to the same address (opening a link changes nothing — mail
 * scanners open links), then say it is done; an expired or broken link says so. The digest
 * itself as a page is the e-mail's HTML.
 */
import escapeHtml from 'escape-html';
import type { InterfaceLanguage } from '@jsbn/shared';
import { noticeText } from '../../lib/notices.js';

const BRAND = '#c43e0f';
const FONTS = `'Noto Sans','Noto Sans Gujarati','Noto Sans Devanagari',system-ui,sans-serif`;

/** What a page says: its heading, its sentence, and either a button (`action`, posted to the page's own address) or links onward. */
export interface LinkPage {
  lng: InterfaceLanguage;
  title: string;
  text: string;
  /** The button's label; the form posts to the page's own address. */
  button?: string;
  /** Links under the text (absolute or site paths), by label. */
  links: { label: string; href: string }[];
}

/** A page as a complete HTML document (44 px tap targets, 16 px text at 390 px). */
export function linkPageHtml(page: LinkPage): string {
  const links = page.links
    .map(
      (link) =>
        `<a href="${escapeHtml(link.href)}" style="display:inline-block;min-height:44px;line-height:44px;color:${BRAND};font-weight:600;margin-right:16px">${escapeHtml(link.label)}</a>`,
    )
    .join('');
  const form = page.button
    ? `<form method="post"><button type="submit" style="min-height:44px;padding:10px 20px;border:0;border-radius:6px;background:${BRAND};color:#fff;font:600 16px/24px ${FONTS};cursor:pointer">${escapeHtml(page.button)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="${page.lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(page.title)} · JSBN</title></head>
<body style="margin:0;background:#f6f3f1;font:16px/24px ${FONTS};color:#1f1f1f">
<main style="max-width:560px;margin:0 auto;padding:24px 16px">
<p style="margin:0 0 16px"><a href="/" style="color:${BRAND};font-weight:800;font-size:20px;text-decoration:none">JSBN</a></p>
<div style="background:#fff;border-radius:8px;padding:20px">
<h1 style="margin:0 0 12px;font-size:22px;line-height:30px">${escapeHtml(page.title)}</h1>
<p style="margin:0 0 16px" data-link-page-text>${escapeHtml(page.text)}</p>
${form}
<p style="margin:8px 0 0">${links}</p>
</div>
</main>
</body></html>
`;
}

/** The words of the pages in `lng`. */
export const pageText = (lng: InterfaceLanguage, key: string, values: Record<string, unknown> = {}) =>
  noticeText(lng, `interests.page.${key}`, values);
