import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Placeholder, SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { caseStateInfo } from '@unban/contract/case-states';
import { paymentStateInfo } from '@unban/contract/payment-states';
import { maskPhone } from '@unban/contract/phone';
import type { QueueItem, QueueQuery, QueueResponse } from '@unban/contract/admin';
import type { Database } from '../db/client';
import { asField, driverStatement } from '../db/driver-rows';
import { isoFromTimestamptzText } from '../db/time-text';
import { requests } from '../db/schema';
import { parseReference } from '../domain/reference';
import { caseStates, known, locales, messagingApps, paymentStates, plans } from './known-values';
import { AppError } from '../errors';
import type { RequestRow } from '../db/schema';

/*
 * The operators' queue: filters, search and keyset pagination on (sort time, id). Offsets
 * would make page 2,000 of 100,000 requests read 100,000 rows; a keyset reads one page from
 * the (created_at, id) or (updated_at, id) index wherever it starts.
 *
 * Its statement is built by Drizzle once per shape (which filters, which kind of search, the
 * sort, a cursor or not), with a named placeholder for every value, and each request fills
 * in its own values: building the SQL text on every request was a quarter of the queue's CPU
 * on PostgreSQL (decision 012).
 */

/**
 * A statement's values, each bound under a name of its own: the names bound, in order, with
 * the sort, say everything its text depends on, so they key the built text.
 */
class Bindings {
  readonly values: Record<string, unknown> = {};
  readonly names: string[] = [];

  bind(name: string, value: unknown): Placeholder {
    this.values[name] = value;
    this.names.push(name);
    return sql.placeholder(name);
  }
}

/**
 * The cursor carries the sort time as Postgres prints it (microseconds and offset): a JS
 * Date keeps milliseconds only, and rows within the same millisecond would be skipped.
 */
const cursorSchema = z.object({
  // `infinity`: the deadline sort's place for cases without a deadline.
  t: z.string().regex(/^(?:\d{4}-\d{2}-\d{2}[ T][\d:.]+(?:Z|[+-]\d{2}(?::?\d{2})?)?|infinity)$/),
  id: z.uuid(),
});
type Cursor = z.infer<typeof cursorSchema>;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(value: string): Cursor {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString()));
    if (parsed.success) return parsed.data;
  } catch {
    // Falls through to the same answer as any other unreadable cursor.
  }
  throw new AppError('VALIDATION_FAILED', 'The page cursor is not valid. Start from page one.', {
    fields: { cursor: 'Not a cursor this server gave out.' },
  });
}

/** `%`, `_` and `\` are wildcards in LIKE; a search text must match them literally. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * What `q` looks like decides the indexes it uses: a reference (unique index), a phone
 * number's beginning or its last digits (digits, at least 4: a prefix of the E.164 number,
 * or of the number reversed, which has an index of its own), else the beginning of a contact
 * e-mail address (stored lower-cased). A text that could be two of these (8 digits are a
 * reference to the lenient parser and a phone number too) searches both.
 */
function searchCondition(q: string, values: Bindings): SQL {
  const matches: SQL[] = [];
  const reference = parseReference(q);
  if (reference) matches.push(eq(requests.reference, values.bind('reference', reference)));
  const digits = q.replace(/\D/g, '');
  if (/^[+\d\s().-]+$/.test(q) && digits.length >= 4) {
    const prefix = values.bind('phonePrefix', likePrefix(`+${digits}`));
    matches.push(sql`${requests.phoneE164} like ${prefix}`);
    const reversed = [...digits].reverse().join('');
    const reversedPrefix = values.bind('phoneReversedPrefix', likePrefix(reversed));
    matches.push(sql`reverse(${requests.phoneE164}) like ${reversedPrefix}`);
  } else {
    const prefix = values.bind('emailPrefix', likePrefix(q.toLowerCase()));
    matches.push(sql`${requests.contactEmail} like ${prefix}`);
  }
  return or(...matches) ?? sql`false`;
}

/** "Due soon" when no window is given: the default of REPLY_ALERT_BEFORE_MINUTES. */
export const DEFAULT_DUE_SOON_MINUTES = 60;

/** The deadline sort's key: cases with no deadline owed come last, as infinity. */
const replyDueKey = sql`coalesce(${requests.replyDueAt}, 'infinity'::timestamptz)`;

/** The follow-up sort's key: cases with no appeal work due come last, as infinity. */
const followUpKey = sql`coalesce(${requests.followUpDueAt}, 'infinity'::timestamptz)`;

/** On the follow-up sort's key, like the deadline filter, so its index bounds the scan. */
function followUpCondition(query: QueueQuery, now: Date, values: Bindings): SQL | null {
  if (query.followUp !== 'due') return null;
  return sql`${followUpKey} <= ${values.bind('followUpBy', now.toISOString())}::timestamptz`;
}

/**
 * Written on the deadline sort's key (the same as on the column: a case owing nothing is
 * infinity there), so the key's index bounds the scan: with the deadline sort a page stops
 * at the filter's end, and with the others the planner can read just the matching range.
 */
function deadlineCondition(
  query: QueueQuery,
  now: Date,
  dueSoonMinutes: number,
  values: Bindings,
): SQL | null {
  if (query.deadline === 'breached') {
    return sql`${replyDueKey} <= ${values.bind('breachedBy', now.toISOString())}::timestamptz`;
  }
  if (query.deadline === 'due_soon') {
    const from = values.bind('dueSoonFrom', now.toISOString());
    const soon = new Date(now.getTime() + dueSoonMinutes * 60_000);
    const until = values.bind('dueSoonUntil', soon.toISOString());
    return sql`${replyDueKey} > ${from}::timestamptz and ${replyDueKey} <= ${until}::timestamptz`;
  }
  return null;
}

/** A time the client sent, as the driver takes a timestamptz (what Drizzle's column sends). */
const driverTime = (time: string | Date) => new Date(time).toISOString();

function filterConditions(
  query: QueueQuery,
  now: Date,
  dueSoonMinutes: number,
  values: Bindings,
): SQL[] {
  const conditions: SQL[] = [];
  if (query.caseState && query.caseState.length > 0) {
    const states = query.caseState.map((state, index) => values.bind(`caseState${index}`, state));
    conditions.push(inArray(requests.caseState, states));
  }
  if (query.paymentState) {
    conditions.push(eq(requests.paymentState, values.bind('paymentState', query.paymentState)));
  }
  if (query.plan) conditions.push(eq(requests.plan, values.bind('plan', query.plan)));
  if (query.messagingApp) {
    conditions.push(eq(requests.messagingApp, values.bind('messagingApp', query.messagingApp)));
  }
  if (query.createdBefore) {
    const before = values.bind('createdBefore', driverTime(query.createdBefore));
    conditions.push(lt(requests.createdAt, before));
  }
  if (query.createdAfter) {
    const after = values.bind('createdAfter', driverTime(query.createdAfter));
    conditions.push(gt(requests.createdAt, after));
  }
  if (query.olderThanHours !== undefined) {
    const before = new Date(now.getTime() - query.olderThanHours * 3_600_000);
    conditions.push(lt(requests.createdAt, values.bind('olderThan', driverTime(before))));
  }
  if (query.q) conditions.push(searchCondition(query.q, values));
  const deadline = deadlineCondition(query, now, dueSoonMinutes, values);
  if (deadline) conditions.push(deadline);
  const followUp = followUpCondition(query, now, values);
  if (followUp) conditions.push(followUp);
  return conditions;
}

/** The columns that hold a time: a Date in a full row, PostgreSQL's text from the queue's select. */
type TimeColumns = 'createdAt' | 'updatedAt' | 'replyDueAt' | 'followUpDueAt';

export type QueueColumns = Pick<
  RequestRow,
  | 'id'
  | 'reference'
  | 'messagingApp'
  | 'caseState'
  | 'paymentState'
  | 'plan'
  | 'priceAmount'
  | 'currency'
  | 'phoneE164'
  | 'contactEmail'
  | 'locale'
  | 'assignedOperatorUid'
  | 'version'
> & {
  [column in TimeColumns]: Date | string | (null extends RequestRow[column] ? null : never);
};

/** A time as the API writes it, from a full row's Date or the queue's own text (timeText). */
function isoTime(time: Date | string): string {
  return typeof time === 'string' ? isoFromTimestamptzText(time) : time.toISOString();
}

/**
 * A time column as PostgreSQL writes it (its output function; null stays null), turned into
 * the API's ISO text by `isoTime`: parsing 200 times a page into Dates only to print them again
 * cost a tenth of the queue's CPU, and `to_char` into ISO text a third of PostgreSQL's time
 * per page (decision 012).
 */
function timeText(column: AnyPgColumn, name: string) {
  return sql`${column}::text`.as(name);
}

/**
 * A row → the queue's item, checked here rather than by the route's serializer
 * (`plainJsonSerializer`): parsing the fifty items of a page with zod on the way out was 40%
 * of the queue's CPU (docs/decisions/012-hot-paths.md). Only the columns the database does
 * not already constrain to the contract's shape can hold something unexpected (a state, app,
 * plan or language no screen knows), so those are checked, and such a row fails the page
 * rather than reaching a screen. Ids are uuids, times are timestamps and counters integers
 * by their column types.
 */
export function toQueueItem(row: QueueColumns): QueueItem {
  const caseState = known<QueueItem['caseState']>(caseStates, row.caseState, 'case_state');
  const paymentState = known<QueueItem['paymentState']>(
    paymentStates,
    row.paymentState,
    'payment_state',
  );
  return {
    id: row.id,
    reference: row.reference,
    messagingApp: known(messagingApps, row.messagingApp, 'messaging_app'),
    caseState,
    caseStateLabel: caseStateInfo[caseState].label,
    paymentState,
    paymentStateLabel: paymentStateInfo[paymentState].label,
    plan: known(plans, row.plan, 'plan'),
    priceMinor: row.priceAmount,
    currency: row.currency,
    phoneMasked: maskPhone(row.phoneE164),
    contactEmail: row.contactEmail,
    locale: known(locales, row.locale, 'locale'),
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
    assignedOperatorUid: row.assignedOperatorUid,
    version: row.version,
    replyDueAt: row.replyDueAt === null ? null : isoTime(row.replyDueAt),
    followUpDueAt: row.followUpDueAt === null ? null : isoTime(row.followUpDueAt),
  };
}

/** A row of the queue's statement, as the driver gives it. */
type QueueRow = QueueColumns & { sortTime: string };

/** The queue's select list: the same for every shape but the sort key's text. */
const queueColumns = {
  id: asField(requests.id, 'id'),
  reference: asField(requests.reference, 'reference'),
  messagingApp: asField(requests.messagingApp, 'messagingApp'),
  caseState: asField(requests.caseState, 'caseState'),
  paymentState: asField(requests.paymentState, 'paymentState'),
  plan: asField(requests.plan, 'plan'),
  priceAmount: asField(requests.priceAmount, 'priceAmount'),
  currency: asField(requests.currency, 'currency'),
  phoneE164: asField(requests.phoneE164, 'phoneE164'),
  contactEmail: asField(requests.contactEmail, 'contactEmail'),
  locale: asField(requests.locale, 'locale'),
  createdAt: timeText(requests.createdAt, 'createdAt'),
  updatedAt: timeText(requests.updatedAt, 'updatedAt'),
  assignedOperatorUid: asField(requests.assignedOperatorUid, 'assignedOperatorUid'),
  version: asField(requests.version, 'version'),
  replyDueAt: timeText(requests.replyDueAt, 'replyDueAt'),
  followUpDueAt: timeText(requests.followUpDueAt, 'followUpDueAt'),
};

/**
 * A page's order, by the sort's time and then id. A search's page is ordered the same way
 * (the sort keys are never null) but written as no index is ordered, so that the planner
 * reads the search's matches through the search's own indexes and then sorts them. Ordered
 * the way the time index is, it may instead walk the whole queue from one end and test every
 * row, which pays when the matches are many and recent and costs a walk of the whole queue
 * when they are few or old. It cannot tell: its guess of how many rows a LIKE prefix matches
 * is one in 10,000 when no value of its sample matches and one in 100 when one does, so about
 * one search in a hundred for a customer's e-mail beginning or a number's last digits walked,
 * 0.1 to 1.2 s at 1,000,000 requests. What it costs instead: a search that matches a large
 * part of the queue (one letter of an e-mail address, a country's calling code) reads all of
 * its matches (decision 012).
 */
function pageOrder(timeColumn: SQL | AnyPgColumn, descending: boolean, search: boolean): SQL[] {
  if (!search) {
    return descending ? [desc(timeColumn), desc(requests.id)] : [asc(timeColumn), asc(requests.id)];
  }
  return descending
    ? [sql`${timeColumn} desc nulls last`, desc(requests.id)]
    : [sql`${timeColumn} asc nulls first`, asc(requests.id)];
}

/** The statement's text for one shape, and the names of its values in parameter order. */
interface QueueStatementShape {
  text: string;
  names: string[];
  /** Planned for its values on every run (driverStatement): see PLANNED_FOR_THEIR_VALUE. */
  planEachRun: boolean;
}

/**
 * Values whose index the planner can only choose once it sees them, so a generic plan (which
 * PostgreSQL may pick for a named statement after five runs, from its estimates) walks the
 * whole queue by time instead. A statement with one of these runs planned each time.
 * - The searches' LIKE patterns: an index serves `column like $1` only once the planner sees
 *   the pattern's fixed beginning (706 ms for the search by a number's last digits at
 *   1,000,000 requests, against 0.7 ms planned for the value; decision 012).
 * - The payment state: the payments in flight or failed, which an operator looks for and few
 *   cases are in, have a partial index (requests_unsettled_payment_created_at_idx) that serves
 *   `payment_state = 'refund_pending'` but not `= $1` (200 to 550 ms for a state no case was
 *   in, at 1,000,000 requests); the common states read the queue's own index.
 */
const PLANNED_FOR_THEIR_VALUE = new Set([
  'phonePrefix',
  'phoneReversedPrefix',
  'emailPrefix',
  'paymentState',
]);

// One entry per shape: a handful of sorts times the filters and searches an operator
// combines, not one per request (cursors, search texts and times are values). Shared by every
// database: both drivers take the same PostgreSQL dialect, so a shape has one text.
const builtShapes = new Map<string, QueueStatementShape>();

/**
 * The queue page's one statement, as the driver runs it (the bench's limit route runs exactly
 * this too): one row more than the page tells whether another page follows.
 */
export function queueStatement(
  db: Database,
  query: QueueQuery,
  now: Date = new Date(),
  dueSoonMinutes: number = DEFAULT_DUE_SOON_MINUTES,
): { text: string; params: unknown[]; planEachRun: boolean } {
  const byUpdated = query.sort === 'updated_desc' || query.sort === 'updated_asc';
  const descending = query.sort === 'created_desc' || query.sort === 'updated_desc';
  const timeColumn =
    query.sort === 'due_asc'
      ? replyDueKey
      : query.sort === 'follow_up_asc'
        ? followUpKey
        : byUpdated
          ? requests.updatedAt
          : requests.createdAt;

  const values = new Bindings();
  const conditions = filterConditions(query, now, dueSoonMinutes, values);
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    const time = values.bind('cursorTime', cursor.t);
    const id = values.bind('cursorId', cursor.id);
    // A row comparison reads the composite index from the cursor on.
    conditions.push(
      descending
        ? sql`(${timeColumn}, ${requests.id}) < (${time}::timestamptz, ${id}::uuid)`
        : sql`(${timeColumn}, ${requests.id}) > (${time}::timestamptz, ${id}::uuid)`,
    );
  }
  const limit = values.bind('limit', query.limit + 1);

  const key = `${query.sort}:${values.names.join(',')}`;
  let shape = builtShapes.get(key);
  if (!shape) {
    const built = db
      .select({ ...queueColumns, sortTime: sql`${timeColumn}::text`.as('sortTime') })
      .from(requests)
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(...pageOrder(timeColumn, descending, Boolean(query.q)))
      .limit(limit)
      .toSQL();
    const names = built.params.map((param) => (param as Placeholder).name);
    shape = {
      text: built.sql,
      names,
      planEachRun: names.some((name) => PLANNED_FOR_THEIR_VALUE.has(name)),
    };
    builtShapes.set(key, shape);
  }
  return {
    text: shape.text,
    params: shape.names.map((name) => values.values[name]),
    planEachRun: shape.planEachRun,
  };
}

export async function listQueue(
  db: Database,
  query: QueueQuery,
  now: Date = new Date(),
  dueSoonMinutes: number = DEFAULT_DUE_SOON_MINUTES,
): Promise<QueueResponse> {
  const { text, params, planEachRun } = queueStatement(db, query, now, dueSoonMinutes);
  const rows = await driverStatement<QueueRow>(db, text, params, { planEachRun });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last ? encodeCursor({ t: last.sortTime, id: last.id }) : null;
  return { items: page.map(toQueueItem), nextCursor };
}
