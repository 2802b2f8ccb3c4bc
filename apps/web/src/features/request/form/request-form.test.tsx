import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockInstance } from 'vitest';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { defaultSiteIdentity } from '@unban/contract/site-config';
import { ensureUser, getIdToken } from '../../../lib/auth/auth';
import { isLoading } from '../../../lib/loading/loading-store';
import { readRequestPrefill } from '../request-prefill';
import { RequestScreen } from '../request-screen';

// The hosted auth provider is the edge here: the form only needs "a user exists" and a token.
vi.mock('../../../lib/auth/auth', () => ({
  ensureUser: vi.fn(),
  getIdToken: vi.fn(),
}));

const CHECKOUT_URL = 'https://checkout.example.test/pay/cs_test_123';

const created = {
  id: '0190d3c4-6a7b-7c8d-9e0f-123456789abc',
  reference: 'UB-7K3Q9XQ2',
  statusToken: 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6',
  checkoutUrl: CHECKOUT_URL,
};

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let fetchSpy: MockInstance<typeof fetch>;
const assign = vi.fn<(url: string) => void>();
const realLocation = window.location;

beforeEach(() => {
  vi.mocked(ensureUser).mockResolvedValue({
    uid: 'guest-1',
    email: null,
    isAnonymous: true,
    displayName: null,
  });
  vi.mocked(getIdToken).mockResolvedValue('id-token-of-guest-1');
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(201, created));
  // jsdom cannot navigate; leaving for the checkout is observed through `assign`.
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { href: realLocation.href, hash: realLocation.hash, assign },
  });
});

afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
  // A successful submit leaves the loading flag on for the page change; end it like a
  // return through the back/forward cache would, so the next test starts clean.
  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  vi.restoreAllMocks();
  assign.mockReset();
});

function submitButton() {
  return screen.getByRole('button', { name: 'Continue to payment' });
}

/** Fills every field with valid answers, the number as a German national number. */
async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText('Country'), 'DE');
  await user.type(screen.getByLabelText('Phone number'), '01512 3456789');
  await user.click(screen.getByRole('radio', { name: 'Business' }));
  await user.click(screen.getByRole('radio', { name: 'iPhone' }));
  await user.selectOptions(
    screen.getByLabelText('Message the app shows'),
    'This account is not allowed to use WhatsApp due to spam',
  );
  await user.selectOptions(screen.getByLabelText('Roughly when did it happen?'), 'this_week');
  await user.type(
    screen.getByLabelText('What did you use this number for?'),
    'Orders for my bakery',
  );
  await user.type(screen.getByLabelText('E-mail address'), 'ana@example.com');
  await user.click(screen.getByRole('radio', { name: 'Priority $89.00' }));
  await user.click(screen.getByRole('checkbox', { name: 'I own this number' }));
  await user.click(
    screen.getByRole('checkbox', { name: 'I accept the terms and the refund policy' }),
  );
}

function sentBody(): Record<string, unknown> {
  const init = fetchSpy.mock.calls[0]?.[1];
  return JSON.parse(String(init?.body)) as Record<string, unknown>;
}

describe('the order form', () => {
  it('shows the no-codes pledge beside the number field', () => {
    render(<RequestScreen />);
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
      expect.stringContaining('We never ask for your SMS code, two-step PIN or password.'),
    );
    expect(screen.getByRole('link', { name: 'terms' })).toHaveAttribute('href', '#/terms');
    expect(screen.getByRole('link', { name: 'refund policy' })).toHaveAttribute(
      'href',
      '#/refunds',
    );
  });

  it('announces every problem of an empty form and focuses the first one', async () => {
    const user = userEvent.setup();
    render(<RequestScreen />);

    await user.click(submitButton());

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading')).toHaveTextContent('Please check these answers');
    const listed = within(summary)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(listed).toEqual([
      'Enter the banned phone number, e.g. +1 202 555 0143.',
      'Choose whether the account is personal or business.',
      'Choose the kind of phone the number is used on.',
      'Choose the message the app shows, or "Other" to type it.',
      'Choose roughly when the ban happened.',
      'Tell us what you used this number for, e.g. family chats, customer support for my shop.',
      'Enter the e-mail address where we can reach you.',
      'Confirm that you own this number, or have the owner submit the request.',
      'Accept the terms and the refund policy to continue.',
    ]);

    const phone = screen.getByLabelText('Phone number');
    expect(phone).toHaveFocus();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(
      expect.stringContaining('Enter the banned phone number'),
    );
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(
      expect.stringContaining('Enter the e-mail address where we can reach you.'),
    );
    expect(screen.getByRole('radio', { name: 'Personal' })).toHaveAccessibleDescription(
      expect.stringContaining('Choose whether the account is personal or business.'),
    );
    expect(screen.getByRole('checkbox', { name: 'I own this number' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(ensureUser).not.toHaveBeenCalled();
  });

  it('takes the customer to a field from the error summary', async () => {
    const user = userEvent.setup();
    render(<RequestScreen />);
    await user.click(submitButton());

    await user.click(
      await screen.findByRole('link', { name: 'Enter the e-mail address where we can reach you.' }),
    );

    expect(screen.getByLabelText('E-mail address')).toHaveFocus();
  });

  it('says exactly what is wrong with a mistyped number', async () => {
    const user = userEvent.setup();
    render(<RequestScreen />);
    await user.type(screen.getByLabelText('Phone number'), '202 555 01');
    await user.click(submitButton());

    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
      expect.stringContaining('This number is too short for its country.'),
    );
  });

  it('creates the request with an E.164 number and no amount, then opens the checkout', async () => {
    const user = userEvent.setup();
    render(<RequestScreen />);
    await fillValidForm(user);
    // The page's language goes with the order: the e-mails and the currency follow it.
    document.documentElement.lang = 'pt-BR';
    onTestFinished(() => {
      document.documentElement.lang = 'en';
    });

    await user.click(submitButton());

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(ensureUser).toHaveBeenCalledTimes(1);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/requests');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer id-token-of-guest-1');
    expect(sentBody()).toEqual({
      messagingApp: 'whatsapp',
      phone: '+4915123456789',
      accountType: 'business',
      device: 'iphone',
      banMessage: 'This account is not allowed to use WhatsApp due to spam',
      bannedAt: 'this_week',
      usage: 'Orders for my bakery',
      contactEmail: 'ana@example.com',
      plan: 'priority',
      ownsNumber: true,
      acceptsTerms: true,
      locale: 'pt-BR',
    });
    expect(sentBody()).not.toHaveProperty('amount');

    // Still leaving: the loading flag stays on and the button cannot send a second request.
    expect(isLoading()).toBe(true);
    expect(screen.getByRole('button', { name: 'Opening the checkout…' })).toBeDisabled();
  });

  it('starts from the ban check’s answers, so only the rest is asked', async () => {
    const user = userEvent.setup();
    render(
      <RequestScreen
        prefill={readRequestPrefill(
          new URLSearchParams(
            'messagingApp=whatsapp_business&accountType=business&device=iphone' +
              '&banMessage=not_allowed_spam&bannedAt=this_week',
          ),
        )}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('We filled in what you told us');
    expect(screen.getByLabelText('App that shows the ban')).toHaveValue('whatsapp_business');
    expect(screen.getByRole('radio', { name: 'Business' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'iPhone' })).toBeChecked();
    expect(screen.getByLabelText('Message the app shows')).toHaveValue('not_allowed_spam');
    expect(screen.getByLabelText('Roughly when did it happen?')).toHaveValue('this_week');

    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    await user.type(screen.getByLabelText('Phone number'), '01512 3456789');
    await user.type(screen.getByLabelText('What did you use this number for?'), 'My shop');
    await user.type(screen.getByLabelText('E-mail address'), 'ana@example.com');
    await user.click(screen.getByRole('checkbox', { name: /I own this number/ }));
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await user.click(submitButton());

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(sentBody()).toMatchObject({
      messagingApp: 'whatsapp_business',
      accountType: 'business',
      device: 'iphone',
      banMessage: 'This account is not allowed to use WhatsApp due to spam',
      bannedAt: 'this_week',
    });
  });

  it('ignores answers in the address that the form does not know', () => {
    expect(
      readRequestPrefill(new URLSearchParams('device=nokia&bannedAt=today&plan=free&amount=0')),
    ).toEqual({ bannedAt: 'today' });
    render(<RequestScreen prefill={{}} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('is usable again when the browser brings the page back from the checkout', async () => {
    const user = userEvent.setup();
    render(<RequestScreen />);
    await fillValidForm(user);
    await user.click(submitButton());
    await waitFor(() => expect(assign).toHaveBeenCalled());

    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });

    expect(isLoading()).toBe(false);
    expect(submitButton()).toBeEnabled();
  });

  it('sends one request however often the button is pressed', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    fetchSpy.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    render(<RequestScreen />);
    await fillValidForm(user);

    await user.dblClick(submitButton());
    // Two submits before React re-renders (Enter pressed twice quickly) bypass the disabled
    // button; the flow itself must still send only one request.
    const form = screen.getByRole('form', { name: 'Tell us about the ban' });
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });

    expect(screen.getByRole('button', { name: 'Sending your request…' })).toBeDisabled();
    await act(async () => answer(jsonResponse(201, created)));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('sends the message typed under "Other"', async () => {
    const user = userEvent.setup();
    render(<RequestScreen />);
    await fillValidForm(user);
    await user.selectOptions(screen.getByLabelText('Message the app shows'), 'other');

    await user.click(submitButton());
    expect(screen.getByLabelText('Type the message exactly as shown')).toHaveAccessibleDescription(
      expect.stringContaining('Enter the ban message exactly as the app shows it.'),
    );

    await user.type(
      screen.getByLabelText('Type the message exactly as shown'),
      '  Your account has been restricted  ',
    );
    await user.click(submitButton());

    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(sentBody().banMessage).toBe('Your account has been restricted');
  });

  it("puts the server's field messages on the fields they belong to", async () => {
    const user = userEvent.setup();
    fetchSpy.mockResolvedValue(
      jsonResponse(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Some answers need attention.',
          fields: {
            contactEmail: 'This e-mail domain does not accept mail.',
            phone: 'This number is not a valid number for its country.',
          },
        },
      }),
    );
    render(<RequestScreen />);
    await fillValidForm(user);

    await user.click(submitButton());

    const phone = screen.getByLabelText('Phone number');
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(
      expect.stringContaining('This number is not a valid number for its country.'),
    );
    const email = screen.getByLabelText('E-mail address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(
      expect.stringContaining('This e-mail domain does not accept mail.'),
    );
    expect(within(screen.getByRole('alert')).getAllByRole('listitem')).toHaveLength(2);
    expect(assign).not.toHaveBeenCalled();
    expect(isLoading()).toBe(false);
    expect(submitButton()).toBeEnabled();
  });

  it('asks the customer to wait when rate limited', async () => {
    const user = userEvent.setup();
    fetchSpy.mockResolvedValue(
      jsonResponse(429, { error: { code: 'RATE_LIMITED', message: 'Too many requests.' } }),
    );
    render(<RequestScreen />);
    await fillValidForm(user);

    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have sent several requests in a short time. Please wait a minute',
    );
    expect(submitButton()).toBeEnabled();
  });

  it('offers the support address when something unexpected fails', async () => {
    const user = userEvent.setup();
    fetchSpy.mockResolvedValue(
      jsonResponse(500, { error: { code: 'INTERNAL', message: 'Internal error.' } }),
    );
    render(<RequestScreen />);
    await fillValidForm(user);

    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('your request was not sent. Nothing has been charged.');
    expect(
      within(alert).getByRole('link', { name: defaultSiteIdentity.supportEmail }),
    ).toHaveAttribute('href', `mailto:${defaultSiteIdentity.supportEmail}`);
  });

  it('sends the same Idempotency-Key when the same answers are sent again, a new one for new answers', async () => {
    const user = userEvent.setup();
    fetchSpy.mockResolvedValue(
      jsonResponse(500, { error: { code: 'INTERNAL', message: 'Internal error.' } }),
    );
    render(<RequestScreen />);
    await fillValidForm(user);
    const keyOf = (call: number) =>
      new Headers(fetchSpy.mock.calls[call]?.[1]?.headers).get('idempotency-key');

    await user.click(submitButton());
    await screen.findByRole('alert');
    await user.click(submitButton());
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
    await user.type(screen.getByLabelText('What did you use this number for?'), ' and family');
    await user.click(submitButton());
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(3));

    expect(keyOf(0)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(1)).toBe(keyOf(0));
    expect(keyOf(2)).not.toBe(keyOf(0));
  });
});
