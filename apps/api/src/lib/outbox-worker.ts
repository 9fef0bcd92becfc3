/**
 * The outbox worker (decision 006): delivers queued e-mail (SMTP) and WhatsApp messages with
 * retries. It runs in every API copy; a batch is claimed with one
 * `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)` that also moves the batch's
 * `next_attempt_at` a lease into the future, so two copies never take the same message and a
 * copy that dies mid-send leaves the message to be retried when the lease ends. On PGlite the
 * one process is the only worker.
 *
 * A failed attempt is retried after `OUTBOX_RETRY_BASE_MS × 2^(attempts−1)` (at most an hour);
 * after `OUTBOX_MAX_ATTEMPTS` the message is marked `failed`. A channel without a transport is
 * left alone outside production (the dev mailbox shows it as `pending`) and marked `failed`
 * in production. Logs name the message id, channel and attempt — never the recipient's
 * message body, code or link.
 */
import { basename } from 'node:path';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { outbox } from '../db/schema.js';
import { createMailer, type Mailer } from './mail.js';
import { withoutSecrets } from './outbox.js';
import { TYPE_OF_EXTENSION } from './storage.js';
import { sendWhatsapp, type WhatsappOptions } from './whatsapp.js';

type OutboxRow = typeof outbox.$inferSelect;
type Channel = OutboxRow['channel'];

/** How long a claimed message is reserved for the copy that claimed it, ms (longer than any send). */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** Messages claimed per round. */
const BATCH = 10;
/** Longest delay between two attempts, ms. */
const MAX_RETRY_DELAY_MS = 60 * 60_000;

/** Delivers one message; rejects when the transport fails. */
export type Transport = (message: OutboxRow, ctx: AppContext) => Promise<void>;

export interface OutboxWorker {
  /** Starts polling every `OUTBOX_POLL_MS`. */
  start(): void;
  /** Claims and delivers due messages once. @returns how many were claimed */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the round in flight; closes the transports. */
  stop(): Promise<void>;
}

/** Delay before attempt `attempts + 1`, ms: base × 2^(attempts−1), at most an hour. */
export function retryDelay(baseMs: number, attempts: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

const filenameOf = (key: string) => (key.includes('/letters/') ? 'order-letter.pdf' : basename(key));

/** The e-mail transport: `mailer`, attaching `attachment_key` from storage (streamed). */
export function mailTransport(mailer: Mailer): Transport {
  return async (message, ctx) => {
    const key = message.attachment_key;
    const attachment = key
      ? {
          filename: filenameOf(key),
          content: (await ctx.storage.get(key)).stream,
          contentType: TYPE_OF_EXTENSION[key.split('.').pop()!] ?? 'application/octet-stream',
        }
      : undefined;
    await mailer.send({
      to: message.recipient,
      subject: message.subject,
      text: message.body,
      ...(message.html ? { html: message.html } : {}),
      ...(message.unsubscribe_url ? { unsubscribeUrl: message.unsubscribe_url } : {}),
      ...(attachment ? { attachment } : {}),
    });
  };
}

/** The WhatsApp transport: the Cloud API, the attachment sent as a document. */
export function whatsappTransport(options: WhatsappOptions): Transport {
  return async (message, ctx) => {
    const key = message.attachment_key;
    let document;
    if (key) {
      const { stream } = await ctx.storage.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      document = {
        filename: filenameOf(key),
        content: Buffer.concat(chunks),
        contentType: TYPE_OF_EXTENSION[key.split('.').pop()!] ?? 'application/octet-stream',
      };
    }
    await sendWhatsapp(options, {
      to: message.recipient,
      text: `${message.subject}\n\n${message.body}`,
      ...(document ? { document } : {}),
      ...(message.template ? { template: message.template } : {}),
    });
  };
}

/** The transports `ctx.config` configures (SMTP_URL; WHATSAPP_TOKEN + WHATSAPP_PHONE_ID). */
export function configuredTransports(ctx: AppContext): { transports: Partial<Record<Channel, Transport>>; close: () => void } {
  const { config } = ctx;
  const mailer = config.SMTP_URL ? createMailer(config.SMTP_URL, config.MAIL_FROM) : null;
  const transports: Partial<Record<Channel, Transport>> = {};
  if (mailer) transports.email = mailTransport(mailer);
  if (config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_ID) {
    transports.whatsapp = whatsappTransport({
      apiUrl: config.WHATSAPP_API_URL,
      token: config.WHATSAPP_TOKEN,
      phoneId: config.WHATSAPP_PHONE_ID,
    });
  }
  return { transports, close: () => mailer?.close() };
}

/**
 * Claims up to `limit` due messages of `channels` for this copy: attempts + 1 and
 * next_attempt_at = now + lease, in one statement with `FOR UPDATE SKIP LOCKED`.
 */
export async function claimDue(ctx: AppContext, channels: Channel[], limit: number = BATCH): Promise<OutboxRow[]> {
  if (channels.length === 0) return [];
  const now = ctx.clock();
  const due = ctx.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.next_attempt_at, now), inArray(outbox.channel, channels)))
    .orderBy(asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return ctx.db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, next_attempt_at: new Date(now.getTime() + CLAIM_LEASE_MS), updated_at: now })
    .where(inArray(outbox.id, due))
    .returning();
}

/**
 * The worker of `ctx`.
 * @param transports delivery per channel; channels without one are not claimed
 * @param log        where deliveries and failures are logged (ids only)
 * @param onStop     called after the last round (closes the transports)
 */
export function createOutboxWorker(
  ctx: AppContext,
  transports: Partial<Record<Channel, Transport>>,
  log: FastifyBaseLogger,
  onStop: () => void = () => {},
): OutboxWorker {
  const { OUTBOX_POLL_MS: pollMs, OUTBOX_RETRY_BASE_MS: retryBaseMs, OUTBOX_MAX_ATTEMPTS: maxAttempts } = ctx.config;
  const channels = (Object.keys(transports) as Channel[]).filter((channel) => transports[channel]);
  const unroutable = (['email', 'whatsapp'] as const).filter((channel) => !transports[channel]);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function deliver(message: OutboxRow): Promise<void> {
    try {
      await transports[message.channel]!(message, ctx);
      const now = ctx.clock();
      // a delivered message keeps no secret: its code or reset link lives on only in the mailbox
      await ctx.db
        .update(outbox)
        .set({ status: 'sent', sent_at: now, last_error: null, updated_at: now, ...withoutSecrets(message) })
        .where(eq(outbox.id, message.id));
      ctx.metrics.outboxSent.inc({ channel: message.channel });
      log.info({ outboxId: message.id, channel: message.channel, attempt: message.attempts }, 'outbox message delivered');
    } catch (error) {
      const reason = String((error as Error).message ?? error).slice(0, 500);
      const failed = message.attempts >= maxAttempts;
      // one reading of the clock: the wait is exactly the backoff after the failure's time
      const now = ctx.clock();
      const nextAt = new Date(now.getTime() + retryDelay(retryBaseMs, message.attempts));
      await ctx.db
        .update(outbox)
        .set({
          status: failed ? 'failed' : 'pending',
          next_attempt_at: nextAt,
          last_error: reason,
          updated_at: now,
          ...(failed ? withoutSecrets(message) : {}),
        })
        .where(eq(outbox.id, message.id));
      (failed ? ctx.metrics.outboxFailed : ctx.metrics.outboxRetries).inc({ channel: message.channel });
      log.warn({ outboxId: message.id, channel: message.channel, attempt: message.attempts, failed, reason }, 'outbox delivery failed');
    }
  }

  async function round(): Promise<number> {
    if (ctx.config.isProduction && unroutable.length) {
      // nothing will ever deliver these: say so instead of keeping them pending forever
      const given = await ctx.db
        .update(outbox)
        .set({ status: 'failed', last_error: 'channel not configured', updated_at: ctx.clock() })
        .where(and(eq(outbox.status, 'pending'), inArray(outbox.channel, unroutable)))
        .returning({ channel: outbox.channel });
      for (const { channel } of given) ctx.metrics.outboxFailed.inc({ channel });
    }
    const claimed = await claimDue(ctx, channels);
    for (const message of claimed) await deliver(message);
    return claimed.length;
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round()
        .catch((error: unknown) => {
          log.warn({ err: { message: (error as Error).message } }, 'outbox round failed');
          return 0;
        })
        .finally(() => {
          running = null;
        });
      void running.then((claimed) => schedule(claimed >= BATCH ? 0 : pollMs));
    }, delay);
  }

  return {
    start() {
      if (channels.length || (ctx.config.isProduction && unroutable.length)) schedule(0);
    },
    async runOnce() {
      while (running) await running;
      return round();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      while (running) await running;
      onStop();
    },
  };
}
