import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { eventsNamed, readDataLayer, stubGoogleAnalytics } from './support/analytics-stubs';
import { SandboxCheckout, requestForm, submitButton } from './support/request-journey';
import { chatServer } from './test-servers';

/*
 * The free ban check (issue 14) as a visitor uses it: from the home screen, or straight from
 * search on its own prerendered document. Elements are found by role and label.
 */

interface BanAnswers {
  app: 'WhatsApp' | 'WhatsApp Business';
  message: string;
  countdown: 'Yes' | 'No' | 'I’m not sure';
  unofficialApp: 'Yes' | 'No' | 'I’m not sure';
  account: string;
  phone: 'Android' | 'iPhone' | 'Other';
  when: string;
}

function checkForm(page: Page) {
  return page.getByRole('form', { name: 'Free ban check' });
}

async function choose(page: Page, question: string, answer: string) {
  await checkForm(page)
    .getByRole('group', { name: question })
    .getByRole('radio', { name: answer, exact: true })
    .check();
}

async function answerBan(page: Page, answers: BanAnswers) {
  await choose(page, 'What happened?', 'The app says my account is banned');
  await choose(page, 'Which app shows the message?', answers.app);
  await choose(page, 'What does the app say?', answers.message);
  await choose(page, 'Does it show a countdown timer?', answers.countdown);
  await choose(
    page,
    'Have you used a modified WhatsApp, such as GB WhatsApp or WhatsApp Plus?',
    answers.unofficialApp,
  );
  await choose(page, 'What kind of account is it?', answers.account);
  await choose(page, 'Which phone is the number on?', answers.phone);
  await choose(page, 'Roughly when did it happen?', answers.when);
  await checkForm(page).getByRole('button', { name: 'Check my ban' }).click();
}

const temporaryBan: BanAnswers = {
  app: 'WhatsApp',
  message: '“Temporarily banned”',
  countdown: 'Yes',
  unofficialApp: 'Yes',
  account: 'Personal',
  phone: 'Android',
  when: 'Today',
};

const permanentBan: BanAnswers = {
  app: 'WhatsApp Business',
  message: '“This account is not allowed to use WhatsApp due to spam”',
  countdown: 'No',
  unofficialApp: 'No',
  account: 'Business, in the WhatsApp Business app',
  phone: 'iPhone',
  when: 'In the past 7 days',
};

test('a visitor with a temporary ban is told not to pay, and offered no checkout', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Check your ban for free' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Free ban check' })).toBeVisible();
  await expect(page).toHaveURL(/\/#\/ban-check$/);

  await answerBan(page, temporaryBan);

  const answer = page.getByRole('region', { name: 'This is a temporary ban' });
  await expect(answer.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(answer).toContainText('Uninstall the modified app.');
  await expect(answer).toContainText('Google Play Store');
  await expect(answer).toContainText('Paying anyone, us included, would not help');
  // Nothing on the screen leads to an order or a payment.
  const main = page.getByRole('main');
  await expect(main.locator('a[href^="#/request"]')).toHaveCount(0);
  await expect(main.getByRole('link', { name: /order|pay|request/i })).toHaveCount(0);
  await expect(main.getByRole('button', { name: /order|pay|checkout/i })).toHaveCount(0);
});

test('a visitor with a permanent ban arrives at a pre-filled order form and pays', async ({
  page,
}) => {
  // Straight from search: the prerendered document, before the app has started.
  await page.goto('/ban-check');
  await expect(page.getByRole('heading', { level: 1, name: 'Free ban check' })).toBeVisible();

  await answerBan(page, permanentBan);

  const answer = page.getByRole('region', {
    name: 'This is a permanent ban, and you can appeal it',
  });
  await expect(answer).toContainText('tap “Request a review”');
  await expect(answer).toContainText('does not speed up the review');
  await answer.getByRole('link', { name: 'Continue to the order form with these answers' }).click();

  const form = requestForm(page);
  await expect(form).toBeVisible();
  await expect(page.getByRole('status')).toContainText('We filled in what you told us');
  await expect(form.getByLabel('App that shows the ban')).toHaveValue('whatsapp_business');
  await expect(form.getByRole('radio', { name: 'Business' })).toBeChecked();
  await expect(form.getByRole('radio', { name: 'iPhone' })).toBeChecked();
  await expect(form.getByLabel('Message the app shows')).toHaveValue('not_allowed_spam');
  await expect(form.getByLabel('Roughly when did it happen?')).toHaveValue('this_week');

  // Only what the check did not ask is left to type.
  await form.getByLabel('Country').selectOption('DE');
  await form.getByLabel('Phone number').fill('01512 3456789');
  await form.getByLabel('What did you use this number for?').fill('Orders for my bakery');
  await form.getByLabel('E-mail address').fill('ban-check@example.test');
  await form.getByRole('checkbox', { name: 'I own this number' }).check();
  await form.getByRole('checkbox', { name: 'I accept the terms and the refund policy' }).check();
  await submitButton(page).click();
  await expect(new SandboxCheckout(page).heading).toBeVisible();
});

test('/ban-check is its own crawlable document with the questions, in the sitemap', async ({
  request,
  page,
}) => {
  const response = await request.get('/ban-check');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<h1 id="ban-check-title" tabindex="-1">Free ban check</h1>');
  expect(html).toContain('<title>Free ban check · Unban your WhatsApp</title>');
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/ban-check" \/>/);
  for (const legend of [
    'What happened?',
    'What does the app say?',
    'Does it show a countdown timer?',
  ]) {
    expect(html).toContain(`<legend>${legend}</legend>`);
  }
  expect(html).toContain('Temporarily banned');

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(/<loc>http:\/\/127\.0\.0\.1:\d+\/ban-check<\/loc>/);

  await page.goto('/#/ban-check');
  await expect(page.getByRole('heading', { level: 1, name: 'Free ban check' })).toBeVisible();
  await expect(page).toHaveTitle('Free ban check · Unban your WhatsApp');
});

test('a lost phone is told where to go instead, with nothing to pay', async ({ page }) => {
  await page.goto('/ban-check');
  await choose(page, 'What happened?', 'I lost my phone or SIM card, or it was stolen');
  await expect(checkForm(page).getByRole('group', { name: 'What does the app say?' })).toBeHidden();
  await checkForm(page).getByRole('button', { name: 'Check my ban' }).click();

  const answer = page.getByRole('region', { name: /This is not a ban/ });
  await expect(answer).toContainText('replacement SIM with the same number');
  await expect(page.getByRole('main').locator('a[href^="#/request"]')).toHaveCount(0);
});

test('completing the check sends one analytics event with the outcome only, after consent', async ({
  page,
}) => {
  const { measurementId, appId } = chatServer.analytics;
  await stubGoogleAnalytics(page, { measurementId, appId, projectId: 'demo-unban' });
  await page.goto('/#/ban-check');
  await page
    .getByRole('region', { name: 'Analytics consent' })
    .getByRole('button', { name: 'Accept analytics' })
    .click();

  await answerBan(page, permanentBan);
  await expect(page.getByRole('region', { name: /permanent ban/ })).toBeVisible();

  await expect
    .poll(async () => eventsNamed(await readDataLayer(page), 'ban_check_complete'))
    .toEqual([{ outcome: 'permanent_ban', send_to: measurementId }]);
  const sent = JSON.stringify(await readDataLayer(page));
  for (const answer of ['iphone', 'this_week', 'not_allowed_spam']) {
    expect(sent).not.toContain(answer);
  }
});
