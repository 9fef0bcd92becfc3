/**
 * Atom 1.0 feeds of newly published books (RFC 4287, written by `feed`; decision 073): all new
 * books (`/feeds/new`), a publisher's (`/feeds/publisher/<publisher no.>`), a language's
 * (`/feeds/language/gujarati`) and a subject's (`/feeds/subject/moral-stories`), newest first,
 * FEED_ENTRIES at most. Each entry links to the book's QR page, has the id `urn:jsbn:<JSBN>`,
 * the cover as an enclosure and a summary in the feed's language (`?lang=en|gu|hi`, English by
 * default). Only books a visitor may see are in them (books/visibility.ts): a withdrawn book, or
 * a suspended publisher's, leaves at the next change. Feeds are cached like the public pages:
 * cached in the public page cache until a book or publisher changes (a publisher's feed until that
 * publisher's change), sent with an ETag (304 on a match) and
 * `Cache-Control: public, max-age=300, s-maxage=300, stale-while-revalidate=3600`, so a proxy or
 * a CDN answers feed readers' polls.
 */
import escapeHtml from 'escape-html';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Feed } from 'feed';
import { z } from 'zod';
import {
  INTERFACE_LANGUAGES,
  LANGUAGES,
  LOOKUP_CATALOGUES,
  SUBJECTS,
  formatJsbn,
  languageText,
  lookupText,
  swaroopText,
  type InterfaceLanguage,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { book_authors, book_subjects, books, publishers } from '../../db/schema.js';
import { noticeText } from '../../lib/notices.js';
import { ANY_PUBLISHER, sendCachedPage } from '../../lib/public-pages.js';
import { SUSPENDED_PUBLISHERS, VISIBLE_BOOK } from '../books/visibility.js';
import { digestPrice } from './digest-mail.js';

/** Entries of a feed (the newest books). */
export const FEED_ENTRIES = 50;
/** How long a proxy or a reader may use a feed before asking again, s; then it revalidates by ETag. */
export const FEED_CACHE_CONTROL = 'public, max-age=300, s-maxage=300, stale-while-revalidate=3600';
export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

/** A feed's address segment of a language or subject name ('Moral stories' → 'moral-stories'). */
export const feedSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The languages with a feed (the single ones), by slug. */
const LANGUAGE_SLUGS = new Map(
  LANGUAGES.filter((language) => !language.language_name.includes(',')).map((language) => [
    feedSlug(language.language_name),
    language.language_name,
  ]),
);
/** The subjects with a feed, by slug. */
const SUBJECT_SLUGS = new Map(SUBJECTS.map((subject) => [feedSlug(subject.subject_name), subject]));

/** The paths of the feeds (outside /api: the addresses readers subscribe to). */
export const FEED_PATHS = {
  new: '/feeds/new',
  publisher: (publisherNo: string) => `/feeds/publisher/${encodeURIComponent(publisherNo)}`,
  language: (language: string) => `/feeds/language/${feedSlug(language)}`,
  subject: (subject: string) => `/feeds/subject/${feedSlug(subject)}`,
};

/** The address of the feed at `path` in `lng` (English has no `?lang=`). */
export const feedUrl = (publicUrl: string, path: string, lng: InterfaceLanguage = 'en') =>
  `${publicUrl}${path}${lng === 'en' ? '' : `?lang=${lng}`}`;

/** The `<link rel="alternate" type="application/atom+xml">` that names a feed in a page's head (RFC 4287 autodiscovery). */
export const feedLinkTag = (href: string, title: string) =>
  `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(title)}" href="${escapeHtml(href)}" />`;

/** The head tag naming the feed of a publisher's new books (a book's QR page names its publisher's). */
export const publisherFeedTag = (publicUrl: string, publisher: { publisher_no: string; publisher_name: string }) =>
  feedLinkTag(
    feedUrl(publicUrl, FEED_PATHS.publisher(publisher.publisher_no)),
    say('en', 'publisher', { publisher: publisher.publisher_name }),
  );

/** A page's head with the feed of newly published books named in it, in `lng` (the search page, which lists them). */
export const withNewBooksFeed = (publicUrl: string, lng: InterfaceLanguage) => (shell: string) =>
  shell.replace(
    '</head>',
    () => `  ${feedLinkTag(feedUrl(publicUrl, FEED_PATHS.new, lng), say(lng, 'new'))}
  </head>`,
  );

/** Which books a feed holds and what it is called. */
interface FeedScope {
  path: string;
  where: SQL | undefined;
  title: (lng: InterfaceLanguage) => string;
  /** The publisher whose changes make it old, or ANY_PUBLISHER. */
  publisherId: number;
}

const lang = z.object({ lang: z.enum(INTERFACE_LANGUAGES, 'lang must be en, gu or hi').default('en') });
const say = (lng: InterfaceLanguage, key: string, values: Record<string, unknown> = {}) => noticeText(lng, `feeds.${key}`, values);

/** The feed of `scope` in `lng`: Atom XML. */
async function makeFeed(ctx: AppContext, scope: FeedScope, lng: InterfaceLanguage): Promise<string> {
  const base = ctx.config.publicUrl;
  const rows = await ctx.db
    .select({
      id: books.id,
      jsbn: books.jsbn_number,
      title: books.book_title,
      englishTitle: books.book_e_title,
      language: books.language,
      type: books.type,
      other_type: books.other_type,
      pages: books.pages,
      priceKind: books.price_kind,
      priceMinor: books.price_minor,
      currency: books.currency,
      coverKey: books.cover_key,
      publisher: publishers.publisher_name,
      created: books.created_at,
      updated: books.updated_at,
    })
    .from(books)
    .innerJoin(publishers, eq(publishers.id, books.publisher_id))
    .where(and(VISIBLE_BOOK, scope.where))
    .orderBy(desc(books.created_at), desc(books.id))
    .limit(FEED_ENTRIES);
  const ids = rows.map((row) => row.id);
  const [authorRows, subjectRows] = ids.length
    ? await Promise.all([
        ctx.db
          .select({ bookId: book_authors.book_id, name: book_authors.author_name })
          .from(book_authors)
          .where(inArray(book_authors.book_id, ids))
          .orderBy(asc(book_authors.book_id), asc(book_authors.position)),
        ctx.db
          .select({ bookId: book_subjects.book_id, subjectId: book_subjects.subject_id })
          .from(book_subjects)
          .where(inArray(book_subjects.book_id, ids)),
      ])
    : [[], []];
  const lookups = LOOKUP_CATALOGUES[lng];
  const label = (key: string) => noticeText(lng, `sheet.${key}`);
  const selfUrl = feedUrl(base, scope.path, lng);
  const feed = new Feed({
    id: selfUrl,
    title: scope.title(lng),
    description: say(lng, 'subtitle'),
    link: `${base}/search-a-book`,
    feed: selfUrl,
    updated:
      rows.reduce<Date | undefined>((latest, row) => (!latest || row.updated > latest ? row.updated : latest), undefined) ?? new Date(0),
    generator: 'JSBN',
    copyright: 'JSBN',
  });
  for (const row of rows) {
    const jsbn = formatJsbn(row.jsbn);
    const cover = ctx.storage.url(row.coverKey);
    const coverUrl = cover ? new URL(cover, base).href : undefined;
    const subjects = subjectRows
      .filter((subject) => subject.bookId === row.id)
      .map((subject) => SUBJECTS.find((known) => known.id === subject.subjectId)?.subject_name)
      .filter((name): name is string => Boolean(name));
    const authors = authorRows.filter((author) => author.bookId === row.id).map((author) => author.name);
    const facts: [string, string][] = [
      [label('englishTitle'), row.englishTitle],
      [label('authors'), authors.join(', ')],
      [label('publisher'), row.publisher],
      [label('language'), languageText(lookups, row.language)],
      [label('subjects'), subjects.map((name) => lookupText(lookups, 'subjects', name)).join(', ')],
      [label('swaroop'), swaroopText(lookups, row, { code: false })],
      [label('pages'), String(row.pages)],
      [label('price'), digestPrice(lng, row)],
    ];
    const summary = [
      coverUrl ? `<p><img src="${escapeHtml(coverUrl)}" alt="${escapeHtml(say(lng, 'cover', { title: row.title }))}" width="160"></p>` : '',
      `<p>${facts
        .filter(([, value]) => value)
        .map(([name, value]) => `${escapeHtml(name)}: ${escapeHtml(value)}`)
        .join('<br>')}</p>`,
    ].join('');
    feed.addItem({
      title: row.title,
      id: `urn:jsbn:${jsbn}`,
      link: `${base}/jsbn/${encodeURIComponent(jsbn)}`,
      date: row.updated,
      published: row.created,
      description: summary,
      author: authors.map((name) => ({ name })),
      category: subjects.map((name) => ({ term: name, label: lookupText(lookups, 'subjects', name) }) as never),
      ...(coverUrl ? { image: { url: coverUrl, type: 'image/jpeg' } } : {}),
    });
  }
  return feed.atom1();
}

/** Sends the feed of `scope` in `lng` from the public page cache (made once however many ask). */
async function sendFeed(
  ctx: AppContext,
  request: Parameters<typeof sendCachedPage>[0],
  reply: Parameters<typeof sendCachedPage>[1],
  scope: FeedScope,
  lng: InterfaceLanguage,
) {
  const page = await ctx.publicPages.get(`feed:${lng}:${scope.path}`, async () => ({
    body: await makeFeed(ctx, scope, lng),
    publisherId: scope.publisherId,
  }));
  reply.type(ATOM_TYPE).header('cache-control', FEED_CACHE_CONTROL);
  return sendCachedPage(request, reply, page);
}

/** 404 as XML-free text: a feed that does not exist. */
const NO_FEED = { statusCode: 404, message: 'Feed not found', error: 'NOT_FOUND' };

/** Registers the feeds (outside /api). */
export function feedRoutes(app: FastifyInstance, ctx: AppContext): void {
  const feeds = app.withTypeProvider<ZodTypeProvider>();
  const options = <P extends z.ZodType>(params: P) => ({ schema: { hide: true, params, querystring: lang } });

  /** GET /feeds/new?lang= — every newly published book. */
  feeds.get('/feeds/new', options(z.object({})), (request, reply) =>
    sendFeed(
      ctx,
      request,
      reply,
      { path: FEED_PATHS.new, where: undefined, title: (lng) => say(lng, 'new'), publisherId: ANY_PUBLISHER },
      request.query.lang,
    ),
  );

  /** GET /feeds/publisher/:publisherNo?lang= — a publisher's new books; 404 for an unknown or suspended publisher. */
  feeds.get('/feeds/publisher/:publisherNo', options(z.object({ publisherNo: z.string().max(20) })), async (request, reply) => {
    const [publisher] = await ctx.db
      .select({ id: publishers.id, no: publishers.publisher_no, name: publishers.publisher_name })
      .from(publishers)
      .where(
        and(
          eq(publishers.publisher_no, request.params.publisherNo.toUpperCase()),
          sql`not (${publishers.id} = any(${SUSPENDED_PUBLISHERS}))`,
        ),
      );
    if (!publisher) return reply.status(404).send(NO_FEED);
    return sendFeed(
      ctx,
      request,
      reply,
      {
        path: FEED_PATHS.publisher(publisher.no),
        where: eq(books.publisher_id, publisher.id),
        title: (lng) => say(lng, 'publisher', { publisher: publisher.name }),
        publisherId: publisher.id,
      },
      request.query.lang,
    );
  });

  /** GET /feeds/language/:language?lang= — new books in a language (a book in two languages is in both). */
  feeds.get('/feeds/language/:language', options(z.object({ language: z.string().max(40) })), async (request, reply) => {
    const language = LANGUAGE_SLUGS.get(request.params.language.toLowerCase());
    if (!language) return reply.status(404).send(NO_FEED);
    return sendFeed(
      ctx,
      request,
      reply,
      {
        path: FEED_PATHS.language(language),
        where: sql`${language} = any(regexp_split_to_array(${books.language}, '\\s*,\\s*'))`,
        title: (lng) => say(lng, 'language', { language: lookupText(LOOKUP_CATALOGUES[lng], 'languages', language) }),
        publisherId: ANY_PUBLISHER,
      },
      request.query.lang,
    );
  });

  /** GET /feeds/subject/:subject?lang= — new books on a subject. */
  feeds.get('/feeds/subject/:subject', options(z.object({ subject: z.string().max(40) })), async (request, reply) => {
    const subject = SUBJECT_SLUGS.get(request.params.subject.toLowerCase());
    if (!subject) return reply.status(404).send(NO_FEED);
    return sendFeed(
      ctx,
      request,
      reply,
      {
        path: FEED_PATHS.subject(subject.subject_name),
        where: sql`exists (select 1 from book_subjects fs where fs.book_id = ${books.id} and fs.subject_id = ${subject.id})`,
        title: (lng) => say(lng, 'subject', { subject: lookupText(LOOKUP_CATALOGUES[lng], 'subjects', subject.subject_name) }),
        publisherId: ANY_PUBLISHER,
      },
      request.query.lang,
    );
  });
}
