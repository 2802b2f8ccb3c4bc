import { caseStateInfo } from '@unban/contract/case-states';
import { paymentStateInfo } from '@unban/contract/payment-states';
import { expect, test } from './fixtures';
import {
  TEST_PASSWORD,
  authEmulatorOf,
  createStaffAccount,
  uniqueEmail,
} from './support/auth-emulator';
import { CustomerCase, OperatorDesk, orderAndPay, operatorSession } from './support/back-office';

// A case worked from both sides against the real server: the customer in the test's own
// browser context, the seeded operator in a second one, so each has their own session. The
// customer's case page polls every 20 s; it is reloaded after each of the operator's moves,
// as a customer coming back to it would see it.

const label = (state: keyof typeof caseStateInfo) => caseStateInfo[state].label;

test('the operator asks for information, the customer answers, the number is unbanned', async ({
  page,
  browser,
}) => {
  const created = await orderAndPay(page);
  const { reference } = created;
  const operator = await operatorSession(browser, page);
  const { desk } = operator;

  await desk.openCase(reference);
  await desk.expectState(reference, 'queued');
  await desk.move(reference, 'in_review');
  const question = 'Which e-mail address did you write to WhatsApp support from?';
  await desk.move(reference, 'needs_info', { message: question });

  const customer = new CustomerCase(page, created);
  await customer.open();
  await customer.expectState('needs_info');
  await expect(customer.needsInfoBanner.getByRole('blockquote')).toHaveText(question);
  const answer = 'From the address I gave you, the same day the ban started.';
  await customer.reply(answer);
  await customer.expectState('in_review');
  await expect(customer.needsInfoBanner).toHaveCount(0);

  await desk.reloadCase(reference);
  await desk.expectState(reference, 'in_review');
  await expect(desk.timeline).toContainText(`To the customer: ${question}`);
  await expect(desk.timeline).toContainText(`Customer replied: ${answer}`);
  await desk.recordAppeal(reference);
  await desk.move(reference, 'unbanned');

  await customer.reload();
  await customer.expectState('unbanned');
  await expect(page.getByRole('region', { name: 'Your number has been unbanned' })).toBeVisible();
  const steps = customer.timelineEntries;
  await expect(steps).toHaveCount(7);
  await expect(steps.nth(0)).toContainText('Request created');
  await expect(steps.nth(1)).toContainText(`Status changed to ${label('queued')}`);
  await expect(steps.nth(2)).toContainText(`Status changed to ${label('in_review')}`);
  await expect(steps.nth(3)).toContainText(`Status changed to ${label('needs_info')}`);
  await expect(steps.nth(3)).toContainText(question);
  await expect(steps.nth(4)).toContainText(`Status changed to ${label('in_review')}`);
  await expect(steps.nth(4)).toContainText(answer);
  await expect(steps.nth(5)).toContainText(`Status changed to ${label('appeal_submitted')}`);
  await expect(steps.nth(6)).toContainText(`Status changed to ${label('unbanned')}`);

  await desk.openMailbox();
  await desk.expectMails(reference, [
    'Request received',
    'Payment received',
    'Information needed',
    'Appeal submitted',
    'Your number is unbanned',
  ]);
  await operator.close();
});

test('a case found not eligible is refunded in full without anyone asking', async ({
  page,
  browser,
}) => {
  const created = await orderAndPay(page);
  const { reference } = created;
  const operator = await operatorSession(browser, page);
  const { desk } = operator;

  await desk.openCase(reference);
  await desk.move(reference, 'in_review');
  // The sandbox confirms the refund before the move's answer comes back, so the case the
  // operator sees next has already been closed as refunded.
  await desk.move(reference, 'not_eligible', {
    message: 'This ban cannot go through the official review.',
    shows: 'refunded',
  });
  await expect(desk.stateLine(reference)).toContainText(paymentStateInfo.refunded.label);

  const customer = new CustomerCase(page, created);
  await customer.open();
  await customer.expectState('refunded');
  await expect(
    page.getByRole('region', { name: 'Your payment has been refunded in full' }),
  ).toBeVisible();
  await expect(
    customer.payment.getByText(paymentStateInfo.refunded.label, { exact: true }),
  ).toBeVisible();
  const steps = customer.timelineEntries;
  await expect(steps).toHaveCount(5);
  await expect(steps.nth(2)).toContainText(`Status changed to ${label('in_review')}`);
  await expect(steps.nth(3)).toContainText(`Status changed to ${label('not_eligible')}`);
  await expect(steps.nth(4)).toContainText(`Status changed to ${label('refunded')}`);

  await desk.openMailbox();
  await desk.expectMails(reference, [
    'Your number could not be unbanned: full refund on its way',
    'Refund issued',
  ]);
  await operator.close();
});

test('a case opened from the list while the filtered queue is still loading stays open', async ({
  page,
  browser,
}) => {
  const { reference } = await orderAndPay(page);
  const operator = await operatorSession(browser, page);
  const { desk } = operator;
  // Newest first: the new case is on the queue's first page.
  await expect(desk.queueRow(reference)).toHaveCount(1);

  // A slow network: the filtered answer is held back until the operator has moved on.
  const filteredQueue = /\/api\/admin\/requests\?.*q=/;
  let releaseAnswer = () => {};
  const answerReleased = new Promise<void>((resolve) => (releaseAnswer = resolve));
  await desk.page.route(filteredQueue, async (route) => {
    await answerReleased;
    await route.fallback().catch(() => undefined);
  });
  const answerSettled = new Promise<void>((resolve) => {
    const settle = (request: { url(): string }) => {
      if (filteredQueue.test(request.url())) resolve();
    };
    desk.page.on('requestfinished', settle);
    desk.page.on('requestfailed', settle);
  });

  const search = desk.page.getByRole('search', { name: 'Filter the queue' });
  await search.getByRole('searchbox', { name: 'Search' }).fill(reference);
  const filteredRequest = desk.page.waitForRequest(filteredQueue);
  await search.getByRole('button', { name: 'Apply' }).click();
  await filteredRequest;
  // The operator does not wait: they click the case in the list still on screen.
  await desk.queueRow(reference).getByRole('link', { name: reference }).click();
  await expect(desk.caseHeading(reference)).toBeVisible();

  releaseAnswer();
  await answerSettled;
  // Give the page a frame to react to the late answer; it must leave the operator on the case.
  await desk.page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await expect(desk.caseHeading(reference)).toBeVisible();
  await expect(desk.page).toHaveURL(/#\/admin\/requests\//);
  await operator.close();
});

test('every back-office screen opens with nothing in the browser issues panel', async ({
  page,
  request,
}) => {
  // The fixtures fail the test on any console error or issues-panel report on these pages.
  const admin = { email: uniqueEmail('admin'), password: TEST_PASSWORD };
  await createStaffAccount(request, await authEmulatorOf(request), admin.email, 'admin');
  const desk = new OperatorDesk(page);
  await desk.signIn(request, admin);
  const nav = page.getByRole('navigation', { name: 'Back office' });
  for (const screen of ['Dashboard', 'Mailbox', 'Playbooks', 'Operators', 'Queue']) {
    await nav.getByRole('link', { name: screen }).click();
    await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
  }
});
