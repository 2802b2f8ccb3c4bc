import type { Page } from '@playwright/test';
import { expect, goToHash, test } from './fixtures';
import type { AnalyticsNetwork, DataLayerEntry } from './support/analytics-stubs';
import {
  eventsNamed,
  readDataLayer,
  stubGoogleAnalytics,
  userIdsSet,
} from './support/analytics-stubs';
import { TEST_PASSWORD, uniqueEmail } from './support/auth-emulator';
import { waitForStoredUser } from './support/browser-session';
import { sendRequestForm } from './support/request-form';
import { SignInScreen, accountButton, signOutFromAccountMenu } from './support/sign-in-screen';
import { chatServer } from './test-servers';

// Firebase Analytics for real in the browser (the chat test server configures a measurement
// id), with Google's hosts answered by stubs. What reaches Google is what the SDK pushes into
// window.dataLayer: gtag.js (stubbed) would send exactly those entries.

const { measurementId, appId } = chatServer.analytics;
const ids = { measurementId, appId, projectId: 'demo-unban' };

const consentBanner = (page: Page) => page.getByRole('region', { name: 'Analytics consent' });

async function screenViews(page: Page) {
  return eventsNamed(await readDataLayer(page), 'screen_view');
}

/**
 * The user ids set on a page load that restored a session. The restored user may be announced
 * while analytics is still starting, and then it is set twice; the value is what matters.
 */
async function distinctUserIds(page: Page) {
  return [...new Set(userIdsSet(await readDataLayer(page), measurementId))];
}

/** What a screen_view carries: the four spec fields, Firebase's own names, the target id. */
function screenView(name: string, screenClass: string, path: string) {
  return {
    screen_name: name,
    screen_class: screenClass,
    page_path: path,
    outlet: 'primary',
    firebase_screen: name,
    firebase_screen_class: screenClass,
    send_to: measurementId,
  };
}

/** No e-mail address, phone number or typed text in anything pushed to analytics. */
function expectNothingPersonal(entries: DataLayerEntry[] | null) {
  expect(entries, 'window.dataLayer').not.toBeNull();
  const sent = JSON.stringify(entries);
  expect(sent).not.toContain('@');
  expect(sent).not.toMatch(/1512\s*3456789|15123456789/);
  expect(sent).not.toContain('Family and friends');
}

async function visit(page: Page, hash: string, heading: string) {
  await goToHash(page, hash);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/**
 * Nothing of analytics has run in this page: no Google request, no data layer, no gtag.
 * Analytics would start once the page is idle after a navigation, so this first waits for the
 * network to settle (after a page load) and for an idle moment (after any navigation).
 */
async function expectAnalyticsOff(page: Page, google: AnalyticsNetwork) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestIdleCallback(() => resolve(), { timeout: 2_000 });
      }),
  );
  expect(google.requests, 'requests to Google analytics hosts').toEqual([]);
  expect(await readDataLayer(page), 'window.dataLayer').toBeNull();
  expect(await page.evaluate(() => 'gtag' in window), 'window.gtag exists').toBe(false);
}

test('nothing is sent before consent; after it, screens, sign-up, login and the user id are', async ({
  page,
}) => {
  const google = await stubGoogleAnalytics(page, ids);
  await page.goto('/#/');
  await expect(consentBanner(page)).toBeVisible();
  // In its first moments (data-arriving, useJustArrived) a tap goes to the page beneath it.
  expect(
    await consentBanner(page).evaluate((banner) => {
      const arriving = banner.cloneNode(true) as HTMLElement;
      arriving.setAttribute('data-arriving', 'true');
      banner.after(arriving);
      const pointerEvents = getComputedStyle(arriving).pointerEvents;
      arriving.remove();
      return pointerEvents;
    }),
  ).toBe('none');
  await expectAnalyticsOff(page, google);
  await visit(page, '#/terms', 'Terms of service');
  await expectAnalyticsOff(page, google);

  await consentBanner(page).getByRole('button', { name: 'Accept analytics' }).click();
  await expect(consentBanner(page)).toHaveCount(0);
  // The screen in view when consent was given is the first one sent; earlier ones never are.
  await expect
    .poll(() => screenViews(page))
    .toEqual([screenView('Terms', 'TermsScreen', '/terms')]);
  expect(google.requests).toContain(
    `https://www.googletagmanager.com/gtag/js?l=dataLayer&id=${measurementId}`,
  );

  await visit(page, '#/refunds', 'Refund policy');
  await visit(page, '#/', 'Unban your WhatsApp');
  await expect
    .poll(() => screenViews(page))
    .toEqual([
      screenView('Terms', 'TermsScreen', '/terms'),
      screenView('Refunds', 'RefundsScreen', '/refunds'),
      screenView('Home', 'HomeScreen', '/'),
    ]);

  const signIn = new SignInScreen(page);
  await signIn.open();
  await expect
    .poll(async () => (await screenViews(page)).at(3))
    .toEqual(screenView('SignIn', 'SignInScreen', '/sign-in'));
  const email = uniqueEmail('analytics');
  await signIn.createAccount(email, TEST_PASSWORD);
  const member = await waitForStoredUser(page, (user) => user.email === email, 'new account');
  await expect
    .poll(async () => eventsNamed(await readDataLayer(page), 'sign_up'))
    .toEqual([{ method: 'password', send_to: measurementId }]);
  await expect
    .poll(async () => userIdsSet(await readDataLayer(page), measurementId))
    .toEqual([member.uid]);

  await signOutFromAccountMenu(page);
  await signIn.open();
  await signIn.signIn(email, TEST_PASSWORD);
  await expect(accountButton(page)).toHaveAccessibleName(`Account: ${email}`);
  await expect
    .poll(async () => eventsNamed(await readDataLayer(page), 'login'))
    .toEqual([{ method: 'password', send_to: measurementId }]);
  // Cleared at sign-out, set again at sign-in: always the Firebase uid, never the e-mail.
  await expect
    .poll(async () => userIdsSet(await readDataLayer(page), measurementId))
    .toEqual([member.uid, null, member.uid]);
  expectNothingPersonal(await readDataLayer(page));

  // A new page load with consent already given: its first screen is sent, with the user id of
  // the restored session.
  await goToHash(page, '#/privacy');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(consentBanner(page)).toHaveCount(0);
  await expect
    .poll(() => screenViews(page))
    .toEqual([screenView('Privacy', 'PrivacyScreen', '/privacy')]);
  await expect.poll(() => distinctUserIds(page)).toEqual([member.uid]);
});

test('a guest is reported as an anonymous sign-up, and no phone number or e-mail is sent', async ({
  page,
}) => {
  await stubGoogleAnalytics(page, ids);
  await page.goto('/#/');
  await consentBanner(page).getByRole('button', { name: 'Accept analytics' }).click();
  await expect.poll(async () => (await screenViews(page)).length).toBe(1);

  // The form holds a phone number (+49 1512 3456789), an e-mail address and free text. What
  // analytics got is read just before the page leaves for the checkout.
  let sentBeforeCheckout: DataLayerEntry[] | null = null;
  let guestUid: string | null = null;
  await sendRequestForm(page, {
    whileSending: async () => {
      const guest = await waitForStoredUser(page, (user) => user.isAnonymous, 'a guest');
      guestUid = guest.uid;
      await expect
        .poll(async () => eventsNamed(await readDataLayer(page), 'sign_up'))
        .toEqual([{ method: 'anonymous', send_to: measurementId }]);
      await expect
        .poll(async () => userIdsSet(await readDataLayer(page), measurementId))
        .toEqual([guest.uid]);
      sentBeforeCheckout = await readDataLayer(page);
    },
  });
  expect(guestUid).not.toBeNull();
  expect(eventsNamed(sentBeforeCheckout, 'screen_view').at(-1)).toEqual(
    screenView('NewRequest', 'RequestScreen', '/request'),
  );
  expectNothingPersonal(sentBeforeCheckout);

  // Back on the site: personal data typed into the address bar is not reported as the path.
  await page.goto('/#/');
  // Analytics starts once the page is idle, and a screen left before then is not reported.
  await expect.poll(() => screenViews(page)).toEqual([screenView('Home', 'HomeScreen', '/')]);
  await visit(page, '#/+4915123456789', 'Page not found');
  await visit(page, '#/guest@example.test', 'Page not found');
  await expect
    .poll(() => screenViews(page))
    .toEqual([
      screenView('Home', 'HomeScreen', '/'),
      screenView('NotFound', 'NotFoundScreen', '/:redacted'),
      screenView('NotFound', 'NotFoundScreen', '/:redacted'),
    ]);
  await expect.poll(() => distinctUserIds(page)).toEqual([guestUid]);
  expectNothingPersonal(await readDataLayer(page));
});

test('after "Decline" analytics never loads, across screens, sign-up and reloads', async ({
  page,
}) => {
  const google = await stubGoogleAnalytics(page, ids);
  await page.goto('/#/');
  await consentBanner(page).getByRole('button', { name: 'Decline' }).click();
  await expect(consentBanner(page)).toHaveCount(0);

  await visit(page, '#/terms', 'Terms of service');
  const signIn = new SignInScreen(page);
  await signIn.open();
  const email = uniqueEmail('declined');
  await signIn.createAccount(email, TEST_PASSWORD);
  await expect(accountButton(page)).toHaveAccessibleName(`Account: ${email}`);
  await expectAnalyticsOff(page, google);

  await page.reload();
  await expect(accountButton(page)).toHaveAccessibleName(`Account: ${email}`);
  await visit(page, '#/privacy', 'Privacy policy');
  await expectAnalyticsOff(page, google);
  // The choice is remembered: the banner does not ask again.
  await expect(consentBanner(page)).toHaveCount(0);
});
