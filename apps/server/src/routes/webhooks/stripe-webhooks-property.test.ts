import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  FakeStripeApi,
} from '../../test/fake-stripe-api';
import { orderWithCheckout, readPayment, readRequest, timeline } from '../../test/payment-fixtures';
import { createTestApp, testConfig } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

/**
 * How many generated sequences: a few in `npm test`; `npm run chaos` runs 10,000 of them on
 * PostgreSQL (WEBHOOK_PROPERTY_RUNS, TEST_DATABASE_URL), through this very file.
 */
const RUNS = Number(process.env.WEBHOOK_PROPERTY_RUNS ?? '25');
/** Sequences played at the same time, each on its own order (their deliveries interleave too). */
const TOGETHER = Number(process.env.WEBHOOK_PROPERTY_TOGETHER ?? '1');

type Step = 'pay_card' | 'pay_debit' | 'debit_succeeds' | 'debit_fails' | 'expire';
const scenarios: Record<
  string,
  { steps: Step[]; payment: string; caseState: string; moves: number }
> = {
  card: { steps: ['pay_card'], payment: 'paid', caseState: 'queued', moves: 1 },
  debitSucceeds: {
    steps: ['pay_debit', 'debit_succeeds'],
    payment: 'paid',
    caseState: 'queued',
    moves: 1,
  },
  debitFails: {
    steps: ['pay_debit', 'debit_fails'],
    payment: 'failed',
    caseState: 'awaiting_payment',
    moves: 0,
  },
  expires: { steps: ['expire'], payment: 'expired', caseState: 'awaiting_payment', moves: 0 },
};
const eventOf: Record<Step, string> = {
  pay_card: 'checkout.session.completed',
  pay_debit: 'checkout.session.completed',
  debit_succeeds: 'checkout.session.async_payment_succeeded',
  debit_fails: 'checkout.session.async_payment_failed',
  expire: 'checkout.session.expired',
};

/**
 * One entry of a delivery schedule: Stripe's truth moves one step on, or an event emitted
 * so far is delivered: awaited, together with the next ones (concurrent), or late (after
 * a delay, while the schedule goes on).
 */
const entry = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: 'advance' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('await' as const, 'concurrent' as const, 'late' as const),
      index: fc.nat({ max: 6 }),
      delayMs: fc.integer({ min: 0, max: 15 }),
    }),
  },
);

const sequence = fc.record({
  name: fc.constantFrom(...Object.keys(scenarios)),
  schedule: fc.array(entry, { maxLength: 14 }),
  addStalePointer: fc.boolean(),
});
type Sequence = typeof sequence extends fc.Arbitrary<infer T> ? T : never;

describe('property: any delivery order reaches the in-order final state', () => {
  let fake: FakeStripeApi;
  let subject: TestApp;

  beforeAll(async () => {
    fake = await FakeStripeApi.start();
    subject = await createTestApp({
      config: {
        publicUrl: 'https://unban.example.test',
        // The chaos command plays 10,000 sequences from one address, far past any real
        // provider's rate: the limit is not what this property is about.
        webhookRateLimitPerMinute: 1_000_000_000,
        payments: {
          ...testConfig().payments,
          provider: 'stripe',
          stripe: {
            secretKey: FAKE_STRIPE_SECRET_KEY,
            webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
            apiBase: fake.baseUrl,
          },
        },
      },
    });
    await subject.app.ready();
  });
  afterAll(async () => {
    await subject?.close();
    await fake?.close();
  });

  const db = () => subject.database.db;

  async function deliver(delivery: { body: string; headers: Record<string, string> }) {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: delivery.headers,
      payload: delivery.body,
    });
    // Every genuine delivery is acknowledged, whatever its order or how often it comes.
    expect(response.statusCode).toBe(200);
  }

  function apply(step: Step, sessionId: string): void {
    if (step === 'pay_card') fake.completeSession(sessionId, 'paid');
    if (step === 'pay_debit') fake.completeSession(sessionId, 'processing');
    if (step === 'debit_succeeds') fake.settleAsync(sessionId, 'succeeded');
    if (step === 'debit_fails') fake.settleAsync(sessionId, 'failed');
    if (step === 'expire') fake.expireSession(sessionId);
  }

  /** Plays one generated sequence on a new order and compares with the in-order result. */
  async function play({ name, schedule, addStalePointer }: Sequence): Promise<void> {
    const scenario = scenarios[name];
    if (!scenario) throw new Error(name);
    const { request, payment } = await orderWithCheckout(db(), subject.app);
    const sessionId = payment.providerSessionId;
    const emitted: ReturnType<typeof fake.sessionEvent>[] = [];
    const inFlight: Promise<void>[] = [];
    let together: Promise<void>[] = [];
    let next = 0;
    const advance = () => {
      const step = scenario.steps[next];
      if (step === undefined) return;
      apply(step, sessionId);
      emitted.push(fake.sessionEvent(eventOf[step], sessionId));
      next += 1;
    };

    for (const item of schedule) {
      const pick =
        item.kind === 'advance' ? undefined : emitted[item.index % Math.max(emitted.length, 1)];
      if (item.kind === 'advance' || !pick) {
        advance();
      } else if (item.kind === 'late') {
        inFlight.push(
          new Promise((resolve) => setTimeout(resolve, item.delayMs)).then(() => deliver(pick)),
        );
      } else {
        together.push(deliver(pick));
        if (item.kind === 'await') {
          await Promise.all(together);
          together = [];
        }
      }
    }
    await Promise.all(together);
    while (next < scenario.steps.length) advance();
    // Stripe retries until each event is acknowledged: all arrive at least once.
    await Promise.all(emitted.map((event) => deliver(event)));
    if (addStalePointer) await deliver(fake.sessionEvent('checkout.session.expired', sessionId));
    await Promise.all(inFlight);

    expect((await readPayment(db(), payment.id)).state).toBe(scenario.payment);
    const after = await readRequest(db(), request.id);
    expect(after.caseState).toBe(scenario.caseState);
    expect(after.paymentState).toBe(scenario.payment);
    expect(await timeline(db(), request.id)).toHaveLength(scenario.moves);
  }

  it(
    `holds for ${RUNS} sequences of reordered, duplicated, concurrent and late deliveries`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(sequence, { minLength: TOGETHER, maxLength: TOGETHER }),
          async (sequences) => {
            await Promise.all(sequences.map((played) => play(played)));
          },
        ),
        { numRuns: Math.ceil(RUNS / TOGETHER) },
      );
    },
    Math.max(30_000, RUNS * 500),
  );
});
