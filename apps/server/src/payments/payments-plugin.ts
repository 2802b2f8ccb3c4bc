import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env';
import type { Database, Transaction } from '../db/client';
import type { PaymentServiceDeps, WebhookOutcome } from '../services/payment-events';
import { handlePaymentWebhook, reconcilePayment } from '../services/payment-events';
import { startCheckout } from '../services/payment-checkout';
import type { StartCheckoutInput, StartedCheckout } from '../services/payment-checkout';
import type { Executor } from '../services/payment-records';
import { dueRefundJobs, queueRefundInFull, runRefundJob } from '../services/payment-refunds';
import type { RefundInFullInput } from '../services/payment-refunds';
import { settleRequestPayments } from '../services/payment-settlement';
import type { PendingRefunds } from '../services/payment-settlement';
import type { PaymentProvider, WebhookHeaders } from './provider';
import { createSandboxProvider } from './sandbox';
import type { SandboxProvider } from './sandbox';
import { createStripeProvider } from './stripe';

/** The payments module as the rest of the server sees it (`app.payments`). */
export interface Payments {
  readonly provider: PaymentProvider;
  /** Set when the sandbox is the provider (its hosted page needs more than the interface). */
  readonly sandbox: SandboxProvider | null;
  /** Opens a checkout attempt for a request; see services/payment-checkout.ts. */
  startCheckout(executor: Executor, input: StartCheckoutInput): Promise<StartedCheckout>;
  /** The webhook endpoint's work, refunds included. @throws InvalidWebhookError, PaymentProviderError */
  handleWebhook(rawBody: Buffer, headers: WebhookHeaders): Promise<WebhookOutcome>;
  /**
   * Re-reads one attempt from the provider and applies what it says (a late or lost
   * webhook; a sandbox "pay later" whose timer was lost). Never throws. Call it outside any
   * transaction (it opens its own), e.g. from the payment-status read while the attempt is
   * unpaid or processing, and not on every poll: each call asks the provider.
   */
  reconcile(paymentId: string): Promise<void>;
  /**
   * Call in the SAME transaction right after moving a case (e.g. to denied or not_eligible):
   * settles the request's payments, which queues the guarantee's refund. Hand the result
   * to `startRefunds` once the transaction has committed.
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
}

const DEFAULT_REFUND_SWEEP_MS = 30_000;

interface PaymentsDeps {
  config: AppConfig;
  db: Database;
  log: FastifyBaseLogger;
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
  const deps: PaymentServiceDeps = { db, provider, log };

  async function reconcileQuietly(paymentId: string): Promise<PendingRefunds> {
    try {
      return await reconcilePayment(deps, paymentId);
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
    startCheckout: (executor, input) =>
      startCheckout({ ...deps, publicUrl: config.publicUrl }, executor, input),
    async handleWebhook(rawBody, headers) {
      const result = await handlePaymentWebhook(deps, rawBody, headers);
      await startRefunds(result.refunds);
      return result.outcome;
    },
    async reconcile(paymentId) {
      await startRefunds(await reconcileQuietly(paymentId));
    },
    followUpCase: (tx, requestId) => settleRequestPayments(tx, requestId),
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
 * Decorates `app.payments` with the configured provider (PAYMENT_PROVIDER) and runs the
 * refund retry sweep. Register after app-context (it reads `app.config` and `app.db`).
 */
export const paymentsPlugin = fp<PaymentsPluginOptions>(
  async (app, { refundSweepMs = DEFAULT_REFUND_SWEEP_MS }) => {
    const payments = createPayments({ config: app.config, db: app.db, log: app.log });
    app.decorate('payments', payments);

    let sweep: NodeJS.Timeout | undefined;
    let sweeping: Promise<void> | undefined;
    if (refundSweepMs > 0) {
      sweep = setInterval(() => {
        // One sweep at a time per process; other instances are kept apart by the job claims.
        sweeping ??= payments
          .runDueRefunds()
          .catch((error: unknown) => app.log.error({ err: error }, 'refund sweep failed'))
          .finally(() => {
            sweeping = undefined;
          });
      }, refundSweepMs);
      sweep.unref();
    }

    app.addHook('onClose', async () => {
      clearInterval(sweep);
      payments.close();
      await sweeping;
    });
  },
  { name: 'payments', fastify: '5.x', dependencies: ['app-context'] },
);
