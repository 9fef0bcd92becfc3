/**
 * What the SRU target and the OAI-PMH repository write (decision 034): XML text, and a book as
 * simple Dublin Core (the fifteen elements of http://purl.org/dc/elements/1.1/), the record
 * both protocols must offer beside MARCXML.
 */
import { formatJsbn, withoutControlCharacters, type BookDto } from '@jsbn/shared';
import { DATE_NOT_IDENTIFIED, languageCodes } from '../books/marc.js';

/** `text` as XML 1.0 character data or an attribute value: control characters dropped, the five markup characters escaped. */
export function xmlText(text: string | number): string {
  return withoutControlCharacters(String(text), 'single').replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  );
}

/** `<name>text</name>` with `text` escaped. */
export const element = (name: string, text: string | number) => `<${name}>${xmlText(text)}</${name}>`;

/** The Dublin Core elements namespace. */
export const DC_NAMESPACE = 'http://purl.org/dc/elements/1.1/';

/**
 * A book's Dublin Core elements, each `<dc:…>` (the caller declares the `dc` prefix): the
 * titles (original script, then the romanised one), creators, subjects, publisher, year,
 * languages (MARC codes, as 041), the JSBN (`JSBN PPPPP-NNNNN-C`) and the live page, type
 * and extent. The same content as the MARC21 record (decision 018).
 */
export function dublinCore(book: BookDto, pageUrl: string): string {
  const titles = [
    ...new Set([book.book_title, book.book_e_title, book.alternate_title].filter((title): title is string => Boolean(title))),
  ];
  const subjects = [...book.subjects.map((subject) => subject.subject_name), ...(book.other_subject ? [book.other_subject] : [])];
  return [
    ...titles.map((title) => element('dc:title', title)),
    ...book.authors.map((author) => element('dc:creator', author.author_name)),
    ...subjects.map((subject) => element('dc:subject', subject)),
    element('dc:publisher', book.publisher.publisher_name || book.publisher_name),
    element('dc:date', book.publication_year ? String(book.publication_year) : DATE_NOT_IDENTIFIED),
    element('dc:type', 'Text'),
    element('dc:format', `${book.pages} pages`),
    element('dc:identifier', `JSBN ${formatJsbn(book.jsbn_number)}`),
    element('dc:identifier', pageUrl),
    ...languageCodes(book.language).map((code) => element('dc:language', code)),
  ].join('');
}
