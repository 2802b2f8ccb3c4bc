import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  removeClientConfig,
  testFirebaseConfig,
  writeClientConfig,
} from '../../test/client-config-page';
import { BanCheckScreen } from './ban-check-screen';

// The hosted analytics SDK is the edge (it would load gtag.js); consent, the whitelist and the
// choke point run for real.
const sdk = vi.hoisted(() => ({
  isSupported: vi.fn(async () => true),
  setConsent: vi.fn(),
  initializeAnalytics: vi.fn(() => ({ app: { name: '[DEFAULT]' } })),
  logEvent: vi.fn(),
  setUserId: vi.fn(),
}));
vi.mock('firebase/analytics', () => sdk);

beforeAll(() => {
  writeClientConfig({ firebase: testFirebaseConfig, analyticsConsentRequired: false });
});
afterAll(removeClientConfig);
beforeEach(() => {
  sdk.logEvent.mockClear();
});

function renderCheck() {
  const router = createMemoryRouter(
    [
      { path: '/ban-check', Component: BanCheckScreen },
      { path: '/request', Component: () => <h1>Order form</h1> },
    ],
    { initialEntries: ['/ban-check'] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

/** Answers one question: `legend` names the group, `label` the choice. */
async function answer(user: User, legend: string, label: string | RegExp) {
  await user.click(
    within(screen.getByRole('group', { name: legend })).getByRole('radio', { name: label }),
  );
}

async function answerBan(
  user: User,
  choices: { message: string | RegExp; countdown: string; unofficial: string; account: string },
) {
  await answer(user, 'What happened?', 'The app says my account is banned');
  await answer(user, 'Which app shows the message?', 'WhatsApp');
  await answer(user, 'What does the app say?', choices.message);
  await answer(user, 'Does it show a countdown timer?', choices.countdown);
  await answer(
    user,
    'Have you used a modified WhatsApp, such as GB WhatsApp or WhatsApp Plus?',
    choices.unofficial,
  );
  await answer(user, 'What kind of account is it?', choices.account);
  await answer(user, 'Which phone is the number on?', 'Android');
  await answer(user, 'Roughly when did it happen?', 'In the past 7 days');
}

const checkButton = () => screen.getByRole('button', { name: 'Check my ban' });

describe('the free ban check', () => {
  it('tells a temporary ban to switch apps and wait, and offers no order', async () => {
    const { user } = renderCheck();
    await answerBan(user, {
      message: '“Temporarily banned”',
      countdown: 'Yes',
      unofficial: 'Yes',
      account: 'Personal',
    });
    await user.click(checkButton());

    const heading = screen.getByRole('heading', { level: 2, name: 'This is a temporary ban' });
    expect(heading).toHaveFocus();
    const result = screen.getByRole('region', { name: 'This is a temporary ban' });
    expect(result).toHaveTextContent('Uninstall the modified app.');
    expect(result).toHaveTextContent('Google Play Store');
    expect(result).toHaveTextContent('Paying anyone, us included, would not help');
    expect(within(result).queryByRole('link', { name: /order/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check my ban' })).not.toBeInTheDocument();
    await vi.waitFor(() =>
      expect(sdk.logEvent).toHaveBeenCalledWith(expect.anything(), 'ban_check_complete', {
        outcome: 'temporary_ban_unofficial_app',
      }),
    );
    expect(sdk.logEvent).toHaveBeenCalledTimes(1);
  });

  it('takes a permanent ban to the order form with the answers filled in', async () => {
    const { user, router } = renderCheck();
    await answerBan(user, {
      message: '“This account is not allowed to use WhatsApp due to spam”',
      countdown: 'No',
      unofficial: 'No',
      account: 'Personal',
    });
    await user.click(checkButton());

    const result = screen.getByRole('region', {
      name: 'This is a permanent ban, and you can appeal it',
    });
    expect(result).toHaveTextContent('tap “Request a review”');
    expect(result).toHaveTextContent('full international format');
    expect(result).toHaveTextContent('does not speed up the review');
    await user.click(
      within(result).getByRole('link', { name: 'Continue to the order form with these answers' }),
    );
    expect(await screen.findByRole('heading', { name: 'Order form' })).toBeVisible();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      messagingApp: 'whatsapp',
      accountType: 'personal',
      device: 'android',
      banMessage: 'not_allowed_spam',
      bannedAt: 'this_week',
    });
    await vi.waitFor(() =>
      expect(sdk.logEvent).toHaveBeenCalledWith(expect.anything(), 'ban_check_complete', {
        outcome: 'permanent_ban',
      }),
    );
  });

  it('sends a Business Platform account to Business Manager', async () => {
    const { user } = renderCheck();
    await answerBan(user, {
      message: 'Something else',
      countdown: 'No',
      unofficial: 'No',
      account: 'WhatsApp Business Platform (API), managed in Meta Business Manager',
    });
    await user.click(checkButton());
    const result = screen.getByRole('region', {
      name: 'This is a ban on a WhatsApp Business Platform account',
    });
    expect(result).toHaveTextContent('Account Quality');
    expect(result).toHaveTextContent('within 90 days');
    expect(
      within(result).getByRole('link', { name: 'Continue to the order form with these answers' }),
    ).toBeVisible();
  });

  it('asks only what matters for a lost phone, and says where to go instead', async () => {
    const { user } = renderCheck();
    expect(screen.getByRole('group', { name: 'What does the app say?' })).toBeVisible();
    await answer(user, 'What happened?', 'I lost my phone or SIM card, or it was stolen');
    expect(screen.queryByRole('group', { name: 'What does the app say?' })).not.toBeInTheDocument();
    await user.click(checkButton());

    const result = screen.getByRole('region', { name: /This is not a ban/ });
    expect(result).toHaveTextContent('replacement SIM with the same number');
    expect(result).toHaveTextContent('nothing to pay anyone');
    expect(within(result).queryByRole('link', { name: /order/i })).not.toBeInTheDocument();

    // Back to the questions, as they were.
    await user.click(screen.getByRole('button', { name: 'Change my answers' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Free ban check' })).toBeVisible();
    expect(screen.getByRole('radio', { name: /I lost my phone/ })).toBeChecked();
  });

  it('lists what is missing, each linked to its question, and focuses the first', async () => {
    const { user } = renderCheck();
    await answer(user, 'What happened?', 'The app says my account is banned');
    await answer(user, 'Which app shows the message?', 'WhatsApp');
    await user.click(checkButton());

    const summary = screen.getByRole('alert');
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Choose the message the app shows, or "Something else".',
      'Say whether the app shows a countdown timer.',
      'Say whether you used a modified app such as GB WhatsApp or WhatsApp Plus.',
      'Choose the kind of account.',
      'Choose the kind of phone the number is used on.',
      'Choose roughly when the ban happened.',
    ]);
    const first = screen.getByRole('radio', { name: '“Temporarily banned”' });
    expect(first).toHaveFocus();
    expect(
      screen.getByRole('group', { name: 'What does the app say?' }),
    ).toHaveAccessibleDescription(expect.stringContaining('Choose the message the app shows'));
    await user.click(within(summary).getByRole('link', { name: 'Choose the kind of account.' }));
    expect(screen.getByRole('radio', { name: 'Personal' })).toHaveFocus();
    expect(sdk.logEvent).not.toHaveBeenCalled();
  });
});
