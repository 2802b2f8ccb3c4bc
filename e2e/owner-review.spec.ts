import { expect, test } from './fixtures';
import { CustomerCase, orderAndPay, operatorSession } from './support/back-office';

// The owner's in-app review against the real server (issue 14 point 4, decision 022): the
// in-app "Request a review" needs the SMS code on the owner's phone, so the operator asks the
// owner; the customer's case page shows the steps for their phone (the order form said
// Android) with the no-codes pledge beside them; the customer confirms; the confirmation is
// the appeal, the case is "appeal submitted", and the operator sees when the owner confirmed.

test('the operator asks for the in-app review, the customer follows the steps and confirms, the operator sees when', async ({
  page,
  browser,
}) => {
  const created = await orderAndPay(page);
  const { reference } = created;
  const operator = await operatorSession(browser, page);
  const { desk } = operator;
  const backOffice = desk.page;

  await desk.openCase(reference);
  await desk.move(reference, 'in_review');

  const ask = backOffice.getByRole('form', { name: 'Ask the owner for the in-app review' });
  await ask.getByText('What the owner is shown').click();
  await expect(ask.getByRole('listitem').first()).toContainText(
    'Open WhatsApp on your Android phone',
  );
  const note = 'In the app, mention that the number takes your bakery’s orders.';
  await ask.getByLabel('Message to the owner (optional)').fill(note);
  await ask.getByRole('button', { name: 'Ask the owner to request the review' }).click();
  const requests = backOffice.getByRole('list', { name: 'Requests to the owner' });
  await expect(requests.getByRole('listitem')).toHaveCount(1);
  await expect(requests).toContainText('Waiting for the owner’s confirmation.');
  await expect(ask).toHaveCount(0);
  await desk.expectState(reference, 'in_review');

  // The customer gets an e-mail with the steps.
  await desk.openMailbox();
  await desk.expectMails(reference, ['Please request a review in WhatsApp']);

  // The customer's case page: the steps for their phone, the pledge beside them, the button.
  const customer = new CustomerCase(page, created);
  await customer.open();
  const action = page.getByRole('region', { name: 'Action needed: request a review in WhatsApp' });
  await expect(action).toBeVisible();
  const steps = action.getByRole('list', { name: 'On your phone' }).getByRole('listitem');
  await expect(steps.first()).toContainText('Open WhatsApp on your Android phone');
  await expect(steps.first()).toContainText('the Google Play Store');
  await expect(action.getByText('“Request a review”', { exact: false }).first()).toBeVisible();
  await expect(action.getByText(note)).toBeVisible();
  await expect(
    action.getByRole('complementary', { name: 'Our promise about your codes' }),
  ).toContainText('We never ask for your SMS code, two-step PIN or password.');
  await expect(customer.timelineEntries.last()).toContainText(
    'Please request a review in WhatsApp yourself',
  );

  // By keyboard, as some customers do.
  const confirm = action.getByRole('button', { name: 'I have submitted the review' });
  await confirm.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByText(
      'Thank you. We have recorded that you sent the review request in WhatsApp, and we follow it up from here.',
    ),
  ).toBeVisible();
  await customer.expectState('appeal_submitted');
  const done = page.getByRole('region', { name: 'Your review request in WhatsApp' });
  await expect(done).toContainText('You confirmed on');
  const confirmedAt = await done.locator('time').getAttribute('datetime');
  expect(confirmedAt).not.toBeNull();
  const entries = customer.timelineEntries;
  await expect(
    entries.filter({ hasText: 'You confirmed that you sent the review request in WhatsApp.' }),
  ).toHaveCount(1);
  await expect(entries.last()).toContainText('Your review request in WhatsApp is your appeal');

  // The operator sees the confirmation and its time, and the appeal it is on record as.
  await desk.page.goto('/#/admin');
  await desk.openCase(reference);
  await desk.expectState(reference, 'appeal_submitted');
  const confirmedLine = requests.getByText(/^Owner confirmed the in-app review at /);
  await expect(confirmedLine).toBeVisible();
  expect(await confirmedLine.locator('time').getAttribute('datetime')).toBe(confirmedAt);
  await expect(backOffice.getByRole('list', { name: 'Appeals sent' })).toContainText(
    'through In-app review (by the owner), recorded',
  );
  await expect(desk.timeline).toContainText(
    'You confirmed that you sent the review request in WhatsApp.',
  );

  await operator.close();
});
