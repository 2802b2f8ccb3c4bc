import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockInstance } from 'vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureUser, getIdToken } from '../../../lib/auth/auth';
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
const evidenceList = {
  items: [
    {
      id: '0190d3c4-6a7b-7c8d-9e0f-123456789abd',
      contentType: 'image/png',
      byteSize: 1200,
      width: 120,
      height: 200,
      createdAt: '2026-11-25T10:00:00.000Z',
    },
  ],
  remaining: 2,
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
  fetchSpy = vi.spyOn(globalThis, 'fetch');
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { href: realLocation.href, hash: realLocation.hash, assign },
  });
});

afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  vi.restoreAllMocks();
  assign.mockReset();
});

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
  await user.type(screen.getByLabelText('What did you use this number for?'), 'Bakery orders');
  await user.type(screen.getByLabelText('E-mail address'), 'ana@example.com');
  await user.click(screen.getByRole('checkbox', { name: 'I own this number' }));
  await user.click(
    screen.getByRole('checkbox', { name: 'I accept the terms and the refund policy' }),
  );
}

const png = (name: string) =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });

function uploadCall() {
  return fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/evidence'));
}

describe('screenshots on the order form', () => {
  it('sends only the screenshots left after removing one, after the request, then pays', async () => {
    fetchSpy
      .mockResolvedValueOnce(jsonResponse(201, created))
      .mockResolvedValueOnce(jsonResponse(201, evidenceList));
    const user = userEvent.setup();
    render(<RequestScreen />);
    await fillValidForm(user);
    const picker = screen.getByLabelText('Screenshots of the ban message');
    await user.upload(picker, [png('ban.png'), png('wrong-one.png')]);
    await user.click(screen.getByRole('button', { name: 'Remove wrong-one.png' }));

    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/requests',
      `/api/requests/${created.id}/evidence`,
    ]);
    const init = uploadCall()?.[1];
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer id-token-of-guest-1');
    const sent = init?.body;
    expect(sent).toBeInstanceOf(FormData);
    const files = (sent as FormData).getAll('files') as File[];
    expect(files.map((file) => file.name)).toEqual(['ban.png']);
  });

  it('sends no upload when no screenshot is chosen', async () => {
    fetchSpy.mockResolvedValueOnce(jsonResponse(201, created));
    const user = userEvent.setup();
    render(<RequestScreen />);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(uploadCall()).toBeUndefined();
  });

  it("stays on the form with the server's reason when it refuses a screenshot", async () => {
    const reason =
      'Attach screenshots as PNG, JPEG, WebP or HEIC images. This file is not one of them, whatever its name says.';
    fetchSpy
      .mockResolvedValueOnce(jsonResponse(201, created))
      .mockResolvedValueOnce(
        jsonResponse(415, { error: { code: 'EVIDENCE_TYPE_NOT_ALLOWED', message: reason } }),
      );
    const user = userEvent.setup();
    render(<RequestScreen />);
    await fillValidForm(user);
    await user.upload(screen.getByLabelText('Screenshots of the ban message'), [png('fake.png')]);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent).join(' ')).toContain(
      'Your request is saved, but the screenshots were not added',
    );
    const picker = screen.getByLabelText('Screenshots of the ban message');
    expect(picker).toHaveAccessibleDescription(expect.stringContaining(reason));
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();

    // Without the file, the same request goes on to the checkout.
    fetchSpy.mockResolvedValueOnce(jsonResponse(201, created));
    await user.click(screen.getByRole('button', { name: 'Remove fake.png' }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    const list = within(document.body).queryByRole('list', { name: 'Chosen screenshots' });
    expect(list).not.toBeInTheDocument();
  });
});
