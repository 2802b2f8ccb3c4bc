import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Whose changes a stream carries: every case of one signed-in owner, or one order (what its
 * status link may read).
 */
export type StreamScope = { kind: 'owner'; uid: string } | { kind: 'order'; requestId: string };

/** Long enough to open the stream after asking for the ticket; a reconnect asks again. */
export const TICKET_LIFETIME_MS = 60_000;

const PURPOSE = 'live-stream-ticket';

const ticketBodySchema = z.object({
  /** o: owner, r: one request (order). */
  k: z.enum(['o', 'r']),
  /** The owner's uid or the request id. */
  s: z.string().min(1).max(200),
  /** Expiry, Unix milliseconds. */
  e: z.number().int(),
});

export interface IssuedTicket {
  ticket: string;
  expiresAt: Date;
}

export interface StreamTickets {
  issue(scope: StreamScope): IssuedTicket;
  /** The scope of a genuine, unexpired ticket; null for anything else (never throws). */
  verify(ticket: string): StreamScope | null;
}

/**
 * Tickets signed with HMAC-SHA256, so any instance that knows the secret can check one
 * without a table. EventSource cannot send an Authorization header, so the page trades its
 * usual credentials for a ticket and puts the ticket in the stream's address; a ticket is
 * useless a minute later, so one copied from a log opens nothing.
 */
export function createStreamTickets(
  secret: string | null,
  {
    lifetimeMs = TICKET_LIFETIME_MS,
    now = Date.now,
  }: { lifetimeMs?: number; now?: () => number } = {},
): StreamTickets {
  // Without a configured secret, one for this process: enough while one instance serves.
  const key = secret ?? randomBytes(32).toString('hex');
  const sign = (payload: string) =>
    createHmac('sha256', key).update(`${PURPOSE}.${payload}`).digest();

  return {
    issue(scope) {
      const expiresAt = new Date(now() + lifetimeMs);
      const body = {
        k: scope.kind === 'owner' ? 'o' : 'r',
        s: scope.kind === 'owner' ? scope.uid : scope.requestId,
        e: expiresAt.getTime(),
      };
      const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
      return { ticket: `${payload}.${sign(payload).toString('base64url')}`, expiresAt };
    },
    verify(ticket) {
      const [payload, signature, extra] = ticket.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const presented = Buffer.from(signature, 'base64url');
      const expected = sign(payload);
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
        return null;
      }
      let body: z.infer<typeof ticketBodySchema>;
      try {
        const parsed = ticketBodySchema.safeParse(
          JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
        );
        if (!parsed.success) return null;
        body = parsed.data;
      } catch {
        return null;
      }
      if (body.e <= now()) return null;
      return body.k === 'o' ? { kind: 'owner', uid: body.s } : { kind: 'order', requestId: body.s };
    },
  };
}
