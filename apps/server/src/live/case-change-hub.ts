import type { CaseChangeEvent } from '@unban/contract/live';
import { liveEventNames } from '@unban/contract/live-events';
import type { CaseChangeNotice } from '../db/case-change-notice';
import { AppError } from '../errors';
import type { StreamScope } from './stream-tickets';

/** One open stream, as the hub sees it. */
export interface LiveSubscriber {
  /** Writes one event; must not throw (a closed connection drops it). */
  send(event: string, data: object): void;
  /** Ends the stream from the server's side (shutdown). */
  close(): void;
}

export interface CaseChangeHubOptions {
  /** Streams one owner, or one order, may hold open on this instance (tabs, devices). */
  perScopeLimit: number;
  /** Streams this instance holds open at most; past it a new one is refused with 503. */
  totalLimit: number;
}

export interface CaseChangeHub {
  /**
   * Adds a stream for the scope; returns the function that removes it.
   * @throws AppError RATE_LIMITED past the scope's limit, SERVICE_UNAVAILABLE past the total
   */
  subscribe(scope: StreamScope, subscriber: LiveSubscriber): () => void;
  /** Sends a committed change to the streams that may see its case. */
  publish(notice: CaseChangeNotice): void;
  /** Sends one event to every open stream (heartbeats, "read again"). */
  broadcast(event: string, data: object): void;
  /** Ends every stream (the server is stopping). */
  closeAll(): void;
  /** Open streams on this instance. */
  readonly size: number;
}

function scopeKey(scope: StreamScope): string {
  return scope.kind === 'owner' ? `owner:${scope.uid}` : `order:${scope.requestId}`;
}

/**
 * The streams open on this instance, by whom they may tell about: a notice goes to its
 * case's owner and to the holders of its status link, nobody else. What is sent is the
 * contract's CaseChangeEvent: ids, states and the version; the owner's uid stays here.
 */
export function createCaseChangeHub(options: CaseChangeHubOptions): CaseChangeHub {
  const byScope = new Map<string, Set<LiveSubscriber>>();
  let size = 0;

  const sendTo = (key: string, event: string, data: object) => {
    const subscribers = byScope.get(key);
    if (!subscribers) return;
    for (const subscriber of subscribers) subscriber.send(event, data);
  };

  return {
    subscribe(scope, subscriber) {
      const key = scopeKey(scope);
      const subscribers = byScope.get(key) ?? new Set<LiveSubscriber>();
      if (subscribers.size >= options.perScopeLimit) {
        throw new AppError(
          'RATE_LIMITED',
          'Too many live views are open for this request. Close a tab and try again.',
        );
      }
      if (size >= options.totalLimit) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'Live updates are busy; the page checks by itself.',
        );
      }
      subscribers.add(subscriber);
      byScope.set(key, subscribers);
      size += 1;
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        subscribers.delete(subscriber);
        size -= 1;
        if (subscribers.size === 0 && byScope.get(key) === subscribers) byScope.delete(key);
      };
    },
    publish(notice) {
      const event: CaseChangeEvent = {
        requestId: notice.requestId,
        caseState: notice.caseState,
        paymentState: notice.paymentState,
        version: notice.version,
      };
      sendTo(`owner:${notice.ownerUid}`, liveEventNames.caseChange, event);
      sendTo(`order:${notice.requestId}`, liveEventNames.caseChange, event);
    },
    broadcast(event, data) {
      for (const subscribers of byScope.values()) {
        for (const subscriber of subscribers) subscriber.send(event, data);
      }
    },
    closeAll() {
      for (const subscribers of [...byScope.values()]) {
        for (const subscriber of [...subscribers]) subscriber.close();
      }
    },
    get size() {
      return size;
    },
  };
}
