/**
 * What a Gujarati or Hindi screen may show in Latin letters (docs/glossary.md): the product's
 * identifiers and the names of formats, e-mail addresses, order numbers and JSBNs, language names
 * written in themselves, and the data a journey passes in (titles, names, addresses). Used by
 * native-script.e2e.ts and the back office's journey.
 */
import type { Page } from 'playwright-core';

/** Words that stay in Latin letters in every language (docs/glossary.md). */
export const ALLOWED = [
  'JSBN',
  'PDF',
  'QR',
  'Excel',
  'MARC21',
  'MARCXML',
  'MARC',
  'mrc',
  'Koha',
  'xlsx',
  'SVG',
  'Word',
  'JPEG',
  'PNG',
  'jpg',
  'jpeg',
  'MB',
  'kB',
  'OTP',
  'GST',
  'DD/MM/YYYY',
  'LibreOffice',
  'Google Sheets',
  'INR',
  'CSV',
  // the language switcher names each language in itself
  'English',
  // the Jain libraries online the book page links to, by their names
  'Internet Archive',
  'Jain eLibrary',
  'JainQQ',
  'Jain Reference Library',
  // paying by UPI or NEFT (decision 070): the names of the payment systems and their identifiers
  'UPI ID',
  'UPI',
  'UTR',
  'NEFT',
  'IFSC',
];
/** Identifiers: e-mail addresses, UPI IDs (name@handle), JSBNs, order numbers, publisher codes and swaroop codes. */
export const IDENTIFIERS = [
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g,
  /[\w.-]+@[a-z]+\b/g,
  /\b[A-Z0-9]{5}-\d{5}-[A-Z0-9]\b/g,
  /\bORD-\d+\b/g,
  /\b[A-Z0-9]{5}\b/g,
  /\b[A-Z]{3}\d\b/g,
];

/** What the page shows and says: its text, and the names, hints and alternative texts of what is on screen. */
export const shownText = (page: Page) =>
  page.evaluate(() => {
    const said = Array.from(
      document.querySelectorAll<HTMLElement>('[aria-label], [aria-roledescription], [placeholder], [title], img[alt]'),
    )
      .filter((element) => element.getClientRects().length > 0 && !element.closest('[aria-hidden="true"]'))
      .flatMap((element) =>
        ['aria-label', 'aria-roledescription', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? ''),
      );
    return [document.title, document.body.innerText, ...said].join('\n');
  });

/** The Latin words left in `text` once allowed words, identifiers and data are taken out. */
export function latinWords(text: string, data: Iterable<string>): string[] {
  let rest = text;
  for (const value of [...data].sort((a, b) => b.length - a.length)) rest = rest.split(value).join(' ');
  for (const pattern of IDENTIFIERS) rest = rest.replace(pattern, ' ');
  for (const word of [...ALLOWED].sort((a, b) => b.length - a.length))
    rest = rest.replace(new RegExp(`(?<![A-Za-z])${word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![A-Za-z])`, 'g'), ' ');
  return [...new Set(rest.match(/[A-Za-z]{2,}/g) ?? [])];
}
