import { mailboxResponseSchema } from '@unban/contract/admin';
import { formatMoney } from '@unban/contract/plans';
import { createRequestResponseSchema } from '@unban/contract/requests';
import { metaDescription, pageTitle } from '@unban/contract/site-config';
import { expect, test } from './fixtures';
import {
  authEmulatorOf,
  createPasswordAccount,
  seededOperatorToken,
  uniqueEmail,
} from './support/auth-emulator';
import { startAppByPointer } from './support/first-use';
import { identityPlans, serverIdentity } from './support/identity-server';

/*
 * One build, another site identity (docs/decisions/023): this server runs the same build as
 * the others, started with SITE_CONFIG_FILE naming "Unban your Telegram" with its own brand,
 * prices and legal entity. The fixtures fail a test on any console error, so a hydration
 * mismatch between the server's identity and the browser's fails it too.
 */

const identity = serverIdentity;
const [standard, priority] = identityPlans;

function decoded(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

test('the pages are rendered and hydrated as the configured site, from the same build', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain(`<title>${pageTitle(identity)}</title>`);
  expect(pageTitle(identity)).toBe('Unban your Telegram');
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
  expect(decoded(description ?? '')).toBe(metaDescription(identity));
  expect(description).toContain('Most appeals we take on succeed.');
  for (const plan of [standard, priority]) {
    expect(html).toContain(formatMoney(plan.priceMinor, plan.currency));
  }
  expect(html).toContain('$39.00');
  expect(html).toContain('$79.00');
  // The structured data offers the configured prices, and nothing in the document before
  // the identity's own data block speaks of WhatsApp.
  expect(html).toContain('"price":"79.00"');
  expect(html.split('<script type="application/json" id="site-identity">')[0]).not.toContain(
    'WhatsApp',
  );

  const terms = decoded(await (await request.get('/terms')).text());
  expect(terms).toContain(
    'Unban Telegram Desk is operated by Unban Telegram Ltd, 1 Example Street, London EC1A 1AA.',
  );

  await page.goto('/');
  await expect(page).toHaveTitle('Unban your Telegram');
  const heading = page.getByRole('heading', { level: 1, name: 'Unban your Telegram' });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Express $79.00' })).toBeVisible();
  // The app starts (first use) and renders the order form from the identity it read.
  await startAppByPointer(page, page.getByRole('banner').getByRole('link', { name: 'Sign in' }));
  await page.getByRole('banner').getByRole('link', { name: 'Start a request' }).click();
  await expect(page).toHaveTitle('New request · Unban your Telegram');
  await expect(page.getByText('Express', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('$79.00').first()).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Unban Telegram Desk' }),
  ).toBeVisible();
});

test('an order is charged the configured price and mailed in the configured words', async ({
  request,
}) => {
  const emulator = await authEmulatorOf(request);
  const customer = await createPasswordAccount(request, emulator, uniqueEmail('telegram'));
  const response = await request.post('/api/requests', {
    headers: { authorization: `Bearer ${customer.idToken}` },
    data: {
      messagingApp: 'whatsapp',
      phone: '+4915123456789',
      accountType: 'personal',
      device: 'android',
      banMessage: 'This account has been banned.',
      bannedAt: 'this_week',
      usage: 'Family and friends',
      contactEmail: 'telegram-customer@example.test',
      plan: 'priority',
      ownsNumber: true,
      acceptsTerms: true,
    },
  });
  expect(response.status()).toBe(201);
  const order = createRequestResponseSchema.parse(await response.json());

  // The sandbox's hosted checkout asks for the configured amount.
  const checkout = await (await request.get(order.checkoutUrl)).text();
  expect(checkout).toContain('$79.00');
  expect(checkout).toContain('Telegram unban request (Express)');

  const token = await seededOperatorToken(request);
  await expect(async () => {
    const mailbox = await request.get(`/api/mailbox?requestId=${order.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mailbox.status()).toBe(200);
    const { messages } = mailboxResponseSchema.parse(await mailbox.json());
    const received = messages.find((message) => message.subject.endsWith('Request received'));
    expect(received?.text).toContain('get your Telegram number unbanned');
    expect(received?.text).toContain('Write to help@unban-telegram.example');
    expect(received?.text).toContain(
      'Unban Telegram Desk (not affiliated with Telegram or Telegram FZ-LLC)',
    );
  }).toPass({ timeout: 15_000 });
});
