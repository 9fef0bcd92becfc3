/**
 * The dev mailbox (decision 006), registered only outside production: every outgoing message at
 * GET /api/dev/outbox?to=EMAIL (JSON, newest first) and as a page at /dev/mailbox. Both answer
 * only requests from the loopback address (the machine itself; the client address as
 * TRUST_PROXY allows): `npm start` listens on every interface, and the mailbox holds live
 * codes and reset links. Anyone else gets 404.
 */
import { BlockList, isIPv4 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { listMessages } from '../../lib/outbox.js';
import { ok, replies } from '../../lib/reply.js';

/** GET /api/dev/outbox → data.messages[]: the outbox as the dev mailbox shows it (not part of the product's contract). */
export const outboxMessages = z.object({
  messages: z.array(
    z.object({
      id: z.number().int(),
      to: z.string(),
      channel: z.string(),
      subject: z.string(),
      text: z.string(),
      code: z.string().nullable(),
      link: z.string().nullable(),
      /** The e-mail's HTML part, if it has one. */
      html: z.string().nullable(),
      /** The e-mail's one-click unsubscribe address (RFC 8058), if it has one. */
      unsubscribeUrl: z.string().nullable(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
});

/** One message of the dev outbox, as GET /api/dev/outbox answers it. */
export type OutboxMessage = z.infer<typeof outboxMessages>['messages'][number];

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** True when `address` is a loopback address (127.0.0.0/8, ::1, or 127.x mapped into IPv6). */
export function isLoopback(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return LOOPBACK.check(mapped, 'ipv4');
  return LOOPBACK.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}

/** 404 — the same answer as an unknown path — unless the request comes from the loopback address. */
async function loopbackOnly(request: FastifyRequest): Promise<void> {
  if (!isLoopback(request.ip)) throw new AppError('NOT_FOUND', 'Not found');
}

/** API part, under the /api prefix. */
export function devApiRoutes(app: FastifyInstance, ctx: AppContext) {
  /** GET /api/dev/outbox?to=EMAIL → `{ messages: [{ id, to, channel, subject, text, code, link, createdAt }] }`. */
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dev/outbox',
    {
      schema: { querystring: z.object({ to: z.string().max(254).optional() }), response: replies(outboxMessages) },
      onRequest: loopbackOnly,
    },
    async (request) => ok({ messages: await listMessages(ctx.db, request.query.to) }),
  );
}

/** The /dev/mailbox page (server-rendered, no script). */
export function devPageRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/dev/mailbox',
      { schema: { querystring: z.object({ to: z.string().max(254).optional() }), hide: true }, onRequest: loopbackOnly },
      async (request, reply) => {
        const messages = await listMessages(ctx.db, request.query.to, 100);
        const rows = messages
          .map(
            (message) => `<article>
  <header><strong>${escapeHtml(message.subject)}</strong><br><small>${message.channel} to ${escapeHtml(message.to)} · ${message.createdAt}</small></header>
  ${message.code ? `<p class="code">Code: <b>${escapeHtml(message.code)}</b></p>` : ''}
  <pre>${escapeHtml(message.text)}</pre>
</article>`,
          )
          .join('\n');
        return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · JSBN</title>
<style>body{font-family:system-ui,'Noto Sans Gujarati','Noto Sans Devanagari',sans-serif;max-width:960px;margin:1rem auto;padding:0 1rem}
article{border:1px solid #ddd;border-radius:8px;padding:.75rem 1rem;margin:.75rem 0}pre{white-space:pre-wrap;font-family:inherit}
.code b{font-size:1.4rem;letter-spacing:.2rem;color:#d84315}form{display:flex;gap:.5rem}input{flex:1;padding:.4rem}</style></head>
<body><h1>Dev mailbox</h1><p>Every e-mail and WhatsApp message the site would send. Not available in production.</p>
<form><input name="to" type="email" placeholder="Filter by recipient e-mail" value="${escapeHtml(request.query.to ?? '')}"><button>Filter</button></form>
${rows || '<p>No messages yet.</p>'}
</body></html>`);
      },
    );
}
