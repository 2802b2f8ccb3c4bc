import { maskPhone } from '@unban/contract/phone';
import { requestDetailSchema, requestSummarySchema } from '@unban/contract/requests';
import type {
  PaymentStatusResponse,
  RequestDetail,
  RequestSummary,
} from '@unban/contract/requests';
import type { OwnerReview } from '@unban/contract/owner-review';
import { timelineNoticeSchema } from '@unban/contract/timeline-notices';
import type { TimelineNotice } from '@unban/contract/timeline-notices';
import type { CaseEventRow, RequestRow } from '../db/schema';
import { caseStates, known, paymentStates, plans } from './known-values';

/*
 * Rows → the contract's answers. Each answer is parsed with its contract schema on the way
 * out: the text columns hold enum values, and a value the contract does not know must fail
 * here (as a 500 with the details in the log) rather than reach a screen that cannot show it.
 */

export type SummaryColumns = Pick<
  RequestRow,
  | 'id'
  | 'reference'
  | 'messagingApp'
  | 'phoneE164'
  | 'plan'
  | 'priceAmount'
  | 'currency'
  | 'caseState'
  | 'paymentState'
  | 'createdAt'
  | 'updatedAt'
>;

function summaryFields(row: SummaryColumns) {
  return {
    id: row.id,
    reference: row.reference,
    messagingApp: row.messagingApp,
    phoneMasked: maskPhone(row.phoneE164),
    plan: row.plan,
    priceMinor: row.priceAmount,
    currency: row.currency,
    caseState: row.caseState,
    paymentState: row.paymentState,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toRequestSummary(row: SummaryColumns): RequestSummary {
  return requestSummarySchema.parse(summaryFields(row));
}

export type TimelineColumns = Pick<
  CaseEventRow,
  | 'actorType'
  | 'fromState'
  | 'toState'
  | 'messageToCustomer'
  | 'notice'
  | 'customerReply'
  | 'createdAt'
>;

/** A stored notice the contract still knows; an unknown or damaged one shows its English text. */
function noticeOf(event: TimelineColumns): TimelineNotice | null {
  const parsed = timelineNoticeSchema.safeParse(event.notice);
  return parsed.success ? parsed.data : null;
}

/** Internal notes and operator identities are left out: this is the customer's view. */
function timelineFields(event: TimelineColumns) {
  return {
    at: event.createdAt.toISOString(),
    actor: event.actorType,
    fromState: event.fromState,
    toState: event.toState,
    messageToCustomer: event.messageToCustomer,
    // Only beside its English words: an erased message takes its notice with it.
    notice: event.messageToCustomer === null ? null : noticeOf(event),
    customerReply: event.customerReply,
  };
}

/**
 * The question the customer must answer: what the operator wrote with the latest move
 * into `needs_info`, while the case is still there.
 */
function openQuestion(row: RequestRow, events: readonly TimelineColumns[]): string | null {
  if (row.caseState !== 'needs_info') return null;
  const asked = events.findLast(
    (entry) => entry.toState === 'needs_info' && entry.fromState !== 'needs_info',
  );
  return asked?.messageToCustomer ?? null;
}

/** `events` oldest first, as the case page lists them. */
/** What the customer told us, as the owner and operators see it (full number included). */
export function answersOf(row: RequestRow) {
  return {
    messagingApp: row.messagingApp,
    phone: row.phoneE164,
    accountType: row.accountType,
    device: row.device,
    banMessage: row.banMessage,
    bannedAt: row.bannedAtApprox,
    usage: row.usage,
    contactEmail: row.contactEmail,
  };
}

export function toRequestDetail(
  row: RequestRow,
  events: readonly TimelineColumns[],
  ownerReview: OwnerReview | null = null,
): RequestDetail {
  return requestDetailSchema.parse({
    ...summaryFields(row),
    answers: answersOf(row),
    timeline: events.map(timelineFields),
    needsInfoQuestion: openQuestion(row, events),
    nextReplyBy: row.replyDueAt?.toISOString() ?? null,
    ownerReview,
  });
}

export type PaymentStatusColumns = Pick<
  RequestRow,
  | 'reference'
  | 'priceAmount'
  | 'currency'
  | 'paymentState'
  | 'caseState'
  | 'phoneE164'
  | 'plan'
  | 'updatedAt'
>;

/**
 * The status read's answer, checked against the contract here: its route writes it as it is
 * (plainJsonSerializer), so these checks keep a stored value no screen knows out. Only the
 * text columns the database does not constrain to the contract's values are checked, as for
 * the queue (known-values.ts): a zod parse of the whole answer cost 4% of the read's CPU.
 */
export function toPaymentStatus(row: PaymentStatusColumns): PaymentStatusResponse {
  const caseState = known<PaymentStatusResponse['caseState']>(
    caseStates,
    row.caseState,
    'case_state',
  );
  const paymentState = known<PaymentStatusResponse['paymentState']>(
    paymentStates,
    row.paymentState,
    'payment_state',
  );
  // The database's check keeps a currency to three capitals; the row may come from elsewhere.
  if (!CURRENCY.test(row.currency)) throw new Error(`requests.currency holds "${row.currency}"`);
  return {
    reference: row.reference,
    amountMinor: row.priceAmount,
    currency: row.currency,
    paymentState,
    caseState,
    phoneMasked: maskPhone(row.phoneE164),
    plan: known(plans, row.plan, 'plan'),
    updatedAt: row.updatedAt.toISOString(),
    canRetry:
      caseState === 'awaiting_payment' && (paymentState === 'failed' || paymentState === 'expired'),
  };
}

const CURRENCY = /^[A-Z]{3}$/;
