/**
 * A library's interests and follows, and a publisher's counts (decision 073). Every call is
 * scoped to the caller: a library reads and changes only its own interests, a publisher reads
 * only its own counts (never which libraries). Interests and follows are the library's settings,
 * changed in place like its language, not entries of the registry's record.
 */
import { and, asc, count, countDistinct, desc, eq, sql } from 'drizzle-orm';
import type { InterestReach, InterestsDto, ListQuery, interestsBody } from '@jsbn/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { authors, books, digest_books, followed_authors, followed_publishers, library_interests, publishers } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/pagination.js';
import { SUSPENDED_PUBLISHERS, VISIBLE_BOOK } from '../books/visibility.js';

type InterestsInput = z.output<typeof interestsBody>;

/**
 * Makes sure the library has an interests row (weekly, nothing named): its window starts now, so
 * its first digest tells of books registered from the moment it first stated an interest.
 */
async function ensureInterests(db: DbOrTx, libraryId: number, now: Date): Promise<void> {
  await db.insert(library_interests).values({ library_id: libraryId, since: now }).onConflictDoNothing();
}

/** The library's interests with the publishers and authors it follows, by name. */
export async function readInterests(db: DbOrTx, libraryId: number): Promise<InterestsDto> {
  const [[row], followedPublishers, followedAuthors] = await Promise.all([
    db.select().from(library_interests).where(eq(library_interests.library_id, libraryId)),
    db
      .select({ id: publishers.id, publisher_name: publishers.publisher_name, publisher_no: publishers.publisher_no })
      .from(followed_publishers)
      .innerJoin(publishers, eq(publishers.id, followed_publishers.publisher_id))
      .where(eq(followed_publishers.library_id, libraryId))
      .orderBy(asc(publishers.publisher_name), asc(publishers.id)),
    db
      .select({ id: authors.id, author_name: authors.author_name })
      .from(followed_authors)
      .innerJoin(authors, eq(authors.id, followed_authors.author_id))
      .where(eq(followed_authors.library_id, libraryId))
      .orderBy(asc(authors.author_name), asc(authors.id)),
  ]);
  return {
    languages: row?.languages ?? [],
    subject_ids: row?.subject_ids ?? [],
    swaroops: row?.swaroops ?? [],
    frequency: row?.frequency ?? 'weekly',
    publishers: followedPublishers,
    authors: followedAuthors,
  };
}

/** Replaces the library's languages, subjects, swaroops and frequency (PUT /library/interests). */
export async function saveInterests(ctx: AppContext, libraryId: number, input: InterestsInput): Promise<InterestsDto> {
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    await ensureInterests(tx, libraryId, now);
    await tx
      .update(library_interests)
      .set({
        languages: input.languages,
        subject_ids: input.subject_ids,
        swaroops: input.swaroops,
        frequency: input.frequency,
        updated_at: now,
      })
      .where(eq(library_interests.library_id, libraryId));
    return readInterests(tx, libraryId);
  });
}

/**
 * Follows (or, `follow` false, stops following) the publisher `publisherId`; following twice is
 * following once.
 * @throws AppError 404 'Publisher not found' for an unknown or suspended publisher (following)
 */
export async function followPublisher(ctx: AppContext, libraryId: number, publisherId: number, follow: boolean): Promise<InterestsDto> {
  return ctx.db.transaction(async (tx) => {
    if (follow) {
      const [known] = await tx
        .select({ id: publishers.id })
        .from(publishers)
        .where(and(eq(publishers.id, publisherId), sql`not (${publishers.id} = any(${SUSPENDED_PUBLISHERS}))`));
      if (!known) throw notFound('Publisher');
      await ensureInterests(tx, libraryId, ctx.clock());
      await tx.insert(followed_publishers).values({ library_id: libraryId, publisher_id: publisherId }).onConflictDoNothing();
    } else {
      await tx
        .delete(followed_publishers)
        .where(and(eq(followed_publishers.library_id, libraryId), eq(followed_publishers.publisher_id, publisherId)));
    }
    return readInterests(tx, libraryId);
  });
}

/**
 * Follows (or stops following) the author `authorId`.
 * @throws AppError 404 'Author not found' for an unknown author (following)
 */
export async function followAuthor(ctx: AppContext, libraryId: number, authorId: number, follow: boolean): Promise<InterestsDto> {
  return ctx.db.transaction(async (tx) => {
    if (follow) {
      const [known] = await tx.select({ id: authors.id }).from(authors).where(eq(authors.id, authorId));
      if (!known) throw notFound('Author');
      await ensureInterests(tx, libraryId, ctx.clock());
      await tx.insert(followed_authors).values({ library_id: libraryId, author_id: authorId }).onConflictDoNothing();
    } else {
      await tx.delete(followed_authors).where(and(eq(followed_authors.library_id, libraryId), eq(followed_authors.author_id, authorId)));
    }
    return readInterests(tx, libraryId);
  });
}

/**
 * What the publisher sees of the libraries' interest (GET /publisher/interest): how many
 * libraries follow it, and a page of its books that digests named, most named first, each with
 * how many digests named it. Counts only: never which library.
 */
export async function publisherReach(db: DbOrTx, publisherId: number, query: Pick<ListQuery, 'pageNo' | 'limit'>): Promise<InterestReach> {
  const { offset, limit } = pageOf(query);
  const named = and(eq(books.publisher_id, publisherId), VISIBLE_BOOK);
  const digests = countDistinct(digest_books.digest_id);
  const [[followers], [total], rows] = await Promise.all([
    db.select({ n: count() }).from(followed_publishers).where(eq(followed_publishers.publisher_id, publisherId)),
    db
      .select({ n: countDistinct(digest_books.book_id) })
      .from(digest_books)
      .innerJoin(books, eq(books.id, digest_books.book_id))
      .where(named),
    db
      .select({ id: books.id, jsbn_number: books.jsbn_number, book_title: books.book_title, digests })
      .from(digest_books)
      .innerJoin(books, eq(books.id, digest_books.book_id))
      .where(named)
      .groupBy(books.id)
      .orderBy(desc(digests), desc(books.id))
      .offset(offset)
      .limit(limit),
  ]);
  return { followers: followers?.n ?? 0, total: total?.n ?? 0, books: rows };
}
