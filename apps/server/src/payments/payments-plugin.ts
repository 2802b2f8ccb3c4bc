import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env';
import { every } from '../runtime/every';
import { createEndedLooks } from './ended-looks';
import type { Database, Transaction } from '../db/client';
import { AppError } from '../errors';
import { openFirstSession, startCheckout } from './checkout';
import type { CheckoutOrder, FirstCheckout, StartCheckoutInput, StartedCheckout } from './checkout';
import { openCheckout } from './checkout-opening';
import type { OpenCheckoutInput, OpenCheckoutResult } from './checkout-opening';
import {
  handlePaymentWebhook,
  reconcileAttempt,
  reconcilePayment,
  replayUnprocessedEvents,
} from './events';
import type { AttemptToAsk, WebhookOutcome } from './events';
import { InvalidWebhookError, PaymentProviderError } from './providers/provider';
import type { PaymentProvider, WebhookHeaders } from './providers/provider';
import { createSandboxProvider } from './providers/sandbox';
import type { SandboxProvider } from './providers/sandbox';
import { sandboxRoutes } from './providers/sandbox-routes';
import { createStripeProvider } from './providers/stripe';
import type { Executor } from './records';
import { dueRefundJobs, queueRefundInFull, runRefundJob } from './refunds';
import type { RefundInFullInput } from './refunds';
import type { PaymentServiceDeps } from './service-deps';
import { settleRequestPayments } from './settlement';
import type { PendingRefunds } from './settlement';
import {
  STATUS_READ_THROTTLE_MS,
  SWEEP_STALE_AFTER_MS,
  claimOpenAttempts,
  claimReconcile,
  staleAttempts,
} from './stale-attempts';
import { createQuietPeriods } from './quiet-periods';

/*
 * The payments module's only face. Everything else in this folder (the services, the
 * providers) is reached through `app.payments`; the import zones in eslint.config.js keep
 * it that way.
 */

export type {
  FirstCheckout,
  OpenCheckoutInput,
  OpenCheckoutResult,
  PendingRefunds,
  WebhookOutcome,
};
export { checkoutFormActionOrigins } from './checkout-origins';

/** The payments module as the rest of the server sees it (`app.payments`). */
export interface Payments {
  readonly provider: PaymentProvider;
  /** Set when the sandbox is the provider (its hosted page needs more than the interface). */
  readonly sandbox: SandboxProvider | null;
  /**
   * Opens (or reuses) a checkout for a request that waits for payment, in its own
   * transaction. @throws AppError NOT_FOUND, SERVICE_UNAVAILABLE
   */
  openCheckout(input: OpenCheckoutInput): Promise<OpenCheckoutResult>;
  /**
   * Asks the provider for the first checkout of an order not saved yet; the statement that
   * saves the order records it (services/request-insert.ts). Writes nothing.
   * @throws AppError SERVICE_UNAVAILABLE
   */
  openFirstSession(order: CheckoutOrder, statusToken: string): Promise<FirstCheckout>;
  /** Opens a new checkout attempt in `executor` (the caller's transaction, when it has one). */
  startCheckout(executor: Executor, input: StartCheckoutInput): Promise<StartedCheckout>;
  /**
   * The webhook endpoint's work, refunds included.
   * @throws AppError BAD_REQUEST when the event is not genuine; SERVICE_UNAVAILABLE when it
   *   cannot be processed now (the provider delivers it again later)
   */
  handleWebhook(rawBody: Buffer, headers: WebhookHeaders): Promise<WebhookOutcome>;
  /**
   * Re-reads one attempt from the provider and applies what it says (a late or lost
   * webhook; a sandbox "pay later" whose timer was lost). Never throws. Call it outside any
   * transaction (it opens its own), and not on every poll: each call asks the provider.
   */
  reconcile(paymentId: string): Promise<void>;
  /**
   * For a screen showing the request's payment: asks the provider about its unpaid or
   * processing attempts, each at most once per STATUS_READ_THROTTLE_MS across instances.
   * Never throws. @returns whether anything was asked (the caller reads the request again);
   *   false at once, not as a promise, while the request is in its quiet period (most polls),
   *   so the caller has nothing to wait for.
   */
  reconcileOpenAttempts(requestId: string): Promise<boolean> | false;
  /**
   * How many looks (reconcileOpenAttempts) have ended in this process so far. A reader takes
   * it before reading the request, and asks `lookEndedSince` after.
   */
  lookSequence(): number;
  /**
   * The last look at the request's attempts that ended after `sequence` was taken: the row
   * read before it ended may be older than what it found.
   */
  lookEndedSince(requestId: string, sequence: number): Promise<boolean> | undefined;
  /**
   * Asks the provider about unpaid or processing attempts no webhook has moved for a while.
   * Run periodically by the plugin. @returns how many attempts were asked about
   */
  sweepStaleAttempts(): Promise<number>;
  /**
   * Acts on webhook events stored but never acted on (the process stopped in between). Run
   * periodically by the plugin. @returns how many events were acted on
   */
  replayInbox(): Promise<number>;
  /**
   * The payment follow-up of a case move, in the SAME transaction: settles the request's
   * payments, which queues the guarantee's refund. Hand the result to `startRefunds` once
   * the transaction has committed. Case moves go through services/move-case.ts, which does
   * both; nothing else should need these two.
   */
  followUpCase(tx: Transaction, requestId: string): Promise<PendingRefunds>;
  /** Calls the provider for refunds queued in a committed transaction; never throws. */
  startRefunds(pending: PendingRefunds): Promise<void>;
  /** An operator's full refund of the attempt that paid for the case. @throws AppError CONFLICT */
  refundInFull(requestId: string, input: RefundInFullInput): Promise<void>;
  /** Runs refund jobs that are due (first tries that were missed, and retries). */
  runDueRefunds(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

export interface PaymentsPluginOptions {
  /** How often due refund retries are looked for; 0 turns the sweep off. */
  refundSweepMs?: number;
  /** How often stale unpaid or processing attempts are looked for; 0 turns it off. */
  staleAttemptSweepMs?: number;
  /** How often the webhook inbox is looked through for events never acted on; 0: off. */
  inboxReplayMs?: number;
}

const DEFAULT_REFUND_SWEEP_MS = 30_000;
const DEFAULT_STALE_ATTEMPT_SWEEP_MS = 60_000;
const DEFAULT_INBOX_REPLAY_MS = 15_000;

interface PaymentsDeps {
  config: AppConfig;
  db: Database;
  log: FastifyBaseLogger;
}

/** The provider's errors as the API answers them; anything else stays a server fault. */
function asApiError(error: unknown): unknown {
  if (error instanceof InvalidWebhookError) {
    return new AppError('BAD_REQUEST', 'The webhook signature is not valid.', { cause: error });
  }
  if (error instanceof PaymentProviderError) {
    // 5xx makes the provider deliver the event again later.
    return new AppError('SERVICE_UNAVAILABLE', 'The event cannot be processed right now.', {
      cause: error,
    });
  }
  return error;
}

/** Builds the payments module; exported for tests that drive it without HTTP. */
export function createPayments({ config, db, log }: PaymentsDeps): Payments & { close(): void } {
  // The sandbox hands its events to the same handler as a provider's POST; the handler is
  // defined below, so it is reached through this late-bound function.
  const deliver = (rawBody: Buffer, headers: WebhookHeaders) =>
    payments.handleWebhook(rawBody, headers);

  const stripe = config.payments.stripe;
  const sandbox =
    config.payments.provider === 'sandbox'
      ? createSandboxProvider({
          db,
          secret: config.payments.sandbox.webhookSecret,
          publicUrl: config.publicUrl,
          payLaterDelayMs: config.payments.sandbox.payLaterDelayMs,
          deliver,
          log,
        })
      : null;
  let provider: PaymentProvider;
  if (sandbox) {
    provider = sandbox;
  } else if (stripe) {
    provider = createStripeProvider(stripe);
  } else {
    throw new Error('PAYMENT_PROVIDER is stripe but the Stripe keys are missing');
  }
  const deps: PaymentServiceDeps = {
    db,
    provider,
    log,
    publicUrl: config.publicUrl,
    calendar: config.replyDeadlines.calendar,
    identity: config.identity,
  };
  // Per request: until when no attempt of it may be asked about (the claims' throttle), so a
  // polling status screen costs one query, not three, between two asks.
  const quiet = createQuietPeriods();
  /** The look at a request's open attempts under way, per request (reconcileOpenAttempts). */
  const reconciling = new Map<string, Promise<boolean>>();
  /** The looks that ended, per request (lookEndedSince). */
  const endedLooks = createEndedLooks();

  /** Asks the provider about the request's open attempts this instance may ask about now. */
  async function askAboutOpenAttempts(requestId: string): Promise<boolean> {
    let asked = false;
    try {
      // With no open attempt, or none that may be asked about yet, wait as the throttle
      // says; a claim lost to another instance means it has just asked.
      let waitMs = STATUS_READ_THROTTLE_MS;
      for (const attempt of await claimOpenAttempts(db, requestId, STATUS_READ_THROTTLE_MS)) {
        if (attempt.claimed === null) {
          if (attempt.waitMs > 0) waitMs = Math.min(waitMs, attempt.waitMs);
          continue;
        }
        asked = true;
        await startRefunds(await reconcileQuietly(attempt.id, attempt.claimed));
      }
      quiet.until(requestId, waitMs);
    } catch (error) {
      log.warn({ err: error, requestId }, 'could not reconcile the attempts of a request');
    }
    return asked;
  }

  /** Asks about one attempt; with its row when the caller has just read it (a look). */
  async function reconcileQuietly(
    paymentId: string,
    stored?: AttemptToAsk,
  ): Promise<PendingRefunds> {
    try {
      return await (stored ? reconcileAttempt(deps, stored) : reconcilePayment(deps, paymentId));
    } catch (error) {
      log.warn({ err: error, paymentId }, 'could not reconcile a payment with the provider');
      return [];
    }
  }

  async function startRefunds(pending: PendingRefunds): Promise<void> {
    // A refund's confirmation can queue follow-ups (never another refund of the same
    // attempt), so work through a queue rather than recursing.
    const queue = [...new Set(pending)];
    for (let paymentId = queue.shift(); paymentId !== undefined; paymentId = queue.shift()) {
      try {
        const result = await runRefundJob(deps, paymentId);
        if (result === 'refunded') queue.push(...(await reconcileQuietly(paymentId)));
      } catch (error) {
        log.error({ err: error, paymentId }, 'could not run a refund; the sweep will retry');
      }
    }
  }

  const payments: Payments & { close(): void } = {
    provider,
    sandbox,
    openCheckout: (input) => openCheckout(deps, input),
    openFirstSession: (order, statusToken) => openFirstSession(deps, order, statusToken),
    startCheckout: (executor, input) => startCheckout(deps, executor, input),
    async handleWebhook(rawBody, headers) {
      let result;
      try {
        result = await handlePaymentWebhook(deps, rawBody, headers);
      } catch (error) {
        throw asApiError(error);
      }
      await startRefunds(result.refunds);
      return result.outcome;
    },
    async reconcile(paymentId) {
      await startRefunds(await reconcileQuietly(paymentId));
    },
    reconcileOpenAttempts(requestId) {
      if (quiet.isQuiet(requestId)) return false;
      // Reads of one order at the same moment (a customer's tabs, many pollers after a
      // restart) share one look: each would otherwise run the same SELECT and lose the same
      // claim until the first had set the quiet period (decision 012).
      const running = reconciling.get(requestId);
      if (running) return running;
      const look: Promise<boolean> = askAboutOpenAttempts(requestId).finally(() => {
        reconciling.delete(requestId);
        endedLooks.ended(requestId, look);
      });
      reconciling.set(requestId, look);
      return look;
    },
    lookSequence: () => endedLooks.sequence(),
    lookEndedSince: (requestId, sequence) => endedLooks.endedSince(requestId, sequence),
    async sweepStaleAttempts() {
      let asked = 0;
      for (const paymentId of await staleAttempts(db)) {
        if (!(await claimReconcile(db, paymentId, SWEEP_STALE_AFTER_MS))) continue;
        asked += 1;
        await startRefunds(await reconcileQuietly(paymentId));
      }
      return asked;
    },
    async replayInbox() {
      const { replayed, refunds } = await replayUnprocessedEvents(deps);
      await startRefunds(refunds);
      return replayed;
    },
    followUpCase: (tx, requestId) => settleRequestPayments(tx, requestId, deps.calendar),
    startRefunds,
    async refundInFull(requestId, input) {
      await startRefunds(await queueRefundInFull(deps, requestId, input));
    },
    async runDueRefunds() {
      await startRefunds(await dueRefundJobs(deps));
    },
    close() {
      sandbox?.close();
    },
  };
  return payments;
}

/**
 * Decorates `app.payments` with the configured provider (PAYMENT_PROVIDER), serves the
 * sandbox's hosted checkout when the sandbox is the provider, and runs the refund retry
 * sweep. Register after app-context (it reads `app.config` and `app.db`) and the route
 * contract (the sandbox's pages are routes).
 */
export const paymentsPlugin = fp<PaymentsPluginOptions>(
  async (
    app,
    {
      refundSweepMs = DEFAULT_REFUND_SWEEP_MS,
      staleAttemptSweepMs = DEFAULT_STALE_ATTEMPT_SWEEP_MS,
      inboxReplayMs = DEFAULT_INBOX_REPLAY_MS,
    },
  ) => {
    const payments = createPayments({ config: app.config, db: app.db, log: app.log });
    app.decorate('payments', payments);
    if (payments.sandbox) {
      await app.register(sandboxRoutes, {
        sandbox: payments.sandbox,
        publicUrl: app.config.publicUrl,
      });
    }

    const stopRefundSweep = every(
      refundSweepMs,
      () => payments.runDueRefunds(),
      (error) => app.log.error({ err: error }, 'refund sweep failed'),
    );
    const stopStaleSweep = every(
      staleAttemptSweepMs,
      () => payments.sweepStaleAttempts(),
      (error) => app.log.error({ err: error }, 'stale payment sweep failed'),
    );

    const stopInboxReplay = every(
      inboxReplayMs,
      () => payments.replayInbox(),
      (error) => app.log.error({ err: error }, 'webhook inbox replay failed'),
    );

    app.addHook('onClose', async () => {
      payments.close();
      await Promise.all([stopRefundSweep(), stopStaleSweep(), stopInboxReplay()]);
    });
  },
  { name: 'payments', fastify: '5.x', dependencies: ['app-context'] },
);
