import type { CaseChangeEvent } from '@unban/contract/live';
import { liveEventNames } from '@unban/contract/live-events';

/*
 * The page's end of a live-update stream (docs/decisions/013-live-updates.md): an EventSource
 * opened with a fresh ticket, reopened by us (not by EventSource, whose ticket may have
 * expired) after a growing pause, and declared down when it errors or stays silent for
 * longer than two heartbeats. While it is down the page polls as before.
 */

export const LIVE_EVENTS_PATH = '/api/live/events';

/** The server sends a heartbeat every 15 s; two missed ones mean the connection is dead. */
export const SILENCE_LIMIT_MS = 40_000;

/** 1 s, 2 s, 4 s … 30 s: a server that is down is not hammered by every open page. */
export function reopenDelay(failures: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, failures - 1), 30_000);
}

export interface LiveStreamOptions {
  /** A fresh ticket for the stream (the feature's API); rejects when none can be had. */
  ticket: (signal: AbortSignal) => Promise<string>;
  /** A case the stream covers changed. */
  onChange: (event: CaseChangeEvent) => void;
  /** Read again: the stream (re)opened, or the server may have missed changes. */
  onResync: () => void;
  /** The stream came up (true) or went down (false). Starts down. */
  onStatus: (live: boolean) => void;
}

/** The event's data when it is a case change; null for anything else (never throws). */
export function parseCaseChange(data: unknown): CaseChangeEvent | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { requestId, caseState, paymentState, version } = value as Record<string, unknown>;
  if (
    typeof requestId !== 'string' ||
    typeof caseState !== 'string' ||
    typeof paymentState !== 'string' ||
    typeof version !== 'number'
  ) {
    return null;
  }
  // The states are the contract's; a newer server's new state is still a change to read.
  return { requestId, caseState, paymentState, version } as CaseChangeEvent;
}

/** Whether this browser can hold a stream at all; without it the page only polls. */
export function liveUpdatesSupported(): boolean {
  return typeof EventSource === 'function';
}

/**
 * Keeps a stream open until the returned function is called. Never throws: every failure
 * ends in "down" (the page polls) and a later attempt.
 */
export function openLiveStream(options: LiveStreamOptions): () => void {
  if (!liveUpdatesSupported()) return () => {};
  let stopped = false;
  let failures = 0;
  let live = false;
  let source: EventSource | null = null;
  let ticketRequest: AbortController | null = null;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;

  const setLive = (next: boolean) => {
    if (live === next) return;
    live = next;
    options.onStatus(next);
  };

  const drop = () => {
    clearTimeout(silenceTimer);
    source?.close();
    source = null;
    setLive(false);
    if (stopped) return;
    failures += 1;
    clearTimeout(reopenTimer);
    reopenTimer = setTimeout(() => void open(), reopenDelay(failures));
  };

  const heard = () => {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(drop, SILENCE_LIMIT_MS);
  };

  const open = async (): Promise<void> => {
    const request = new AbortController();
    ticketRequest = request;
    let ticket: string;
    try {
      ticket = await options.ticket(request.signal);
    } catch {
      if (!stopped && ticketRequest === request) drop();
      return;
    }
    if (stopped || ticketRequest !== request) return;
    ticketRequest = null;
    const next = new EventSource(`${LIVE_EVENTS_PATH}?ticket=${encodeURIComponent(ticket)}`);
    source = next;
    next.addEventListener('open', () => {
      if (source !== next) return;
      failures = 0;
      setLive(true);
      heard();
    });
    next.addEventListener(liveEventNames.heartbeat, () => {
      if (source === next) heard();
    });
    next.addEventListener(liveEventNames.resync, () => {
      if (source !== next) return;
      heard();
      options.onResync();
    });
    next.addEventListener(liveEventNames.caseChange, (event) => {
      if (source !== next) return;
      heard();
      const change = parseCaseChange((event as MessageEvent<unknown>).data);
      if (change) options.onChange(change);
    });
    // A cut connection, a refused ticket, a server restart: we reopen with a new ticket.
    next.addEventListener('error', () => {
      if (source === next) drop();
    });
  };

  void open();
  return () => {
    stopped = true;
    ticketRequest?.abort();
    ticketRequest = null;
    clearTimeout(reopenTimer);
    clearTimeout(silenceTimer);
    source?.close();
    source = null;
  };
}
