import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { CreateRequestResponse } from '@unban/contract/requests';
import { goToHash } from '../fixtures';

/** What the page sent to POST /api/requests. */
export interface SentRequest {
  authorization: string | null;
}

export interface SendOptions {
  /**
   * Runs while POST /api/requests waits for its answer, i.e. on the order page just before it
   * leaves for the checkout: the moment to look at what the page did when it was sent.
   */
  whileSending?: () => Promise<void>;
}

const STUB_CHECKOUT_PATH = '/e2e-stub-checkout';

/**
 * Fills the order form (#/request) with valid answers and sends it, ending on the checkout.
 * POST /api/requests is answered here, not by the server: these tests are about who the
 * visitor is when they send it (the page must create a guest first and send its token), not
 * about requests and payments, which have their own tests. The checkout is a stub page on this
 * origin, so the order page really unloads, as it does for the real checkout.
 */
export async function sendRequestForm(page: Page, options: SendOptions = {}): Promise<SentRequest> {
  const sent: SentRequest[] = [];
  await page.route('**/api/requests', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    sent.push({ authorization: route.request().headers()['authorization'] ?? null });
    await options.whileSending?.();
    const body: CreateRequestResponse = {
      id: '6f1c2d4e-8a9b-4c3d-9e8f-7a6b5c4d3e2f',
      reference: 'UB-TEST0001',
      statusToken: 'stub-status-token-0123456789',
      checkoutUrl: new URL(STUB_CHECKOUT_PATH, page.url()).href,
    };
    return route.fulfill({ status: 201, json: body });
  });
  await page.route(`**${STUB_CHECKOUT_PATH}`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Checkout</title><h1>Stub checkout</h1>',
    }),
  );

  await goToHash(page, '#/request');
  const form = page.getByRole('form', { name: 'Tell us about the ban' });
  await form.getByLabel('Country').selectOption('DE');
  await form.getByLabel('Phone number').fill('01512 3456789');
  await form.getByRole('radio', { name: 'Personal' }).check();
  await form.getByRole('radio', { name: 'Android' }).check();
  await form
    .getByLabel('Message the app shows')
    .selectOption('This account is not allowed to use WhatsApp due to spam');
  await form.getByLabel('Roughly when did it happen?').selectOption('this_week');
  await form.getByLabel('What did you use this number for?').fill('Family and friends');
  await form.getByLabel('E-mail address').fill('guest@example.test');
  await form.getByRole('radio', { name: /^Standard/ }).check();
  await form.getByRole('checkbox', { name: 'I own this number' }).check();
  await form.getByRole('checkbox', { name: 'I accept the terms and the refund policy' }).check();
  await form.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Stub checkout' })).toBeVisible();
  await page.unroute('**/api/requests');
  await page.unroute(`**${STUB_CHECKOUT_PATH}`);
  expect(sent, 'POST /api/requests sent once').toHaveLength(1);
  const [request] = sent;
  if (!request) throw new Error('No request was sent.');
  return request;
}
