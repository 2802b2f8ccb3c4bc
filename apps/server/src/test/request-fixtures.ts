/*
 * Shared by the tests of the request and payment-status routes: the real application on a
 * test database with the embedded sandbox provider, and tokens from the tests' Auth emulator.
 */
import { recordTestAppeal } from './appeal-fixtures';
import type { PaymentState } from '@unban/contract/payment-states';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CaseState } from '@unban/contract/case-states';
import { createRequestResponseSchema } from '@unban/contract/requests';
import type { CreateRequestBodyInput, CreateRequestResponse } from '@unban/contract/requests';
import { vi } from 'vitest';
import type { MockInstance } from 'vitest';
import type { Database } from '../db/client';
import { requests } from '../db/schema';
import type { CaseActor } from '../domain/case-machine';
import { applyCaseTransition } from '../cases/case-transitions';
import { PaymentProviderError } from '../payments/providers/provider';
import type { CheckoutSessionInput, PaymentProvider } from '../payments/providers/provider';
import type { SandboxOutcome } from '../payments/providers/sandbox';
import { authEmulator } from './auth-emulator';
import { signUpAnonymously } from './auth-tokens';
import type { SignedInUser } from './auth-tokens';
import { createTestApp, testConfig, testCalendar } from './test-app';
import type { TestApp } from './test-app';

/**
 * Watches the configured provider (the embedded sandbox) at its edge: which checkouts were
 * opened, with which return address, and can make it unreachable for a while.
 */
export class ProviderProbe {
  private readonly spy: MockInstance<PaymentProvider['createCheckoutSession']>;
  private readonly original: PaymentProvider['createCheckoutSession'];

  constructor(provider: PaymentProvider) {
    this.original = provider.createCheckoutSession.bind(provider);
    this.spy = vi.spyOn(provider, 'createCheckoutSession');
  }

  /** Every checkout asked of the provider, oldest first. */
  get sessions(): CheckoutSessionInput[] {
    return this.spy.mock.calls.map(([input]) => input);
  }

  /** The status token in the latest checkout's return address; null when it has none. */
  lastReturnToken(): string | null {
    const input = this.sessions.at(-1);
    if (!input) throw new Error('no checkout was opened');
    // The payment-status page's own address: /payment-status?order=…&token=…
    return new URL(input.successUrl).searchParams.get('token');
  }

  /**
   * Makes the next call to the provider hang until `release()`, as a slow provider with
   * retries would; `started` resolves once the call is waiting.
   */
  hold(): { started: Promise<void>; release: () => void } {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let signalStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => (signalStarted = resolve));
    this.spy.mockImplementationOnce(async (input) => {
      signalStarted();
      await gate;
      return this.original(input);
    });
    return { started, release };
  }

  /** Runs `work` while every call to the provider fails, as when it is down. */
  async whileDown<T>(work: () => Promise<T>): Promise<T> {
    this.spy.mockRejectedValue(new PaymentProviderError('provider unreachable'));
    try {
      return await work();
    } finally {
      this.spy.mockImplementation(this.original);
    }
  }
}

export interface RequestsTestApp extends TestApp {
  provider: ProviderProbe;
}

export const TEST_PUBLIC_URL = 'https://unban.example.test';

/** The real application with the sandbox provider, verifying tokens with the Auth emulator. */
export async function createRequestsTestApp(): Promise<RequestsTestApp> {
  const { host, projectId } = authEmulator();
  const subject = await createTestApp({
    config: {
      firebase: { ...testConfig().firebase, projectId, authEmulatorHost: host },
      publicUrl: TEST_PUBLIC_URL,
    },
  });
  await subject.app.ready();
  return { ...subject, provider: new ProviderProbe(subject.app.payments.provider) };
}

export interface Customer extends SignedInUser {
  /** Each customer gets their own address, so the per-IP quota only bites where meant to. */
  ip: string;
}

export function randomIp(): string {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

export async function newCustomer(): Promise<Customer> {
  return { ...(await signUpAnonymously()), ip: randomIp() };
}

export function validRequestBody(
  overrides: Partial<Record<keyof CreateRequestBodyInput, unknown>> & Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    messagingApp: 'whatsapp',
    phone: '+1 202 555 0143',
    accountType: 'personal',
    device: 'android',
    banMessage: 'This account is not allowed to use WhatsApp due to spam.',
    bannedAt: 'this_week',
    usage: 'Family chats and my bakery orders.',
    contactEmail: 'Customer@Example.TEST',
    plan: 'standard',
    ownsNumber: true,
    acceptsTerms: true,
    ...overrides,
  };
}

export function bearer(user: SignedInUser): { authorization: string } {
  return { authorization: `Bearer ${user.idToken}` };
}

/** Creates a request through the API, as the order form does. */
export async function submitRequest(
  subject: TestApp,
  customer: Customer,
  body: Record<string, unknown> = validRequestBody(),
  headers: Record<string, string> = {},
) {
  return subject.app.inject({
    method: 'POST',
    url: '/api/requests',
    headers: { ...bearer(customer), ...headers },
    remoteAddress: customer.ip,
    payload: body,
  });
}

export async function createdRequest(
  subject: TestApp,
  customer: Customer,
  body?: Record<string, unknown>,
): Promise<CreateRequestResponse> {
  const response = await submitRequest(subject, customer, body);
  if (response.statusCode !== 201) {
    throw new Error(`POST /api/requests answered ${response.statusCode}: ${response.body}`);
  }
  return createRequestResponseSchema.parse(response.json());
}

/** Walks a case along operator/system moves, as the back office and webhooks would. */
export async function moveCase(
  db: Database,
  requestId: string,
  moves: readonly { to: CaseState; actor: CaseActor; messageToCustomer?: string }[],
): Promise<void> {
  for (const move of moves) {
    if (move.to === 'appeal_submitted') await recordTestAppeal(db, requestId);
    await db.transaction((tx) =>
      applyCaseTransition(
        tx,
        {
          requestId,
          to: move.to,
          actor: move.actor,
          actorUid: move.actor === 'system' ? null : 'operator-uid',
          messageToCustomer: move.messageToCustomer ?? null,
        },
        testCalendar,
      ),
    );
  }
}

/** Paid, picked up by an operator, and waiting for the customer's answer. */
export const toNeedsInfo = [
  { to: 'queued', actor: 'system' },
  { to: 'in_review', actor: 'operator' },
  {
    to: 'needs_info',
    actor: 'operator',
    messageToCustomer: 'Please send the exact date the ban happened.',
  },
] as const;

export async function setPaymentState(db: Database, requestId: string, state: PaymentState) {
  await db.update(requests).set({ paymentState: state }).where(eq(requests.id, requestId));
}

/** Presses a button on the sandbox's hosted checkout page behind `checkoutUrl`. */
export async function pressSandboxButton(
  subject: TestApp,
  checkoutUrl: string,
  outcome: SandboxOutcome,
): Promise<void> {
  const sandbox = subject.app.payments.sandbox;
  if (!sandbox) throw new Error('the tests expect the sandbox provider');
  const url = new URL(checkoutUrl);
  const sessionId = decodeURIComponent(url.pathname.split('/').at(-1) ?? '');
  const result = await sandbox.act(sessionId, url.searchParams.get('s') ?? '', outcome);
  if (result.kind !== 'redirect') throw new Error(`the sandbox refused ${checkoutUrl}`);
}
