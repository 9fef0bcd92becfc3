/**
 * The addresses of a book's and a publisher's documents (the book sheet, the book list, the
 * catalogue, the publisher's information sheet; `documents.ts` makes each on its first request).
 * Imports nothing of the books module, so the book replies and the documents can both use it.
 */
import type { BookByNumber } from '@jsbn/shared';

/** Where each document is downloaded (the route makes it on first request). */
export const documentUrl = {
  bookSheet: (bookId: number) => `/api/book/${bookId}/sheet.pdf`,
  bookList: (publisherId: number) => `/api/book/publisher/${publisherId}/book-list.pdf`,
  catalog: (publisherId: number) => `/api/book/publisher/${publisherId}/catalog.pdf`,
  publisherInfo: (publisherId: number) => `/api/book/publisher/${publisherId}/info.pdf`,
};

/** The `generated_pdfs` of GET /book/listing/jsbn/:jsbnNo. */
export function generatedPdfUrls(bookId: number, publisherId: number): BookByNumber['generated_pdfs'] {
  return {
    single_book_pdf: documentUrl.bookSheet(bookId),
    publisher_book_list_pdf: documentUrl.bookList(publisherId),
    publisher_catalog_pdf: documentUrl.catalog(publisherId),
  };
}
