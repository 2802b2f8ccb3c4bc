import type { CaseState } from '@unban/contract/case-states';
import type { TimelineNotice } from '@unban/contract/timeline-notices';
import { newId } from '../domain/random-pool';
import { caseEmail } from '../cases/case-emails';
import type { Database } from '../db/client';
import { driverStatement } from '../db/driver-rows';
import { caseEvents, outbox, payments, requests } from '../db/schema';
import { emailJob } from '../jobs/email-outbox';
import type { FirstCheckout } from '../payments/payments-plugin';

/*
 * A new request, its first timeline row, its "request received" e-mail and its first
 * checkout attempt, written by one statement (data-modifying CTEs) and so one commit. It was
 * a transaction of six round trips built by Drizzle, then two statements around the provider
 * call, and creation is a hot path (decision 012): on PostgreSQL every round trip is a write
 * and a wake-up of the database, every commit a flush, and on the embedded database every
 * statement waits its turn on the event loop.
 */

/** The request's own columns, as the order form and the server set them. */
const requestColumns = {
  id: requests.id,
  reference: requests.reference,
  ownerUid: requests.ownerUid,
  statusTokenHash: requests.statusTokenHash,
  messagingApp: requests.messagingApp,
  phoneE164: requests.phoneE164,
  accountType: requests.accountType,
  device: requests.device,
  banMessage: requests.banMessage,
  bannedAtApprox: requests.bannedAtApprox,
  usage: requests.usage,
  contactEmail: requests.contactEmail,
  locale: requests.locale,
  plan: requests.plan,
  priceAmount: requests.priceAmount,
  currency: requests.currency,
  idempotencyKeyHash: requests.idempotencyKeyHash,
  idempotencyFingerprint: requests.idempotencyFingerprint,
  idempotencySealedToken: requests.idempotencySealedToken,
};

/** Every one of them is given: the optional ones (the Idempotency-Key's) as null when absent. */
export type NewRequestValues = Required<
  Pick<typeof requests.$inferInsert, keyof typeof requestColumns>
>;

const requestFields = Object.keys(requestColumns) as (keyof typeof requestColumns)[];

/** The state a new request starts in. */
const NEW_REQUEST_STATE: CaseState = 'awaiting_payment';

const names = (columns: readonly { name: string }[]) =>
  columns.map((column) => `"${column.name}"`).join(', ');

const placeholders = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => `$${from + index}`).join(', ');

const firstEvent = [
  caseEvents.id,
  caseEvents.messageToCustomer,
  caseEvents.notice,
  caseEvents.requestId,
  caseEvents.actorType,
  caseEvents.toState,
];
const emailColumns = [outbox.id, outbox.kind, outbox.idempotencyKey, outbox.payload];

const attemptColumns = [
  payments.id,
  payments.requestId,
  payments.provider,
  payments.providerSessionId,
  payments.amount,
  payments.currency,
  payments.state,
  payments.checkoutUrl,
];

const R = requestFields.length;
/** The parameters after the request's own: the timeline row's, the e-mail's, the attempt's. */
const EVENT = R + 1;
const EMAIL = R + 4;
const ATTEMPT = R + 8;

/*
 * ON CONFLICT on the reference only: a drawn reference that is taken inserts nothing (the
 * later rows select from the request's row, so they insert nothing either) and the caller
 * draws another. Any other clash, such as a repeated Idempotency-Key, is an error. The
 * foreign keys of the later rows are checked at the end of the statement, when the request's
 * row exists; a data-modifying CTE runs whether or not the final query reads it. JSON travels
 * as text (`::text::jsonb`), which both drivers pass through as it is. The request counts the
 * checkout it was saved with (`checkout_attempts` = 1), whether the provider opened it or not;
 * its payment state is `unpaid`, as its one unpaid attempt says, so there is nothing to bring
 * in line as recordCheckout does for a later attempt. The attempt's amount and currency are
 * the request's own, read from its inserted row.
 */
const insertNewRequestStatement = (withAttempt: boolean) => `with request as (
  insert into "requests" (${names(requestFields.map((field) => requestColumns[field]))},
    "${requests.caseState.name}", "${requests.paymentState.name}", "${requests.checkoutAttempts.name}")
  values (${placeholders(1, R)}, '${NEW_REQUEST_STATE}', 'unpaid', 1)
  on conflict ("${requests.reference.name}") do nothing
  returning "${requests.id.name}", "${requests.priceAmount.name}", "${requests.currency.name}"
), event as (
  insert into "case_events" (${names(firstEvent)})
  select $${EVENT}, $${EVENT + 1}, $${EVENT + 2}::text::jsonb, "${requests.id.name}", 'system', '${NEW_REQUEST_STATE}'
  from request
  returning "${caseEvents.id.name}"
), email as (
  insert into "outbox" (${names(emailColumns)})
  select ${placeholders(EMAIL, 3)}, $${EMAIL + 3}::text::jsonb from event
  returning "${outbox.id.name}"
)${
  withAttempt
    ? `
insert into "payments" (${names(attemptColumns)})
select $${ATTEMPT}, "${requests.id.name}", $${ATTEMPT + 1}, $${ATTEMPT + 2},
  "${requests.priceAmount.name}", "${requests.currency.name}", 'unpaid', $${ATTEMPT + 3}
from request
returning "${payments.id.name}"`
    : `
select "${outbox.id.name}" from email`
}`;

const INSERT_WITH_ATTEMPT = insertNewRequestStatement(true);
const INSERT_WITHOUT_ATTEMPT = insertNewRequestStatement(false);

export interface FirstTimelineRow {
  messageToCustomer: string;
  notice: TimelineNotice;
}

/**
 * Inserts a new request awaiting payment with its first timeline row, its e-mail and its
 * first checkout attempt (the provider's session opened for it: see payments/checkout.ts
 * openFirstSession), all or nothing. `checkout` null: the provider could not open one, and
 * the request is saved to be paid later (retry-payment, or the same POST again).
 * @returns false, having written nothing, when the request's reference is taken
 * @throws the driver's unique violation when another request holds its Idempotency-Key
 */
export async function insertNewRequest(
  db: Database,
  request: NewRequestValues,
  event: FirstTimelineRow,
  checkout: FirstCheckout | null,
): Promise<boolean> {
  const eventId = newId();
  const email = emailJob(
    caseEmail({
      request,
      template: 'request_received',
      state: NEW_REQUEST_STATE,
      caseEventId: eventId,
      messageToCustomer: event.messageToCustomer,
    }),
  );
  const values = [
    ...requestFields.map((field) => request[field]),
    eventId,
    event.messageToCustomer,
    JSON.stringify(event.notice),
    newId(),
    email.kind,
    email.idempotencyKey,
    JSON.stringify(email.payload),
  ];
  const rows = checkout
    ? await driverStatement(db, INSERT_WITH_ATTEMPT, [
        ...values,
        checkout.paymentId,
        checkout.provider,
        checkout.session.sessionId,
        checkout.session.url,
      ])
    : await driverStatement(db, INSERT_WITHOUT_ATTEMPT, values);
  return rows.length > 0;
}
