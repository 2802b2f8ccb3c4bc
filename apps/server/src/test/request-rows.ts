import { and, eq, isNull } from 'drizzle-orm';
import type { CaseState } from '@unban/contract/case-states';
import type { Database } from '../db/client';
import { caseEvents, requests } from '../db/schema';
import { isOutcomeState, isPaidMove } from '../domain/case-machine';
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
 * payment or outcome time when the move is one, the first only, as the product's move
 * stamps them (case-transitions.test.ts checks that it does).
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
  if (isPaidMove(fromState, toState)) {
    await db
      .update(requests)
      .set({ paidAt: at })
      .where(and(eq(requests.id, requestId), isNull(requests.paidAt)));
  }
  if (isOutcomeState(toState)) {
    await db
      .update(requests)
      .set({ outcomeAt: at, outcomeState: toState })
      .where(and(eq(requests.id, requestId), isNull(requests.outcomeAt)));
  }
}
