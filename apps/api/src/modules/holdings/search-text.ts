/**
 * What 'Find on our shelves' matches, stored on each copy (decision 080): a copy of a registered
 * book carries its book's `search_text` (the catalogue's — titles as written, in the other Indic
 * script and romanised, authors, publisher, JSBN: `searchColumnsOf`), a copy of a book described
 * by hand its own (`describedSearchText`). The copy's row then answers the search alone, through
 * one GIN index of the library and the trigrams of the text (`holdings_library_search_trgm_idx`).
 *
 * The application writes it, no trigger: the copy's add (`addHolding`, `shelveOrder`) reads its
 * book's text, and whatever changes a book's `search_text` (`updateBook`, `reindexSearch`) calls
 * `bookTextToCopies` in the same transaction. This file imports nothing of another module, so the
 * books module may call it without a cycle.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { books, holdings } from '../../db/schema.js';

/**
 * The library as `holdings_library_search_trgm_idx` holds it (a one-element array, migration
 * 0040): beside `library_id = …`, so the search's trigram conditions are looked up among that
 * library's entries of the index alone (decision 080).
 */
export const libraryKey = (libraryId: number) => sql`array[${holdings.library_id}] @> array[${libraryId}::int]`;

/**
 * The `search_text` a new copy of registered book `bookId` takes: its book's, in the caller's
 * transaction; for the insert's `values` (a subquery, so no extra round trip).
 */
export const bookSearchTextOf = (bookId: number) => sql<string>`(select ${books.search_text} from ${books} where ${books.id} = ${bookId})`;

/**
 * Copies the current `search_text` of each book `bookIds` onto its copies in every library (the
 * copies whose text differs; a book without copies costs one index probe of `holdings_book_idx`).
 * Call it in the transaction that changed the books' text.
 * @returns how many copies changed
 */
export async function bookTextToCopies(db: DbOrTx, bookIds: readonly number[]): Promise<number> {
  const ids = [...new Set(bookIds)];
  if (ids.length === 0) return 0;
  const changed = await db
    .update(holdings)
    .set({ search_text: books.search_text })
    .from(books)
    .where(
      and(
        isNotNull(holdings.book_id),
        inArray(holdings.book_id, ids),
        eq(books.id, holdings.book_id),
        sql`${holdings.search_text} is distinct from ${books.search_text}`,
      ),
    )
    .returning({ id: holdings.id });
  return changed.length;
}
