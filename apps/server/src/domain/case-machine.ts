import { caseStateInfo, caseStates, type CaseState } from '@unban/contract/case-states';

/**
 * Who asks for a move. `system` is the server reacting to a provider fact (a confirmed
 * payment, a completed refund) or to a scheduled job; `operator` covers admins too (an
 * admin is an operator who can also manage operators, not a different kind of case actor).
 */
export const caseActors = ['customer', 'operator', 'system'] as const;
export type CaseActor = (typeof caseActors)[number];

export interface CaseEdge {
  from: CaseState;
  to: CaseState;
  actors: readonly CaseActor[];
}

/**
 * The case graph of DESIGN.md section 5, edge for edge, with nothing added.
 *
 * Decisions the picture leaves open:
 * - Leaving `awaiting_payment` for `queued` is the server's alone: only a confirmed payment
 *   may start the work, never a click.
 * - `awaiting_payment → canceled` may be taken by the customer (withdraws before paying),
 *   an operator (spam, duplicate request) or the system (a clean-up job for requests never
 *   paid). If a payment still lands afterwards, payment-follow-up.ts refunds it.
 * - `queued → canceled` is the customer's alone: they may withdraw a paid request until an
 *   operator starts work on it (`queued → in_review`), and the payment follow-up refunds
 *   the payment in full in the same transaction (docs/decisions/017). `canceled` still
 *   means "no money was kept". Once work has started, a case that stops must end in a
 *   refund through `in_review → not_eligible`; an operator cannot cancel a paid case.
 * - `needs_info → in_review` may be taken by the customer (their reply hands the case back
 *   to the operator without waiting for someone to notice it) and by the operator (the
 *   answer came by chat or e-mail, or the operator found it themselves).
 * - `in_review → appeal_submitted` is an operator's (they send or record the appeal) or the
 *   system's, when the owner confirms on their case page that they sent the app's in-app
 *   review (docs/decisions/022); either way only with an appeal on record (APPEAL_REQUIRED).
 * - `denied | not_eligible → refunded` is the system's alone: `refunded` must mean the
 *   provider has confirmed the refund, not that someone clicked a button.
 */
export const caseEdges: readonly CaseEdge[] = [
  { from: 'awaiting_payment', to: 'queued', actors: ['system'] },
  { from: 'awaiting_payment', to: 'canceled', actors: ['customer', 'operator', 'system'] },
  { from: 'queued', to: 'in_review', actors: ['operator'] },
  { from: 'queued', to: 'canceled', actors: ['customer'] },
  { from: 'in_review', to: 'appeal_submitted', actors: ['operator', 'system'] },
  { from: 'in_review', to: 'needs_info', actors: ['operator'] },
  { from: 'in_review', to: 'not_eligible', actors: ['operator'] },
  { from: 'needs_info', to: 'in_review', actors: ['customer', 'operator'] },
  { from: 'appeal_submitted', to: 'unbanned', actors: ['operator'] },
  { from: 'appeal_submitted', to: 'needs_info', actors: ['operator'] },
  { from: 'appeal_submitted', to: 'denied', actors: ['operator'] },
  { from: 'denied', to: 'refunded', actors: ['system'] },
  { from: 'not_eligible', to: 'refunded', actors: ['system'] },
];

export type CaseTransitionErrorCode = 'INVALID_TRANSITION' | 'FORBIDDEN_TRANSITION';

export type CaseTransitionResult =
  | { ok: true; from: CaseState; to: CaseState }
  | {
      ok: false;
      code: CaseTransitionErrorCode;
      /** For logs and operators; customers should see a message chosen by the route. */
      message: string;
    };

const actorNames: Readonly<Record<CaseActor, string>> = {
  customer: 'the customer',
  operator: 'an operator',
  system: 'the system',
};

function findEdge(from: CaseState, to: CaseState): CaseEdge | undefined {
  return caseEdges.find((edge) => edge.from === from && edge.to === to);
}

/**
 * Checks a move without taking it. INVALID_TRANSITION: the graph has no such edge (staying
 * in the same state is not a move either); FORBIDDEN_TRANSITION: the edge exists but this
 * actor may not take it. Routes map the first to 409 and the second to 403.
 */
export function transition(from: CaseState, to: CaseState, actor: CaseActor): CaseTransitionResult {
  const edge = findEdge(from, to);
  const fromLabel = caseStateInfo[from].label;
  const toLabel = caseStateInfo[to].label;
  if (!edge) {
    return {
      ok: false,
      code: 'INVALID_TRANSITION',
      message: `A case that is "${fromLabel}" cannot move to "${toLabel}".`,
    };
  }
  if (!edge.actors.includes(actor)) {
    return {
      ok: false,
      code: 'FORBIDDEN_TRANSITION',
      message: `Only ${edge.actors.map((a) => actorNames[a]).join(' or ')} may move a case from "${fromLabel}" to "${toLabel}".`,
    };
  }
  return { ok: true, from, to };
}

export function canTransition(from: CaseState, to: CaseState, actor: CaseActor): boolean {
  return transition(from, to, actor).ok;
}

/** The states `actor` may move a case in `from` to, in the order of `caseStates`. */
export function allowedNextStates(from: CaseState, actor: CaseActor): CaseState[] {
  return caseStates.filter((to) => canTransition(from, to, actor));
}

/**
 * The guarantee: a case that ends without an unban is refunded in full without anyone
 * having to ask. The server starts the refund when a case enters one of these states.
 */
export function requiresAutomaticRefund(state: CaseState): boolean {
  return state === 'denied' || state === 'not_eligible';
}

/** The states that end the work on a case, whichever way it went: its outcome. */
export const outcomeStates = [
  'unbanned',
  'denied',
  'not_eligible',
] as const satisfies readonly CaseState[];
export type OutcomeState = (typeof outcomeStates)[number];

export function isOutcomeState(state: CaseState): state is OutcomeState {
  return (outcomeStates as readonly CaseState[]).includes(state);
}

/**
 * "Paid" is the system's move awaiting_payment → queued: the graph takes it once per case,
 * when the funding payment is confirmed, so it dates the payment.
 */
export function isPaidMove(from: CaseState, to: CaseState): boolean {
  return from === 'awaiting_payment' && to === 'queued';
}
