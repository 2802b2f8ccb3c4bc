// @ts-check
// What must hold after a chaos run, read straight from the database the server wrote
// (the server stopped): every acknowledged write is there, no payment charged or refunded
// twice, every case and payment in a state (and every case history along edges) that the
// domain's own machines allow, every e-mail delivered exactly once.
import { caseEdges } from '../../apps/server/src/domain/case-machine';
import { paymentStateRank } from '../../apps/server/src/domain/payment-machine';
import { caseStates } from '../../packages/contract/src/case-states';

/** @typedef {(sql: string, params?: unknown[]) => Promise<any[]>} Query */

const moneyHeld = new Set(['paid', 'refund_pending', 'refunded']);
const sandboxProves = {
  pay: 'paid',
  'pay-later': 'processing',
  decline: 'failed',
  cancel: 'expired',
};

/**
 * @param {Query} query
 * @param {import('./chaos-workload.mjs').Ledger} ledger
 * @param {import('../../apps/server/src/test/fake-stripe-api').FakeStripeApi | null} fake
 */
export async function checkChaosRun(query, ledger, fake) {
  /** @type {string[]} */
  const problems = [];
  const requests = await query(
    'select id, case_state, payment_state, idempotency_key_hash from requests',
  );
  const payments = await query(
    'select id, request_id, provider, provider_session_id, state, amount, refund_requested_amount, refunded_amount from payments',
  );
  const events = await query(
    'select request_id, actor_type, from_state, to_state, customer_reply, created_at::text as at from case_events order by created_at',
  );
  const paymentEvents = await query(
    'select provider, provider_event_id, type, payload, processed_at from payment_events',
  );
  const outbox = await query('select kind, idempotency_key, status from outbox');
  const mailbox = await query('select idempotency_key, request_id from mailbox_messages');

  const requestById = new Map(requests.map((r) => [r.id, r]));
  const paymentsOf = groupBy(payments, (p) => p.request_id);
  const eventsOf = groupBy(events, (e) => e.request_id);

  // ---- acknowledged writes ----
  let lostOrders = 0;
  for (const order of ledger.orders.values()) if (!requestById.has(order.id)) lostOrders += 1;
  const duplicateOrders = countDuplicates(
    requests.map((r) => r.idempotency_key_hash).filter(Boolean),
  );
  let lostTransitions = 0;
  for (const t of ledger.transitions) {
    const seen = (eventsOf.get(t.requestId) ?? []).some(
      (e) => e.actor_type === 'operator' && e.to_state === t.to && e.from_state !== e.to_state,
    );
    if (!seen) lostTransitions += 1;
  }
  let lostReplies = 0;
  for (const r of ledger.replies)
    if (
      !(eventsOf.get(r.requestId) ?? []).some((e) =>
        String(e.customer_reply ?? '').includes(r.marker),
      )
    )
      lostReplies += 1;
  const eventIds = new Set(paymentEvents.map((e) => e.provider_event_id));
  let lostWebhooks = 0;
  for (const id of ledger.webhooksAcked) if (!eventIds.has(id)) lostWebhooks += 1;
  let lostPaymentFacts = 0;
  /** @type {string[]} */
  const examples = [];
  for (const action of ledger.sandboxActions) {
    const proved =
      /** @type {Record<string, string>} */ (sandboxProves)[action.outcome] ?? 'unpaid';
    const best = Math.max(
      -1,
      ...(paymentsOf.get(action.requestId) ?? []).map(
        (p) => paymentStateRank[/** @type {keyof typeof paymentStateRank} */ (p.state)] ?? -1,
      ),
    );
    if (best < paymentStateRank[/** @type {keyof typeof paymentStateRank} */ (proved)]) {
      lostPaymentFacts += 1;
      const states = (paymentsOf.get(action.requestId) ?? []).map((p) => p.state).join(', ');
      examples.push(
        `sandbox "${action.outcome}" acknowledged (303) for request ${action.requestId}; its payments: ${states}`,
      );
    }
  }
  let lostRefunds = 0;
  for (const requestId of ledger.refunds)
    if (
      !(paymentsOf.get(requestId) ?? []).some(
        (p) => p.state === 'refund_pending' || p.state === 'refunded',
      )
    )
      lostRefunds += 1;
  const lost =
    lostOrders + lostTransitions + lostReplies + lostWebhooks + lostPaymentFacts + lostRefunds;
  if (lost > 0)
    problems.push(
      `lost acknowledged writes: ${lostOrders} orders, ${lostTransitions} transitions, ${lostReplies} replies, ` +
        `${lostWebhooks} webhooks, ${lostPaymentFacts} payment facts, ${lostRefunds} refunds`,
    );
  problems.push(...examples.slice(0, 3).map((example) => `  e.g. ${example}`));
  const unprocessed = paymentEvents.filter((e) => e.processed_at === null);
  if (unprocessed.length > 0)
    problems.push(
      `${unprocessed.length} stored payment events never acted on (${[...new Set(unprocessed.map((e) => e.type))].join(', ')})`,
    );
  if (duplicateOrders > 0)
    problems.push(`${duplicateOrders} orders created twice under one Idempotency-Key`);

  // ---- money: charged once, refunded at most once, never more than paid ----
  let doubleCharges = 0;
  let doubleRefunds = 0;
  for (const [, attempts] of paymentsOf)
    if (attempts.filter((p) => p.state === 'paid').length > 1) doubleCharges += 1;
  for (const p of payments)
    if (p.refunded_amount > p.amount || p.refund_requested_amount > p.amount) doubleRefunds += 1;
  const sandboxRefundEvents = groupBy(
    paymentEvents.filter((e) => e.provider === 'sandbox' && e.type === 'charge.refunded'),
    (e) => e.payload?.data?.object?.payment_intent ?? e.provider_event_id,
  );
  for (const [, refunds] of sandboxRefundEvents) if (refunds.length > 1) doubleRefunds += 1;
  if (fake) {
    const refundsOfIntent = groupBy([...fake.refunds.values()], (r) => r.payment_intent);
    for (const [, refunds] of refundsOfIntent) if (refunds.length > 1) doubleRefunds += 1;
    for (const charge of fake.charges.values())
      if (charge.amount_refunded > charge.amount) doubleRefunds += 1;
    const chargedSessions = groupBy(
      [...fake.sessions.values()].filter((s) => s.payment_intent),
      (s) => s.metadata.paymentId,
    );
    for (const [, sessions] of chargedSessions) if (sessions.length > 1) doubleCharges += 1;
  }
  if (doubleCharges > 0) problems.push(`${doubleCharges} requests charged twice`);
  if (doubleRefunds > 0)
    problems.push(`${doubleRefunds} payments refunded twice or beyond their amount`);

  // ---- states and histories the machines allow ----
  let badStates = 0;
  const caseStateSet = new Set(caseStates);
  for (const r of requests) {
    if (!caseStateSet.has(r.case_state) || !(r.payment_state in paymentStateRank)) badStates += 1;
    let state = null;
    for (const e of inChainOrder(eventsOf.get(r.id) ?? [])) {
      const isNote = e.from_state === e.to_state && e.from_state === state;
      const isStart = state === null && e.from_state === null && e.to_state === 'awaiting_payment';
      const isEdge =
        e.from_state === state &&
        caseEdges.some(
          (edge) =>
            edge.from === e.from_state &&
            edge.to === e.to_state &&
            edge.actors.includes(e.actor_type),
        );
      if (!isNote && !isStart && !isEdge) badStates += 1;
      state = e.to_state;
    }
    if (state !== r.case_state) badStates += 1;
    const attempts = paymentsOf.get(r.id) ?? [];
    // Work starts only on confirmed money; a refunded case holds a confirmed refund.
    if (
      !['awaiting_payment', 'canceled'].includes(r.case_state) &&
      !attempts.some((p) => moneyHeld.has(p.state))
    )
      badStates += 1;
    if (r.case_state === 'refunded' && !attempts.some((p) => p.state === 'refunded'))
      badStates += 1;
  }
  for (const p of payments) if (!(p.state in paymentStateRank)) badStates += 1;
  if (badStates > 0) problems.push(`${badStates} states or moves the machines do not allow`);

  // ---- e-mails: every one delivered, each exactly once ----
  const emails = outbox.filter((o) => String(o.kind).startsWith('email'));
  const undelivered = emails.filter((o) => o.status !== 'sent').length;
  const deliveredCount = new Map();
  for (const m of mailbox)
    deliveredCount.set(m.idempotency_key, (deliveredCount.get(m.idempotency_key) ?? 0) + 1);
  let duplicateEmails = 0;
  let missingEmails = 0;
  for (const email of emails) {
    const count = deliveredCount.get(email.idempotency_key) ?? 0;
    if (count > 1) duplicateEmails += 1;
    if (email.status === 'sent' && count === 0) missingEmails += 1;
  }
  const emailKeys = new Set(emails.map((o) => o.idempotency_key));
  const strayEmails = mailbox.filter((m) => !emailKeys.has(m.idempotency_key)).length;
  let ordersWithoutEmail = 0;
  const mailedRequests = new Set(mailbox.map((m) => m.request_id));
  for (const order of ledger.orders.values())
    if (!mailedRequests.has(order.id)) ordersWithoutEmail += 1;
  if (undelivered + missingEmails + ordersWithoutEmail > 0)
    problems.push(
      `e-mails not delivered: ${undelivered} still queued, ${missingEmails} marked sent but absent, ${ordersWithoutEmail} orders without any`,
    );
  if (duplicateEmails + strayEmails > 0)
    problems.push(
      `e-mails delivered twice: ${duplicateEmails}, without an outbox job: ${strayEmails}`,
    );

  return {
    problems,
    counts: {
      requests: requests.length,
      payments: payments.length,
      paymentEvents: paymentEvents.length,
      caseEvents: events.length,
      emails: mailbox.length,
      lost: lost + unprocessed.length,
      duplicateOrders,
      doubleCharges,
      doubleRefunds,
      badStates,
      duplicateEmails: duplicateEmails + strayEmails,
      undeliveredEmails: undelivered + missingEmails + ordersWithoutEmail,
    },
  };
}

/**
 * One transaction's timeline rows share their timestamp (now() is the transaction's start),
 * so within a timestamp the rows are put in the order their states chain: notes on the
 * current state first, then the move out of it.
 * @param {any[]} rows in timestamp order
 */
function inChainOrder(rows) {
  const ordered = [];
  let state = null;
  for (let i = 0; i < rows.length;) {
    let j = i;
    while (j < rows.length && rows[j].at === rows[i].at) j += 1;
    const bucket = rows.slice(i, j);
    while (bucket.length > 0) {
      const index = Math.max(
        bucket.findIndex((e) => e.from_state === state && e.to_state === state),
        -1,
      );
      const next =
        index >= 0
          ? index
          : Math.max(
              bucket.findIndex((e) => e.from_state === state),
              0,
            );
      const [event] = bucket.splice(next, 1);
      ordered.push(event);
      state = event.to_state;
    }
    i = j;
  }
  return ordered;
}

/** @template T @param {T[]} rows @param {(row: T) => unknown} key */
function groupBy(rows, key) {
  /** @type {Map<unknown, T[]>} */
  const groups = new Map();
  for (const row of rows) {
    const k = key(row);
    groups.set(k, [...(groups.get(k) ?? []), row]);
  }
  return groups;
}

/** @param {unknown[]} values */
function countDuplicates(values) {
  return values.length - new Set(values).size;
}
