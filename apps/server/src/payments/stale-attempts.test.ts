import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../db/schema';
import { orderWithCheckout } from '../test/payment-fixtures';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { claimOpenAttempts } from './stale-attempts';

const MINUTE_MS = 60_000;

describe('a look at the open attempts of a request (claimOpenAttempts)', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
    await subject.app.ready();
  });
  afterAll(async () => {
    await subject?.close();
  });
  const db = () => subject.database.db;

  it('claims a due attempt for one of several looks at once, with its row as stored', async () => {
    const { request, payment } = await orderWithCheckout(db(), subject.app);
    const looks = await Promise.all(
      Array.from({ length: 4 }, () => claimOpenAttempts(db(), request.id, MINUTE_MS)),
    );
    for (const look of looks) expect(look.map((attempt) => attempt.id)).toEqual([payment.id]);
    const claimed = looks.flat().filter((attempt) => attempt.claimed !== null);
    expect(claimed).toEqual([
      {
        id: payment.id,
        waitMs: 0,
        claimed: {
          sessionId: payment.providerSessionId,
          provider: payment.provider,
          state: 'unpaid',
          amount: payment.amount,
          currency: payment.currency,
          refundedAmount: 0,
          providerPaymentIntent: null,
        },
      },
    ]);
  });

  it('tells how long until a claimed attempt may be asked about again, and claims it then', async () => {
    const { request, payment } = await orderWithCheckout(db(), subject.app);
    await claimOpenAttempts(db(), request.id, MINUTE_MS);

    const [again] = await claimOpenAttempts(db(), request.id, MINUTE_MS);
    expect(again?.claimed).toBeNull();
    expect(again?.waitMs).toBeGreaterThan(MINUTE_MS - 10_000);
    expect(again?.waitMs).toBeLessThanOrEqual(MINUTE_MS);

    // A minute later, as far as the throttle can tell.
    await db()
      .update(payments)
      .set({ lastReconciledAt: new Date(Date.now() - MINUTE_MS - 1_000) })
      .where(eq(payments.id, payment.id));
    const [due] = await claimOpenAttempts(db(), request.id, MINUTE_MS);
    expect(due).toMatchObject({ id: payment.id, waitMs: 0, claimed: { state: 'unpaid' } });
  });

  it('leaves out attempts that can no longer change without us (paid, failed, expired…)', async () => {
    const { request, payment } = await orderWithCheckout(db(), subject.app);
    await db().update(payments).set({ state: 'paid' }).where(eq(payments.id, payment.id));
    expect(await claimOpenAttempts(db(), request.id, MINUTE_MS)).toEqual([]);
    const [stored] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(stored?.lastReconciledAt).toBeNull();
  });
});
