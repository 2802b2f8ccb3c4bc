import type { FastifyInstance } from 'fastify';
import { statusTokenSchema } from '@unban/contract/requests';
import type { PaymentStatusResponse } from '@unban/contract/requests';
import { statusTokenMatches } from '../../domain/status-token';
import { findPaymentStatusRow } from '../../services/request-queries';
import type { PaymentStatusRow } from '../../services/request-queries';
import { toPaymentStatus } from '../../services/request-views';

/** How long a status read waits for the provider before answering with what it has. */
const RECONCILE_WAIT_MS = 3_000;

const PENDING = Symbol('pending');

/** The work's result, or undefined when it takes longer (it goes on in the background). */
async function withinMs<T>(ms: number, work: Promise<T>): Promise<T | undefined> {
  // Work already done (a request in its quiet period, most polls) needs no timer: arming and
  // clearing one per read was 2% of the status read's CPU.
  const settled = await Promise.race([work, Promise.resolve(PENDING)]);
  if (settled !== PENDING) return settled as T;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The row read again after a look at the provider, one per look: every read of the order that
 * waited for the same look (they share it, see reconcileOpenAttempts) takes the same fresh
 * row, read once the look was over. Each reading it again on its own made two statements of
 * most status reads while many polled one order (decision 012).
 */
const rowsAfterLook = new WeakMap<Promise<boolean>, Promise<PaymentStatusRow | undefined>>();

function rowAfterLook(
  app: FastifyInstance,
  look: Promise<boolean>,
  order: string,
): Promise<PaymentStatusRow | undefined> {
  let row = rowsAfterLook.get(look);
  if (!row) {
    row = findPaymentStatusRow(app.db, order);
    rowsAfterLook.set(look, row);
  }
  return row;
}

export interface PaymentStatusReadInput {
  /** The order reference (UB-…) or its id. */
  order: string;
  token?: string | undefined;
  /** The signed-in caller, if any: the order's owner may read it without the token. */
  uid: string | null;
}

/**
 * One order's payment status for whoever holds its status token, or its signed-in owner;
 * null for everyone else, exactly as for an order that does not exist. Read by the JSON API
 * and by the payment-status page's document alike. While the payment is open it also asks
 * the provider (throttled per attempt), so a lost webhook does not leave the customer
 * waiting for ever, without making the read hang on it.
 */
export async function readPaymentStatus(
  app: FastifyInstance,
  { order, token, uid }: PaymentStatusReadInput,
): Promise<PaymentStatusResponse | null> {
  const lookSequence = app.payments.lookSequence();
  const row = await findPaymentStatusRow(app.db, order);
  const allowed =
    row !== undefined &&
    ((token !== undefined &&
      statusTokenSchema.safeParse(token).success &&
      statusTokenMatches(token, row.statusTokenHash)) ||
      (uid !== null && uid === row.ownerUid));
  if (!row || !allowed) return null;
  if (row.paymentState === 'unpaid' || row.paymentState === 'processing') {
    // A request in its quiet period has no look to wait for: most polls race no promise.
    const look = app.payments.reconcileOpenAttempts(row.id);
    if (look !== false && (await withinMs(RECONCILE_WAIT_MS, look)) === true)
      return toPaymentStatus((await rowAfterLook(app, look, order)) ?? row);
    // A look that ended while this row was being read leaves this read the quiet period and
    // nothing to share, yet what it found may be newer than the row: without this, one of
    // six reads at once answered "unpaid" while the others answered "paid" (PostgreSQL,
    // now and then).
    const ended = app.payments.lookEndedSince(row.id, lookSequence);
    if (ended !== undefined && (await ended) === true)
      return toPaymentStatus((await rowAfterLook(app, ended, order)) ?? row);
  }
  return toPaymentStatus(row);
}
