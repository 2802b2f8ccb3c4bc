/*
 * For the payments tests only: requests written straight into the test database (the
 * request API is not what these tests are about) and readers of what customers see.
 */
import { recordTestAppeal } from './appeal-fixtures';
import { asc, eq } from 'drizzle-orm';
import { testCalendar } from './test-app';
import type { CaseState } from '@unban/contract/case-states';
import type { Database } from '../db/client';
import { caseEvents, outbox, paymentEvents, payments, requests } from '../db/schema';
import { generateReference } from '../domain/reference';
import { createStatusToken } from '../domain/status-token';
import type { RequestRow } from '../db/schema';
import type { Payments } from '../payments/payments-plugin';
import { moveCase } from '../services/move-case';
import type { SandboxOutcome } from '../payments/providers/sandbox';

export async function insertRequest(
  db: Database,
  overrides: Partial<typeof requests.$inferInsert> = {},
): Promise<{ request: RequestRow; statusToken: string }> {
  const { token, hash } = createStatusToken();
  const [request] = await db
    .insert(requests)
    .values({
      reference: generateReference(),
      ownerUid: 'customer-uid',
      statusTokenHash: hash,
      messagingApp: 'whatsapp',
      phoneE164: '+447700900123',
      accountType: 'personal',
      device: 'android',
      banMessage: 'This account is not allowed to use WhatsApp.',
      bannedAtApprox: 'this_week',
      usage: 'Family chats',
      contactEmail: 'customer@example.com',
      plan: 'standard',
      priceAmount: 4900,
      currency: 'USD',
      ...overrides,
    })
    .returning();
  if (!request) throw new Error('no request row');
  return { request, statusToken: token };
}

/** A request with one open checkout, as the order form leaves it. */
export async function orderWithCheckout(db: Database, app: { payments: Payments }) {
  const { request, statusToken } = await insertRequest(db);
  const checkout = await app.payments.startCheckout(db, { request, statusToken });
  const [payment] = await db.select().from(payments).where(eq(payments.id, checkout.paymentId));
  if (!payment) throw new Error('no payment row');
  return { request, statusToken, checkout, payment };
}

export async function readRequest(db: Database, requestId: string): Promise<RequestRow> {
  const [request] = await db.select().from(requests).where(eq(requests.id, requestId));
  if (!request) throw new Error('no request row');
  return request;
}

export async function readPayment(db: Database, paymentId: string) {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new Error('no payment row');
  return payment;
}

/** The case timeline, oldest first, as (from → to) moves. */
export async function timeline(db: Database, requestId: string) {
  return db
    .select({
      from: caseEvents.fromState,
      to: caseEvents.toState,
      actor: caseEvents.actorType,
      message: caseEvents.messageToCustomer,
      note: caseEvents.internalNote,
    })
    .from(caseEvents)
    .where(eq(caseEvents.requestId, requestId))
    .orderBy(asc(caseEvents.createdAt), asc(caseEvents.id));
}

export async function refundJobs(db: Database) {
  return db.select().from(outbox).where(eq(outbox.kind, 'payment.refund'));
}

export async function inboxRow(db: Database, eventId: string) {
  const [row] = await db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.providerEventId, eventId));
  return row ?? null;
}

/** Walks a paid case through the operator's moves (e.g. to denied), as the back office would. */
export async function operatorMoves(
  db: Database,
  app: { payments: Payments },
  requestId: string,
  path: readonly CaseState[],
): Promise<void> {
  for (const to of path) {
    if (to === 'appeal_submitted') await recordTestAppeal(db, requestId);
    await moveCase(
      { db, payments: app.payments, config: { replyDeadlines: { calendar: testCalendar } } },
      { requestId, to, actor: 'operator', actorUid: 'operator-uid' },
    );
  }
}

/** Presses a button on the sandbox's hosted page, as the customer would. */
export async function sandboxPress(
  app: { payments: Payments },
  checkoutUrl: string,
  outcome: SandboxOutcome,
): Promise<void> {
  const url = new URL(checkoutUrl);
  const sessionId = url.pathname.split('/').at(-1) ?? '';
  const result = await app.payments.sandbox?.act(
    sessionId,
    url.searchParams.get('s') ?? '',
    outcome,
  );
  if (result?.kind !== 'redirect') throw new Error(`sandbox refused ${outcome}`);
}
