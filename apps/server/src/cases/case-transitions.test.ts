import { recordTestAppeal } from '../test/appeal-fixtures';
import type { CaseState } from '@unban/contract/case-states';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { caseEvents, requests } from '../db/schema';
import { createStatusToken } from '../domain/status-token';
import { AppError } from '../errors';
import { createTestDatabase } from '../test/test-database';
import { addCaseNote, applyCaseTransition } from './case-transitions';
import { testCalendar } from '../test/test-app';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

let counter = 0;

/** A stored request in `caseState`, written directly: these tests are about the moves after. */
async function storedRequest(caseState: CaseState = 'awaiting_payment') {
  counter += 1;
  const [row] = await database.db
    .insert(requests)
    .values({
      reference: `UB-TEST${String(counter).padStart(4, '0')}`,
      ownerUid: 'owner-uid',
      statusTokenHash: createStatusToken().hash,
      messagingApp: 'whatsapp',
      phoneE164: '+12025550143',
      accountType: 'personal',
      device: 'android',
      banMessage: 'Banned.',
      bannedAtApprox: 'today',
      usage: 'Family chats.',
      contactEmail: 'owner@example.test',
      plan: 'standard',
      priceAmount: 4900,
      currency: 'USD',
      caseState,
    })
    .returning();
  if (!row) throw new Error('no row');
  return row;
}

async function eventsOf(requestId: string) {
  return database.db.select().from(caseEvents).where(eq(caseEvents.requestId, requestId));
}

async function current(requestId: string) {
  const [row] = await database.db.select().from(requests).where(eq(requests.id, requestId));
  return row;
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('applyCaseTransition', () => {
  it('moves along an edge, bumps the version and writes exactly one timeline row', async () => {
    const request = await storedRequest('in_review');
    const updated = await database.db.transaction((tx) =>
      applyCaseTransition(
        tx,
        {
          requestId: request.id,
          to: 'needs_info',
          actor: 'operator',
          actorUid: 'operator-uid',
          messageToCustomer: 'Which phone was the number on?',
          internalNote: 'Probably a reinstall.',
          expectedVersion: request.version,
        },
        testCalendar,
      ),
    );
    expect(updated).toMatchObject({ caseState: 'needs_info', version: request.version + 1 });
    const events = await eventsOf(request.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorType: 'operator',
      actorUid: 'operator-uid',
      fromState: 'in_review',
      toState: 'needs_info',
      messageToCustomer: 'Which phone was the number on?',
      internalNote: 'Probably a reinstall.',
      customerReply: null,
    });
  });

  it('refuses a move the graph does not have with INVALID_TRANSITION and writes nothing', async () => {
    const request = await storedRequest('queued');
    const error = await refusal(
      database.db.transaction((tx) =>
        applyCaseTransition(
          tx,
          {
            requestId: request.id,
            to: 'unbanned',
            actor: 'operator',
            actorUid: 'operator-uid',
          },
          testCalendar,
        ),
      ),
    );
    expect(error).toMatchObject({ code: 'INVALID_TRANSITION', statusCode: 409 });
    expect(await current(request.id)).toMatchObject({ caseState: 'queued', version: 1 });
    expect(await eventsOf(request.id)).toHaveLength(0);
  });

  it('refuses an edge the actor may not take with FORBIDDEN_TRANSITION', async () => {
    const request = await storedRequest('awaiting_payment');
    const error = await refusal(
      database.db.transaction((tx) =>
        applyCaseTransition(
          tx,
          {
            requestId: request.id,
            to: 'queued',
            actor: 'customer',
            actorUid: 'owner-uid',
          },
          testCalendar,
        ),
      ),
    );
    expect(error).toMatchObject({ code: 'FORBIDDEN_TRANSITION', statusCode: 403 });
    expect(await eventsOf(request.id)).toHaveLength(0);
  });

  it('refuses a move made from an outdated read with CONFLICT', async () => {
    const request = await storedRequest('queued');
    await database.db.transaction((tx) =>
      applyCaseTransition(
        tx,
        {
          requestId: request.id,
          to: 'in_review',
          actor: 'operator',
          actorUid: 'operator-a',
          expectedVersion: 1,
        },
        testCalendar,
      ),
    );
    const error = await refusal(
      database.db.transaction((tx) =>
        applyCaseTransition(
          tx,
          {
            requestId: request.id,
            to: 'not_eligible',
            actor: 'operator',
            actorUid: 'operator-b',
            expectedVersion: 1,
          },
          testCalendar,
        ),
      ),
    );
    expect(error.code).toBe('CONFLICT');
    expect(await current(request.id)).toMatchObject({ caseState: 'in_review', version: 2 });
    expect(await eventsOf(request.id)).toHaveLength(1);
  });

  it('answers an unknown request with NOT_FOUND', async () => {
    const error = await refusal(
      database.db.transaction((tx) =>
        applyCaseTransition(
          tx,
          {
            requestId: crypto.randomUUID(),
            to: 'queued',
            actor: 'system',
            actorUid: null,
          },
          testCalendar,
        ),
      ),
    );
    expect(error.code).toBe('NOT_FOUND');
  });

  it('leaves neither the move nor its timeline row when the transaction fails afterwards', async () => {
    const request = await storedRequest('awaiting_payment');
    const failure = new Error('the work after the move failed');
    await expect(
      database.db.transaction(async (tx) => {
        await applyCaseTransition(
          tx,
          {
            requestId: request.id,
            to: 'queued',
            actor: 'system',
            actorUid: null,
            messageToCustomer: 'Payment received.',
          },
          testCalendar,
        );
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await current(request.id)).toMatchObject({ caseState: 'awaiting_payment', version: 1 });
    expect(await eventsOf(request.id)).toHaveLength(0);
  });

  it("stamps the payment and the outcome on the request at their timeline rows' instants, the first of each only", async () => {
    const request = await storedRequest('awaiting_payment');
    const move = (to: CaseState, actor: 'system' | 'operator') =>
      database.db.transaction((tx) =>
        applyCaseTransition(
          tx,
          {
            requestId: request.id,
            to,
            actor,
            actorUid: actor === 'system' ? null : 'operator-uid',
          },
          testCalendar,
        ),
      );
    const timeOf = async (to: CaseState) =>
      (await eventsOf(request.id)).find((event) => event.toState === to)?.createdAt;

    await move('queued', 'system');
    const paidAt = await timeOf('queued');
    expect(paidAt).toBeInstanceOf(Date);
    expect(await current(request.id)).toMatchObject({
      paidAt,
      outcomeAt: null,
      outcomeState: null,
    });

    // The review and the appeal are no milestone; the decision is.
    await move('in_review', 'operator');
    await recordTestAppeal(database.db, request.id);
    await move('appeal_submitted', 'operator');
    expect(await current(request.id)).toMatchObject({ paidAt, outcomeAt: null });
    await move('denied', 'operator');
    const outcomeAt = await timeOf('denied');
    expect(await current(request.id)).toMatchObject({ paidAt, outcomeAt, outcomeState: 'denied' });

    // The refund after it keeps the outcome the platform gave.
    await move('refunded', 'system');
    expect(await current(request.id)).toMatchObject({
      caseState: 'refunded',
      paidAt,
      outcomeAt,
      outcomeState: 'denied',
    });
  });

  it('runs concurrent moves of one case one after the other: only one of two rivals wins', async () => {
    const request = await storedRequest('in_review');
    await recordTestAppeal(database.db, request.id);
    const move = (to: 'appeal_submitted' | 'not_eligible') =>
      database.db
        .transaction((tx) =>
          applyCaseTransition(
            tx,
            {
              requestId: request.id,
              to,
              actor: 'operator',
              actorUid: `operator-${to}`,
            },
            testCalendar,
          ),
        )
        .then(
          () => 'moved',
          (error: unknown) => (error instanceof AppError ? error.code : 'crashed'),
        );
    const outcomes = await Promise.all([move('appeal_submitted'), move('not_eligible')]);
    expect(outcomes.sort()).toEqual(['INVALID_TRANSITION', 'moved']);
    expect(await eventsOf(request.id)).toHaveLength(1);
    expect((await current(request.id))?.version).toBe(2);
  });
});

describe('addCaseNote', () => {
  it('writes a timeline row that keeps the state (from = to) and bumps the version', async () => {
    const request = await storedRequest('in_review');
    const event = await database.db.transaction((tx) =>
      addCaseNote(
        tx,
        {
          requestId: request.id,
          actor: 'operator',
          actorUid: 'operator-uid',
          messageToCustomer: 'We are preparing your appeal.',
          internalNote: 'Needs the business-support route.',
        },
        testCalendar,
      ),
    );
    expect(event).toMatchObject({
      fromState: 'in_review',
      toState: 'in_review',
      messageToCustomer: 'We are preparing your appeal.',
      internalNote: 'Needs the business-support route.',
    });
    expect(await current(request.id)).toMatchObject({ caseState: 'in_review', version: 2 });
    expect(await eventsOf(request.id)).toHaveLength(1);
  });

  it('refuses an empty note and writes nothing', async () => {
    const request = await storedRequest('in_review');
    const error = await refusal(
      database.db.transaction((tx) =>
        addCaseNote(
          tx,
          {
            requestId: request.id,
            actor: 'operator',
            actorUid: 'operator-uid',
            internalNote: '   ',
          },
          testCalendar,
        ),
      ),
    );
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(await eventsOf(request.id)).toHaveLength(0);
    expect((await current(request.id))?.version).toBe(1);
  });
});
