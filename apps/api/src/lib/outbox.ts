/**
 * The outbox (DESIGN §6): outgoing e-mail and WhatsApp messages are rows written in the same
 * transaction as the change that causes them. Without SMTP/WhatsApp configured they stay
 * readable in the dev mailbox (/dev/mailbox, GET /api/dev/outbox).
 */
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { outbox } from '../db/schema.js';

export interface OutgoingMessage {
  channel: 'email' | 'whatsapp';
  /** E-mail address or phone number. */
  to: string;
  subject: string;
  text: string;
  /** One-time code carried by the message (shown as its own field in the dev outbox). */
  code?: string;
  /** Link carried by the message (reset link, document link). */
  link?: string;
  attachmentKey?: string;
}

/** Queues `message` in `tx` (commits or rolls back with the caller's change). */
export async function enqueueMessage(tx: DbOrTx, message: OutgoingMessage): Promise<void> {
  await tx.insert(outbox).values({
    channel: message.channel,
    recipient: message.to.toLowerCase(),
    subject: message.subject,
    body: message.text,
    code: message.code ?? null,
    link: message.link ?? null,
    attachment_key: message.attachmentKey ?? null,
  });
}

/** Messages to `to`, newest first (at most `limit`), as the dev outbox shows them. */
export async function listMessages(db: DbOrTx, to: string | undefined, limit = 50) {
  const rows = await db
    .select()
    .from(outbox)
    .where(to ? eq(outbox.recipient, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    channel: row.channel,
    subject: row.subject,
    text: row.body,
    code: row.code,
    link: row.link,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  }));
}
