import { formatJsbn, type BookDto, type PublisherInfo } from '@jsbn/shared';

/** schema.org Book of the detail page, the JSBN as an `identifier` PropertyValue. */
export function bookJsonLd(book: BookDto, publisher: PublisherInfo, pageUrl: string): Record<string, unknown> {
  const absolute = (url: string | null) => (url ? new URL(url, window.location.origin).href : undefined);
  const jsbn = formatJsbn(book.jsbn_number);
  const images = [book.book_cover, ...book.bookimage].map(absolute).filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'Book',
    name: book.book_title,
    alternateName: [book.book_e_title, book.alternate_title].filter(Boolean),
    identifier: { '@type': 'PropertyValue', propertyID: 'JSBN', value: jsbn },
    author: book.authors.map((author) => ({ '@type': 'Person', name: author.author_name })),
    publisher: { '@type': 'Organization', name: publisher.publisher_name || book.publisher_name },
    inLanguage: book.language,
    numberOfPages: book.pages,
    datePublished: book.published_date ? book.published_date.slice(0, 10) : String(book.publication_year),
    ...(images.length ? { image: images } : {}),
    url: pageUrl,
  };
}

/** The JSON-LD as a script element; `<` is escaped so no text can close the script. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" data-testid="book-json-ld" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
