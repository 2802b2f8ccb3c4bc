import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateRequestBodyInput } from '@unban/contract/requests';
import { ensureUser, getIdToken } from '../../../lib/auth/auth';
import { isLoading } from '../../../lib/loading/loading-store';
import { useCreateRequest } from './create-request';

// The hosted auth provider is the edge here: the flow only needs "a user exists" and a token.
vi.mock('../../../lib/auth/auth', () => ({
  ensureUser: vi.fn(),
  getIdToken: vi.fn(),
}));

const SITE = 'https://unban.example.test';
const body: CreateRequestBodyInput = {
  messagingApp: 'whatsapp',
  phone: '+4915123456789',
  accountType: 'personal',
  device: 'android',
  banMessage: 'This account is not allowed to use WhatsApp due to spam',
  bannedAt: 'this_week',
  usage: 'Family and friends',
  contactEmail: 'guest@example.test',
  plan: 'standard',
  ownsNumber: true,
  acceptsTerms: true,
};

const assign = vi.fn<(url: string) => void>();
const realLocation = window.location;

function answerWith(checkoutUrl: string) {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(
      JSON.stringify({
        id: '0190d3c4-6a7b-7c8d-9e0f-123456789abc',
        reference: 'UB-7K3Q9XQ2',
        statusToken: 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6',
        checkoutUrl,
      }),
      { status: 201, headers: { 'Content-Type': 'application/json' } },
    ),
  );
}

beforeEach(() => {
  vi.mocked(ensureUser).mockResolvedValue({
    uid: 'guest-1',
    email: null,
    isAnonymous: true,
    displayName: null,
  });
  vi.mocked(getIdToken).mockResolvedValue('id-token-of-guest-1');
  // jsdom cannot navigate; where the page goes is observed through `assign`.
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { href: `${SITE}/#/request`, assign },
  });
});

afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
  // Ends a flag left on for a page change, as a return through the back/forward cache would.
  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  vi.restoreAllMocks();
  assign.mockReset();
});

describe('useCreateRequest', () => {
  it('keeps the loading flag on while the browser leaves for the checkout', async () => {
    const checkoutUrl = `${SITE}/sandbox/checkout/sbx_1?s=signed`;
    answerWith(checkoutUrl);
    const { result } = renderHook(() => useCreateRequest());
    await act(() => result.current.submitAndPay(body));
    expect(assign).toHaveBeenCalledWith(checkoutUrl);
    expect(isLoading()).toBe(true);
    expect(result.current.status).toBe('leaving');
  });

  it("ends the flag when the answer is this app's status screen (the order is already paid)", async () => {
    const statusUrl = `${SITE}/#/payment-status?order=UB-7K3Q9XQ2&token=t`;
    answerWith(statusUrl);
    const { result } = renderHook(() => useCreateRequest());
    await act(() => result.current.submitAndPay(body));
    expect(assign).toHaveBeenCalledWith(statusUrl);
    expect(isLoading()).toBe(false);
    expect(result.current.status).toBe('idle');
  });
});
