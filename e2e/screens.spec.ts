import { expect, test, waitForConsoleMessage } from './fixtures';

// Every screen, opened directly by its address, renders its heading and logs no error (the
// fixture fails the test on any console.error or uncaught exception). Waiting for the chat's
// console message lets the page reach its idle work before the test ends.
const screens = [
  { path: '#/', heading: 'Unban your WhatsApp' },
  { path: '#/payment-status', heading: "We couldn't find this payment" },
  { path: '#/terms', heading: 'Terms of service' },
  { path: '#/privacy', heading: 'Privacy policy' },
  { path: '#/refunds', heading: 'Refund policy' },
  { path: '#/results', heading: 'Our results' },
  { path: '#/no-such-page', heading: 'Page not found' },
] as const;

for (const { path, heading } of screens) {
  test(`${path} shows "${heading}" without console errors`, async ({ page, consoleLog }) => {
    await page.goto(`/${path}`);
    // A screen opened by its address waits for the entry script (loaded after the first paint)
    // and then its own chunk: on a machine running two suites at once that once took 10 s.
    // How fast it is belongs to `npm run bench:web`; here it only has to arrive.
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
      timeout: 30_000,
    });
    await waitForConsoleMessage(consoleLog, 'Live chat loaded');
  });
}

test('an unknown address shows Not found with a link home that works', async ({ page }) => {
  await page.goto('/#/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);

  await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Unban your WhatsApp' })).toBeVisible();
  await expect(page).toHaveTitle('Unban your WhatsApp');
});

test('the footer links reach the legal pages', async ({ page }) => {
  await page.goto('/');
  const legal = page.getByRole('navigation', { name: 'Legal' });
  for (const name of ['Terms of service', 'Privacy policy', 'Refund policy']) {
    await legal.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  }
});
