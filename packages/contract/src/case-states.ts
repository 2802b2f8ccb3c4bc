import type { Plan } from './plans';
import { defaultSiteIdentity, type SiteIdentity } from './site-config';

/**
 * States of a case (one unban request). Which moves between them are allowed, and by
 * whom, is the server's business (apps/server/src/domain/case-machine.ts); this file holds
 * what both sides need to name and explain a state.
 */
export const caseStates = [
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
] as const;
// The zod schema is in state-schemas.ts: screens that only name states load no zod.
export type CaseState = (typeof caseStates)[number];

export interface CaseStateInfo {
  /** Short name for badges, filters and e-mail subjects. */
  label: string;
  /** One line: what this state means for the customer. */
  meaning: string;
  /** One line: what happens next and who acts. */
  next: string;
  /**
   * How long this state usually lasts, in the Standard plan's terms; null when it is up to
   * the customer or nothing more happens. Use `caseUsualWait()` to get the customer's own plan.
   */
  usualWait: string | null;
  /** The wait is an operator's reply time, so it is shorter on the Priority plan. */
  waitDependsOnPlan: boolean;
  /** Nothing more will happen to the case. */
  final: boolean;
  /** The customer has to do something before the case can move on. */
  customerActionNeeded: boolean;
}

// Refunds go back through the card network; this is the time frame Stripe and the card
// schemes give for a refund to show on a statement, and the refund policy repeats it.
const refundArrival = '5–10 business days to appear on your statement';

export type CaseStateTable = Readonly<Record<CaseState, CaseStateInfo>>;

/** The states explained for a site about `identity.appName`, with its Standard plan's wait. */
function buildCaseStateInfo({
  appName: app,
  plans,
}: Pick<SiteIdentity, 'appName' | 'plans'>): CaseStateTable {
  return {
    awaiting_payment: {
      label: 'Awaiting payment',
      meaning: 'We have your request, but your payment has not been confirmed yet.',
      next: 'Complete the payment; your case joins the queue as soon as it is confirmed.',
      usualWait: null,
      waitDependsOnPlan: false,
      final: false,
      customerActionNeeded: true,
    },
    queued: {
      label: 'Queued',
      meaning: 'Your payment is confirmed and your case is waiting for an operator.',
      next: 'An operator picks up your case and starts preparing your appeal.',
      usualWait: plans.standard.operatorReplyWithin,
      waitDependsOnPlan: true,
      final: false,
      customerActionNeeded: false,
    },
    in_review: {
      label: 'In review',
      meaning: 'An operator is preparing your appeal.',
      next: `We submit the appeal through ${app}'s official review channels, or ask you for details if we need any.`,
      usualWait: plans.standard.operatorReplyWithin,
      waitDependsOnPlan: true,
      final: false,
      customerActionNeeded: false,
    },
    needs_info: {
      label: 'Information needed',
      meaning: 'The operator needs more information from you before the case can continue.',
      next: 'Reply on your case page; the operator continues as soon as you answer.',
      usualWait: null,
      waitDependsOnPlan: false,
      final: false,
      customerActionNeeded: true,
    },
    appeal_submitted: {
      label: 'Appeal submitted',
      meaning: `Your appeal has been sent through ${app}'s official review channels.`,
      next: `${app} reviews the appeal; we tell you the outcome as soon as we receive it.`,
      usualWait: 'from a few hours to a few weeks, depending on the ban',
      waitDependsOnPlan: false,
      final: false,
      customerActionNeeded: false,
    },
    unbanned: {
      label: 'Unbanned',
      meaning: `${app} has lifted the ban on your number.`,
      next: `Nothing more to do: you can sign in to ${app} again.`,
      usualWait: null,
      waitDependsOnPlan: false,
      final: true,
      customerActionNeeded: false,
    },
    denied: {
      label: 'Appeal denied',
      meaning: `${app} reviewed the appeal and kept the ban.`,
      next: 'We refund your payment in full automatically; you do not need to ask.',
      usualWait: refundArrival,
      waitDependsOnPlan: false,
      final: false,
      customerActionNeeded: false,
    },
    not_eligible: {
      label: 'Not eligible',
      meaning: `This ban cannot be appealed through ${app}'s official review channels.`,
      next: 'We refund your payment in full automatically; you do not need to ask.',
      usualWait: refundArrival,
      waitDependsOnPlan: false,
      final: false,
      customerActionNeeded: false,
    },
    refunded: {
      label: 'Refunded',
      meaning: 'Your payment has been refunded in full.',
      next: `Nothing more to do; the refund usually takes ${refundArrival}.`,
      usualWait: null,
      waitDependsOnPlan: false,
      final: true,
      customerActionNeeded: false,
    },
    canceled: {
      label: 'Canceled',
      meaning: 'This request was closed before a payment was completed.',
      next: 'Nothing more to do. If you still need help, start a new request.',
      usualWait: null,
      waitDependsOnPlan: false,
      final: true,
      customerActionNeeded: false,
    },
  };
}

const tables = new WeakMap<object, CaseStateTable>();

/**
 * The state texts of one site identity (they name its app and its Standard plan's wait).
 * Built once per identity object.
 */
export function caseStateInfoFor(
  identity: Pick<SiteIdentity, 'appName' | 'plans'>,
): CaseStateTable {
  let table = tables.get(identity);
  if (!table) {
    table = buildCaseStateInfo(identity);
    tables.set(identity, table);
  }
  return table;
}

/**
 * The default identity's table. Labels, finality and who acts are the same for every
 * identity, so code that reads only those uses this; texts shown to a customer come from
 * `caseStateInfoFor(identity)`.
 */
export const caseStateInfo: CaseStateTable = caseStateInfoFor(defaultSiteIdentity);

/**
 * `denied` and `not_eligible` are decisions, not ends: the guaranteed refund still follows
 * and moves them to `refunded`. So only these three are final.
 */
export const finalCaseStates: readonly CaseState[] = caseStates.filter(
  (state) => caseStateInfo[state].final,
);

export function isFinalCaseState(state: CaseState): boolean {
  return caseStateInfo[state].final;
}

/** The usual wait of a state for a customer on `plan`, e.g. "within 4 business hours". */
export function caseUsualWait(state: CaseState, plan: Plan): string | null {
  const info = caseStateInfo[state];
  return info.waitDependsOnPlan ? plan.operatorReplyWithin : info.usualWait;
}
