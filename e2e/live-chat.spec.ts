import type { Page } from '@playwright/test';
import { CHAT_STUB_SCRIPT, expect, goToHash, test, waitForConsoleMessage } from './fixtures';
import { chatServer } from './test-servers';

const { host, siteId, widgetId } = chatServer.chat;
const CHAT_SCRIPT_URL = `${host}/${siteId}/${widgetId}`;
const LOADED_MESSAGE = 'Live chat loaded';

declare global {
  interface Window {
    /** Counted by the stub chat script (CHAT_STUB_SCRIPT). */
    __chatStubRuns?: number;
  }
}

/** The chat loads when the browser is idle; wait for an idle moment after a navigation. */
async function waitForIdle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestIdleCallback(() => resolve(), { timeout: 2_000 });
      }),
  );
}

test('the chat script is requested once across navigations and says so in the console', async ({
  page,
  network,
  consoleLog,
}) => {
  expect(CHAT_STUB_SCRIPT).toContain('__chatStubRuns');
  await page.goto('/');
  await waitForConsoleMessage(consoleLog, LOADED_MESSAGE);
  expect(network.chatRequests).toEqual([CHAT_SCRIPT_URL]);

  for (const [hash, heading] of [
    ['#/terms', 'Terms of service'],
    ['#/privacy', 'Privacy policy'],
    ['#/no-such-page', 'Page not found'],
    ['#/', 'Unban your WhatsApp'],
  ] as const) {
    await goToHash(page, hash);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await waitForIdle(page);
  }

  expect(network.chatRequests).toEqual([CHAT_SCRIPT_URL]);
  await expect(page.locator(`script[src="${CHAT_SCRIPT_URL}"]`)).toHaveCount(1);
  expect(await page.evaluate(() => window.__chatStubRuns)).toBe(1);
  const announcements = consoleLog.messages.filter((message) => message.text() === LOADED_MESSAGE);
  expect(announcements.map((message) => message.type())).toEqual(['info']);
  await expect(page.getByRole('contentinfo')).toContainText('Use the chat button');
});

test.describe('when the chat provider cannot be reached', () => {
  // Chromium itself reports the failed script as an error; the page must not add its own.
  test.use({ allowedConsoleErrors: [/^Failed to load resource: net::ERR_/] });

  test('the page keeps working and points to the support e-mail', async ({ page, consoleLog }) => {
    await page.route(`${host}/**`, (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unban your WhatsApp' }),
    ).toBeVisible();

    await expect(
      page.getByRole('status').filter({ hasText: 'Live chat is unavailable' }),
    ).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: /@/ })).toBeVisible();
    expect(consoleLog.messages.map((message) => message.text())).not.toContain(LOADED_MESSAGE);

    await goToHash(page, '#/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
  });
});
