import { StrictMode } from 'react';
import { fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from '@unban/contract/client-config';
import { defaultClientConfig } from '@unban/contract/client-config';
import type * as LiveChatLoaderModule from './live-chat-loader';
import type * as LiveChatStatusModule from '../../lib/live-chat/live-chat-status';

const withChat: ClientConfig = {
  ...defaultClientConfig,
  chat: { host: 'https://embed.tawk.to', siteId: 'site-1', widgetId: 'widget-1' },
};
const embedSelector = 'script[src="https://embed.tawk.to/site-1/widget-1"]';

// The chat starts once per page: every test gets fresh modules, as a fresh page would.
let LiveChatLoader: typeof LiveChatLoaderModule.LiveChatLoader;
let getLiveChatStatus: typeof LiveChatStatusModule.getLiveChatStatus;
let info: ReturnType<typeof vi.spyOn>;
let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  vi.resetModules();
  ({ LiveChatLoader } = await import('./live-chat-loader'));
  ({ getLiveChatStatus } = await import('../../lib/live-chat/live-chat-status'));
  info = vi.spyOn(console, 'info').mockImplementation(() => {});
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  error = vi.spyOn(console, 'error');
});

afterEach(() => {
  vi.restoreAllMocks();
  document.head.replaceChildren();
});

/** The page's configuration block, as the server writes it. */
function configurePage(config: ClientConfig) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'client-config';
  block.textContent = JSON.stringify(config);
  document.head.append(block);
}

async function embedScript(): Promise<HTMLScriptElement> {
  return waitFor(() => {
    const script = document.head.querySelector<HTMLScriptElement>(embedSelector);
    if (!script) throw new Error('embed script not added yet');
    return script;
  });
}

describe('LiveChatLoader', () => {
  it('adds the embed script once, after the first paint, and logs when it has loaded', async () => {
    configurePage(withChat);
    render(
      <StrictMode>
        <LiveChatLoader />
        <LiveChatLoader />
      </StrictMode>,
    );
    // Not during the render: only once the browser is idle.
    expect(document.head.querySelector(embedSelector)).toBeNull();

    const script = await embedScript();
    fireEvent.load(script);

    await waitFor(() => expect(info).toHaveBeenCalledWith('Live chat loaded'));
    expect(document.head.querySelectorAll(embedSelector)).toHaveLength(1);
    expect(info).toHaveBeenCalledTimes(1);
    expect(getLiveChatStatus()).toBe('loaded');
  });

  it('loads nothing when chat is not configured', async () => {
    configurePage(defaultClientConfig);
    const configRead = vi.spyOn(document, 'getElementById');
    render(<LiveChatLoader />);

    // Wait until the loader has looked at the configuration, then give it time to misbehave.
    await waitFor(() => expect(configRead).toHaveBeenCalledWith('client-config'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.head.querySelectorAll('script:not(#client-config)')).toHaveLength(0);
    expect(getLiveChatStatus()).toBe('not-loaded');
    expect(info).not.toHaveBeenCalled();
  });

  it('warns (never errors or throws) when the script fails, and marks the chat failed', async () => {
    configurePage(withChat);
    render(<LiveChatLoader />);
    fireEvent.error(await embedScript());

    await waitFor(() => expect(getLiveChatStatus()).toBe('failed'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Live chat'), expect.any(Error));
    expect(info).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
