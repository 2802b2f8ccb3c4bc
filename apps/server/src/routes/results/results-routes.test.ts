import type { CaseState } from '@unban/contract/case-states';
import type { PlanId } from '@unban/contract/plans';
import { resultsResponseSchema } from '@unban/contract/results';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyDeadlines } from '../../db/schema';
import type { DatabaseHandle } from '../../db/client';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { insertPastMove, insertRequestRow } from '../../test/request-rows';
import { createTestDatabase } from '../../test/test-database';

const HOUR_MS = 3_600_000;
// One instant for every seeded time, so the durations between them are exact.
const NOW = Date.now();
const hoursAgo = (hours: number) => new Date(NOW - hours * HOUR_MS);

let database: DatabaseHandle;

function seedRequest(plan: PlanId, caseState: CaseState) {
  return insertRequestRow(database.db, { plan, caseState });
}

/** A case's timeline, as [from, to, hours ago] moves. */
async function seedCase(
  plan: PlanId,
  caseState: CaseState,
  moves: [CaseState, CaseState, number][],
) {
  const requestId = await seedRequest(plan, caseState);
  for (const [fromState, toState, ago] of moves) {
    await insertPastMove(database.db, requestId, fromState, toState, hoursAgo(ago));
  }
  return requestId;
}

async function seedDeadline(plan: PlanId, dueHoursAgo: number, answeredHoursAgo: number | null) {
  const requestId = await seedRequest(plan, 'in_review');
  await database.db.insert(replyDeadlines).values({
    requestId,
    plan,
    startedAt: hoursAgo(dueHoursAgo + 8),
    dueAt: hoursAgo(dueHoursAgo),
    answeredAt: answeredHoursAgo === null ? null : hoursAgo(answeredHoursAgo),
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  // Standard: unbanned after 10 and 20 hours; denied after 30 hours, then refunded.
  await seedCase('standard', 'unbanned', [
    ['awaiting_payment', 'queued', 50],
    ['appeal_submitted', 'unbanned', 40],
  ]);
  await seedCase('standard', 'unbanned', [
    ['awaiting_payment', 'queued', 60],
    ['appeal_submitted', 'unbanned', 40],
  ]);
  await seedCase('standard', 'refunded', [
    ['awaiting_payment', 'queued', 70],
    ['appeal_submitted', 'denied', 40],
    ['denied', 'refunded', 39],
  ]);
  // Priority: unbanned after 4 hours.
  await seedCase('priority', 'unbanned', [
    ['awaiting_payment', 'queued', 44],
    ['appeal_submitted', 'unbanned', 40],
  ]);
  // Not counted: an outcome before the period (100 days ago), a case still in review, a
  // request canceled before payment.
  await seedCase('standard', 'not_eligible', [
    ['awaiting_payment', 'queued', 2410],
    ['in_review', 'not_eligible', 2400],
  ]);
  await seedCase('standard', 'in_review', [
    ['awaiting_payment', 'queued', 30],
    ['queued', 'in_review', 29],
  ]);
  await seedCase('standard', 'canceled', [['awaiting_payment', 'canceled', 30]]);
  // Reply deadlines: Standard kept, kept, late; Priority kept; one Priority not due yet.
  await seedDeadline('standard', 20, 21);
  await seedDeadline('standard', 30, 31);
  await seedDeadline('standard', 40, 30);
  await seedDeadline('priority', 10, 11);
  await seedDeadline('priority', -5, null);
});

afterAll(() => database?.close());

async function getResults(subject: TestApp) {
  const response = await subject.app.inject({ method: 'GET', url: '/api/results' });
  expect(response.statusCode).toBe(200);
  return { response, body: resultsResponseSchema.parse(response.json()) };
}

describe('GET /api/results', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({
      database,
      config: { results: { periodDays: 90, minimumSample: 3 } },
    });
  });
  afterAll(() => subject?.close());

  it('computes the figures of the period from the timeline, per plan and overall', async () => {
    const { response, body } = await getResults(subject);
    expect(response.headers['cache-control']).toBe(
      'public, max-age=300, stale-while-revalidate=60',
    );
    expect(body.minimumSample).toBe(3);
    expect(body.period.days).toBe(90);
    expect(new Date(body.period.end).getTime() - new Date(body.period.start).getTime()).toBe(
      90 * 24 * HOUR_MS,
    );

    // Outcomes after 4, 10, 20 and 30 hours: median 15 hours, p90 20 + 0.7 × 10 hours.
    expect(body.overall).toEqual({
      casesClosed: 4,
      unbannedShare: { status: 'value', value: 0.75, sampleSize: 4 },
      refundedShare: { status: 'value', value: 0.25, sampleSize: 4 },
      medianSecondsToOutcome: { status: 'value', value: 15 * 3600, sampleSize: 4 },
      p90SecondsToOutcome: { status: 'value', value: 27 * 3600, sampleSize: 4 },
      onTimeReplyShare: { status: 'value', value: 0.75, sampleSize: 4 },
    });
    const standard = body.plans.find((entry) => entry.plan === 'standard')?.figures;
    expect(standard?.casesClosed).toBe(3);
    expect(standard?.unbannedShare).toEqual({ status: 'value', value: 2 / 3, sampleSize: 3 });
    expect(standard?.medianSecondsToOutcome).toEqual({
      status: 'value',
      value: 20 * 3600,
      sampleSize: 3,
    });
    expect(standard?.onTimeReplyShare).toEqual({ status: 'value', value: 2 / 3, sampleSize: 3 });

    // One Priority case and one decided deadline: below the minimum, so no figure at all.
    const priority = body.plans.find((entry) => entry.plan === 'priority')?.figures;
    expect(priority).toEqual({
      casesClosed: 1,
      unbannedShare: { status: 'not_enough_cases', sampleSize: 1, minimumSample: 3 },
      refundedShare: { status: 'not_enough_cases', sampleSize: 1, minimumSample: 3 },
      medianSecondsToOutcome: { status: 'not_enough_cases', sampleSize: 1, minimumSample: 3 },
      p90SecondsToOutcome: { status: 'not_enough_cases', sampleSize: 1, minimumSample: 3 },
      onTimeReplyShare: { status: 'not_enough_cases', sampleSize: 1, minimumSample: 3 },
    });
  });

  it('serves the computed answer from its cache, so a new outcome shows after the TTL', async () => {
    const before = await getResults(subject);
    await seedCase('priority', 'unbanned', [
      ['awaiting_payment', 'queued', 3],
      ['appeal_submitted', 'unbanned', 1],
    ]);
    const after = await getResults(subject);
    expect(after.body).toEqual(before.body);
  });
});

describe('GET /api/results below the minimum sample', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({
      database,
      config: { results: { periodDays: 90, minimumSample: 20 } },
    });
  });
  afterAll(() => subject?.close());

  it('withholds every figure and says how many cases it had', async () => {
    const { body } = await getResults(subject);
    expect(body.minimumSample).toBe(20);
    expect(body.overall.casesClosed).toBeGreaterThanOrEqual(4);
    for (const figures of [body.overall, ...body.plans.map((entry) => entry.figures)]) {
      for (const figure of [
        figures.unbannedShare,
        figures.refundedShare,
        figures.medianSecondsToOutcome,
        figures.p90SecondsToOutcome,
        figures.onTimeReplyShare,
      ]) {
        expect(figure).toMatchObject({ status: 'not_enough_cases', minimumSample: 20 });
      }
    }
  });
});

describe('GET /api/results over a short period', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({
      database,
      config: { results: { periodDays: 1, minimumSample: 1 } },
    });
  });
  afterAll(() => subject?.close());

  it('counts only outcomes reached within the period', async () => {
    const { body } = await getResults(subject);
    // Only the Priority case unbanned an hour ago (seeded above) is within the last day.
    expect(body.overall.casesClosed).toBe(1);
    expect(body.overall.medianSecondsToOutcome).toEqual({
      status: 'value',
      value: 2 * 3600,
      sampleSize: 1,
    });
    // Deadlines decided within the day: the ones answered 21 and 11 hours ago, both in time.
    expect(body.overall.onTimeReplyShare).toEqual({ status: 'value', value: 1, sampleSize: 2 });
  });
});
