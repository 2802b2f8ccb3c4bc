import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaseChangeEvent } from '@unban/contract/live';
import { SILENCE_LIMIT_MS, openLiveStream, parseCaseChange, reopenDelay } from './live-stream';
import { FakeEventSource } from './test-fake-event-source';

const change: CaseChangeEvent = {
  requestId: '0190d3c4-6a7b-7c8d-9e0f-123456789abc',
  caseState: 'needs_info',
  paymentState: 'paid',
  version: 7,
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function start() {
  let tickets = 0;
  const calls = {
    changes: [] as CaseChangeEvent[],
    resyncs: 0,
    statuses: [] as boolean[],
    tickets: () => tickets,
  };
  const stop = openLiveStream({
    ticket: async () => `ticket-${(tickets += 1)}`,
    onChange: (event) => calls.changes.push(event),
    onResync: () => (calls.resyncs += 1),
    onStatus: (live) => calls.statuses.push(live),
  });
  return { calls, stop };
}

describe('openLiveStream', () => {
  it('opens the stream with a fresh ticket and hands over changes and resyncs', async () => {
    const { calls, stop } = start();
    await vi.advanceTimersByTimeAsync(0);
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/api/live/events?ticket=ticket-1');
    source.open();
    source.emit('resync', {});
    source.emit('case-change', change);
    source.emit('case-change', { requestId: 42 });
    expect(calls.statuses).toEqual([true]);
    expect(calls.resyncs).toBe(1);
    expect(calls.changes).toEqual([change]);
    stop();
    expect(source.closed).toBe(true);
  });

  it('goes down when the stream is cut and reopens with a new ticket after a pause', async () => {
    const { calls, stop } = start();
    await vi.advanceTimersByTimeAsync(0);
    FakeEventSource.latest().open();
    FakeEventSource.latest().fail();
    expect(calls.statuses).toEqual([true, false]);
    expect(FakeEventSource.instances[0]?.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(reopenDelay(1));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.latest().url).toBe('/api/live/events?ticket=ticket-2');
    FakeEventSource.latest().open();
    expect(calls.statuses).toEqual([true, false, true]);
    stop();
  });

  it('declares a silent stream dead after two missed heartbeats', async () => {
    const { calls, stop } = start();
    await vi.advanceTimersByTimeAsync(0);
    const source = FakeEventSource.latest();
    source.open();
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS - 1_000);
    source.emit('heartbeat', {});
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS - 1_000);
    expect(calls.statuses).toEqual([true]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.statuses).toEqual([true, false]);
    expect(source.closed).toBe(true);
    stop();
  });

  it('keeps trying, further apart, when no ticket can be had', async () => {
    let asked = 0;
    const stop = openLiveStream({
      ticket: async () => {
        asked += 1;
        throw new Error('offline');
      },
      onChange: () => {},
      onResync: () => {},
      onStatus: () => {},
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toBe(1);
    await vi.advanceTimersByTimeAsync(reopenDelay(1));
    expect(asked).toBe(2);
    await vi.advanceTimersByTimeAsync(reopenDelay(2) - 1);
    expect(asked).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toBe(3);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toBe(3);
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('does nothing in a browser without EventSource', () => {
    vi.stubGlobal('EventSource', undefined);
    const onStatus = vi.fn();
    const stop = openLiveStream({
      ticket: async () => 'ticket',
      onChange: () => {},
      onResync: () => {},
      onStatus,
    });
    stop();
    expect(onStatus).not.toHaveBeenCalled();
  });
});

describe('parseCaseChange', () => {
  it('reads a change and refuses anything else', () => {
    expect(parseCaseChange(JSON.stringify(change))).toEqual(change);
    expect(parseCaseChange('not json')).toBeNull();
    expect(parseCaseChange(JSON.stringify({ ...change, version: '7' }))).toBeNull();
    expect(parseCaseChange(undefined)).toBeNull();
  });
});
