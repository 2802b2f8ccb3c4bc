import type { Page } from '@playwright/test';
import { paymentStateInfo } from '@unban/contract/payment-states';
import type { CreateRequestResponse } from '@unban/contract/requests';
import { expect, test } from './fixtures';
import { newOrder } from './support/orders';
import { SandboxCheckout } from './support/request-journey';

// `/payment-status?order=…&token=…` is a document the server renders per request, with the
// order's status in its HTML (decision 016). The fixtures fail a test on any console error
// (React reports a hydration mismatch there) and on any report in the browser's issues panel.

const statusAddress = (order: CreateRequestResponse, token = order.statusToken) =>
  `/payment-status?${new URLSearchParams({ order: order.reference, token })}`;

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test('the status is in the document the server sends, which is never cached or sent on', async ({
  request,
}) => {
  const order = await newOrder(request);
  const response = await request.get(statusAddress(order));
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('no-store');
  expect(response.headers()['referrer-policy']).toBe('no-referrer');
  const html = await response.text();
  expect(html).toContain('<h1>Payment status</h1>');
  expect(html).toContain(paymentStateInfo.unpaid.label);
  expect(html).toContain(order.reference);
  expect(html).toContain('<script type="application/json" id="first-answers">');
  // The canonical address names no order and no token.
  expect(html).toMatch(
    /<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/payment-status" \/>/,
  );

  const wrong = await request.get(statusAddress(order, 'x'.repeat(43)));
  expect(wrong.status()).toBe(200);
  expect(await wrong.text()).toContain('<h1>We couldn&#x27;t find this payment</h1>');
});

test('opened directly, the page shows the status at once, hydrates in place and keeps the hash routes', async ({
  page,
  request,
}) => {
  const order = await newOrder(request);
  // Watched from the start: the app may start (when the browser is idle) at any moment.
  const followed = page.waitForResponse((response) =>
    response.url().includes('/api/live/tickets/order?'),
  );
  await page.goto(statusAddress(order));
  await expect(heading(page, 'Payment status')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(paymentStateInfo.unpaid.label, { exact: true })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { prerendered: Element | null }).prerendered =
      document.querySelector('h1');
  });

  // An open payment is followed, so the app starts by itself, moves into the hash route and
  // opens the live-update stream for this order (polling only while the stream is down).
  await expect(page).toHaveURL(
    new RegExp(`/#/payment-status\\?order=${order.reference}&token=${order.statusToken}$`),
  );
  expect((await followed).ok()).toBe(true);
  expect(
    await page.evaluate(
      () =>
        (window as unknown as { prerendered: Element | null }).prerendered ===
        document.querySelector('h1'),
    ),
    'the prerendered heading is the one on the page (hydrated, not rendered again)',
  ).toBe(true);
  await expect(main.getByText(paymentStateInfo.unpaid.label, { exact: true })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Legal' })
    .getByRole('link', { name: 'Terms of service' })
    .click();
  await expect(heading(page, 'Terms of service')).toBeVisible();
  await page.goBack();
  await expect(heading(page, 'Payment status')).toBeVisible();

  // The hash route still works on its own.
  await page.goto(`/#${statusAddress(order)}`);
  await expect(heading(page, 'Payment status')).toBeVisible();
  await expect(main.getByText(paymentStateInfo.unpaid.label, { exact: true })).toBeVisible();
});

test('an unknown order, a wrong token and a link without an order show the not-found state', async ({
  page,
  request,
}) => {
  const order = await newOrder(request);
  for (const address of [
    statusAddress(order, 'not-the-token'),
    '/payment-status?order=UB-AAAAAAAA&token=not-a-real-token-0123456789',
    `/payment-status?order=${'x'.repeat(300)}`,
    '/payment-status',
  ]) {
    await page.goto(address);
    await expect(heading(page, "We couldn't find this payment")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  }
  // Nothing more to read: the app waits for the visitor, and then works as usual.
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(heading(page, 'Unban your WhatsApp')).toBeVisible();
});

// Two moments before the app runs: the entry has run and holds clicks itself, or it has not
// even arrived and the page's inline loader holds them (build/entry-after-first-paint.ts).
for (const [moment, held] of [
  ['the app runs', /\/assets\/(?!index-)[\w.-]+\.js$/],
  ['the entry script has run', /\/assets\/[\w.-]+\.js$/],
] as const) {
  test(`"Try again" pressed before ${moment} is carried out once it does`, async ({
    page,
    request,
  }) => {
    const order = await newOrder(request);
    await page.goto(order.checkoutUrl);
    const checkout = new SandboxCheckout(page);
    await checkout.expectOrder(order.reference);

    // The scripts held: the page is the server's HTML until released.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(held, async (route) => {
      await released;
      await route.fallback();
    });
    await checkout.choose('Decline');
    await expect(heading(page, 'Payment status')).toBeVisible();
    await expect(page).toHaveURL(/\/payment-status\?order=/);
    await expect(
      page.getByRole('main').getByText(paymentStateInfo.failed.label, { exact: true }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Try again' }).click();
    release();
    await checkout.expectOrder(order.reference);
  });
}
