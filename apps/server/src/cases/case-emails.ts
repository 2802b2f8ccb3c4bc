import type { CaseState } from '@unban/contract/case-states';
import type { SupportedLocale } from '@unban/contract/locales';
import { planIdSchema } from '@unban/contract/plan-id';
import type { Transaction } from '../db/client';
import { enqueueEmail } from '../jobs/email-outbox';
import type { EnqueueEmailInput } from '../jobs/email-outbox';
import type { CustomerNotice, EmailTemplateName } from '../jobs/email-templates';

/**
 * The e-mail a case move into `to` sends, if any (DESIGN.md section 9: payment received,
 * info needed, appeal submitted, the outcome, refund issued) and a cancelation, whoever
 * made it (the customer's own, which starts a refund when they had paid, an operator's or
 * the system's). Moves that change nothing for the customer (e.g. back to in_review) send none.
 */
export function emailForCaseState(to: CaseState): EmailTemplateName | null {
  switch (to) {
    case 'queued':
      return 'payment_received';
    case 'needs_info':
      return 'info_needed';
    case 'appeal_submitted':
      return 'appeal_submitted';
    case 'unbanned':
      return 'unbanned';
    case 'denied':
    case 'not_eligible':
      return 'refund_coming';
    case 'refunded':
      return 'refund_issued';
    case 'canceled':
      return 'request_canceled';
    default:
      return null;
  }
}

export interface CaseEmailRequest {
  id: string;
  reference: string;
  contactEmail: string;
  plan: string;
  /** The customer's language: the e-mail is written in it. */
  locale: SupportedLocale;
}

export interface CaseEmailInput {
  request: CaseEmailRequest;
  template: EmailTemplateName;
  state: CaseState;
  /** The timeline row that announces the change; one e-mail per row. */
  caseEventId: string;
  messageToCustomer: string | null;
  /** The message as data when the system wrote it, to say it in the customer's language. */
  notice?: CustomerNotice | null;
}

/**
 * Enqueues the e-mail of one timeline row. The key is the row's id, so the same move
 * replayed never mails twice, while a second visit to a state (a second question) does.
 */
export async function enqueueCaseEmail(tx: Transaction, input: CaseEmailInput): Promise<boolean> {
  return enqueueEmail(tx, caseEmail(input));
}

/** The e-mail of one timeline row (see enqueueCaseEmail), for a caller that writes it itself. */
export function caseEmail(input: CaseEmailInput): EnqueueEmailInput {
  const plan = planIdSchema.safeParse(input.request.plan);
  // The price was copied from a known plan; an unknown one means the row was edited by hand.
  if (!plan.success) {
    throw new Error(`Request ${input.request.id} has an unknown plan "${input.request.plan}"`);
  }
  return {
    idempotencyKey: `email:${input.request.id}:${input.caseEventId}`,
    to: input.request.contactEmail,
    template: input.template,
    data: {
      requestId: input.request.id,
      reference: input.request.reference,
      locale: input.request.locale,
      state: input.state,
      plan: plan.data,
      messageToCustomer: input.messageToCustomer,
      ...(input.notice ? { notice: input.notice } : {}),
    },
  };
}
