import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { caseStateInfo } from '@unban/contract/case-states';
import { dataExportSchema } from '@unban/contract/data-rights';
import { paymentStateInfo } from '@unban/contract/payment-states';
import { expect, test } from './fixtures';
import {
  CreateRequestCalls,
  JOURNEY_PRICE,
  PaymentStatus,
  SandboxCheckout,
  fillRequestForm,
  requestCards,
  requestForm,
  submitButton,
} from './support/request-journey';

// The customer's data rights against the real server and its sandbox provider: cancel before
// work starts (refunded in full), download everything we hold, erase it. Each test is a new
// guest in a fresh browser context.

/** A guest orders and pays; returns the request, with the browser on its case page. */
async function paidCase(page: Page) {
  const calls = await CreateRequestCalls.watch(page);
  await page.goto('/#/request');
  await expect(requestForm(page)).toBeVisible();
  await fillRequestForm(page);
  await submitButton(page).click();
  const created = await calls.answer(1);
  const checkout = new SandboxCheckout(page);
  await checkout.expectOrder(created.reference);
  await checkout.choose('Pay');
  await new PaymentStatus(page).expectState(created.reference, 'paid');
  await page.goto(`/#/requests/${created.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Request ${created.reference}` }),
  ).toBeVisible();
  return created;
}

test('a guest cancels a queued case, is refunded in full, downloads their data and erases it', async ({
  page,
}) => {
  const created = await paidCase(page);

  // Cancel, in two steps: the first says what happens, the second does it.
  const cancel = page.getByRole('region', { name: 'Cancel this request' });
  await expect(cancel).toContainText(`Your payment of ${JOURNEY_PRICE} will be refunded in full`);
  await cancel.getByRole('button', { name: 'Cancel request…' }).click();
  await cancel.getByRole('button', { name: `Yes, cancel and refund ${JOURNEY_PRICE}` }).click();
  await expect(
    page.getByText(
      `Your request is canceled. Your payment of ${JOURNEY_PRICE} is being refunded in full.`,
    ),
  ).toBeVisible();
  const current = page.getByRole('region', { name: 'Current status' });
  await expect(current.getByText(caseStateInfo.canceled.label, { exact: true })).toBeVisible();
  // The sandbox confirms the refund at once; the page shows it without a reload.
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText(
    paymentStateInfo.refunded.label,
  );
  await expect(page.getByRole('region', { name: 'Cancel this request' })).toHaveCount(0);

  // Download: everything we hold, as JSON.
  await page.goto('/#/requests');
  await expect(requestCards(page)).toHaveCount(1);
  const yourData = page.getByRole('region', { name: 'Your data' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    yourData.getByRole('button', { name: 'Download my data (JSON)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^unban-desk-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = dataExportSchema.parse(
    JSON.parse(await readFile(await download.path(), 'utf8')) as unknown,
  );
  expect(exported.requests.map((request) => request.reference)).toEqual([created.reference]);
  const [request] = exported.requests;
  expect(request?.caseState).toBe('canceled');
  expect(request?.payments).toEqual([
    expect.objectContaining({ state: 'refunded', amountMinor: 4900, refundedMinor: 4900 }),
  ]);
  expect(request?.emails.map((email) => email.subject)).toEqual([
    `${created.reference}: Request received`,
    `${created.reference}: Payment received`,
    `${created.reference}: Request canceled`,
  ]);

  // Erase, in two steps; the browser is signed out once the account is gone.
  await yourData.getByRole('button', { name: 'Erase my data…' }).click();
  await yourData.getByRole('button', { name: 'Yes, erase my data' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Your data is erased and you are signed out. We keep only the anonymized payment records the law requires (1).',
  );
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/#\/$/);
  // The guest account is gone: My requests asks to sign in and shows nothing.
  await page.getByRole('link', { name: 'Sign in' }).waitFor();
  await page.goto('/#/requests');
  await expect(page.getByText(/Sign in to see your requests/)).toBeVisible();
});

test.describe('while a case is open', () => {
  // The refusal is an HTTP 409, which the browser logs as a failed resource.
  test.use({
    allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 409/],
  });

  test('erasure is refused with a clear message, changing nothing', async ({ page }) => {
    const created = await paidCase(page);
    await page.goto('/#/requests');
    const yourData = page.getByRole('region', { name: 'Your data' });
    await yourData.getByRole('button', { name: 'Erase my data…' }).click();
    await yourData.getByRole('button', { name: 'Yes, erase my data' }).click();
    await expect(yourData.getByRole('alert')).toContainText(
      `Your data can be erased once none of your cases is open. Still open: ${created.reference}.`,
    );
    // Nothing changed: the case is still there, still queued.
    await expect(requestCards(page)).toHaveCount(1);
    await expect(requestCards(page).first()).toContainText(caseStateInfo.queued.label);
  });
});
