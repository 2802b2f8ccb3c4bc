import type { ClientConfig } from '@unban/contract/client-config';
import {
  removeClientConfig,
  testFirebaseConfig,
  writeClientConfig,
} from '../../test/client-config-page';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Stands in for the facade, which would download the Firebase SDK: these tests are about
// *whether* the header makes it load, not about Firebase itself.
const facade = vi.hoisted(() => ({ startAuth: vi.fn(async () => {}) }));
vi.mock('./auth', () => facade);

const firebase = testFirebaseConfig;

async function openPage(config: Partial<ClientConfig>) {
  writeClientConfig(config);
  vi.resetModules();
  const state = await import('./auth-state');
  function Probe() {
    const auth = state.useAuthUser();
    return <p>{auth.status === 'signed-in' ? `in:${auth.user.uid}` : auth.status}</p>;
  }
  render(<Probe />);
  return state;
}

const jane = { uid: 'uid-jane', email: 'jane@example.com', isAnonymous: false, displayName: null };

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  removeClientConfig();
});

describe('useAuthUser', () => {
  it('is signed-out at once, without loading Firebase, when no session is stored', async () => {
    await openPage({ firebase });
    expect(screen.getByText('signed-out')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(facade.startAuth).not.toHaveBeenCalled();
  });

  it('is signed-out without Firebase configured, even with a stored session', async () => {
    localStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{}');
    await openPage({ firebase: null });
    expect(screen.getByText('signed-out')).toBeInTheDocument();
    expect(facade.startAuth).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a stored session',
      () => localStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{}'),
    ],
    [
      'a pending redirect',
      () => sessionStorage.setItem('firebase:pendingRedirect:demo-api-key:[DEFAULT]', '"true"'),
    ],
  ])('with %s: loading, starts Firebase once, then shows the user', async (_case, arrange) => {
    arrange();
    const state = await openPage({ firebase });
    expect(screen.getByText('loading')).toBeInTheDocument();
    await vi.waitFor(() => expect(facade.startAuth).toHaveBeenCalledTimes(1));

    act(() => state.setAuthSnapshot({ status: 'signed-in', user: jane }));
    expect(screen.getByText('in:uid-jane')).toBeInTheDocument();
  });
});

describe('onAuthChange', () => {
  it('reports sign-in and sign-out once each, not token refreshes', async () => {
    const state = await openPage({ firebase });
    const seen: (string | null)[] = [];
    const stop = state.onAuthChange((user) => seen.push(user?.uid ?? null));

    act(() => state.setAuthSnapshot({ status: 'signed-in', user: jane }));
    act(() =>
      state.setAuthSnapshot({ status: 'signed-in', user: { ...jane, displayName: 'Jane' } }),
    );
    act(() => state.setAuthSnapshot({ status: 'signed-out', user: null }));
    stop();
    act(() => state.setAuthSnapshot({ status: 'signed-in', user: jane }));

    expect(seen).toEqual([null, 'uid-jane', null]);
  });
});
