import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';
import { CustomerCase, orderAndPay, operatorSession } from './support/back-office';
import { JOURNEY_PHONE } from './support/request-journey';
import { DEV_INBOUND_SIGNING_KEY } from '../apps/server/src/config/env-appeals';
import { signInbound } from '../apps/server/src/appeals/inbound-signature';

// The appeal workbench against the real server (issue 14 points 3 and 5): the operator
// drafts an appeal from the case's playbook, edits and sends it (the dev mailbox shows what
// left), the case is "appeal submitted" with the appeal on the customer's timeline; a
// follow-up falls due in the queue; the platform's answer arrives through the signed inbound
// webhook (the development signing key) and, confirmed as "restored", unbans the case.
//
// Time: the e2e servers run on the real clock (no spec moves it), so the follow-up falls due
// the way an operator would make it due: by recording a web-form submission made 8 days ago,
// past the playbook's 7 follow-up days.

const DAY_MS = 24 * 3_600_000;

/** `YYYY-MM-DDTHH:mm` in this machine's zone, as a datetime-local field takes it. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

test('an operator drafts, edits and sends an appeal, follows it up, and a restored reply unbans the case', async ({
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

  // The draft is filled from the case; the operator edits it and sends it by e-mail.
  const form = desk.appealForm;
  await desk.chooseAppealChannel('Support e-mail');
  await expect(form.getByLabel('Subject')).toHaveValue(
    `Request for review: ${JOURNEY_PHONE} (WhatsApp)`,
  );
  const text = form.getByLabel('Text');
  await expect(text).toHaveValue(/This account is not allowed to use WhatsApp due to spam/);
  await expect(text).not.toHaveValue(/\{\{/);
  const edit = 'I run a small bakery and take orders on this number.';
  await text.fill(`${await text.inputValue()}\n\n${edit}`);
  await form.getByRole('button', { name: 'Send the appeal' }).click();
  await desk.expectState(reference, 'appeal_submitted');
  const appeals = backOffice.getByRole('list', { name: 'Appeals sent' });
  await expect(appeals).toContainText('sent by e-mail to support@support.whatsapp.com');
  const replyLine = appeals.getByText(/^Answers go to /);
  const replyTo = (await replyLine.textContent())?.replace(/^Answers go to |\.$/g, '') ?? '';
  expect(replyTo).toMatch(new RegExp(`^case-${reference.toLowerCase()}-[0-9a-f]{10}@`));

  // What left, in the development mailbox: to WhatsApp support, the edited text.
  await desk.openMailbox();
  const sent = backOffice
    .getByRole('region', { name: 'Recent messages' })
    .getByRole('listitem')
    .filter({
      hasText: `Request for review: ${JOURNEY_PHONE} (WhatsApp) — to support@support.whatsapp.com`,
    });
  await expect(async () => {
    await backOffice.getByRole('button', { name: 'Refresh' }).click();
    await expect(sent).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await sent.getByText(/^Request for review/).click();
  await expect(sent.locator('pre')).toContainText(edit);

  // The customer sees that the appeal went, not its text.
  const customer = new CustomerCase(page, created);
  await customer.open();
  await customer.expectState('appeal_submitted');
  await expect(customer.timelineEntries.last()).toContainText(
    'Appeal sent to WhatsApp support by e-mail.',
  );
  await expect(page.getByText(edit)).toHaveCount(0);

  // A web-form submission recorded as made 8 days ago: its follow-up (after 7) is due now.
  await desk.page.goto('/#/admin');
  await desk.openCase(reference);
  await desk.chooseAppealChannel('Web form');
  await form
    .getByLabel('Submitted at (empty: now)')
    .fill(localInputValue(new Date(Date.now() - 8 * DAY_MS)));
  await form.getByRole('button', { name: 'Record the appeal' }).click();
  await expect(appeals.getByRole('listitem')).toHaveCount(2);

  await desk.page.goto('/#/admin');
  const search = backOffice.getByRole('search', { name: 'Filter the queue' });
  await search
    .getByRole('combobox', { name: 'Appeal follow-up' })
    .selectOption({ label: 'Follow-up due or platform replied' });
  await search
    .getByRole('combobox', { name: 'Sort' })
    .selectOption({ label: 'Appeal follow-up, due first' });
  await search.getByRole('button', { name: 'Apply' }).click();
  await expect(backOffice).toHaveURL(/followUp=due/);
  await expect(backOffice).toHaveURL(/sort=follow_up_asc/);
  await expect(desk.queueRow(reference)).toHaveCount(1);

  // WhatsApp answers the appeal: Mailgun forwards it, signed, to the inbound route.
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = randomBytes(25).toString('hex');
  const inbound = await page.request.post('/api/inbound-email/mailgun', {
    form: {
      recipient: replyTo,
      sender: 'support@support.whatsapp.com',
      from: 'WhatsApp Support <support@support.whatsapp.com>',
      subject: `Re: Request for review: ${JOURNEY_PHONE} (WhatsApp)`,
      'body-plain': 'Hello,\n\nYour account has been restored.\n\n> the appeal, quoted',
      'stripped-text': 'Hello,\n\nYour account has been restored.',
      timestamp,
      token,
      signature: signInbound(timestamp, token, DEV_INBOUND_SIGNING_KEY),
    },
  });
  expect(inbound.status(), await inbound.text()).toBe(200);
  expect(await inbound.json()).toEqual({ received: true, outcome: 'recorded' });

  // The operator sees that the platform replied, confirms the suggested outcome.
  await desk.openCase(reference);
  await expect(
    backOffice.getByText('The platform replied: decide its outcome below.'),
  ).toBeVisible();
  const decide = backOffice.getByRole('form', { name: 'Decide the reply' });
  await expect(decide.getByLabel('Outcome')).toHaveValue('restored');
  await decide.getByRole('button', { name: 'Record the outcome' }).click();
  await desk.expectState(reference, 'unbanned');

  await customer.reload();
  await customer.expectState('unbanned');
  await operator.close();
});
