/** One e-mail ready to leave, with the outbox job's key that identifies it across re-sends. */
export interface OutgoingEmail {
  /** The outbox row's idempotency key: the same e-mail always carries the same key. */
  idempotencyKey: string;
  /** The case it is about, when there is one (the dev mailbox filters by it). */
  requestId: string | null;
  to: string;
  /** Where answers should go, when not to the sender (an appeal's case address). */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends e-mails. Called at least once per outbox job: after a crash between sending and
 * recording it, the job is sent again with the same key, so an implementation drops or
 * marks repeats where it can (the dev mailbox keeps one copy; SMTP derives the Message-ID).
 */
export interface Mailer {
  readonly name: 'smtp' | 'dev-mailbox';
  send(email: OutgoingEmail): Promise<void>;
  close(): Promise<void>;
}
