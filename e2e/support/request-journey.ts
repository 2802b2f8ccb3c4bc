import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { paymentStateInfo } from '@unban/contract/payment-states';
import type { PaymentState } from '@unban/contract/payment-states';
import { formatMoney } from '@unban/contract/plans';
import type { CreateRequestResponse } from '@unban/contract/requests';
import { createRequestResponseSchema } from '@unban/contract/requests';
import { defaultSiteIdentity } from '@unban/contract/site-config';

/*
 * The unban request journey as a customer walks it: the order form, the sandbox provider's
 * hosted checkout (server-rendered on this origin, see apps/server/src/payments/sandbox-page.ts),
 * the payment-status screen, My requests and the case page. Elements are found by role, label
 * and visible text; the state names come from the contract, as the screens show them.
 */

/** The answers every journey sends: a German mobile number on the Standard plan. */
export const JOURNEY_PHONE = '+4915123456789';
export const JOURNEY_PLAN = defaultSiteIdentity.plans.standard;
export const JOURNEY_PRICE = formatMoney(JOURNEY_PLAN.priceMinor, JOURNEY_PLAN.currency);

export function requestForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Tell us about the ban' });
}

export function submitButton(page: Page): Locator {
  return requestForm(page).getByRole('button', { name: 'Continue to payment' });
}

/** Fills the order form (already on screen) with valid answers; does not send it. */
export async function fillRequestForm(page: Page): Promise<void> {
  const form = requestForm(page);
  await form.getByLabel('Country').selectOption('DE');
  // JOURNEY_PHONE as a German types it.
  await form.getByLabel('Phone number').fill('01512 3456789');
  await form.getByRole('radio', { name: 'Personal' }).check();
  await form.getByRole('radio', { name: 'Android' }).check();
  await form
    .getByLabel('Message the app shows')
    .selectOption('This account is not allowed to use WhatsApp due to spam');
  await form.getByLabel('Roughly when did it happen?').selectOption('this_week');
  await form.getByLabel('What did you use this number for?').fill('Family and friends');
  await form.getByLabel('E-mail address').fill('guest@example.test');
  await form.getByRole('radio', { name: new RegExp(`^${JOURNEY_PLAN.name}`) }).check();
  await form.getByRole('checkbox', { name: 'I own this number' }).check();
  await form.getByRole('checkbox', { name: 'I accept the terms and the refund policy' }).check();
}

const CREATE_REQUEST_URL = '**/api/requests';

/** One POST /api/requests the page sent, and what the server answered. */
export interface CreateRequestCall {
  authorization: string | null;
  idempotencyKey: string | null;
  /** null when the server answered with an error. */
  answer: CreateRequestResponse | null;
}

export interface WatchOptions {
  /**
   * Runs while POST /api/requests waits to be sent on to the server, i.e. on the order page
   * just before it leaves for the checkout: the moment to look at what the page did.
   */
  whileSending?: () => Promise<void>;
}

/**
 * Every POST /api/requests the page sends from now on, passed on to the real server. The
 * answer is read here, on its way back, because the page leaves for the checkout as soon as
 * it has it (after which the browser no longer holds the response body).
 */
export class CreateRequestCalls {
  readonly calls: CreateRequestCall[] = [];

  private constructor(private readonly page: Page) {}

  static async watch(page: Page, options: WatchOptions = {}): Promise<CreateRequestCalls> {
    const watcher = new CreateRequestCalls(page);
    await page.route(CREATE_REQUEST_URL, async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.fallback();
      await options.whileSending?.();
      const response = await route.fetch();
      const body: unknown = await response.json().catch(() => null);
      const parsed = createRequestResponseSchema.safeParse(body);
      watcher.calls.push({
        authorization: request.headers()['authorization'] ?? null,
        idempotencyKey: request.headers()['idempotency-key'] ?? null,
        answer: response.status() === 201 && parsed.success ? parsed.data : null,
      });
      return route.fulfill({ response });
    });
    return watcher;
  }

  /** Waits until exactly `count` calls have been answered, and returns them. */
  async waitFor(count: number): Promise<CreateRequestCall[]> {
    await expect
      .poll(() => this.calls.length, { message: 'answered POST /api/requests calls' })
      .toBe(count);
    return this.calls;
  }

  /** The request the `count`-th (and latest) call created or was answered with. */
  async answer(count: number): Promise<CreateRequestResponse> {
    const answer = (await this.waitFor(count)).at(-1)?.answer;
    if (!answer) throw new Error(`POST /api/requests number ${count} failed.`);
    return answer;
  }

  async stop(): Promise<void> {
    await this.page.unroute(CREATE_REQUEST_URL);
  }
}

/** The value beside a term in a definition list (`<dt>term</dt><dd>value</dd>`). */
export function definitionOf(scope: Locator, term: string): Locator {
  return scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

export type SandboxButton = 'Pay' | 'Decline' | 'Cancel' | 'Pay later (completes asynchronously)';

/** The sandbox provider's hosted checkout page. */
export class SandboxCheckout {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Sandbox checkout' });
  }

  /**
   * On the checkout, showing the order's reference and the plan's all-in price (the default
   * site's journey plan unless the server runs another identity).
   */
  async expectOrder(reference: string, price = JOURNEY_PRICE): Promise<void> {
    await expect(this.heading).toBeVisible();
    expect(new URL(this.page.url()).pathname).toMatch(/^\/sandbox\/checkout\//);
    const main = this.page.getByRole('main');
    await expect(definitionOf(main, 'Order')).toHaveText(reference);
    await expect(definitionOf(main, 'Total')).toHaveText(price);
    await expect(this.page).toHaveTitle(`Pay ${price} – Sandbox checkout`);
  }

  async choose(button: SandboxButton): Promise<void> {
    await this.page.getByRole('button', { name: button, exact: true }).click();
  }
}

/**
 * The payment-status screen: `/payment-status?order=…&token=…`, where the checkout sends the
 * customer back (a document the server renders), which becomes `/#/payment-status?…` once
 * the app runs.
 */
export class PaymentStatus {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Payment status' });
  }

  /** The state badge: the state's label, alone in its element. */
  state(state: PaymentState): Locator {
    return this.page.getByRole('main').getByText(paymentStateInfo[state].label, { exact: true });
  }

  /** Back from the checkout on this order's status screen, showing `state`. */
  async expectState(reference: string, state: PaymentState): Promise<void> {
    await expect(this.heading).toBeVisible();
    const url = new URL(this.page.url());
    const query =
      url.pathname === '/payment-status'
        ? url.searchParams
        : new URLSearchParams(/^#\/payment-status\?(.*)$/.exec(url.hash)?.[1] ?? '');
    expect(url.pathname === '/payment-status' || url.pathname === '/', url.href).toBe(true);
    expect(query.get('order')).toBe(reference);
    await expect(this.state(state)).toBeVisible();
    await expect(this.page.getByText(paymentStateInfo[state].meaning)).toBeVisible();
  }

  /** The order summary: "Receipt" once money was taken, "Order details" before. */
  summary(kind: 'Receipt' | 'Order details'): Locator {
    return this.page.getByRole('region', { name: kind });
  }

  get tryAgain(): Locator {
    return this.page.getByRole('button', { name: 'Try again' });
  }
}

/** Opens My requests from the header's account menu, as a returning customer would. */
export async function openMyRequestsFromAccountMenu(page: Page): Promise<void> {
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: /^Account: / }).click();
  await banner.getByRole('link', { name: 'My requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My requests' })).toBeVisible();
}

/** The cards on My requests, once they have loaded. */
export function requestCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Your requests' }).getByRole('listitem');
}

/** A promise and the function that settles it (Promise.withResolvers, which Node 20 lacks). */
export function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
