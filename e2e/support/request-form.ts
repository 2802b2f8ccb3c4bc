import type { Page } from '@playwright/test';
import type { CreateRequestResponse } from '@unban/contract/requests';
import { goToHash } from '../fixtures';
import type { WatchOptions } from './request-journey';
import {
  CreateRequestCalls,
  SandboxCheckout,
  fillRequestForm,
  submitButton,
} from './request-journey';

/** What the page sent to POST /api/requests, and the request the server made of it. */
export interface SentRequest {
  authorization: string | null;
  created: CreateRequestResponse;
}

/**
 * Fills the order form (#/request) with valid answers and sends it to the real server,
 * ending on the sandbox provider's checkout page for the new request (which the test may
 * simply leave: the request waits there unpaid). For tests about who the visitor is when
 * they send a request (the page must create a guest first and send its token).
 */
export async function sendRequestForm(
  page: Page,
  options: WatchOptions & { price?: string } = {},
): Promise<SentRequest> {
  const watcher = await CreateRequestCalls.watch(page, options);
  await goToHash(page, '#/request');
  await fillRequestForm(page);
  await submitButton(page).click();

  const created = await watcher.answer(1);
  await new SandboxCheckout(page).expectOrder(created.reference, options.price);
  await watcher.stop();
  const [call] = await watcher.waitFor(1);
  if (!call) throw new Error('No request was sent.');
  return { authorization: call.authorization, created };
}
