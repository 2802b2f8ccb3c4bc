import type { Page, Request } from '@playwright/test';
import { expect, goToHash, test } from './fixtures';
import {
  SEEDED_OPERATOR,
  TEST_PASSWORD,
  authEmulatorOf,
  createPasswordAccount,
  emailedSignInLink,
  idTokenClaims,
  lookUpAccount,
  uniqueEmail,
  waitForSeededOperator,
} from './support/auth-emulator';
import { storedUser, waitForStoredUser } from './support/browser-session';
import { sendRequestForm } from './support/request-form';
import { SignInScreen, accountButton, signOutFromAccountMenu } from './support/sign-in-screen';

// Sign-in against the real Firebase Auth emulator that scripts/start.mjs runs beside each
// test server. Every test uses its own fresh e-mail addresses, so they run in parallel.

const homeHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Unban your WhatsApp' });
// SignInScreen.open() sends the visitor on to the terms page after signing in.
const termsHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Terms of service' });

/** Calls the page makes to the emulator that create a Firebase user. */
function recordSignUps(page: Page): string[] {
  const signUps: string[] = [];
  page.on('request', (request: Request) => {
    if (request.url().includes('/identitytoolkit.googleapis.com/v1/accounts:signUp')) {
      signUps.push(request.url());
    }
  });
  return signUps;
}

test('visiting creates no user; sending a request creates a guest whose token goes with it', async ({
  page,
  request,
}) => {
  const emulator = await authEmulatorOf(request);
  const signUps = recordSignUps(page);

  await page.goto('/#/');
  await expect(homeHeading(page)).toBeVisible();
  // Everything the first page load starts has finished, and a second screen has been shown.
  await page.waitForLoadState('networkidle');
  await goToHash(page, '#/terms');
  await expect(termsHeading(page)).toBeVisible();
  expect(await storedUser(page), 'a stored Firebase session after browsing').toBeNull();
  expect(signUps, 'users created while browsing').toEqual([]);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

  const sent = await sendRequestForm(page);

  const guest = await waitForStoredUser(page, (user) => user.isAnonymous, 'a guest');
  expect(signUps).toHaveLength(1);
  expect(sent.authorization).toMatch(/^Bearer /);
  const claims = idTokenClaims(sent.authorization?.slice('Bearer '.length) ?? '');
  expect(claims['user_id']).toBe(guest.uid);
  expect(claims['firebase']).toMatchObject({ sign_in_provider: 'anonymous' });
  const account = await lookUpAccount(request, emulator, guest.uid);
  expect(account, 'the guest in the Auth emulator').not.toBeNull();
  expect(account?.email).toBeUndefined();
  // Back from the checkout, the site knows the guest again.
  await page.goto('/#/');
  await expect(accountButton(page)).toHaveAccessibleName('Account: Guest');
});

test('a guest who creates an account with e-mail and password keeps the same uid', async ({
  page,
  request,
}) => {
  const emulator = await authEmulatorOf(request);
  await page.goto('/#/');
  await sendRequestForm(page);
  const guest = await waitForStoredUser(page, (user) => user.isAnonymous, 'a guest');
  await page.goto('/#/');

  const signIn = new SignInScreen(page);
  await signIn.open();
  await expect(page.getByText('You are using a guest session on this device.')).toBeVisible();
  const email = uniqueEmail('upgraded');
  await signIn.createAccount(email, TEST_PASSWORD);

  await expect(termsHeading(page)).toBeVisible();
  await expect(accountButton(page)).toHaveAccessibleName(`Account: ${email}`);
  const member = await waitForStoredUser(page, (user) => !user.isAnonymous, 'a member');
  expect(member).toMatchObject({ uid: guest.uid, email, isAnonymous: false });
  const account = await lookUpAccount(request, emulator, guest.uid);
  expect(account?.email).toBe(email);
  expect(account?.providerUserInfo?.map((info) => info.providerId)).toEqual(['password']);
});

test('signing out from the account menu, then in again with e-mail and password', async ({
  page,
}) => {
  await page.goto('/#/');
  const signIn = new SignInScreen(page);
  await signIn.open();
  const email = uniqueEmail('returning');
  await signIn.createAccount(email, TEST_PASSWORD);
  await expect(accountButton(page)).toHaveAccessibleName(`Account: ${email}`);
  const created = await waitForStoredUser(page, (user) => user.email === email, 'the new account');

  await signOutFromAccountMenu(page);
  await expect(homeHeading(page)).toBeVisible();
  await expect(accountButton(page)).toHaveCount(0);
  expect(await storedUser(page), 'the session after signing out').toBeNull();

  await signIn.open();
  await signIn.signIn(email, TEST_PASSWORD);

  await expect(termsHeading(page)).toBeVisible();
  await expect(accountButton(page)).toHaveAccessibleName(`Account: ${email}`);
  await accountButton(page).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
  const again = await waitForStoredUser(page, (user) => user.email === email, 'signed in again');
  expect(again.uid).toBe(created.uid);
  // The session survives a reload (restored from storage, not only kept in memory).
  await page.reload();
  await expect(accountButton(page)).toHaveAccessibleName(`Account: ${email}`);
});

test('the operator signs in and reaches the back-office API; a customer is refused', async ({
  page,
  request,
}) => {
  await waitForSeededOperator(request, await authEmulatorOf(request));
  await page.goto('/#/');
  const signIn = new SignInScreen(page);
  await signIn.open();
  await signIn.signIn(SEEDED_OPERATOR.email, SEEDED_OPERATOR.password);
  await expect(termsHeading(page)).toBeVisible();
  await expect(accountButton(page)).toHaveAccessibleName(`Account: ${SEEDED_OPERATOR.email}`);
  const operator = await waitForStoredUser(page, (user) => !user.isAnonymous, 'the operator');

  const session = await page.request.get('/api/admin/session', {
    headers: { authorization: `Bearer ${operator.idToken}` },
  });
  expect(session.status()).toBe(200);
  expect(await session.json()).toEqual({
    uid: operator.uid,
    email: SEEDED_OPERATOR.email,
    role: 'operator',
  });
  const anonymous = await page.request.get('/api/admin/session');
  expect(anonymous.status()).toBe(401);

  await signOutFromAccountMenu(page);
  await signIn.open();
  const email = uniqueEmail('customer');
  await signIn.createAccount(email, TEST_PASSWORD);
  const customer = await waitForStoredUser(page, (user) => user.email === email, 'a customer');
  const refused = await page.request.get('/api/admin/session', {
    headers: { authorization: `Bearer ${customer.idToken}` },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
});

test('an e-mail link signs the visitor in and leaves no code in the address bar', async ({
  page,
  request,
}) => {
  const emulator = await authEmulatorOf(request);
  await page.goto('/#/');
  const signIn = new SignInScreen(page);
  await signIn.open();
  const email = uniqueEmail('link');
  await signIn.requestEmailLink(email);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(`We sent a sign-in link to ${email}.`)).toBeVisible();

  // Opened in the same browser, as from the e-mail: the emulator's action page redirects to
  // the site with the one-time code.
  await page.goto(await emailedSignInLink(request, emulator, email));

  // Where the visitor was going when they asked for the link.
  await expect(termsHeading(page)).toBeVisible();
  await expect(accountButton(page)).toHaveAccessibleName(`Account: ${email}`);
  const user = await waitForStoredUser(page, (stored) => stored.email === email, 'signed in');
  expect(user.isAnonymous).toBe(false);
  expect(page.url()).not.toContain('oobCode');
  const account = await lookUpAccount(request, emulator, user.uid);
  expect(account?.email).toBe(email);
});

test.describe('sign-in errors', () => {
  // The browser logs every refused sign-in call (HTTP 400 from the Auth emulator) as an error.
  test.use({
    allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/],
  });

  test('a wrong password gets a clear message, never the provider code', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('wrong-password');
    await createPasswordAccount(request, await authEmulatorOf(request), email);
    await page.goto('/#/');
    const signIn = new SignInScreen(page);
    await signIn.open();
    await signIn.signIn(email, 'not-the-password');

    await expect(signIn.alert).toHaveText(
      'That e-mail and password do not match an account. Check both and try again, or sign in with an e-mail link instead.',
    );
    await expect(signIn.alert).not.toContainText('auth/');
    await expect(accountButton(page)).toHaveCount(0);
    expect(await storedUser(page)).toBeNull();

    // Creating an account that already exists says so, and what to do instead.
    await signIn.createAccount(email, 'another-password');
    await expect(signIn.alert).toHaveText(
      'An account with this e-mail already exists. Sign in to it with its password or an e-mail link.',
    );
  });
});
