/**
 * Publisher endpoints — docs/api.md: POST /publisher (multipart registration),
 * GET /publisher (publisher-wise list), GET /publisher/:id (details).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import escapeHtml from 'escape-html';
import { z } from 'zod';
import { idParam, publisherEndpoints, publisherProfile, publisherRegistration } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { XLSX_TYPE } from '../../lib/excel.js';
import { exportPublishers } from './exports.js';
import { readActor, requirePublisher } from '../../lib/auth.js';
import { parseOrThrow, validationError } from '../../lib/errors.js';
import { withMultipart } from '../../lib/multipart.js';
import { HTML, fileReplies, ok, sendFile } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { LOGO_FILE } from '../../lib/upload-rules.js';
import { pageLanguage, requestLanguage } from '../../lib/i18n.js';
import { REGISTRATION_MESSAGE } from '../auth/service.js';
import { approveClaim, claimOfLink, claimPublisher } from './claims.js';
import { listPublishers, publisherInfo, registerPublisher, updatePublisherProfile } from './service.js';

export function publisherRoutes(app: FastifyInstance, ctx: AppContext) {
  /**
   * POST /api/publisher/:id/claim `{ fullName, email, contact, message }` (public) →
   * message; support is e-mailed an approval link. 404; 409 when the account is not an imported
   * one; 429 past 5 claims an hour from one address.
   */
  route(app, publisherEndpoints.claim, async (request) => {
    await ctx.limits.consume('claimsPerAddress', request.ip);
    return ok(null, await claimPublisher(ctx, request.params.id, request.body));
  });

  const approvalLink = {
    params: idParam,
    querystring: z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() }),
    response: fileReplies('A page for support', HTML),
  };
  const page = (reply: FastifyReply, title: string, body: string) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)} — JSBN</title><body style="font-family:sans-serif;margin:2rem;max-width:40rem"><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
      );

  /**
   * GET /api/publisher/claims/:id/approve?expires&signature (support's signed link) → a page with
   * the claim and an Approve button (a GET changes nothing: mail scanners open links); 403 altered
   * or expired, 404, 409 approved already.
   */
  app.withTypeProvider<ZodTypeProvider>().get('/publisher/claims/:id/approve', { schema: approvalLink }, async (request, reply) => {
    const { claim, publisher_name, publisher_no } = await claimOfLink(ctx, request.params.id, request.query);
    const action = `/api/publisher/claims/${claim.id}/approve?expires=${encodeURIComponent(request.query.expires ?? '')}&signature=${encodeURIComponent(request.query.signature ?? '')}`;
    return page(
      reply,
      `Claim of ${publisher_name}`,
      `<p>${escapeHtml(claim.full_name)} (${escapeHtml(claim.email)}, +91 ${escapeHtml(claim.contact)}) asks for the account of ${escapeHtml(publisher_name)} (${escapeHtml(publisher_no)}):</p><blockquote>${escapeHtml(claim.message)}</blockquote><form method="post" action="${escapeHtml(action)}"><button type="submit">Approve this claim</button></form><p>Approving gives the account this e-mail and sends it a link to set the password.</p>`,
    );
  });

  /** POST /api/publisher/claims/:id/approve?expires&signature (the page's button) → 'Claim approved' page; 403, 404, 409. */
  void app.register(async (scope) => {
    // the page's form posts no fields
    scope.addContentTypeParser('application/x-www-form-urlencoded', (_request, payload, done) => {
      payload.resume();
      done(null, {});
    });
    scope.withTypeProvider<ZodTypeProvider>().post('/publisher/claims/:id/approve', { schema: approvalLink }, async (request, reply) => {
      const email = await approveClaim(ctx, request.params.id, request.query);
      return page(
        reply,
        'Claim approved',
        `<p>The account now belongs to ${escapeHtml(email)}, who has been sent a link to set a password.</p>`,
      );
    });
  });

  /** POST /api/publisher — multipart `logo` + registration fields → 200 REGISTRATION_MESSAGE; 400/409/413/415. */
  route(app, publisherEndpoints.register, async (request) => {
    await ctx.limits.consume('registrationPerAddress', request.ip);
    await withMultipart(request, ctx.storage, { logo: LOGO_FILE }, async (upload) => {
      const input = parseOrThrow(publisherRegistration, upload.fields);
      await ctx.limits.consume('registrationPerEmail', input.email);
      const logo = upload.files.logo?.[0];
      if (!logo) throw validationError([{ field: 'logo', message: 'Logo is required' }]);
      if (!(await registerPublisher(ctx, input, logo.key, requestLanguage(request)))) await upload.discard();
    });
    return ok(null, REGISTRATION_MESSAGE);
  });

  /** PATCH /api/publisher (publisher, multipart: optional `logo` + publisherProfile fields) → message; 400/413/415. */
  route(app, publisherEndpoints.updateProfile, async (request) => {
    const actor = await requirePublisher(ctx, request);
    await withMultipart(request, ctx.storage, { logo: LOGO_FILE }, async (upload) => {
      const input = parseOrThrow(publisherProfile, upload.fields);
      await updatePublisherProfile(ctx, actor.publisherId, input, upload.files.logo?.[0]?.key ?? null);
    });
    return ok(null, 'Profile updated successfully');
  });

  /** GET /api/publisher — list query → `{ publishers, total }`. */
  route(app, publisherEndpoints.list, async (request) => ok(await listPublishers(ctx, request.query)));

  /** GET /api/publisher/export.xlsx?ids=1,2 → Publisher_Info.xlsx of the selected publishers; 400 none selected. */
  route(app, publisherEndpoints.exportXlsx, async (request, reply) => {
    const { fileName, bytes } = await exportPublishers(ctx, request.query.ids, pageLanguage(request));
    return sendFile(reply, XLSX_TYPE, fileName, bytes);
  });

  /**
   * GET /api/publisher/:id → `{ publisher: PublisherInfo }` (with gst_no and aadhar_no for the
   * publisher itself); 404, also for a suspended publisher to anyone but itself (decision 043).
   */
  route(app, publisherEndpoints.one, async (request) => {
    const actor = await readActor(ctx, request);
    const itself = actor?.publisherId === request.params.id;
    return ok({ publisher: await publisherInfo(ctx, request.params.id, { private: itself, public: !itself }) });
  });
}
