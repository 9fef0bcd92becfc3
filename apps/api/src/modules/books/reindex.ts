/**
 * Keeping the search columns current: books whose `title_text`/`search_text` were made by an
 * older recipe of `search.ts` are made again (housekeeping runs it at start).
 */
import { eq, inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { book_authors, books, publishers } from '../../db/schema.js';
import { bookTextToCopies } from '../holdings/search-text.js';
import { SEARCH_VERSION, searchColumnsOf } from './search.js';

/**
 * Recomputes `title_text`/`search_text` of books indexed with an older recipe (SEARCH_VERSION),
 * a batch at a time, and passes each batch's text to its copies on libraries' shelves
 * (`bookTextToCopies`); run at start so an upgraded database searches the new way.
 * @returns the number of books re-indexed
 */
export async function reindexSearch(ctx: AppContext, batchSize = 500): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await ctx.db
      .select({ id: books.id, book: books, publisher_name: publishers.publisher_name })
      .from(books)
      .innerJoin(publishers, eq(publishers.id, books.publisher_id))
      .where(lt(books.search_version, SEARCH_VERSION))
      .limit(batchSize);
    if (rows.length === 0) return done;
    const authors = await ctx.db
      .select({ book_id: book_authors.book_id, name: book_authors.author_name })
      .from(book_authors)
      .where(
        inArray(
          book_authors.book_id,
          rows.map((row) => row.id),
        ),
      );
    for (const { id, book, publisher_name } of rows) {
      const columns = searchColumnsOf({
        ...book,
        authors: authors.filter((author) => author.book_id === id).map((author) => author.name),
        publisher_name,
        jsbn: book.jsbn_number,
      });
      await ctx.db.update(books).set(columns).where(eq(books.id, id));
    }
    // the copies on libraries' shelves are found by their books' new text (decision 080)
    await bookTextToCopies(
      ctx.db,
      rows.map((row) => row.id),
    );
    done += rows.length;
  }
}
