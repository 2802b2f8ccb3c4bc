import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { v4 as uuidv4 } from 'uuid';
import { newId } from '../../domain/random-pool';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { objectOfPaymentEvent, paymentEvents } from '../../db/schema';
import type {
  CheckoutSession,
  CheckoutSessionInput,
  PaymentProvider,
  ProviderSession,
  RefundInput,
  RefundResult,
  VerifiedWebhookEvent,
  WebhookHeaders,
} from './provider';
import { PaymentProviderError, singleHeader } from './provider';
import { decodeSandboxSession, encodeSandboxSession } from './sandbox-session-token';
import type { SandboxSessionInfo } from './sandbox-session-token';
import { parseWebhookEvent } from './webhook-event';
import { signWebhookPayload, verifyWebhookSignature } from './webhook-signature';

/*
 * The embedded payment provider: a local hosted-checkout page (routes/sandbox) whose
 * buttons decide the outcome, and signed Stripe-shaped webhook events sent through the
 * same handler as Stripe's.
 *
 * The sandbox keeps no state of its own. What a session IS comes from two signed sources:
 * its description, signed into the checkout address (sandbox-session-token.ts), and the
 * events it has sent, which the webhook inbox (payment_events) stores before anything else
 * happens. `retrieveSession` folds those events, so the handler's "re-read the provider's
 * truth" works exactly as with Stripe, every server instance sees the same sessions, and a
 * restart loses nothing. A "pay later" payment settles by time (its events say when), so
 * the follow-up event sent by a timer is only a nudge: if the process stops before the
 * timer fires, the next reconciliation still finds the payment settled.
 */

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';

/** Checkout sessions live as long as Stripe's longest (24 hours). */
const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

const ID_PATTERN =
  /^sbx_(?:pi_|ch_)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

function coreOf(id: string): string | null {
  return ID_PATTERN.exec(id)?.[1] ?? null;
}

const ids = {
  session: (core: string) => `sbx_${core}`,
  paymentIntent: (core: string) => `sbx_pi_${core}`,
  charge: (core: string) => `sbx_ch_${core}`,
};

/**
 * The stored events of one sandbox session and of its charge (`core`: the ids' shared uuid),
 * as a condition written as the expression of payment_events_sandbox_object_id_idx: every
 * look at a session reads them, among every event ever stored.
 */
export function eventsOfSandboxSession(core: string): SQL {
  return sql`${eq(paymentEvents.provider, 'sandbox')} and ${inArray(
    objectOfPaymentEvent(paymentEvents.payload),
    [ids.session(core), ids.charge(core)],
  )}`;
}

export const sandboxOutcomes = ['pay', 'decline', 'cancel', 'pay-later'] as const;
export type SandboxOutcome = (typeof sandboxOutcomes)[number];

export type SandboxActionResult = { kind: 'redirect'; location: string } | { kind: 'invalid' };

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The session behind a checkout link, or null when the link is not genuine. */
  describeSession(sessionId: string, token: string): SandboxSessionInfo | null;
  /** What the hosted page should offer: true while the customer can still choose. */
  isPayable(info: SandboxSessionInfo): Promise<boolean>;
  /** A button on the hosted page: sends the matching events, then says where to go. */
  act(sessionId: string, token: string, outcome: SandboxOutcome): Promise<SandboxActionResult>;
  /** Stops pending "pay later" timers (server shutdown). */
  close(): void;
}

export interface SandboxOptions {
  db: Database;
  secret: string;
  /** The site's address; the hosted page lives under it. */
  publicUrl: string;
  payLaterDelayMs: number;
  /** Hands a signed event to the webhook handler (in process), as a provider's POST would. */
  deliver: (rawBody: Buffer, headers: WebhookHeaders) => Promise<unknown>;
  log: FastifyBaseLogger;
  now?: () => number;
}

// The parts of the sandbox's own event objects that its truth is folded from.
const sessionSnapshotSchema = z.object({
  object: z.literal('checkout.session'),
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  payment_intent: z.string().nullable(),
  amount_total: z.number().int(),
  currency: z.string(),
  metadata: z.record(z.string(), z.string()),
  /** Unix ms at which a "pay later" payment succeeds. */
  sandbox_settles_at: z.number().optional(),
  sandbox_payment_failed: z.boolean().optional(),
});
type SessionSnapshot = z.infer<typeof sessionSnapshotSchema>;

const chargeSnapshotSchema = z.object({
  object: z.literal('charge'),
  id: z.string(),
  amount_refunded: z.number().int(),
});

const storedEventSchema = z.object({
  data: z.object({ object: z.union([sessionSnapshotSchema, chargeSnapshotSchema]) }),
});

export function createSandboxProvider(options: SandboxOptions): SandboxProvider {
  const { db, secret, log } = options;
  const now = options.now ?? Date.now;
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  async function emit(type: string, object: Record<string, unknown>, eventId?: string) {
    const body = Buffer.from(
      JSON.stringify({
        id: eventId ?? `evt_sbx_${newId()}`,
        object: 'event',
        type,
        created: Math.floor(now() / 1000),
        livemode: false,
        data: { object },
      }),
    );
    const headers = { [SANDBOX_SIGNATURE_HEADER]: signWebhookPayload(body, secret) };
    try {
      await options.deliver(body, headers);
    } catch (error) {
      // A provider's checkout does not fail because the shop's webhook did; the event is in
      // the inbox (or was never stored, and the session is still open), and the next
      // delivery or reconciliation picks it up.
      log.error({ err: error, type }, 'sandbox: webhook delivery failed');
    }
  }

  function snapshot(info: SandboxSessionInfo, changes: Partial<SessionSnapshot>): SessionSnapshot {
    const core = coreOf(info.sessionId) ?? '';
    return {
      object: 'checkout.session',
      id: info.sessionId,
      status: 'complete',
      payment_status: 'unpaid',
      payment_intent: ids.paymentIntent(core),
      amount_total: info.amount,
      currency: info.currency.toLowerCase(),
      metadata: { paymentId: info.paymentId, reference: info.reference },
      ...changes,
    };
  }

  async function retrieveSession(sessionId: string): Promise<ProviderSession> {
    const core = coreOf(sessionId);
    const truth: ProviderSession = {
      sessionId,
      status: 'open',
      paymentStatus: 'unpaid',
      paymentFailed: false,
      paymentIntentId: null,
      amountTotal: null,
      currency: null,
      amountRefunded: 0,
      metadata: {},
    };
    if (core === null) return truth;

    const rows = await db
      .select({ payload: paymentEvents.payload })
      .from(paymentEvents)
      .where(eventsOfSandboxSession(core));

    // Every event is a fact that stays true, so the merge takes the strongest of each field
    // and does not depend on the order the events were stored in.
    let settlesAt: number | null = null;
    let expired = false;
    for (const row of rows) {
      const parsed = storedEventSchema.safeParse(row.payload);
      if (!parsed.success) continue;
      const object = parsed.data.data.object;
      if (object.object === 'charge') {
        truth.amountRefunded = Math.max(truth.amountRefunded, object.amount_refunded);
        continue;
      }
      truth.amountTotal = object.amount_total;
      truth.currency = object.currency.toUpperCase();
      truth.metadata = object.metadata;
      truth.paymentIntentId = object.payment_intent ?? truth.paymentIntentId;
      if (object.status === 'complete') truth.status = 'complete';
      if (object.status === 'expired') expired = true;
      if (object.payment_status !== 'unpaid') truth.paymentStatus = 'paid';
      if (object.sandbox_payment_failed) truth.paymentFailed = true;
      if (object.sandbox_settles_at !== undefined) {
        settlesAt = Math.min(settlesAt ?? Infinity, object.sandbox_settles_at);
      }
    }
    if (truth.status !== 'complete' && expired) truth.status = 'expired';
    if (!truth.paymentFailed && settlesAt !== null && settlesAt <= now()) {
      truth.paymentStatus = 'paid';
    }
    return truth;
  }

  function describeSession(sessionId: string, token: string): SandboxSessionInfo | null {
    return decodeSandboxSession(token, sessionId, secret);
  }

  async function isPayable(info: SandboxSessionInfo): Promise<boolean> {
    if (info.expiresAt * 1000 <= now()) return false;
    return (await retrieveSession(info.sessionId)).status === 'open';
  }

  function settleLater(info: SandboxSessionInfo): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (closed) return;
      void emit(
        'checkout.session.async_payment_succeeded',
        snapshot(info, { payment_status: 'paid' }),
      );
    }, options.payLaterDelayMs);
    timer.unref();
    timers.add(timer);
  }

  async function act(
    sessionId: string,
    token: string,
    outcome: SandboxOutcome,
  ): Promise<SandboxActionResult> {
    const info = describeSession(sessionId, token);
    if (!info) return { kind: 'invalid' };
    // A closed checkout (paid, declined, canceled, expired) takes no second outcome; the
    // customer is sent to the status page, which shows what did happen.
    if (!(await isPayable(info))) return { kind: 'redirect', location: info.successUrl };

    switch (outcome) {
      case 'pay':
        await emit('checkout.session.completed', snapshot(info, { payment_status: 'paid' }));
        return { kind: 'redirect', location: info.successUrl };
      case 'decline':
        // Like a bank debit the bank refuses: the checkout completed, then the money failed.
        await emit(
          'checkout.session.async_payment_failed',
          snapshot(info, { sandbox_payment_failed: true }),
        );
        return { kind: 'redirect', location: info.successUrl };
      case 'cancel':
        // Stripe would keep the session open until it times out; the sandbox closes it at
        // once, so the status page can offer a new checkout straight away.
        await emit(
          'checkout.session.expired',
          snapshot(info, { status: 'expired', payment_intent: null }),
        );
        return { kind: 'redirect', location: info.cancelUrl };
      case 'pay-later':
        await emit(
          'checkout.session.completed',
          snapshot(info, { sandbox_settles_at: now() + options.payLaterDelayMs }),
        );
        settleLater(info);
        return { kind: 'redirect', location: info.successUrl };
    }
  }

  async function createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession> {
    const sessionId = ids.session(uuidv4());
    const token = encodeSandboxSession(
      {
        sessionId,
        paymentId: input.paymentId,
        reference: input.reference,
        amount: input.amountMinor,
        currency: input.currency,
        productName: input.productName,
        locale: input.locale,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        expiresAt: Math.floor(now() / 1000) + SESSION_LIFETIME_SECONDS,
      },
      secret,
    );
    const url = `${options.publicUrl}/sandbox/checkout/${sessionId}?${new URLSearchParams({ s: token })}`;
    return { sessionId, url };
  }

  async function sessionIdForCharge(chargeId: string): Promise<string | null> {
    const core = coreOf(chargeId);
    return core === null ? null : ids.session(core);
  }

  async function refund(input: RefundInput): Promise<RefundResult> {
    const core = coreOf(input.paymentIntentId);
    if (core === null) throw new Error(`Not a sandbox payment intent: ${input.paymentIntentId}`);
    // The same idempotency key gives the same event id, so a retried refund is one refund.
    const key = createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 32);
    await emit(
      'charge.refunded',
      {
        object: 'charge',
        id: ids.charge(core),
        payment_intent: input.paymentIntentId,
        amount_refunded: input.amountMinor,
        refunded: true,
        metadata: { paymentId: input.paymentId },
      },
      `evt_sbx_refund_${key}`,
    );
    // The refund exists once its event is stored (that is the sandbox's record); if even
    // that failed, say so, and the refund job tries again.
    if ((await retrieveSession(ids.session(core))).amountRefunded < input.amountMinor) {
      throw new PaymentProviderError('The sandbox could not record the refund.');
    }
    return { refundId: `re_sbx_${key}`, status: 'succeeded' };
  }

  function verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): VerifiedWebhookEvent {
    verifyWebhookSignature(
      rawBody,
      singleHeader(headers, SANDBOX_SIGNATURE_HEADER),
      secret,
      Math.floor(now() / 1000),
    );
    // Its events are its record (retrieveSession folds them), so it keeps what it folds.
    return parseWebhookEvent(rawBody, ['metadata', 'sandbox_settles_at', 'sandbox_payment_failed']);
  }

  return {
    name: 'sandbox',
    createCheckoutSession,
    retrieveSession,
    sessionIdForCharge,
    refund,
    verifyWebhook,
    describeSession,
    isPayable,
    act,
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
