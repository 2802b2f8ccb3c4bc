/*
 * For tests only: a tiny stand-in for the Stripe API on a local port, so the real `stripe`
 * SDK (and so the real request encoding, errors and retries) talks to something. It keeps
 * just enough state for Checkout: sessions, payment intents, charges and refunds, changed
 * by the test through the methods below as the customer and the bank would change them.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

interface FakeSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string | null;
  cancel_url: string | null;
  expires_at: number;
  url: string | null;
  payment_intent: string | null;
}

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  status: 'processing' | 'succeeded' | 'requires_payment_method';
  amount: number;
  currency: string;
  latest_charge: string | null;
  metadata: Record<string, string>;
}

interface FakeCharge {
  id: string;
  object: 'charge';
  payment_intent: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  metadata: Record<string, string>;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
}

export interface RecordedCall {
  method: string;
  path: string;
  idempotencyKey: string | null;
  /** The Stripe-Version header: the API version the client asked for. */
  apiVersion: string | null;
  params: URLSearchParams;
}

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_local_api';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_local_api_secret';

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
  ) {
    super(code);
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function expands(params: URLSearchParams): string[] {
  return [...params.entries()].filter(([key]) => key.startsWith('expand')).map(([, v]) => v);
}

function metadataOf(params: URLSearchParams, prefix = 'metadata'): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of params.entries()) {
    const match = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[([^\\]]+)\\]$`).exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

export class FakeStripeApi {
  readonly sessions = new Map<string, FakeSession>();
  readonly intents = new Map<string, FakeIntent>();
  readonly charges = new Map<string, FakeCharge>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly calls: RecordedCall[] = [];
  /** The next N refund requests fail as in an outage at Stripe (HTTP 500). */
  refundFailures = 0;
  private readonly byIdempotencyKey = new Map<string, unknown>();
  private readonly server: Server;
  private readonly signer = new Stripe(FAKE_STRIPE_SECRET_KEY);

  private constructor() {
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
  }

  static async start(): Promise<FakeStripeApi> {
    const api = new FakeStripeApi();
    await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
    return api;
  }

  get baseUrl(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) =>
      this.server.close((error) => (error ? reject(error) : resolve())),
    );
  }

  callsTo(method: string, path: string): RecordedCall[] {
    return this.calls.filter((call) => call.method === method && call.path === path);
  }

  session(id: string): FakeSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`fake Stripe: no session ${id}`);
    return session;
  }

  chargeOfSession(id: string): FakeCharge {
    const intent = this.intents.get(this.session(id).payment_intent ?? '');
    const charge = this.charges.get(intent?.latest_charge ?? '');
    if (!charge) throw new Error(`fake Stripe: session ${id} has no charge`);
    return charge;
  }

  // ---- what the customer and the bank do ----------------------------------------------

  /** The customer pays: by card (paid at once) or by a bank debit that stays processing. */
  completeSession(id: string, how: 'paid' | 'processing'): void {
    const session = this.session(id);
    const intent: FakeIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      status: how === 'paid' ? 'succeeded' : 'processing',
      amount: session.amount_total,
      currency: session.currency,
      latest_charge: null,
      metadata: session.metadata,
    };
    const charge: FakeCharge = {
      id: newId('ch'),
      object: 'charge',
      payment_intent: intent.id,
      amount: session.amount_total,
      amount_refunded: 0,
      refunded: false,
      currency: session.currency,
      metadata: session.metadata,
    };
    intent.latest_charge = charge.id;
    this.intents.set(intent.id, intent);
    this.charges.set(charge.id, charge);
    session.status = 'complete';
    session.payment_status = how === 'paid' ? 'paid' : 'unpaid';
    session.payment_intent = intent.id;
  }

  settleAsync(id: string, outcome: 'succeeded' | 'failed'): void {
    const session = this.session(id);
    const intent = this.intents.get(session.payment_intent ?? '');
    if (!intent) throw new Error('fake Stripe: nothing to settle');
    intent.status = outcome === 'succeeded' ? 'succeeded' : 'requires_payment_method';
    if (outcome === 'succeeded') session.payment_status = 'paid';
  }

  expireSession(id: string): void {
    const session = this.session(id);
    if (session.status === 'open') session.status = 'expired';
  }

  /** A refund made by hand in the Stripe dashboard. */
  refundInDashboard(id: string): void {
    const charge = this.chargeOfSession(id);
    charge.amount_refunded = charge.amount;
    charge.refunded = true;
  }

  // ---- events --------------------------------------------------------------------------

  /** An event as Stripe sends it: a snapshot of the object, signed with the webhook secret. */
  event(type: string, object: { id: string; [key: string]: unknown }, eventId = newId('evt')) {
    const body = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    });
    return { eventId, body, headers: this.signatureHeaders(body) };
  }

  signatureHeaders(body: string, secret = FAKE_STRIPE_WEBHOOK_SECRET) {
    return {
      'content-type': 'application/json',
      'stripe-signature': this.signer.webhooks.generateTestHeaderString({ payload: body, secret }),
    };
  }

  sessionEvent(type: string, sessionId: string, eventId?: string) {
    return this.event(type, { ...this.session(sessionId) }, eventId);
  }

  chargeRefundedEvent(sessionId: string, eventId?: string) {
    return this.event('charge.refunded', { ...this.chargeOfSession(sessionId) }, eventId);
  }

  // ---- the API -------------------------------------------------------------------------

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake.stripe');
    const body = await readBody(request);
    const params = new URLSearchParams(request.method === 'GET' ? url.search : body);
    const header = request.headers['idempotency-key'];
    const idempotencyKey = typeof header === 'string' ? header : null;
    const method = request.method ?? 'GET';
    const version = request.headers['stripe-version'];
    const apiVersion = typeof version === 'string' ? version : null;
    this.calls.push({ method, path: url.pathname, idempotencyKey, apiVersion, params });
    try {
      if (request.headers.authorization !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
        throw new HttpError(401, 'invalid_request_error', 'api_key_invalid');
      }
      const replay =
        idempotencyKey && this.byIdempotencyKey.get(`${url.pathname}|${idempotencyKey}`);
      const result =
        method === 'POST' && replay ? replay : this.route(method, url.pathname, params);
      if (method === 'POST' && idempotencyKey) {
        this.byIdempotencyKey.set(`${url.pathname}|${idempotencyKey}`, result);
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(result));
    } catch (error) {
      const failure =
        error instanceof HttpError ? error : new HttpError(500, 'api_error', 'fake_failure');
      // Tells the SDK not to retry by itself, so one call here is one try of ours.
      response.writeHead(failure.status, {
        'content-type': 'application/json',
        'stripe-should-retry': 'false',
      });
      response.end(
        JSON.stringify({
          error: { type: failure.type, code: failure.code, message: failure.code },
        }),
      );
    }
  }

  private route(method: string, path: string, params: URLSearchParams): unknown {
    const [, version, resource, id, sub] = path.split('/');
    if (version !== 'v1') throw new HttpError(404, 'invalid_request_error', 'resource_missing');
    if (method === 'POST' && resource === 'checkout' && id === 'sessions' && !sub) {
      return this.createSession(params);
    }
    if (method === 'GET' && resource === 'checkout' && id === 'sessions' && sub) {
      return this.expandSession(this.found(this.sessions.get(sub)), expands(params));
    }
    if (method === 'GET' && resource === 'checkout' && id === 'sessions') {
      const intent = params.get('payment_intent');
      const data = [...this.sessions.values()].filter((s) => s.payment_intent === intent);
      return { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' };
    }
    if (method === 'GET' && resource === 'payment_intents' && id) {
      return this.expandIntent(this.found(this.intents.get(id)), expands(params));
    }
    if (method === 'GET' && resource === 'charges' && id) {
      return this.found(this.charges.get(id));
    }
    if (method === 'POST' && resource === 'refunds' && !id) return this.createRefund(params);
    throw new HttpError(404, 'invalid_request_error', 'resource_missing');
  }

  private found<T>(value: T | undefined): T {
    if (value === undefined) throw new HttpError(404, 'invalid_request_error', 'resource_missing');
    return value;
  }

  private createSession(params: URLSearchParams): FakeSession {
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: Number(params.get('line_items[0][price_data][unit_amount]')),
      currency: params.get('line_items[0][price_data][currency]') ?? 'usd',
      metadata: metadataOf(params),
      client_reference_id: params.get('client_reference_id'),
      customer_email: params.get('customer_email'),
      success_url: params.get('success_url'),
      cancel_url: params.get('cancel_url'),
      expires_at: Number(params.get('expires_at')),
      url: `https://checkout.stripe.com/c/pay/${id}`,
      payment_intent: null,
    };
    this.sessions.set(id, session);
    return session;
  }

  private expandIntent(intent: FakeIntent, expand: string[]) {
    if (!expand.includes('latest_charge') || !intent.latest_charge) return intent;
    return { ...intent, latest_charge: this.charges.get(intent.latest_charge) ?? null };
  }

  private expandSession(session: FakeSession, expand: string[]) {
    const expandIntent = expand.some((path) => path.startsWith('payment_intent'));
    if (!expandIntent || !session.payment_intent) return session;
    const intent = this.found(this.intents.get(session.payment_intent));
    const nested = expand.includes('payment_intent.latest_charge') ? ['latest_charge'] : [];
    return { ...session, payment_intent: this.expandIntent(intent, nested) };
  }

  private createRefund(params: URLSearchParams): FakeRefund {
    if (this.refundFailures > 0) {
      this.refundFailures -= 1;
      throw new HttpError(500, 'api_error', 'fake_outage');
    }
    const intent = this.found(this.intents.get(params.get('payment_intent') ?? ''));
    const charge = this.found(this.charges.get(intent.latest_charge ?? ''));
    const amount = Number(params.get('amount') ?? charge.amount);
    if (charge.amount_refunded + amount > charge.amount) {
      throw new HttpError(400, 'invalid_request_error', 'charge_already_refunded');
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund: FakeRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      payment_intent: intent.id,
      status: 'succeeded',
      reason: params.get('reason'),
      metadata: metadataOf(params),
    };
    this.refunds.set(refund.id, refund);
    return refund;
  }
}
