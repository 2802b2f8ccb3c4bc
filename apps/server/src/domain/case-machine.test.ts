import { describe, expect, it } from 'vitest';
import { caseStates, type CaseState } from '@unban/contract/case-states';
import { customerCancelableStates } from '@unban/contract/data-rules';
import {
  allowedNextStates,
  canTransition,
  caseActors,
  requiresAutomaticRefund,
  transition,
  type CaseActor,
} from './case-machine';

// Written from DESIGN.md section 5 and the actor decisions, independently of the table in
// case-machine.ts: if either changes, this list has to be changed on purpose.
const expectedEdges: ReadonlyArray<readonly [CaseState, CaseState, readonly CaseActor[]]> = [
  ['awaiting_payment', 'queued', ['system']],
  ['awaiting_payment', 'canceled', ['customer', 'operator', 'system']],
  ['queued', 'in_review', ['operator']],
  ['queued', 'canceled', ['customer']],
  ['in_review', 'appeal_submitted', ['operator', 'system']],
  ['in_review', 'needs_info', ['operator']],
  ['in_review', 'not_eligible', ['operator']],
  ['needs_info', 'in_review', ['customer', 'operator']],
  ['appeal_submitted', 'unbanned', ['operator']],
  ['appeal_submitted', 'needs_info', ['operator']],
  ['appeal_submitted', 'denied', ['operator']],
  ['denied', 'refunded', ['system']],
  ['not_eligible', 'refunded', ['system']],
];

// Spelled out rather than imported so a state added to the contract fails this test until
// its edges are decided.
const allStates: readonly CaseState[] = [
  'awaiting_payment',
  'queued',
  'in_review',
  'needs_info',
  'appeal_submitted',
  'unbanned',
  'denied',
  'not_eligible',
  'refunded',
  'canceled',
];
const allActors: readonly CaseActor[] = ['customer', 'operator', 'system'];

function expectedActors(from: CaseState, to: CaseState): readonly CaseActor[] | undefined {
  return expectedEdges.find(([f, t]) => f === from && t === to)?.[2];
}

const triples = allStates.flatMap((from) =>
  allStates.flatMap((to) => allActors.map((actor) => [from, to, actor] as const)),
);

describe('case machine', () => {
  it('covers every state of the contract and exactly the three actors', () => {
    expect([...caseStates]).toEqual(allStates);
    expect([...caseActors].sort()).toEqual([...allActors].sort());
  });

  it.each(triples)('%s → %s by %s is allowed only on a listed edge', (from, to, actor) => {
    const actors = expectedActors(from, to);
    const result = transition(from, to, actor);
    if (actors === undefined) {
      expect(result).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
      expect(canTransition(from, to, actor)).toBe(false);
    } else if (actors.includes(actor)) {
      expect(result).toEqual({ ok: true, from, to });
      expect(canTransition(from, to, actor)).toBe(true);
    } else {
      expect(result).toMatchObject({ ok: false, code: 'FORBIDDEN_TRANSITION' });
      expect(canTransition(from, to, actor)).toBe(false);
    }
  });

  it('lets the customer cancel exactly from the states the contract (and privacy page) names', () => {
    const fromStates = allStates.filter((from) => canTransition(from, 'canceled', 'customer'));
    expect(fromStates).toEqual([...customerCancelableStates]);
    // "Before an operator starts work": nothing past queued, which only an operator leaves.
    expect(allowedNextStates('queued', 'operator')).toEqual(['in_review']);
  });

  it('explains a refusal with the state labels', () => {
    const invalid = transition('queued', 'unbanned', 'operator');
    expect(invalid).toEqual({
      ok: false,
      code: 'INVALID_TRANSITION',
      message: 'A case that is "Queued" cannot move to "Unbanned".',
    });
    const forbidden = transition('awaiting_payment', 'queued', 'customer');
    expect(forbidden).toEqual({
      ok: false,
      code: 'FORBIDDEN_TRANSITION',
      message: 'Only the system may move a case from "Awaiting payment" to "Queued".',
    });
  });

  it('names every actor allowed on an edge when refusing another', () => {
    expect(transition('needs_info', 'in_review', 'system')).toMatchObject({
      message:
        'Only the customer or an operator may move a case from "Information needed" to "In review".',
    });
  });

  it('lists the allowed next states per actor', () => {
    for (const from of allStates) {
      for (const actor of allActors) {
        const expected = expectedEdges
          .filter(([f, , actors]) => f === from && actors.includes(actor))
          .map(([, to]) => to);
        expect(new Set(allowedNextStates(from, actor))).toEqual(new Set(expected));
      }
    }
    expect(allowedNextStates('in_review', 'operator')).toEqual([
      'needs_info',
      'appeal_submitted',
      'not_eligible',
    ]);
    expect(allowedNextStates('needs_info', 'customer')).toEqual(['in_review']);
    expect(allowedNextStates('queued', 'customer')).toEqual(['canceled']);
  });

  it('has no way out of the final states', () => {
    for (const from of ['unbanned', 'refunded', 'canceled'] as const) {
      for (const actor of allActors) expect(allowedNextStates(from, actor)).toEqual([]);
    }
  });

  it('lets denied and not eligible cases go only to refunded, and only by the system', () => {
    for (const from of ['denied', 'not_eligible'] as const) {
      expect(allowedNextStates(from, 'system')).toEqual(['refunded']);
      expect(allowedNextStates(from, 'operator')).toEqual([]);
      expect(allowedNextStates(from, 'customer')).toEqual([]);
    }
  });

  it('never lets a customer start or decide a case', () => {
    const customerMoves = allStates.flatMap((from) =>
      allowedNextStates(from, 'customer').map((to) => `${from}→${to}`),
    );
    expect(customerMoves.sort()).toEqual([
      'awaiting_payment→canceled',
      'needs_info→in_review',
      'queued→canceled',
    ]);
  });

  it('treats staying in the same state as an invalid move', () => {
    for (const state of allStates) {
      for (const actor of allActors) {
        expect(transition(state, state, actor)).toMatchObject({ code: 'INVALID_TRANSITION' });
      }
    }
  });

  it('refunds automatically exactly the denied and not eligible outcomes', () => {
    const refunded = allStates.filter(requiresAutomaticRefund);
    expect(refunded).toEqual(['denied', 'not_eligible']);
  });
});
