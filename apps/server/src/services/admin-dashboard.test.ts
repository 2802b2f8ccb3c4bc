import type { CaseState } from '@unban/contract/case-states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, replyDeadlines } from '../db/schema';
import type { DatabaseHandle } from '../db/client';
import { insertPastMove, insertRequestRow } from '../test/request-rows';
import { createTestDatabase } from '../test/test-database';
import { readDashboard } from './admin-dashboard';

let database: DatabaseHandle;
const NOW = new Date('2026-06-10T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);

function seedRequest(caseState: CaseState, currency = 'USD', priceAmount = 4900) {
  return insertRequestRow(database.db, { caseState, currency, priceAmount });
}

function move(requestId: string, fromState: CaseState, toState: CaseState, at: Date) {
  return insertPastMove(database.db, requestId, fromState, toState, at);
}

beforeAll(async () => {
  database = await createTestDatabase();
  // Paid 2 days ago, unbanned 10 hours later.
  const a = await seedRequest('unbanned');
  await move(a, 'awaiting_payment', 'queued', hoursAgo(48));
  await move(a, 'appeal_submitted', 'unbanned', hoursAgo(38));
  // Paid 3 days ago, denied 20 hours later, then refunded.
  const b = await seedRequest('refunded', 'USD', 9900);
  await move(b, 'awaiting_payment', 'queued', hoursAgo(72));
  await move(b, 'appeal_submitted', 'denied', hoursAgo(52));
  await move(b, 'denied', 'refunded', hoursAgo(51));
  // Paid 10 days ago (outside the week), not eligible 30 hours later.
  const c = await seedRequest('not_eligible', 'EUR', 3900);
  await move(c, 'awaiting_payment', 'queued', hoursAgo(240));
  await move(c, 'in_review', 'not_eligible', hoursAgo(210));
  // Paid yesterday in EUR, still in review.
  const d = await seedRequest('in_review', 'EUR', 3900);
  await move(d, 'awaiting_payment', 'queued', hoursAgo(24));
  // Never paid.
  await seedRequest('awaiting_payment');

  await database.db.insert(payments).values([
    {
      requestId: b,
      provider: 'sandbox',
      providerSessionId: 'sess-b',
      amount: 9900,
      currency: 'USD',
      state: 'refunded',
      refundRequestedAmount: 9900,
      refundedAmount: 9900,
    },
    {
      requestId: c,
      provider: 'sandbox',
      providerSessionId: 'sess-c',
      amount: 3900,
      currency: 'EUR',
      state: 'refund_pending',
      refundRequestedAmount: 3900,
      refundedAmount: 0,
    },
    {
      requestId: a,
      provider: 'sandbox',
      providerSessionId: 'sess-a',
      amount: 4900,
      currency: 'USD',
      state: 'paid',
    },
  ]);
});

afterAll(() => database?.close());

describe('readDashboard', () => {
  it('counts requests per case state, paid money this week, the median time and refunds', async () => {
    const dashboard = await readDashboard(database.db, NOW);
    expect(dashboard.requestsByCaseState).toMatchObject({
      awaiting_payment: 1,
      queued: 0,
      in_review: 1,
      unbanned: 1,
      refunded: 1,
      not_eligible: 1,
      denied: 0,
    });
    expect(dashboard.paidLast7Days).toEqual([
      { currency: 'EUR', count: 1, amountMinor: 3900 },
      { currency: 'USD', count: 2, amountMinor: 4900 + 9900 },
    ]);
    // Outcomes after 10, 20 and 30 hours: the median is 20 hours.
    expect(dashboard.medianSecondsPaidToOutcome).toBe(20 * 3600);
    // Only money the provider confirmed counts; the pending EUR refund does not yet.
    expect(dashboard.refunds).toEqual([{ currency: 'USD', count: 1, amountMinor: 9900 }]);
  });

  it('counts a payment in "this week" only for 7 days; the median covers all time', async () => {
    const later = new Date(NOW.getTime() + 30 * 24 * 3_600_000);
    const dashboard = await readDashboard(database.db, later);
    expect(dashboard.paidLast7Days).toEqual([]);
    expect(dashboard.medianSecondsPaidToOutcome).toBe(20 * 3600);
  });
});

describe('readDashboard: the reply promise kept', () => {
  /** A deadline due `dueHoursAgo` hours before NOW, answered `answeredHoursAgo` (null: not yet). */
  async function deadline(
    plan: 'standard' | 'priority',
    dueHoursAgo: number,
    answeredHoursAgo: number | null,
  ) {
    const requestId = await seedRequest('in_review');
    await database.db.insert(replyDeadlines).values({
      requestId,
      plan,
      startedAt: hoursAgo(dueHoursAgo + 8),
      dueAt: hoursAgo(dueHoursAgo),
      answeredAt: answeredHoursAgo === null ? null : hoursAgo(answeredHoursAgo),
    });
  }

  it('shares deadlines kept per plan over the last 7 and 30 days, decided at the answer or the due time', async () => {
    // Standard: kept 2 days ago; late (due 3 days ago, answered 1 day ago); kept 20 days ago;
    // missed 10 days ago and still unanswered; kept 40 days ago (outside both windows).
    await deadline('standard', 47, 48);
    await deadline('standard', 72, 24);
    await deadline('standard', 479, 480);
    await deadline('standard', 240, null);
    await deadline('standard', 959, 960);
    // Priority: answered early but due in the future, so already decided and kept; one
    // running and not due yet, which is not decided either way.
    await deadline('priority', -3, 1);
    await deadline('priority', -2, null);

    const { replyOnTime } = await readDashboard(database.db, NOW);
    expect(replyOnTime).toEqual({
      standard: { last7Days: { total: 2, onTime: 1 }, last30Days: { total: 4, onTime: 2 } },
      priority: { last7Days: { total: 1, onTime: 1 }, last30Days: { total: 1, onTime: 1 } },
    });
  });
});
