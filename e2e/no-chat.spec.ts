import { clientConfigSchema } from '@unban/contract/client-config';
import { expect, goToHash, test } from './fixtures';
import { newOrder } from './support/orders';
import { PaymentStatus, SandboxCheckout } from './support/request-journey';
import { CHAT_HOST } from './test-servers';

// Runs against the server started without CHAT_SITE_ID / CHAT_WIDGET_ID (project "no-chat").

test('without chat ids the chat host is never contacted', async ({ page, network, consoleLog }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Unban your WhatsApp' })).toBeVisible();
  await goToHash(page, '#/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
  await goToHash(page, '#/');
  await expect(page.getByRole('heading', { level: 1, name: 'Unban your WhatsApp' })).toBeVisible();
  // Past the idle moment at which a configured chat would have started.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));

  expect(network.chatRequests).toEqual([]);
  expect(consoleLog.messages.map((message) => message.text())).not.toContain('Live chat loaded');
  await expect(page.getByRole('contentinfo')).toContainText('Questions? E-mail');
});

test('the page and its security policy carry no chat configuration', async ({ request }) => {
  const response = await request.get('/');
  const html = await response.text();
  const block = /<script type="application\/json" id="client-config">([\s\S]*?)<\/script>/.exec(
    html,
  );
  expect(block, 'client-config JSON block in index.html').not.toBeNull();
  const config = clientConfigSchema.parse(JSON.parse(block?.[1] ?? 'null'));
  expect(config.chat).toBeNull();

  const policy = response.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).not.toContain(new URL(CHAT_HOST).hostname);
});

test('without chat, analytics or a session, the app starts only when the visitor does something', async ({
  page,
  network,
}) => {
  const framework = /\/assets\/framework-[\w-]+\.js$/;
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Unban your WhatsApp' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(network.scripts.filter((url) => framework.test(url))).toEqual([]);

  // The click starts the app, and is carried out once the app runs.
  await page.getByRole('link', { name: 'refund policy', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Refund policy' })).toBeVisible();
  await expect(page).toHaveURL(/#\/refunds$/);
  expect(network.scripts.some((url) => framework.test(url))).toBe(true);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('an open payment is watched without the app, which starts when the status changes', async ({
  page,
  request,
}) => {
  const order = await newOrder(request);
  await page.goto(order.checkoutUrl);
  const checkout = new SandboxCheckout(page);
  await checkout.expectOrder(order.reference);
  const framework: string[] = [];
  page.on('request', (sent) => {
    if (/\/assets\/framework-[\w-]+\.js$/.test(sent.url())) framework.push(sent.url());
  });
  await checkout.choose('Pay later (completes asynchronously)');

  const status = new PaymentStatus(page);
  await status.expectState(order.reference, 'processing');
  // The status is read again on the screen's schedule (2 s), by the page's small entry alone.
  await page.waitForResponse((response) => response.url().includes('/api/payments/status?'));
  await expect(page).toHaveURL(/\/payment-status\?order=/);
  expect(framework, 'React not loaded while nothing changes').toEqual([]);
  await page.evaluate(() => document.body.setAttribute('data-e2e-same-document', ''));

  // The sandbox settles after SANDBOX_PAY_LATER_DELAY_MS (15 s in these tests).
  await expect(status.state('paid')).toBeVisible({ timeout: 45_000 });
  await expect(page).toHaveURL(/\/#\/payment-status\?order=/);
  await expect(page.getByRole('region', { name: 'Your case' })).toBeVisible();
  await expect(page.locator('body[data-e2e-same-document]')).toHaveCount(1);
});
