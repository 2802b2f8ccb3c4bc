import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyChatIdentity, passChatIdentity } from './live-chat-identity';

// The hosted sign-in provider's edge: a signed-in customer with an ID token.
vi.mock('../auth/auth-state', () => ({ mightHaveSession: vi.fn(() => true) }));
vi.mock('../auth/auth', () => ({ getIdToken: vi.fn(async () => 'customer-id-token') }));

const identity = {
  name: 'Case UB-7K3Q9XQ2',
  email: 'ana@example.com',
  reference: 'UB-7K3Q9XQ2',
  hash: 'abc123',
};

beforeEach(() => {
  window.Tawk_API = {};
});
afterEach(() => {
  vi.restoreAllMocks();
  delete window.Tawk_API;
});

describe('passChatIdentity', () => {
  it("fetches the signed-in customer's identity and gives it to the loaded widget", async () => {
    const setAttributes = vi.fn();
    window.Tawk_API = { setAttributes };
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify(identity), { status: 200 }));

    await passChatIdentity();

    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/chat/identity');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer customer-id-token');
    expect(setAttributes).toHaveBeenCalledWith(
      {
        name: 'Case UB-7K3Q9XQ2',
        email: 'ana@example.com',
        hash: 'abc123',
        reference: 'UB-7K3Q9XQ2',
      },
      expect.any(Function),
    );
  });

  it('warns and leaves the chat alone when the identity cannot be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));

    await expect(passChatIdentity()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });
});

describe('applyChatIdentity', () => {
  it("waits for the widget's onLoad when its API is not there yet", () => {
    applyChatIdentity(identity);
    const api = window.Tawk_API as { onLoad?: () => void; setAttributes?: unknown };
    const setAttributes = vi.fn();
    api.setAttributes = setAttributes;
    api.onLoad?.();
    expect(setAttributes).toHaveBeenCalledTimes(1);
  });
});
