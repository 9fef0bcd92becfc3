/**
 * The outbox (decision 006): outgoing e-mail and WhatsApp messages are rows written in the same
 * transaction as the change that causes them. Without SMTP/WhatsApp configured they stay
 * readable in the dev mailbox (/dev/mailbox, GET /api/dev/outbox).
 */
import { and, desc, eq, isNotNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { outbox } from '../db/schema.js';

/** What a forgotten secret reads as. */
export const REDACTED = '[redacted]';

export interface OutgoingMessage {
  channel: 'email' | 'whatsapp';
  /** E-mail address or phone number. */
  to: string;
  subject: string;
  text: string;
  /**
   * A one-time code the message carries: a secret, shown as its own field in the dev outbox
   * and forgotten — in `code`, the subject and the text — once the message is delivered or
   * given up (`withoutSecrets`), or a day after it was queued.
   */
  code?: string;
  /** A secret link the message carries (a password reset link); forgotten like `code`. */
  link?: string;
  attachmentKey?: string;
  /** An e-mail's HTML part (`text` is its plain part). */
  html?: string;
  /** An e-mail's one-click unsubscribe address (https; RFC 8058 `List-Unsubscribe`). */
  unsubscribeUrl?: string;
  /** A WhatsApp message sent as an approved template (`text` is what the dev mailbox shows of it). */
  template?: WhatsappTemplate;
}

/**
 * A WhatsApp template message: the approved template's name, its language code and the body's
 * parameters in order; `button`, the parameter of an authentication template's copy-code button.
 */
export interface WhatsappTemplate {
  name: string;
  language: string;
  parameters: string[];
  button?: string;
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
    html: message.html ?? null,
    unsubscribe_url: message.unsubscribeUrl ?? null,
    template: message.template ?? null,
  });
}

/**
 * The columns that make a message forget its secrets: `code` and `link` emptied, and their
 * copies in the subject, the text and a template's parameters replaced by `[redacted]`.
 */
export function withoutSecrets(message: {
  code: string | null;
  link: string | null;
  subject: string;
  body: string;
  template?: WhatsappTemplate | null;
}) {
  const secrets = [message.code, message.link].filter((secret): secret is string => Boolean(secret));
  const hide = (text: string) => secrets.reduce((result, secret) => result.replaceAll(secret, REDACTED), text);
  const { template } = message;
  return {
    code: null,
    link: null,
    subject: hide(message.subject),
    body: hide(message.body),
    ...(template
      ? {
          template: {
            ...template,
            parameters: template.parameters.map(hide),
            ...(template.button ? { button: hide(template.button) } : {}),
          },
        }
      : {}),
  };
}

/**
 * Forgets the secrets of every message queued before `cutoff`, whatever its state (a code
 * lives 10 minutes, a reset link an hour: a day later neither is of use to anyone).
 * @returns how many messages were changed
 */
export async function forgetOldSecrets(db: DbOrTx, cutoff: Date): Promise<number> {
  const rows = await db
    .select({ id: outbox.id, code: outbox.code, link: outbox.link, subject: outbox.subject, body: outbox.body, template: outbox.template })
    .from(outbox)
    .where(and(lt(outbox.created_at, cutoff), or(isNotNull(outbox.code), isNotNull(outbox.link))));
  for (const row of rows) await db.update(outbox).set(withoutSecrets(row)).where(eq(outbox.id, row.id));
  return rows.length;
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
    html: row.html,
    unsubscribeUrl: row.unsubscribe_url,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  }));
}
