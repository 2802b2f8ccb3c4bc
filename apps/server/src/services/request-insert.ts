import type { CaseState } from '@unban/contract/case-states';
import type { TimelineNotice } from '@unban/contract/timeline-notices';
import { newId } from '../domain/random-pool';
import { caseEmail } from '../cases/case-emails';
import type { Database } from '../db/client';
import { driverStatement } from '../db/driver-rows';
import { caseEvents, outbox, requests } from '../db/schema';
import { emailJob } from '../jobs/email-outbox';
import { OPENING_LEASE_MS } from '../payments/payments-plugin';

/*
 * A new request, its first timeline row, its "request received" e-mail and the reservation of
 * its first checkout, written by one statement (data-modifying CTEs) in a transaction of its
 * own. It was a transaction of six round trips built by Drizzle, and creation is a hot path
 * (decision 012): on PostgreSQL every round trip is a write and a wake-up of the database,
 * and on the embedded database every statement waits its turn on the event loop.
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

const R = requestFields.length;
/*
 * ON CONFLICT on the reference only: a drawn reference that is taken inserts nothing (the
 * timeline row and the e-mail select from the request's row, so they insert nothing either)
 * and the caller draws another. Any other clash, such as a repeated Idempotency-Key, is an
 * error. The foreign keys of the later rows are checked at the end of the statement, when
 * the request's row exists. JSON travels as text (`::text::jsonb`), which both drivers pass
 * through as it is.
 */
const INSERT_NEW_REQUEST = `with request as (
  insert into "requests" (${names(requestFields.map((field) => requestColumns[field]))},
    "${requests.caseState.name}", "${requests.paymentState.name}",
    "${requests.checkoutAttempts.name}", "${requests.checkoutOpeningUntil.name}")
  values (${placeholders(1, R)}, '${NEW_REQUEST_STATE}', 'unpaid',
    1, now() + interval '${OPENING_LEASE_MS / 1000} seconds')
  on conflict ("${requests.reference.name}") do nothing
  returning "${requests.id.name}"
), event as (
  insert into "case_events" (${names(firstEvent)})
  select $${R + 1}, $${R + 2}, $${R + 3}::text::jsonb, "${requests.id.name}", 'system', '${NEW_REQUEST_STATE}'
  from request
  returning "${caseEvents.id.name}"
)
insert into "outbox" (${names(emailColumns)})
select ${placeholders(R + 4, 3)}, $${R + 7}::text::jsonb from event
returning "${outbox.id.name}"`;

export interface FirstTimelineRow {
  messageToCustomer: string;
  notice: TimelineNotice;
}

/**
 * Inserts a new request awaiting payment with its first timeline row and its e-mail, and
 * reserves its first checkout (one attempt counted, the opening lease taken: see
 * payments/checkout-opening.ts), all or nothing.
 * @returns false, having written nothing, when the request's reference is taken
 * @throws the driver's unique violation when another request holds its Idempotency-Key
 */
export async function insertNewRequest(
  db: Database,
  request: NewRequestValues,
  event: FirstTimelineRow,
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
  const rows = await driverStatement(db, INSERT_NEW_REQUEST, [
    ...requestFields.map((field) => request[field]),
    eventId,
    event.messageToCustomer,
    JSON.stringify(event.notice),
    newId(),
    email.kind,
    email.idempotencyKey,
    JSON.stringify(email.payload),
  ]);
  return rows.length > 0;
}
