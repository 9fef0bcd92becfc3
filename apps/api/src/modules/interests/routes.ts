/**
 * The interests endpoints (decision 073): a library's interests and follows (library only), a
 * publisher's counts (publisher only), and the digest e-mail's links, which need no sign-in —
 * their signed token is the permission. The links' pages are HTML made here, never cached
 * (`private, no-store`: they hold a token); the unsubscribe POST takes RFC 8058's form body
 * (`List-Unsubscribe=One-Click`, `application/x-www-form-urlencoded` or `multipart/form-data`)
 * or none, and answers 200.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MSG, interestEndpoints } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { requireLibrary, requirePublisher } from '../../lib/auth.js';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { linkPageHtml } from './link-pages.js';
import { openCartLink, openDigestLink, openNotForUsLink, openUnsubscribeLink, type LinkAnswer } from './links.js';
import { followAuthor, followPublisher, publisherReach, readInterests, saveInterests } from './service.js';

/** Sends a link's answer: its page with its status, or a 303 to where it leads. */
function sendAnswer(reply: FastifyReply, answer: LinkAnswer): FastifyReply {
  reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
  if ('redirect' in answer) return reply.redirect(answer.redirect, 303);
  const html = typeof answer.page === 'string' ? answer.page : linkPageHtml(answer.page);
  return reply.status(answer.status).type('text/html; charset=utf-8').send(html);
}

export function interestRoutes(app: FastifyInstance, ctx: AppContext) {
  /** GET /api/library/interests → `{ interests }` (library). */
  route(app, interestEndpoints.mine, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok({ interests: await readInterests(ctx.db, actor.libraryId) });
  });

  /** PUT /api/library/interests `{ languages, subject_ids, swaroops, frequency }` → `{ interests }`; 400 naming a value not in its list. */
  route(app, interestEndpoints.save, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok({ interests: await saveInterests(ctx, actor.libraryId, request.body) }, MSG.interestsSaved);
  });

  /** PUT|DELETE /api/library/follows/publisher/:publisherId → `{ interests }`; 404 for an unknown publisher. */
  route(app, interestEndpoints.followPublisher, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok({ interests: await followPublisher(ctx, actor.libraryId, request.params.publisherId, true) }, MSG.followingPublisher);
  });
  route(app, interestEndpoints.unfollowPublisher, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok({ interests: await followPublisher(ctx, actor.libraryId, request.params.publisherId, false) }, MSG.unfollowedPublisher);
  });

  /** PUT|DELETE /api/library/follows/author/:authorId → `{ interests }`; 404 for an unknown author. */
  route(app, interestEndpoints.followAuthor, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok({ interests: await followAuthor(ctx, actor.libraryId, request.params.authorId, true) }, MSG.followingAuthor);
  });
  route(app, interestEndpoints.unfollowAuthor, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok({ interests: await followAuthor(ctx, actor.libraryId, request.params.authorId, false) }, MSG.unfollowedAuthor);
  });

  /** GET /api/publisher/interest → `{ followers, books: [{ id, jsbn_number, book_title, digests }], total }` (publisher; counts only). */
  route(app, interestEndpoints.reach, async (request) => {
    const actor = await requirePublisher(ctx, request);
    return ok(await publisherReach(ctx.db, actor.publisherId, request.query));
  });

  // the e-mail's links: no sign-in, the token is the permission; RFC 8058's form body
  // (List-Unsubscribe=One-Click) is accepted here only, and nothing in it is needed
  void app.register(async (links) => {
    links.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
      done(null, String(body)),
    );
    route(links, interestEndpoints.cart, async (request, reply) => sendAnswer(reply, await openCartLink(ctx, request.query.token)));
    route(links, interestEndpoints.digest, async (request, reply) => sendAnswer(reply, await openDigestLink(ctx, request.query.token)));
    route(links, interestEndpoints.notForUsPage, async (request, reply) =>
      sendAnswer(reply, await openNotForUsLink(ctx, request.query.token, false)),
    );
    route(links, interestEndpoints.notForUs, async (request, reply) =>
      sendAnswer(reply, await openNotForUsLink(ctx, request.query.token, true)),
    );
    route(links, interestEndpoints.unsubscribePage, async (request, reply) =>
      sendAnswer(reply, await openUnsubscribeLink(ctx, request.query.token, false)),
    );
    route(links, interestEndpoints.unsubscribe, async (request, reply) =>
      sendAnswer(reply, await openUnsubscribeLink(ctx, request.query.token, true)),
    );
  });
}
