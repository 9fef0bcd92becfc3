/**
 * Author records (docs/api.md 'Register book', 'Lookups'): a book names each author
 * by `authorId` (a record, offered by GET /book/author-name) or by `authorname` (a new name),
 * and every name is one record, reused by every book that names it.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import type { BookFields } from '@jsbn/shared';
import type { DbOrTx } from '../../db/client.js';
import { authors } from '../../db/schema.js';
import { validationError, type FieldError } from '../../lib/errors.js';
import { containsPattern, likeLiteral } from '../../lib/pagination.js';

/** An author of a book with its record: type, record id and name. */
export interface ResolvedAuthor {
  authorType: number;
  authorId: number;
  author_name: string;
}

/** At most this many names are offered by GET /book/author-name. */
const AUTHOR_NAMES_LIMIT = 20;

/**
 * Resolves the authors of several books in three statements at most: each `authorId` is looked
 * up, each new name found or made into a record (`INSERT … ON CONFLICT DO NOTHING`, so two
 * books naming the same new author at once share one record).
 * @param lists each book's `authors` as `bookFields` gives them
 * @returns each book's authors with record id and name, in the same order
 * @throws AppError 400 naming `authors.<i>.authorId` for an id that is no author
 */
export async function resolveAuthors(db: DbOrTx, lists: BookFields['authors'][]): Promise<ResolvedAuthor[][]> {
  const ids = [...new Set(lists.flat().flatMap((author) => (author.authorId === undefined ? [] : [author.authorId])))];
  const names = [
    ...new Set(lists.flat().flatMap((author) => (author.authorId === undefined && author.author_name ? [author.author_name] : []))),
  ];
  const nameOf = new Map<number, string>();
  if (ids.length) for (const row of await db.select().from(authors).where(inArray(authors.id, ids))) nameOf.set(row.id, row.author_name);
  const idOf = new Map<string, number>();
  if (names.length) {
    await db.execute(
      sql`insert into ${authors} (author_name) select unnest(${sql.param(names)}::text[]) order by 1 on conflict (author_name) do nothing`,
    );
    for (const row of await db.select().from(authors).where(inArray(authors.author_name, names))) idOf.set(row.author_name, row.id);
  }
  const errors: FieldError[] = [];
  const resolved = lists.map((list) =>
    list.map((author, index) => {
      if (author.authorId === undefined)
        return { authorType: author.authorType, authorId: idOf.get(author.author_name!)!, author_name: author.author_name! };
      const name = nameOf.get(author.authorId);
      if (name === undefined) errors.push({ field: `authors.${index}.authorId`, message: 'Author not found' });
      return { authorType: author.authorType, authorId: author.authorId, author_name: name ?? '' };
    }),
  );
  if (errors.length) throw validationError(errors);
  return resolved;
}

/**
 * The authors GET /book/author-name offers (docs/api.md 'Lookups'): with `queryString`, those
 * whose name holds it, names starting with it first; without, the first by name. At most 20.
 * @returns `[{ id, author_name }]`
 */
export async function listAuthorNames(db: DbOrTx, queryString: string | undefined): Promise<{ id: number; author_name: string }[]> {
  const query = queryString?.normalize('NFC').trim();
  if (!query)
    return db
      .select({ id: authors.id, author_name: authors.author_name })
      .from(authors)
      .orderBy(asc(authors.author_name))
      .limit(AUTHOR_NAMES_LIMIT);
  return db
    .select({ id: authors.id, author_name: authors.author_name })
    .from(authors)
    .where(sql`${authors.author_name} ilike ${containsPattern(query)}`)
    .orderBy(
      sql`${authors.author_name} ilike ${`${likeLiteral(query)}%`} desc`,
      sql`length(${authors.author_name})`,
      asc(authors.author_name),
    )
    .limit(AUTHOR_NAMES_LIMIT);
}
