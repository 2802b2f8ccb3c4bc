import { describe, expect, it } from 'vitest';
import { createStreamTickets } from './stream-tickets';

const secret = 'a-secret-of-at-least-thirty-two-characters';

describe('stream tickets', () => {
  it('opens the scope it was issued for, until it expires', () => {
    let now = 1_000_000;
    const tickets = createStreamTickets(secret, { lifetimeMs: 60_000, now: () => now });
    const owner = tickets.issue({ kind: 'owner', uid: 'uid-1' });
    const order = tickets.issue({ kind: 'order', requestId: 'request-1' });
    expect(tickets.verify(owner.ticket)).toEqual({ kind: 'owner', uid: 'uid-1' });
    expect(tickets.verify(order.ticket)).toEqual({ kind: 'order', requestId: 'request-1' });
    now += 59_999;
    expect(tickets.verify(owner.ticket)).not.toBeNull();
    now += 1;
    expect(tickets.verify(owner.ticket)).toBeNull();
  });

  it('refuses a ticket signed with another secret, a changed body, or garbage', () => {
    const tickets = createStreamTickets(secret);
    const other = createStreamTickets('another-secret-of-thirty-two-characters!');
    const { ticket } = tickets.issue({ kind: 'owner', uid: 'uid-1' });
    expect(other.verify(ticket)).toBeNull();
    const [, signature] = ticket.split('.');
    const changed = Buffer.from(
      JSON.stringify({ k: 'o', s: 'uid-2', e: Date.now() + 60_000 }),
    ).toString('base64url');
    expect(tickets.verify(`${changed}.${signature}`)).toBeNull();
    for (const garbage of ['', '.', 'abc', `${ticket}.x`, 'e30.e30']) {
      expect(tickets.verify(garbage)).toBeNull();
    }
  });

  it('without a configured secret, accepts only its own tickets', () => {
    const first = createStreamTickets(null);
    const second = createStreamTickets(null);
    const { ticket } = first.issue({ kind: 'owner', uid: 'uid-1' });
    expect(first.verify(ticket)).not.toBeNull();
    expect(second.verify(ticket)).toBeNull();
  });
});
