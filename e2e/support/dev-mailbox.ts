import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { mailboxResponseSchema } from '@unban/contract/admin';
import type { MailboxMessage } from '@unban/contract/admin';
import { seededOperatorToken } from './auth-emulator';

/*
 * The development mailbox (the embedded run's mailer: every customer e-mail is stored, and
 * the back office lists it), read through its API as the seeded operator, for a spec that
 * checks what a customer received without driving the back office's screens.
 */

/**
 * Waits until the customer at `to` has received exactly the e-mails `subjects` about the
 * request `requestId` (the outbox worker sends every 2 s), and returns them in that order.
 */
export async function receivedMails(
  request: APIRequestContext,
  { requestId, to }: { requestId: string; to: string },
  subjects: readonly string[],
): Promise<MailboxMessage[]> {
  const token = await seededOperatorToken(request);
  const query = new URLSearchParams({ requestId, to });
  let found: MailboxMessage[] = [];
  await expect(async () => {
    const response = await request.get(`/api/mailbox?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(200);
    const { messages } = mailboxResponseSchema.parse(await response.json());
    expect(messages.map((message) => message.subject).sort()).toEqual([...subjects].sort());
    found = subjects.flatMap((subject) =>
      messages.filter((message) => message.subject === subject),
    );
  }).toPass({ timeout: 15_000 });
  return found;
}
