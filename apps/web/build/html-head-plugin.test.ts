// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { defaultClientConfig } from '@unban/contract/client-config';
import type { ClientConfig } from '@unban/contract/client-config';
import { fetchDevClientConfig } from './html-head-plugin';

const live: ClientConfig = {
  ...defaultClientConfig,
  chat: { host: 'https://embed.tawk.to', siteId: 's', widgetId: 'w' },
  analyticsConsentRequired: false,
};

describe('fetchDevClientConfig', () => {
  it('uses the running API server configuration', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => Response.json(live));
    const warn = vi.fn();

    await expect(fetchDevClientConfig('http://127.0.0.1:8080/', warn, fetchImpl)).resolves.toEqual(
      live,
    );
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('http://127.0.0.1:8080/api/client-config');
    expect(warn).not.toHaveBeenCalled();
  });

  it('falls back to the default, with a warning, when the server is down or answers nonsense', async () => {
    const warn = vi.fn();
    const down = vi.fn<typeof fetch>(async () => {
      throw new TypeError('fetch failed');
    });
    const nonsense = vi.fn<typeof fetch>(async () => Response.json({ chat: 'yes' }));
    const failing = vi.fn<typeof fetch>(async () => new Response('nope', { status: 500 }));

    for (const fetchImpl of [down, nonsense, failing]) {
      await expect(fetchDevClientConfig('http://127.0.0.1:8080', warn, fetchImpl)).resolves.toEqual(
        defaultClientConfig,
      );
    }
    expect(warn).toHaveBeenCalledTimes(3);
  });
});
