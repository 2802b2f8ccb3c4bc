import type { Locator, Page } from '@playwright/test';
import { expect, goToHash, test } from './fixtures';
import { CustomerCase, OperatorDesk, guardSecondContext } from './support/back-office';
import {
  CreateRequestCalls,
  PaymentStatus,
  SandboxCheckout,
  fillRequestForm,
  submitButton,
} from './support/request-journey';

// Ban evidence end to end: the customer attaches a screenshot on the order form, pays, and
// both the customer (case page) and the operator (case view) see the image, served only to
// them and shown from an object URL under the site's CSP (a blocked image would log a
// console error, which fails the test).

/** The image has arrived and decoded: a broken or blocked image has no natural width. */
async function expectDecoded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect
    .poll(() =>
      image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
    )
    .toBeGreaterThan(0);
}

/** A real screenshot: the top of the order form itself, as a PNG. */
async function screenshotOf(page: Page): Promise<Buffer> {
  return page.screenshot({ clip: { x: 0, y: 0, width: 360, height: 240 } });
}

test('a screenshot attached on the order form reaches the operator', async ({ page, browser }) => {
  const watcher = await CreateRequestCalls.watch(page);
  await page.goto('/#/');
  await goToHash(page, '#/request');
  await fillRequestForm(page);

  const picker = page.getByLabel('Screenshots of the ban message');
  await picker.setInputFiles([
    { name: 'ban-message.png', mimeType: 'image/png', buffer: await screenshotOf(page) },
    { name: 'not-this-one.png', mimeType: 'image/png', buffer: Buffer.from('not an image') },
  ]);
  const chosen = page.getByRole('list', { name: 'Chosen screenshots' });
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove not-this-one.png' }).click();
  await expect(chosen.getByRole('listitem')).toHaveCount(1);
  await expect(picker).toBeFocused();

  const uploads: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/evidence') && response.request().method() === 'POST') {
      uploads.push(response.status());
    }
  });
  await submitButton(page).click();
  const created = await watcher.answer(1);
  await new SandboxCheckout(page).expectOrder(created.reference);
  await watcher.stop();
  expect(uploads).toEqual([201]);
  await new SandboxCheckout(page).choose('Pay');
  await new PaymentStatus(page).expectState(created.reference, 'paid');

  // The customer sees their screenshot on the case page.
  const customer = new CustomerCase(page, created);
  await customer.open();
  const own = page.getByRole('region', { name: 'Screenshots of the ban' });
  await expectDecoded(own.getByRole('img', { name: 'Screenshot 1 of the ban message' }));

  // The operator sees it in the case view, with the note on the timeline.
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const guard = await guardSecondContext(context);
  const desk = new OperatorDesk(await context.newPage());
  await desk.signIn(context.request);
  await desk.openCase(created.reference);
  const evidence = desk.page.getByRole('region', { name: 'Screenshots of the ban' });
  const image = evidence.getByRole('img', { name: 'Screenshot 1 of the ban message' });
  await expectDecoded(image);
  expect(await image.evaluate((element: HTMLImageElement) => element.src)).toMatch(/^blob:/);
  await expect(evidence.getByRole('listitem')).toHaveCount(1);
  await expect(desk.timeline).toContainText('Evidence added: 1 screenshot of the ban message.');

  // Another visitor (no sign-in, no status link) cannot fetch it.
  const listed = await context.request.get(`/api/requests/${created.id}/evidence`);
  expect(listed.status()).toBe(404);

  await context.close();
  expect(guard.problems, "problems in the operator's browser").toEqual([]);
});
