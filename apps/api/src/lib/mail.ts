/**
 * E-mail delivery through SMTP with nodemailer (decision 006). Used only by the outbox worker;
 * nodemailer's own logger stays off, so message bodies and codes never reach the logs. The
 * subject is one line and neither it nor the text carries a control character
 * (`withoutControlCharacters`).
 */
import type { Readable } from 'node:stream';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { withoutControlCharacters } from '@jsbn/shared';

/** One e-mail as the worker hands it over. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An attached file (order letters), streamed from storage. */
  attachment?: { filename: string; content: Readable; contentType: string };
  /** The HTML part beside the text (a digest of new books). */
  html?: string;
  /**
   * The https address that unsubscribes the recipient in one click: sent as `List-Unsubscribe`
   * (nodemailer's `list` option) with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058).
   */
  unsubscribeUrl?: string;
}

/** The headers of RFC 8058 one-click unsubscribe for `url`, as nodemailer's message options. */
export function oneClickUnsubscribe(url: string) {
  return { list: { unsubscribe: { url } }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

/** Sends e-mail; `send` rejects when the server is unreachable or refuses the message. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * An SMTP mailer.
 * @param smtpUrl `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`
 * @param from    the sender, `address` or `Name <address>` (MAIL_FROM)
 * @returns a mailer whose `send` times out after 10 s connecting / 30 s idle on the socket
 */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const options: SMTPTransport.Options = {
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    logger: false,
    debug: false,
  };
  const transporter: Transporter<SMTPTransport.SentMessageInfo> = nodemailer.createTransport(options);
  return {
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: withoutControlCharacters(message.subject, 'single'),
        text: withoutControlCharacters(message.text),
        ...(message.html ? { html: message.html } : {}),
        ...(message.unsubscribeUrl ? oneClickUnsubscribe(message.unsubscribeUrl) : {}),
        ...(message.attachment ? { attachments: [message.attachment] } : {}),
      });
    },
    close() {
      transporter.close();
    },
  };
}
