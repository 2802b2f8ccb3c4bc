import type { Page } from '@playwright/test';
import { expect, goToHash, test } from './fixtures';

/** Each screen is its own chunk, named after its file by the web build (see apps/web/vite.config.ts). */
const chunk = (screen: string) => new RegExp(`/assets/${screen}-[\\w-]+\\.js$`);
const HOME_CHUNK = chunk('home-screen');
const PAYMENT_STATUS_CHUNK = chunk('payment-status-screen');

const homeHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Unban your WhatsApp' });
const paymentStatusHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: "We couldn't find this payment" });
const progressBar = (page: Page) => page.getByRole('progressbar', { name: 'Loading' });
// The mask is aria-hidden decoration, so it has no role; the shell gives it this class.
const mask = (page: Page) => page.locator('.loading-mask');

/**
 * Holds every request for `pattern` until `release()` is called, so a test can look at the page
 * while a screen is still on its way, without guessing how long "slow" must be.
 */
async function holdRequests(page: Page, pattern: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(pattern, async (route) => {
    held += 1;
    await released;
    await route.fallback();
  });
  return { release, held: () => held };
}

test('the payment status screen is fetched only when it is first visited', async ({
  page,
  network,
}) => {
  // This server has chat configured, so the app starts on its own once the browser is idle
  // and hydrates the home screen with its chunk. Wait for that chunk, not for a quiet
  // network: on a busy machine the network can be quiet for 500 ms before the browser is
  // idle, and the app had not started yet.
  const homeChunk = page.waitForRequest(HOME_CHUNK);
  await page.goto('/');
  await expect(homeHeading(page)).toBeVisible();
  await homeChunk;
  await page.waitForLoadState('networkidle');
  expect(network.scripts.filter((url) => PAYMENT_STATUS_CHUNK.test(url))).toEqual([]);

  const chunkRequest = page.waitForRequest(PAYMENT_STATUS_CHUNK);
  await goToHash(page, '#/payment-status');
  await chunkRequest;
  await expect(paymentStatusHeading(page)).toBeVisible();

  // Coming back to a screen already loaded does not fetch it again.
  await goToHash(page, '#/');
  await expect(homeHeading(page)).toBeVisible();
  await goToHash(page, '#/payment-status');
  await expect(paymentStatusHeading(page)).toBeVisible();
  expect(network.scripts.filter((url) => PAYMENT_STATUS_CHUNK.test(url))).toHaveLength(1);
});

test('while a slow screen loads, a progress bar and a mask that takes the clicks are shown', async ({
  page,
}) => {
  await page.goto('/');
  await expect(homeHeading(page)).toBeVisible();
  await expect(progressBar(page)).toHaveCount(0);
  await expect(mask(page)).toHaveCount(0);

  const chunkRequests = await holdRequests(page, PAYMENT_STATUS_CHUNK);
  await goToHash(page, '#/payment-status');

  await expect(progressBar(page)).toBeVisible();
  await expect(mask(page)).toBeVisible();
  expect(chunkRequests.held()).toBe(1);
  // Indeterminate: no current value.
  await expect(progressBar(page)).not.toHaveAttribute('aria-valuenow');
  const topElement = await page.evaluate(() => {
    const element = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
    return element?.className ?? null;
  });
  expect(topElement).toContain('loading-mask');

  chunkRequests.release();
  await expect(paymentStatusHeading(page)).toBeVisible();
  await expect(progressBar(page)).toHaveCount(0);
  await expect(mask(page)).toHaveCount(0);
});

test('a deep link shows nothing of its screen, nor of the prerendered home, until its chunk has arrived', async ({
  page,
}) => {
  const termsHeading = page.getByRole('heading', { level: 1, name: 'Terms of service' });
  const chunkRequests = await holdRequests(page, chunk('terms-screen'));
  await page.goto('/#/terms', { waitUntil: 'domcontentloaded' });

  await expect(progressBar(page)).toBeVisible();
  await expect(mask(page)).toBeVisible();
  await expect(homeHeading(page)).toHaveCount(0);
  await expect(termsHeading).toHaveCount(0);

  chunkRequests.release();
  await expect(termsHeading).toBeVisible();
  await expect(progressBar(page)).toHaveCount(0);
  await expect(mask(page)).toHaveCount(0);
});
