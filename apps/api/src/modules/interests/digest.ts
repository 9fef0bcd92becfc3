/**
 * The digest run (decision 073): every INTEREST_DIGEST_SECONDS a job (`interestDigest`, lib/jobs.ts)
 * tells each library whose frequency is weekly of the books registered since its last run that
 * match its interests (matching.ts), as one e-mail in its language with one-click unsubscribe
 * (RFC 8058) and, where WhatsApp is configured, one utility template message. Nothing matches:
 * no message. Each library is one transaction that locks its interests row, records the digest
 * and the books it names, queues the messages (the outbox) and moves the library's window on,
 * so two copies running at once never tell a book twice. Each run queues the next one first, so
 * a run that fails does not end the chain.
 */
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { isInterfaceLanguage, type InterfaceLanguage } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { accounts, digest_books, interest_digests, libraries, library_interests } from '../../db/schema.js';
import { enqueueMessage } from '../../lib/outbox.js';
import { digestHtml, digestSubject, digestText, digestWhatsappText, type DigestContent, type MailedBook } from './digest-mail.js';
import { digestBooks, newBooksFor, type DigestBook } from './matching.js';
import { signDigestLink } from './tokens.js';

/** Books one digest names at most; more are counted and left to Recently Published. */
export const DIGEST_MAX_BOOKS = 20;
/** How many matching books beyond those named are counted at most (the rest say 'and N more' all the same). */
const MORE_COUNTED = 1000;
/**
 * How far behind the clock a run's window ends, ms: half the run's interval, at most a minute,
 * so a book whose registration is still committing is in the next run rather than in neither.
 */
export const settleMs = (intervalSeconds: number) => Math.min(60_000, (intervalSeconds * 1000) / 2);

/** The paths the digest links to, on PUBLIC_URL. */
export const DIGEST_PATHS = {
  interests: '/interests',
  recent: '/new-published-books',
  cart: (token: string) => `/api/interests/cart?token=${token}`,
  notForUs: (token: string) => `/api/interests/not-for-us?token=${token}`,
  view: (token: string) => `/api/interests/digest?token=${token}`,
  unsubscribe: (token: string) => `/api/interests/unsubscribe?token=${token}`,
};

/** The library's name, language and WhatsApp number. */
async function recipientOf(db: DbOrTx, libraryId: number) {
  const [row] = await db
    .select({ name: libraries.name, email: accounts.email, whatsapp: libraries.whatsapp_no, lng: accounts.preferred_language })
    .from(libraries)
    .innerJoin(accounts, eq(accounts.id, libraries.account_id))
    .where(eq(libraries.id, libraryId));
  return row ? { ...row, lng: isInterfaceLanguage(row.lng) ? row.lng : ('en' as const) } : null;
}

/** Everything a digest of `books` says to `libraryId`, with its signed links. */
export async function digestContent(
  ctx: AppContext,
  recipient: { name: string; lng: InterfaceLanguage },
  digest: { id: number; libraryId: number; since: Date },
  books: DigestBook[],
  more: number,
): Promise<DigestContent> {
  const base = ctx.config.publicUrl;
  const mailed: MailedBook[] = [];
  for (const book of books) {
    const link = { libraryId: digest.libraryId, bookId: book.id, digestId: digest.id };
    const cover = ctx.storage.url(book.coverKey);
    mailed.push({
      ...book,
      coverUrl: cover ? new URL(cover, base).href : null,
      cartUrl: base + DIGEST_PATHS.cart(await signDigestLink(ctx, { kind: 'cart', ...link })),
      notForUsUrl: base + DIGEST_PATHS.notForUs(await signDigestLink(ctx, { kind: 'notForUs', ...link })),
    });
  }
  return {
    lng: recipient.lng,
    library: recipient.name,
    since: digest.since,
    books: mailed,
    more,
    recentUrl: base + DIGEST_PATHS.recent,
    interestsUrl: base + DIGEST_PATHS.interests,
    unsubscribeUrl: base + DIGEST_PATHS.unsubscribe(await signDigestLink(ctx, { kind: 'unsubscribe', libraryId: digest.libraryId })),
  };
}

/**
 * Sends `libraryId` its digest of the books registered after its window's start and up to
 * `until`, if its frequency is weekly and any match; moves its window to `until` either way.
 * @returns how many books the digest named (0: no digest)
 */
export async function sendInterestDigest(ctx: AppContext, libraryId: number, until: Date): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const [interests] = await tx
      .select({ since: library_interests.since })
      .from(library_interests)
      .where(
        and(eq(library_interests.library_id, libraryId), eq(library_interests.frequency, 'weekly'), lt(library_interests.since, until)),
      )
      .for('update');
    if (!interests) return 0;
    const found = await newBooksFor(tx, libraryId, interests.since, until, DIGEST_MAX_BOOKS + 1);
    await tx.update(library_interests).set({ since: until }).where(eq(library_interests.library_id, libraryId));
    const recipient = found.length ? await recipientOf(tx, libraryId) : null;
    if (!recipient) return 0;
    const books = found.slice(0, DIGEST_MAX_BOOKS);
    const more =
      found.length > DIGEST_MAX_BOOKS
        ? (await newBooksFor(tx, libraryId, interests.since, until, DIGEST_MAX_BOOKS + MORE_COUNTED)).length - DIGEST_MAX_BOOKS
        : 0;
    const [digest] = await tx
      .insert(interest_digests)
      .values({ library_id: libraryId, since_at: interests.since, until_at: until, created_at: ctx.clock() })
      .returning({ id: interest_digests.id });
    await tx.insert(digest_books).values(books.map((book) => ({ digest_id: digest!.id, book_id: book.id, library_id: libraryId })));
    const content = await digestContent(ctx, recipient, { id: digest!.id, libraryId, since: interests.since }, books, more);
    const subject = digestSubject(content);
    await enqueueMessage(tx, {
      channel: 'email',
      to: recipient.email,
      subject,
      text: digestText(content),
      html: digestHtml(content),
      unsubscribeUrl: content.unsubscribeUrl,
    });
    if (ctx.config.useWhatsapp) {
      const view = ctx.config.publicUrl + DIGEST_PATHS.view(await signDigestLink(ctx, { kind: 'view', libraryId, digestId: digest!.id }));
      const count = books.length + more;
      await enqueueMessage(tx, {
        channel: 'whatsapp',
        to: recipient.whatsapp,
        subject,
        text: digestWhatsappText(recipient.lng, recipient.name, count, view),
        template: { name: ctx.config.WHATSAPP_DIGEST_TEMPLATE, language: recipient.lng, parameters: [recipient.name, String(count), view] },
      });
    }
    return books.length;
  });
}

/**
 * One run: the digest of every library whose frequency is weekly, for the books registered up
 * to a little before now (`settleMs`).
 * @returns how many libraries were told, and of how many books in all
 */
export async function runInterestDigests(ctx: AppContext): Promise<{ digests: number; books: number }> {
  const until = new Date(ctx.clock().getTime() - settleMs(ctx.config.INTEREST_DIGEST_SECONDS));
  const due = await ctx.db
    .select({ libraryId: library_interests.library_id })
    .from(library_interests)
    .where(and(eq(library_interests.frequency, 'weekly'), lt(library_interests.since, until)))
    .orderBy(asc(library_interests.library_id));
  let digests = 0;
  let books = 0;
  for (const { libraryId } of due) {
    const named = await sendInterestDigest(ctx, libraryId, until);
    if (named) digests++;
    books += named;
  }
  return { digests, books };
}

/**
 * Queues the next run INTEREST_DIGEST_SECONDS from now, unless one is waiting (its singleton
 * key). Called when a copy starts and by each run; a run that cannot be queued is logged by the
 * job queue and queued again by the next start or run. The key names the interval: after a
 * change of the setting the next start begins a chain on the new interval, and the run waiting
 * on the old one runs once more and queues no other (its key is taken).
 */
export async function scheduleInterestDigests(ctx: AppContext): Promise<void> {
  const seconds = ctx.config.INTEREST_DIGEST_SECONDS;
  await ctx.jobs.send('interestDigest', {}, { singletonKey: `every-${seconds}s`, startAfterSeconds: seconds }).catch(() => undefined);
}

/**
 * The books a digest named, as it named them (books withdrawn since left out), with its
 * library's name and language: the digest as a page (WhatsApp's link).
 */
export async function digestOf(ctx: AppContext, libraryId: number, digestId: number): Promise<DigestContent | null> {
  const [digest] = await ctx.db
    .select({ since: interest_digests.since_at })
    .from(interest_digests)
    .where(and(eq(interest_digests.id, digestId), eq(interest_digests.library_id, libraryId)));
  const recipient = digest ? await recipientOf(ctx.db, libraryId) : null;
  if (!digest || !recipient) return null;
  const named = await ctx.db
    .select({ bookId: digest_books.book_id })
    .from(digest_books)
    .where(and(eq(digest_books.digest_id, digestId), sql`${digest_books.dismissed_at} is null`));
  const books = await digestBooks(
    ctx.db,
    named.map((row) => row.bookId).sort((a, b) => a - b),
  );
  return digestContent(ctx, recipient, { id: digestId, libraryId, since: digest.since }, books, 0);
}
