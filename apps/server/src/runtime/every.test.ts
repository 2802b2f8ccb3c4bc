import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { every } from './every';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A run that lasts until the test says so. */
function controllableWork() {
  const finishers: (() => void)[] = [];
  const work = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        finishers.push(resolve);
      }),
  );
  return { work, finishNext: () => finishers.shift()?.() };
}

describe('every', () => {
  it('runs the work on each tick, never two runs at once', async () => {
    const { work, finishNext } = controllableWork();
    const stop = every(1000, work, () => {});

    await vi.advanceTimersByTimeAsync(1000);
    expect(work).toHaveBeenCalledTimes(1);
    // Still running at the next two ticks: nothing new starts.
    await vi.advanceTimersByTimeAsync(2000);
    expect(work).toHaveBeenCalledTimes(1);

    finishNext();
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).toHaveBeenCalledTimes(2);
    finishNext();
    await stop();
  });

  it('reports a failed run and tries again at the next tick', async () => {
    const failure = new Error('database down');
    const work = vi.fn<() => Promise<void>>().mockRejectedValueOnce(failure).mockResolvedValue();
    const onError = vi.fn();
    const stop = every(1000, work, onError);

    await vi.advanceTimersByTimeAsync(2000);
    expect(onError).toHaveBeenCalledWith(failure);
    expect(work).toHaveBeenCalledTimes(2);
    await stop();
  });

  it('stops ticking, and stopping waits for the run in progress', async () => {
    const { work, finishNext } = controllableWork();
    const stop = every(1000, work, () => {});
    await vi.advanceTimersByTimeAsync(1000);

    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finishNext();
    await stopping;
    expect(stopped).toBe(true);

    await vi.advanceTimersByTimeAsync(5000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs nothing when turned off with an interval of 0', async () => {
    const work = vi.fn(async () => {});
    const stop = every(0, work, () => {});
    await vi.advanceTimersByTimeAsync(60_000);
    expect(work).not.toHaveBeenCalled();
    await stop();
  });
});
