/**
 * The schema.org `Book` of a book's page (apps/web/src/lib/paths.ts), made once here so the server-made
 * `/jsbn/:jsbn` HTML and the app write the same JSON-LD (decision 008). Part of `@jsbn/shared/core`.
 */
import { formatJsbn } from './jsbn.js';
import type { BookDto } from './schemas/replies.js';

/**
 * @param book the book as `GET /api/book/listing/jsbn/:jsbn` returns it
 * @param publisherName the publisher's name (the book's own copy when empty)
 * @param pageUrl the absolute URL of the page; relative image links are made absolute against it
 * @returns the JSON-LD object, the JSBN as an `identifier` PropertyValue
 */
export function bookJsonLd(book: BookDto, publisherName: string, pageUrl: string): Record<string, unknown> {
  const images = [book.book_cover, ...book.bookimage].filter((url): url is string => Boolean(url)).map((url) => new URL(url, pageUrl).href);
  return {
    '@context': 'https://schema.org',
    '@type': 'Book',
    name: book.book_title,
    alternateName: [book.book_e_title, book.alternate_title].filter(Boolean),
    identifier: { '@type': 'PropertyValue', propertyID: 'JSBN', value: formatJsbn(book.jsbn_number) },
    author: book.authors.map((author) => ({ '@type': 'Person', name: author.author_name })),
    publisher: { '@type': 'Organization', name: publisherName || book.publisher_name },
    inLanguage: book.language,
    numberOfPages: book.pages,
    ...(book.published_date || book.publication_year
      ? { datePublished: book.published_date ? book.published_date.slice(0, 10) : String(book.publication_year) }
      : {}),
    ...(images.length ? { image: images } : {}),
    url: pageUrl,
  };
}

/** JSON for an inline `<script>`: `<` escaped, so no text can close the element. */
export const scriptJson = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');
