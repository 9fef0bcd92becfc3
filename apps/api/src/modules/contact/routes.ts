/**
 * Contact us — docs/api.md and packages/shared/src/messages.ts: POST /user/contact stores the message and queues it
 * to support ({email}) through the outbox in the same transaction.
 */
import type { FastifyInstance } from 'fastify';
import { MSG, siteEndpoints } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { contact_messages } from '../../db/schema.js';
import { enqueueMessage } from '../../lib/outbox.js';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';

export function contactRoutes(app: FastifyInstance, ctx: AppContext) {
  /**
   * POST /api/user/contact `{ fullName, email, contact, message }` → 'Your message has been sent
   * successfully!'; 400 per field; 429 past 5 an hour from one address or 3 an hour from one e-mail.
   */
  route(app, siteEndpoints.contact, async (request) => {
    const { fullName, email, contact, message } = request.body;
    await ctx.limits.consume('contactPerAddress', request.ip);
    await ctx.limits.consume('contactPerEmail', email);
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contact_messages)
        .values({ full_name: fullName, email, contact, message })
        .returning({ id: contact_messages.id });
      await enqueueMessage(tx, {
        channel: 'email',
        to: ctx.config.SUPPORT_EMAIL,
        subject: `JSBN contact #${row!.id} from ${fullName}`,
        text: `${message}\n\n— ${fullName}, ${email}, +91 ${contact}`,
      });
    });
    return ok(null, MSG.contactSent);
  });
}
