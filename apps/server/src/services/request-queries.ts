import { asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { caseEvents, requests } from '../db/schema';
import { parseReference } from '../domain/reference';
import type { RequestRow } from '../db/schema';
import type { RequestDetail } from '@unban/contract/requests';
import { ownerReviewForCase } from './owner-review-views';
import { toRequestDetail } from './request-views';
import type { PaymentStatusColumns, SummaryColumns, TimelineColumns } from './request-views';

/** A customer has a handful of requests; the cap only bounds a pathological account. */
const OWN_REQUESTS_LIMIT = 200;

const uuidSchema = z.uuid();

/** Ids come from URLs; anything that is not a UUID is simply not found (no cast error). */
function isUuid(value: string): boolean {
  return uuidSchema.safeParse(value).success;
}

export async function listOwnRequests(db: Database, ownerUid: string): Promise<SummaryColumns[]> {
  return (
    db
      .select({
        id: requests.id,
        reference: requests.reference,
        messagingApp: requests.messagingApp,
        phoneE164: requests.phoneE164,
        plan: requests.plan,
        priceAmount: requests.priceAmount,
        currency: requests.currency,
        caseState: requests.caseState,
        paymentState: requests.paymentState,
        createdAt: requests.createdAt,
        updatedAt: requests.updatedAt,
      })
      .from(requests)
      .where(eq(requests.ownerUid, ownerUid))
      // UUIDv7 ids are time-ordered: they break ties between requests made in the same instant.
      .orderBy(desc(requests.createdAt), desc(requests.id))
      .limit(OWN_REQUESTS_LIMIT)
  );
}

export async function findRequestById(db: Database, id: string): Promise<RequestRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(requests).where(eq(requests.id, id)).limit(1);
  return row;
}

/** The customer's timeline of one request, oldest first. */
export async function listTimeline(db: Database, requestId: string): Promise<TimelineColumns[]> {
  return (
    db
      .select({
        actorType: caseEvents.actorType,
        fromState: caseEvents.fromState,
        toState: caseEvents.toState,
        messageToCustomer: caseEvents.messageToCustomer,
        notice: caseEvents.notice,
        customerReply: caseEvents.customerReply,
        createdAt: caseEvents.createdAt,
      })
      .from(caseEvents)
      .where(eq(caseEvents.requestId, requestId))
      // Rows of one transaction share its timestamp; their UUIDv7 ids keep the order written.
      .orderBy(asc(caseEvents.createdAt), asc(caseEvents.id))
      .limit(1000)
  );
}

/** The case page of one request: its answers and the customer's timeline. */
export async function readRequestDetail(db: Database, row: RequestRow): Promise<RequestDetail> {
  const [timeline, ownerReview] = await Promise.all([
    listTimeline(db, row.id),
    ownerReviewForCase(db, row),
  ]);
  return toRequestDetail(row, timeline, ownerReview);
}

export interface PaymentStatusRow extends PaymentStatusColumns {
  id: string;
  ownerUid: string;
  statusTokenHash: string;
}

/** Matches one order by its reference (as a person may type it) or its id; null: neither. */
function orderCondition(order: string) {
  const reference = parseReference(order);
  if (reference) return eq(requests.reference, reference);
  return isUuid(order) ? eq(requests.id, order) : null;
}

/**
 * A request by its id or its reference: the payment-status link names the order by its
 * reference alone, and its "Try again" sends that in place of the id.
 */
export async function findRequestByOrder(
  db: Database,
  order: string,
): Promise<RequestRow | undefined> {
  const where = orderCondition(order);
  if (where === null) return undefined;
  const [row] = await db.select().from(requests).where(where).limit(1);
  return row;
}

/** The status read's prepared statements, by what names the order (the bench's limit runs them too). */
export const PAYMENT_STATUS_STATEMENTS = {
  reference: 'payment_status_by_reference',
  id: 'payment_status_by_id',
} as const;
type OrderKey = keyof typeof PAYMENT_STATUS_STATEMENTS;

/**
 * The status read's one statement: a lookup on a unique index, reading only the columns the
 * answer needs, with the order as the placeholder `order`.
 */
export function paymentStatusSelect(db: Database, by: OrderKey) {
  return db
    .select({
      id: requests.id,
      reference: requests.reference,
      priceAmount: requests.priceAmount,
      currency: requests.currency,
      paymentState: requests.paymentState,
      caseState: requests.caseState,
      phoneE164: requests.phoneE164,
      plan: requests.plan,
      updatedAt: requests.updatedAt,
      ownerUid: requests.ownerUid,
      statusTokenHash: requests.statusTokenHash,
    })
    .from(requests)
    .where(eq(by === 'reference' ? requests.reference : requests.id, sql.placeholder('order')))
    .limit(1);
}

type PaymentStatusStatement = ReturnType<ReturnType<typeof paymentStatusSelect>['prepare']>;

// Built once per database: polled by every open status screen, the read should not pay for
// building its SQL each time, and PostgreSQL keeps a named statement parsed per connection.
const preparedStatusReads = new WeakMap<Database, Record<OrderKey, PaymentStatusStatement>>();

function paymentStatusStatement(db: Database, by: OrderKey): PaymentStatusStatement {
  let prepared = preparedStatusReads.get(db);
  if (!prepared) {
    prepared = {
      reference: paymentStatusSelect(db, 'reference').prepare(PAYMENT_STATUS_STATEMENTS.reference),
      id: paymentStatusSelect(db, 'id').prepare(PAYMENT_STATUS_STATEMENTS.id),
    };
    preparedStatusReads.set(db, prepared);
  }
  return prepared[by];
}

/** One order by its reference (as a person may type it) or its id; undefined: neither. */
export async function findPaymentStatusRow(
  db: Database,
  order: string,
): Promise<PaymentStatusRow | undefined> {
  const reference = parseReference(order);
  const by: OrderKey | null = reference ? 'reference' : isUuid(order) ? 'id' : null;
  if (by === null) return undefined;
  const [row] = await paymentStatusStatement(db, by).execute({ order: reference ?? order });
  return row;
}
