/**
 * MARC21 exports for library systems (decision 018): one book, a publisher's
 * catalogue, a library's received books — each as ISO 2709 (`.mrc`, application/marc) and
 * MARCXML (`.xml`, application/marcxml+xml), UTF-8.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatJsbn, marcEndpoints, type BookDto } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { requireLibrary } from '../../lib/auth.js';
import { sendFile } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { publisherName } from '../publishers/service.js';
import { marcBinary, marcRecords, marcXml, receivedBookIds } from './marc.js';
import { bookByJsbn, booksByIds } from './book-reads.js';
import { listBooks } from './listing.js';

/** The media types of the two serialisations (RFC 2220, RFC 6207). */
const MARC = 'application/marc';
const MARCXML = 'application/marcxml+xml';
const FORMATS = { mrc: MARC, xml: MARCXML } as const;
type Format = keyof typeof FORMATS;
/** The endpoints of each format. */
const ENDPOINTS = {
  mrc: { book: marcEndpoints.bookMrc, catalogue: marcEndpoints.catalogueMrc, received: marcEndpoints.receivedMrc },
  xml: { book: marcEndpoints.bookXml, catalogue: marcEndpoints.catalogueXml, received: marcEndpoints.receivedXml },
};

/** Sends `books` as MARC21 in `format`, saved as `<name>.<format>`. */
async function sendMarc(ctx: AppContext, reply: FastifyReply, books: BookDto[], format: Format, name: string) {
  const records = await marcRecords(ctx, books);
  return sendFile(
    reply,
    format === 'xml' ? `${MARCXML}; charset=utf-8` : MARC,
    `${name}.${format}`,
    format === 'xml' ? marcXml(records) : marcBinary(records),
  );
}

export function marcRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const format of Object.keys(FORMATS) as Format[]) {
    const endpoints = format === 'mrc' ? ENDPOINTS.mrc : ENDPOINTS.xml;

    /** GET /api/book/listing/jsbn/:jsbnNo/marc.mrc|xml → the book's record, `JSBN-PPPPP-NNNNN-C.mrc`; 404. */
    route(app, endpoints.book, async (request, reply) => {
      const { book } = await bookByJsbn(ctx, request.params.jsbnNo);
      const [full] = await booksByIds(ctx, [book.id]);
      return sendMarc(ctx, reply, [full!], format, `JSBN-${formatJsbn(book.jsbn_number)}`);
    });

    /** GET /api/book/publisher/:publisherId/catalog.mrc|xml → every book of the publisher, `Publisher_Catalogue_MARC21.mrc`; 404. */
    route(app, endpoints.catalogue, async (request, reply) => {
      await publisherName(ctx, request.params.publisherId);
      const { books } = await listBooks(ctx, { pageNo: 1, limit: 'all', queryString: undefined, publisherId: request.params.publisherId });
      return sendMarc(ctx, reply, books, format, 'Publisher_Catalogue_MARC21');
    });

    /** GET /api/library/received-books.mrc|xml (library) → the books of its completed orders, `Received_Books_MARC21.mrc`. */
    route(app, endpoints.received, async (request, reply) => {
      const actor = await requireLibrary(ctx, request);
      const ids = await receivedBookIds(ctx, actor.libraryId);
      return sendMarc(ctx, reply, ids.length ? await booksByIds(ctx, ids) : [], format, 'Received_Books_MARC21');
    });
  }
}
