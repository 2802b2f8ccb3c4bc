// @ts-check
import { describe, expect, it } from 'vitest';
import { checkChaosRun } from './chaos-checks.mjs';
import { newLedger } from './chaos-workload.mjs';

const A = 'a0000000-0000-4000-8000-000000000000';
const at = (/** @type {number} */ n) => `2026-11-25 08:00:0${n}+00`;

/** The rows of one healthy run: a request paid, worked, denied and refunded. */
function healthyTables() {
  return {
    requests: [
      { id: A, case_state: 'refunded', payment_state: 'refunded', idempotency_key_hash: 'k1' },
    ],
    payments: [
      {
        id: 'p1',
        request_id: A,
        provider: 'sandbox',
        provider_session_id: 's1',
        state: 'refunded',
        amount: 4900,
        refund_requested_amount: 4900,
        refunded_amount: 4900,
      },
    ],
    case_events: [
      {
        request_id: A,
        actor_type: 'system',
        from_state: null,
        to_state: 'awaiting_payment',
        at: at(1),
      },
      {
        request_id: A,
        actor_type: 'system',
        from_state: 'awaiting_payment',
        to_state: 'queued',
        at: at(2),
      },
      {
        request_id: A,
        actor_type: 'operator',
        from_state: 'queued',
        to_state: 'queued',
        at: at(3),
      },
      {
        request_id: A,
        actor_type: 'operator',
        from_state: 'queued',
        to_state: 'in_review',
        at: at(3),
      },
      {
        request_id: A,
        actor_type: 'operator',
        from_state: 'in_review',
        to_state: 'not_eligible',
        at: at(4),
      },
      {
        request_id: A,
        actor_type: 'system',
        from_state: 'not_eligible',
        to_state: 'refunded',
        at: at(5),
      },
    ],
    payment_events: [
      {
        provider: 'sandbox',
        provider_event_id: 'evt_pay',
        type: 'checkout.session.completed',
        processed_at: 'x',
        payload: {},
      },
      {
        provider: 'sandbox',
        provider_event_id: 'evt_refund',
        type: 'charge.refunded',
        processed_at: 'x',
        payload: { data: { object: { payment_intent: 'pi_1' } } },
      },
    ],
    outbox: [
      { kind: 'email:request_received', idempotency_key: 'e1', status: 'sent' },
      { kind: 'refund', idempotency_key: 'refund:p1', status: 'sent' },
    ],
    mailbox_messages: [{ idempotency_key: 'e1', request_id: A }],
  };
}

function healthyLedger() {
  const ledger = newLedger();
  ledger.orders.set('key', {
    id: A,
    reference: 'R',
    statusToken: 't',
    checkoutUrl: 'u',
    token: 'x',
  });
  ledger.transitions.push({ requestId: A, to: 'in_review' }, { requestId: A, to: 'not_eligible' });
  ledger.sandboxActions.push({ requestId: A, outcome: 'pay' });
  return ledger;
}

/** A query function over in-memory tables, answering the checks' selects by table name. */
function queryOver(/** @type {Record<string, any[]>} */ tables) {
  return async (/** @type {string} */ sql) => {
    const table = /from (\w+)/.exec(sql)?.[1] ?? '';
    return tables[table] ?? [];
  };
}

describe('the chaos checks', () => {
  it('find nothing wrong in a healthy run', async () => {
    const { problems } = await checkChaosRun(queryOver(healthyTables()), healthyLedger(), null);
    expect(problems).toEqual([]);
  });

  it.each([
    [
      'an acknowledged order that is gone',
      (/** @type {any} */ t) => (t.requests = []),
      /lost acknowledged writes: 1 orders/,
    ],
    [
      'an acknowledged transition that is gone',
      (/** @type {any} */ t) =>
        t.case_events.splice(4, 2) && (t.requests[0].case_state = 'in_review'),
      /lost acknowledged writes: 0 orders, 1 transitions/,
    ],
    [
      'a sandbox payment acknowledged but not recorded',
      (/** @type {any} */ t) => {
        t.payments[0].state = 'unpaid';
        t.requests[0].case_state = 'awaiting_payment';
        t.case_events.splice(1);
      },
      /1 payment facts[\s\S]*e\.g\. sandbox "pay" acknowledged \(303\)/,
    ],
    [
      'a second paid attempt',
      (/** @type {any} */ t) =>
        t.payments.push(
          { ...t.payments[0], id: 'p2', state: 'paid' },
          { ...t.payments[0], id: 'p3', state: 'paid' },
        ),
      /charged twice/,
    ],
    [
      'a stored event never acted on',
      (/** @type {any} */ t) => (t.payment_events[0].processed_at = null),
      /1 stored payment events never acted on \(checkout.session.completed\)/,
    ],
    [
      'a second sandbox refund',
      (/** @type {any} */ t) =>
        t.payment_events.push({ ...t.payment_events[1], provider_event_id: 'evt_refund_2' }),
      /refunded twice/,
    ],
    [
      'more refunded than paid',
      (/** @type {any} */ t) => (t.payments[0].refunded_amount = 9800),
      /refunded twice/,
    ],
    [
      'a move that is not an edge',
      (/** @type {any} */ t) =>
        (t.case_events[3] = {
          ...t.case_events[3],
          from_state: 'queued',
          to_state: 'appeal_submitted',
        }),
      /not allow/,
    ],
    [
      'a move by an actor the edge does not allow',
      (/** @type {any} */ t) =>
        (t.case_events[1] = { ...t.case_events[1], actor_type: 'operator' }),
      /not allow/,
    ],
    [
      'a refunded case without a refunded payment',
      (/** @type {any} */ t) => (t.payments[0].state = 'paid'),
      /not allow/,
    ],
    [
      'an e-mail still queued',
      (/** @type {any} */ t) => (t.outbox[0].status = 'pending'),
      /1 still queued/,
    ],
    [
      'an e-mail delivered twice',
      (/** @type {any} */ t) => t.mailbox_messages.push({ ...t.mailbox_messages[0] }),
      /delivered twice: 1/,
    ],
    [
      'an e-mail without its job',
      (/** @type {any} */ t) => t.mailbox_messages.push({ idempotency_key: 'zz', request_id: A }),
      /without an outbox job: 1/,
    ],
  ])('report %s', async (_name, damage, expected) => {
    const tables = healthyTables();
    damage(tables);
    const { problems } = await checkChaosRun(queryOver(tables), healthyLedger(), null);
    expect(problems.join('\n')).toMatch(expected);
  });
});
