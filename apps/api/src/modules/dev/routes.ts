/**
 * The dev mailbox (DESIGN §6), registered only outside production: every outgoing message at
 * GET /api/dev/outbox?to=EMAIL (JSON, newest first) and as a page at /dev/mailbox.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { listMessages } from '../../lib/outbox.js';
import { ok } from '../../lib/reply.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** API part, under the /api prefix. */
export function devApiRoutes(app: FastifyInstance, ctx: AppContext) {
  /** GET /api/dev/outbox?to=EMAIL → `{ messages: [{ id, to, channel, subject, text, code, link, createdAt }] }`. */
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dev/outbox',
    { schema: { querystring: z.object({ to: z.string().max(254).optional() }) } },
    async (request) => ok({ messages: await listMessages(ctx.db, request.query.to) }),
  );
}

/** The /dev/mailbox page (server-rendered, no script). */
export function devPageRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dev/mailbox',
    { schema: { querystring: z.object({ to: z.string().max(254).optional() }) } },
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
