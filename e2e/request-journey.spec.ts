import type { Page } from '@playwright/test';
import { caseStateInfo } from '@unban/contract/case-states';
import { maskPhone } from '@unban/contract/phone';
import { expect, test } from './fixtures';
import {
  CreateRequestCalls,
  JOURNEY_PHONE,
  JOURNEY_PRICE,
  PaymentStatus,
  SandboxCheckout,
  definitionOf,
  fillRequestForm,
  openMyRequestsFromAccountMenu,
  requestCards,
  requestForm,
  signal,
  submitButton,
} from './support/request-journey';

// The order → payment → case journey against the real server and its built-in sandbox
// payment provider. Each test is a new visitor (Playwright gives every test a fresh browser
// context), so the guest, their requests and their payments are its own.

const queued = caseStateInfo.queued.label;
const LEAVING_STATE_KEY = 'e2e:order-page-when-leaving';

/** On the order form, filled in, as a visitor who came from the home page. */
async function openFilledForm(page: Page): Promise<void> {
  await page.goto('/#/');
  await page
    .getByRole('region', { name: 'Unban your WhatsApp' })
    .getByRole('link', { name: 'Start your unban request' })
    .click();
  await expect(requestForm(page)).toBeVisible();
  await fillRequestForm(page);
}

/** Sends the form and returns the request the server made, once its checkout is shown. */
async function sendAndReachCheckout(page: Page, calls: CreateRequestCalls, count = 1) {
  await submitButton(page).click();
  const created = await calls.answer(count);
  await new SandboxCheckout(page).expectOrder(created.reference);
  return created;
}

test('a guest orders, pays at the checkout and follows the queued case', async ({ page }) => {
  const calls = await CreateRequestCalls.watch(page);
  await openFilledForm(page);
  const created = await sendAndReachCheckout(page, calls);
  await new SandboxCheckout(page).choose('Pay');

  const status = new PaymentStatus(page);
  await status.expectState(created.reference, 'paid');
  const receipt = status.summary('Receipt');
  await expect(definitionOf(receipt, 'Reference')).toHaveText(created.reference);
  await expect(definitionOf(receipt, 'Amount paid')).toHaveText(JOURNEY_PRICE);
  await expect(definitionOf(receipt, 'Phone number')).toHaveText(maskPhone(JOURNEY_PHONE));
  const yourCase = page.getByRole('region', { name: 'Your case' });
  await expect(yourCase.getByText(queued, { exact: true })).toBeVisible();

  await yourCase.getByRole('link', { name: 'Follow your case in My requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My requests' })).toBeVisible();
  await expect(requestCards(page)).toHaveCount(1);
  const card = requestCards(page).first();
  await expect(definitionOf(card, 'Status')).toHaveText(queued);
  await expect(definitionOf(card, 'Payment')).toHaveText('Paid');

  await card.getByRole('link', { name: `Request ${created.reference}` }).click();
  await expect(page).toHaveURL(new RegExp(`#/requests/${created.id}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: `Request ${created.reference}` }),
  ).toBeVisible();
  const current = page.getByRole('region', { name: 'Current status' });
  await expect(current.getByText(queued, { exact: true })).toBeVisible();
  await expect(current).toContainText(caseStateInfo.queued.meaning);
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment).toContainText(`Paid ${JOURNEY_PRICE}`);
  const timeline = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
  await expect(timeline).toHaveCount(2);
  await expect(timeline.nth(0)).toContainText('Request created');
  await expect(timeline.nth(1)).toContainText(`Status changed to ${queued}`);
  await expect(timeline.nth(1)).toContainText(`Payment of ${JOURNEY_PRICE} received.`);
});

test('a declined payment can be tried again and then paid', async ({ page }) => {
  const calls = await CreateRequestCalls.watch(page);
  await openFilledForm(page);
  const created = await sendAndReachCheckout(page, calls);
  const firstCheckout = page.url();
  const checkout = new SandboxCheckout(page);
  await checkout.choose('Decline');

  const status = new PaymentStatus(page);
  await status.expectState(created.reference, 'failed');
  // Nothing was taken: the summary is not a receipt.
  await expect(definitionOf(status.summary('Order details'), 'Amount')).toHaveText(JOURNEY_PRICE);
  await status.tryAgain.click();

  await checkout.expectOrder(created.reference);
  expect(page.url(), 'a new checkout session').not.toBe(firstCheckout);
  await checkout.choose('Pay');
  await status.expectState(created.reference, 'paid');
  await expect(status.tryAgain).toHaveCount(0);
  expect(calls.calls, 'requests created').toHaveLength(1);
});

test('"Pay later" shows Processing, then the screen turns to Paid by itself', async ({ page }) => {
  const calls = await CreateRequestCalls.watch(page);
  await openFilledForm(page);
  const created = await sendAndReachCheckout(page, calls);
  await new SandboxCheckout(page).choose('Pay later (completes asynchronously)');

  const status = new PaymentStatus(page);
  await status.expectState(created.reference, 'processing');
  await expect(
    page.getByText('This page updates by itself; you can also leave it open.'),
  ).toBeVisible();
  // Marks this document: still there after the change proves the page was not reloaded.
  await page.evaluate(() => document.body.setAttribute('data-e2e-same-document', ''));

  // The sandbox settles after SANDBOX_PAY_LATER_DELAY_MS (15 s in these tests); the screen polls.
  await expect(status.state('paid')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('region', { name: 'Your case' }).getByText(queued)).toBeVisible();
  await expect(page.locator('body[data-e2e-same-document]')).toHaveCount(1);
});

test.describe('the same order sent twice is one request', () => {
  test('back from the checkout, sending the same answers again opens the same order', async ({
    page,
  }) => {
    const calls = await CreateRequestCalls.watch(page);
    await openFilledForm(page);
    const first = await sendAndReachCheckout(page, calls);
    const firstCheckout = page.url();

    // Playwright's Chromium has no back/forward cache, so the form loads afresh and empty, as
    // in any browser that dropped the page: the customer types the same answers again.
    await page.goBack();
    await expect(requestForm(page)).toBeVisible();
    await expect(requestForm(page).getByLabel('Phone number')).toHaveValue('');
    await fillRequestForm(page);
    const second = await sendAndReachCheckout(page, calls, 2);

    expect(second).toEqual(first);
    expect(page.url(), 'the open checkout is reused').toBe(firstCheckout);
    const [firstCall, secondCall] = calls.calls;
    expect(secondCall?.idempotencyKey).toBe(firstCall?.idempotencyKey);

    await new SandboxCheckout(page).choose('Pay');
    const status = new PaymentStatus(page);
    await status.expectState(first.reference, 'paid');

    // Back twice, past the checkout (closed now), to the form: the same answers once more lead
    // to the paid order's status, not to a second checkout.
    await page.goBack();
    await expect(page.getByText('This checkout is closed')).toBeVisible();
    await page.goBack();
    await expect(requestForm(page)).toBeVisible();
    await fillRequestForm(page);
    await submitButton(page).click();
    const third = await calls.answer(3);
    expect(third).toMatchObject({ id: first.id, statusToken: first.statusToken });
    expect(new URL(third.checkoutUrl).pathname).toBe('/payment-status');
    await status.expectState(first.reference, 'paid');
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);

    await openMyRequestsFromAccountMenu(page);
    await expect(requestCards(page)).toHaveCount(1);
    await expect(requestCards(page).first()).toContainText(`Request ${first.reference}`);
  });

  test('a double click on "Continue to payment" sends one request', async ({ page }) => {
    const calls = await CreateRequestCalls.watch(page);
    await openFilledForm(page);
    await submitButton(page).dblclick();
    const created = await calls.answer(1);
    const checkout = new SandboxCheckout(page);
    await checkout.expectOrder(created.reference);
    await checkout.choose('Pay');
    await new PaymentStatus(page).expectState(created.reference, 'paid');

    expect(calls.calls, 'POST /api/requests sent').toHaveLength(1);
    await openMyRequestsFromAccountMenu(page);
    await expect(requestCards(page)).toHaveCount(1);
  });
});

test('leaving the checkout with Cancel offers a new checkout', async ({ page }) => {
  const calls = await CreateRequestCalls.watch(page);
  await openFilledForm(page);
  const created = await sendAndReachCheckout(page, calls);
  const checkout = new SandboxCheckout(page);
  await checkout.choose('Cancel');

  // The sandbox closes a canceled session at once, so the attempt has expired.
  const status = new PaymentStatus(page);
  await status.expectState(created.reference, 'expired');
  await expect(definitionOf(status.summary('Order details'), 'Reference')).toHaveText(
    created.reference,
  );
  await status.tryAgain.click();
  await checkout.expectOrder(created.reference);
  await checkout.choose('Pay');
  await status.expectState(created.reference, 'paid');
});

test('the loading bar and mask stay on from sending until the checkout replaces the page', async ({
  page,
}) => {
  const progressBar = page.getByRole('progressbar', { name: 'Loading' });
  const mask = page.locator('.loading-mask');
  const sending = signal();
  const release = signal();
  const calls = await CreateRequestCalls.watch(page, {
    whileSending: async () => {
      sending.resolve();
      await release.promise;
    },
  });

  await openFilledForm(page);
  await expect(progressBar).toHaveCount(0);
  // What the order page shows at the moment it is replaced by the checkout, kept in this tab's
  // sessionStorage, which the checkout page (same origin) can read back.
  await page.evaluate((storageKey) => {
    window.addEventListener(
      'pagehide',
      () => {
        const form = document.querySelector('form');
        sessionStorage.setItem(
          storageKey,
          JSON.stringify({
            progressBar: document.querySelector('[role="progressbar"]') !== null,
            mask: document.querySelector('.loading-mask') !== null,
            button: form?.querySelector('button[type="submit"]')?.textContent ?? null,
          }),
        );
      },
      { once: true },
    );
  }, LEAVING_STATE_KEY);

  await submitButton(page).click();
  await sending.promise;
  await expect(progressBar).toBeVisible();
  await expect(mask).toBeVisible();
  await expect(
    requestForm(page).getByRole('button', { name: 'Sending your request…' }),
  ).toBeDisabled();

  release.resolve();
  await new SandboxCheckout(page).expectOrder((await calls.answer(1)).reference);
  const leaving = await page.evaluate(
    (storageKey) => sessionStorage.getItem(storageKey),
    LEAVING_STATE_KEY,
  );
  expect(JSON.parse(leaving ?? 'null')).toEqual({
    progressBar: true,
    mask: true,
    button: 'Opening the checkout…',
  });
});
