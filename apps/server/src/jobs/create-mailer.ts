import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/env';
import type { Database } from '../db/client';
import { createDevMailbox } from './dev-mailbox';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set, otherwise the dev mailbox in the database. */
export function createMailer(
  config: Pick<AppConfig, 'mail' | 'publicUrl' | 'nodeEnv'>,
  db: Database,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Mailer {
  if (config.mail.smtpUrl) {
    return createSmtpMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from });
  }
  if (config.nodeEnv === 'production') {
    // Allowed for a demo deployment, but customers would receive nothing: say so loudly.
    log.warn('SMTP_URL is not set: customer e-mails go to the dev mailbox only');
  }
  return createDevMailbox({ db, publicUrl: config.publicUrl, log });
}
