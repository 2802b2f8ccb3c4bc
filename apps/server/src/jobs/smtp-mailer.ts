import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

export interface SmtpMailerOptions {
  /** smtp:// or smtps:// URL with credentials, as nodemailer takes it. */
  smtpUrl: string;
  /** The From header. */
  from: string;
}

/** The domain of the From address, so Message-IDs look like the sender's own. */
function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim() || 'localhost';
}

/**
 * A Message-ID made from the outbox key: a job re-sent after a crash carries the same id,
 * which lets mail clients and many providers fold the copies into one. SMTP itself cannot
 * take a message back, so this mailer is at-least-once (see jobs/outbox-worker.ts).
 */
export function messageIdFor(idempotencyKey: string, from: string): string {
  const digest = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32);
  return `<${digest}@${senderDomain(from)}>`;
}

/** Sends through an SMTP server (SMTP_URL). */
export function createSmtpMailer({ smtpUrl, from }: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // Well inside the worker's lease, so a hung server fails the try instead of letting a
    // second worker take the job over while this one still waits.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    name: 'smtp',
    async send(email) {
      await transport.sendMail({
        from,
        to: email.to,
        ...(email.replyTo ? { replyTo: email.replyTo } : {}),
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId: messageIdFor(email.idempotencyKey, from),
      });
    },
    close: async () => {
      transport.close();
    },
  };
}
