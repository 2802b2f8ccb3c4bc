import { useSyncExternalStore } from 'react';

/**
 * Where the live-chat widget stands, for the parts of the page that point visitors to it
 * (the footer offers the support e-mail instead when the widget failed). Kept apart from
 * live-chat.ts so that reading it does not pull the loader into the first bundle.
 */
export type LiveChatStatus = 'not-loaded' | 'loaded' | 'failed';

let status: LiveChatStatus = 'not-loaded';
const listeners = new Set<() => void>();

export function getLiveChatStatus(): LiveChatStatus {
  return status;
}

export function setLiveChatStatus(next: LiveChatStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useLiveChatStatus(): LiveChatStatus {
  return useSyncExternalStore(subscribe, getLiveChatStatus, () => 'not-loaded');
}
