import { expect, test } from './fixtures';
import { CustomerCase, orderAndPay, operatorSession } from './support/back-office';

// Live updates against the real server: the customer keeps the case page open in the test's
// browser context while the seeded operator works the case in a second one. The operator's
// moves appear on the open page without a reload, pushed over the page's live stream (its
// poll runs every 20 s and only while the stream is down).

test("an operator's move and question show on the customer's open case page without a reload", async ({
  page,
  browser,
}) => {
  const created = await orderAndPay(page);
  const { reference } = created;
  const operator = await operatorSession(browser, page);
  const { desk } = operator;
  await desk.openCase(reference);

  const customer = new CustomerCase(page, created);
  const stream = page.waitForResponse((response) => response.url().includes('/api/live/events'));
  await customer.open();
  await customer.expectState('queued');
  const streamResponse = await stream;
  expect(streamResponse.status()).toBe(200);
  expect(streamResponse.headers()['content-type']).toContain('text/event-stream');
  // Set on the page now: a reload would lose it.
  await page.evaluate(() => {
    (window as Window & { stillTheSamePage?: boolean }).stillTheSamePage = true;
  });

  await desk.move(reference, 'in_review');
  await customer.expectState('in_review');

  const question = 'Which e-mail address did you write to WhatsApp support from?';
  await desk.move(reference, 'needs_info', { message: question });
  await customer.expectState('needs_info');
  await expect(customer.needsInfoBanner.getByRole('blockquote')).toHaveText(question);

  expect(
    await page.evaluate(
      () => (window as Window & { stillTheSamePage?: boolean }).stillTheSamePage === true,
    ),
  ).toBe(true);
  await operator.close();
});
