import type { ChatConfig } from '@unban/contract/client-config';
import { chatEmbedUrl } from '@unban/contract/client-config';
import { getClientConfig } from '../../config/client-config';
import { loadScript } from '../browser/external-loader';
import { setLiveChatStatus } from './live-chat-status';

/** Written to the browser console once the widget's script has loaded (SPEC section 1). */
export const LIVE_CHAT_LOADED_MESSAGE = 'Live chat loaded';

declare global {
  interface Window {
    Tawk_API?: Record<string, unknown>;
    Tawk_LoadStart?: Date;
  }
}

let started: Promise<void> | undefined;

/**
 * Adds the provider's embed script from `{host}/{siteId}/{widgetId}`, once per page however
 * often it is called; without a chat configuration it loads nothing. It never rejects: a chat
 * that fails to load is logged as a warning (an error would be a page fault, and the page
 * keeps working) and the status turns to 'failed' so the page points to the support e-mail.
 */
export function startLiveChat(chat: ChatConfig | null = getClientConfig().chat): Promise<void> {
  if (!chat) return Promise.resolve();
  started ??= load(chat);
  return started;
}

async function load(chat: ChatConfig): Promise<void> {
  // The tawk.to snippet defines these before adding its script; other providers ignore them.
  window.Tawk_API ??= {};
  window.Tawk_LoadStart ??= new Date();
  try {
    await loadScript(chatEmbedUrl(chat));
    setLiveChatStatus('loaded');
    console.info(LIVE_CHAT_LOADED_MESSAGE);
    const { passChatIdentity } = await import('./live-chat-identity');
    void passChatIdentity();
  } catch (error) {
    setLiveChatStatus('failed');
    console.warn(
      'Live chat could not be loaded; visitors are pointed to the support e-mail.',
      error,
    );
  }
}
