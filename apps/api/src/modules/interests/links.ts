/**
 * What a digest's links do (decision 073), with no sign-in: the signed token says for which
 * library, book and digest. 'Add to cart' notes the tap and leads to the publisher's books with
 * the book in the cart (`?book=<JSBN>`), where the library signs in to order; 'Not for us' keeps
 * the book out of the library's later digests; unsubscribe sets its frequency to never (RFC 8058
 * one-click: a POST to the List-Unsubscribe address). Each answers the page to show
 * (link-pages.ts) or the address to go to.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { formatJsbn, isInterfaceLanguage, type InterfaceLanguage } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { accounts, books, digest_books, libraries, library_interests } from '../../db/schema.js';
import { VISIBLE_BOOK } from '../books/visibility.js';
import { digestHtml } from './digest-mail.js';
import { DIGEST_PATHS, digestOf } from './digest.js';
import { pageText, type LinkPage } from './link-pages.js';
import { readDigestLink, type DigestLink, type LinkProblem } from './tokens.js';

/** What a link answers: a page (with its HTTP status) or an address to go to. */
export type LinkAnswer = { page: LinkPage | string; status: 200 | 404 | 410 } | { redirect: string };

/** The name and language of a library. */
async function libraryOf(ctx: AppContext, libraryId: number): Promise<{ name: string; lng: InterfaceLanguage } | null> {
  const [row] = await ctx.db
    .select({ name: libraries.name, lng: accounts.preferred_language })
    .from(libraries)
    .innerJoin(accounts, eq(accounts.id, libraries.account_id))
    .where(eq(libraries.id, libraryId));
  return row ? { name: row.name, lng: isInterfaceLanguage(row.lng) ? row.lng : 'en' } : null;
}

/** The onward links of every page: the interests page and Recently Published. */
const onward = (ctx: AppContext, lng: InterfaceLanguage) => [
  { label: pageText(lng, 'interestsLink'), href: ctx.config.publicUrl + DIGEST_PATHS.interests },
  { label: pageText(lng, 'recentLink'), href: ctx.config.publicUrl + DIGEST_PATHS.recent },
];

/** The page of a refused link: 410 for an expired one, 404 for a broken one (in `lng`, English when the token names no library). */
function refused(ctx: AppContext, problem: LinkProblem, lng: InterfaceLanguage = 'en'): LinkAnswer {
  return {
    status: problem === 'expired' ? 410 : 404,
    page: { lng, title: pageText(lng, `${problem}Title`), text: pageText(lng, problem), links: onward(ctx, lng) },
  };
}

/** Reads a token of `kind` and its library, or the refusal to answer. */
async function opened<K extends DigestLink['kind']>(
  ctx: AppContext,
  token: string,
  kind: K,
): Promise<{ answer: LinkAnswer } | { link: Extract<DigestLink, { kind: K }>; library: { name: string; lng: InterfaceLanguage } }> {
  const link = await readDigestLink(ctx, token, kind);
  if (typeof link === 'string') return { answer: refused(ctx, link) };
  const library = await libraryOf(ctx, link.libraryId);
  if (!library) return { answer: refused(ctx, 'invalid') };
  return { link, library };
}

/** The book of a link when a visitor may still see it. */
async function visibleBook(ctx: AppContext, bookId: number) {
  const [book] = await ctx.db
    .select({ id: books.id, title: books.book_title, jsbn: books.jsbn_number, publisherId: books.publisher_id })
    .from(books)
    .where(and(eq(books.id, bookId), VISIBLE_BOOK));
  return book ?? null;
}

/** A book no longer shown (withdrawn, or its publisher suspended): 410 with a sentence. */
const goneBook = (ctx: AppContext, lng: InterfaceLanguage): LinkAnswer => ({
  status: 410,
  page: { lng, title: pageText(lng, 'goneTitle'), text: pageText(lng, 'gone'), links: onward(ctx, lng) },
});

/** 'Add to cart': notes the tap, then the publisher's books with the book in the cart. */
export async function openCartLink(ctx: AppContext, token: string): Promise<LinkAnswer> {
  const found = await opened(ctx, token, 'cart');
  if ('answer' in found) return found.answer;
  const { link, library } = found;
  const book = await visibleBook(ctx, link.bookId);
  if (!book) return goneBook(ctx, library.lng);
  await ctx.db
    .update(digest_books)
    .set({ carted_at: ctx.clock() })
    .where(
      and(
        eq(digest_books.digest_id, link.digestId),
        eq(digest_books.book_id, link.bookId),
        eq(digest_books.library_id, link.libraryId),
        isNull(digest_books.carted_at),
      ),
    );
  return { redirect: `/publisher-wise-books/${book.publisherId}?book=${encodeURIComponent(formatJsbn(book.jsbn))}` };
}

/**
 * 'Not for us': the page with its button (`confirm` false), or, posted, the book kept out of the
 * library's later digests and the page saying so.
 */
export async function openNotForUsLink(ctx: AppContext, token: string, confirm: boolean): Promise<LinkAnswer> {
  const found = await opened(ctx, token, 'notForUs');
  if ('answer' in found) return found.answer;
  const { link, library } = found;
  const book = await visibleBook(ctx, link.bookId);
  if (!book) return goneBook(ctx, library.lng);
  const values = { title: book.title, library: library.name };
  const lng = library.lng;
  if (!confirm) {
    return {
      status: 200,
      page: {
        lng,
        title: pageText(lng, 'notForUsTitle'),
        text: pageText(lng, 'notForUsText', values),
        button: pageText(lng, 'notForUsButton'),
        links: [],
      },
    };
  }
  await ctx.db
    .update(digest_books)
    .set({ dismissed_at: ctx.clock() })
    .where(
      and(
        eq(digest_books.digest_id, link.digestId),
        eq(digest_books.book_id, link.bookId),
        eq(digest_books.library_id, link.libraryId),
        isNull(digest_books.dismissed_at),
      ),
    );
  return {
    status: 200,
    page: { lng, title: pageText(lng, 'doneTitle'), text: pageText(lng, 'notForUsDone', values), links: onward(ctx, lng) },
  };
}

/**
 * Unsubscribe: the page with its button (`confirm` false), or, posted (the page's button, or a
 * mail client's RFC 8058 one-click POST), the library's frequency set to never and the page
 * saying so. Posting twice is posting once.
 */
export async function openUnsubscribeLink(ctx: AppContext, token: string, confirm: boolean): Promise<LinkAnswer> {
  const found = await opened(ctx, token, 'unsubscribe');
  if ('answer' in found) return found.answer;
  const { link, library } = found;
  const lng = library.lng;
  const values = { library: library.name };
  if (!confirm) {
    return {
      status: 200,
      page: {
        lng,
        title: pageText(lng, 'stopTitle'),
        text: pageText(lng, 'stopText', values),
        button: pageText(lng, 'stopButton'),
        links: [],
      },
    };
  }
  const now = ctx.clock();
  await ctx.db
    .insert(library_interests)
    .values({ library_id: link.libraryId, frequency: 'never', since: now })
    .onConflictDoUpdate({ target: library_interests.library_id, set: { frequency: 'never', updated_at: now } });
  return {
    status: 200,
    page: { lng, title: pageText(lng, 'doneTitle'), text: pageText(lng, 'stopDone', values), links: onward(ctx, lng) },
  };
}

/** The digest as a page (the WhatsApp message's link): the e-mail's HTML, with fresh links. */
export async function openDigestLink(ctx: AppContext, token: string): Promise<LinkAnswer> {
  const found = await opened(ctx, token, 'view');
  if ('answer' in found) return found.answer;
  const content = await digestOf(ctx, found.link.libraryId, found.link.digestId);
  if (!content) return refused(ctx, 'invalid', found.library.lng);
  return { status: 200, page: digestHtml(content) };
}
