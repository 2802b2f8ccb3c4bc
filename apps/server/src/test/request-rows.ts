import { eq } from 'drizzle-orm';
import type { CaseState } from '@unban/contract/case-states';
import type { Database } from '../db/client';
import { caseEvents, requests } from '../db/schema';
import { milestonesOfMove } from '../cases/case-transitions';
import { generateReference } from '../domain/reference';

type RequestValues = typeof requests.$inferInsert;

/**
 * A request written straight to the database with plausible answers, for tests of the
 * figures read over many cases (dashboard, public results), which need rows in given states
 * and plans rather than the journey that would put them there. Returns its id.
 */
export async function insertRequestRow(
  db: Database,
  values: Partial<RequestValues> & Pick<RequestValues, 'caseState'>,
): Promise<string> {
  const [row] = await db
    .insert(requests)
    .values({
      reference: generateReference(),
      ownerUid: 'owner',
      statusTokenHash: 'x'.repeat(64),
      messagingApp: 'whatsapp',
      phoneE164: '+447700900123',
      accountType: 'personal',
      device: 'android',
      banMessage: 'Banned',
      bannedAtApprox: 'today',
      usage: 'Chats',
      contactEmail: 'a@example.com',
      plan: 'standard',
      priceAmount: 4900,
      currency: 'USD',
      ...values,
    })
    .returning({ id: requests.id });
  if (!row) throw new Error('Inserting a request returned no row');
  return row.id;
}

/**
 * A move dated in the past, as the figures' tests need: its timeline row, and the request's
 * payment or outcome time when the move stamps one (`milestonesOfMove`, the move's own rule).
 */
export async function insertPastMove(
  db: Database,
  requestId: string,
  fromState: CaseState,
  toState: CaseState,
  at: Date,
): Promise<void> {
  await db.insert(caseEvents).values({
    requestId,
    actorType: fromState === 'awaiting_payment' || toState === 'refunded' ? 'system' : 'operator',
    fromState,
    toState,
    createdAt: at,
  });
  const [stamped] = await db
    .select({ paidAt: requests.paidAt, outcomeAt: requests.outcomeAt })
    .from(requests)
    .where(eq(requests.id, requestId));
  if (!stamped) throw new Error(`No request ${requestId}`);
  const stamps = milestonesOfMove(fromState, toState, stamped, at);
  if (Object.keys(stamps).length > 0) {
    await db.update(requests).set(stamps).where(eq(requests.id, requestId));
  }
}
