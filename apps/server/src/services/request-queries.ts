import { Placeholder, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { asField, driverStatement } from '../db/driver-rows';
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

/** The status read's statements, by what names the order. */
type OrderKey = 'reference' | 'id';

/**
 * The status read's one statement: a lookup on a unique index, reading only the columns the
 * answer needs, each under its field's name, with the order as the placeholder `order`. The
 * bench's limit route runs exactly this SQL.
 */
function paymentStatusSelect(db: Database, by: OrderKey) {
  return db
    .select({
      id: asField(requests.id, 'id'),
      reference: asField(requests.reference, 'reference'),
      priceAmount: asField(requests.priceAmount, 'priceAmount'),
      currency: asField(requests.currency, 'currency'),
      paymentState: asField(requests.paymentState, 'paymentState'),
      caseState: asField(requests.caseState, 'caseState'),
      phoneE164: asField(requests.phoneE164, 'phoneE164'),
      plan: asField(requests.plan, 'plan'),
      updatedAt: asField(requests.updatedAt, 'updatedAt'),
      ownerUid: asField(requests.ownerUid, 'ownerUid'),
      statusTokenHash: asField(requests.statusTokenHash, 'statusTokenHash'),
    })
    .from(requests)
    .where(eq(by === 'reference' ? requests.reference : requests.id, sql.placeholder('order')))
    .limit(1);
}

/** The status read's statement as the driver runs it (driverStatement). */
export interface PaymentStatusStatement {
  text: string;
  /** The parameters, with the order's value at `orderSlot`. */
  params: unknown[];
  orderSlot: number;
}

/** The status read's statement, built once; the bench's limit route runs it too. */
export function paymentStatusStatement(db: Database, by: OrderKey): PaymentStatusStatement {
  const { sql: text, params } = paymentStatusSelect(db, by).toSQL();
  const orderSlot = params.findIndex((param) => param instanceof Placeholder);
  if (orderSlot < 0) throw new Error('The status read has no placeholder for the order');
  return { text, params, orderSlot };
}

/** The statement's parameters for one order. */
export function paymentStatusValues(statement: PaymentStatusStatement, order: string): unknown[] {
  const values = [...statement.params];
  values[statement.orderSlot] = order;
  return values;
}

// Built once per database: polled by every open status screen, the read pays neither for
// building its SQL nor for mapping its row (driverStatement; decision 012).
const statusStatements = new WeakMap<Database, Record<OrderKey, PaymentStatusStatement>>();

/** One order by its reference (as a person may type it) or its id; undefined: neither. */
export async function findPaymentStatusRow(
  db: Database,
  order: string,
): Promise<PaymentStatusRow | undefined> {
  const reference = parseReference(order);
  const by: OrderKey | null = reference ? 'reference' : isUuid(order) ? 'id' : null;
  if (by === null) return undefined;
  let statements = statusStatements.get(db);
  if (!statements) {
    statements = {
      reference: paymentStatusStatement(db, 'reference'),
      id: paymentStatusStatement(db, 'id'),
    };
    statusStatements.set(db, statements);
  }
  const statement = statements[by];
  const [row] = await driverStatement<PaymentStatusRow>(
    db,
    statement.text,
    paymentStatusValues(statement, reference ?? order),
  );
  return row;
}
