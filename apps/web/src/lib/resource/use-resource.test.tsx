import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResourceOptions } from './use-resource';
import { backoffDelay, useResource } from './use-resource';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
});

async function elapse(ms = 0) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/** A load whose answers the test hands out one by one, seeing every signal it was given. */
function controlledLoad() {
  const pending: { resolve: (value: number) => void; signal: AbortSignal }[] = [];
  const load = vi.fn(
    (signal: AbortSignal) =>
      new Promise<number>((resolve) => {
        pending.push({ resolve, signal });
      }),
  );
  return { load, pending };
}

/** A polled resource, as the payment-status screen and the case page use it. */
function options(overrides: Partial<ResourceOptions<number>>): ResourceOptions<number> {
  return {
    key: 'k',
    load: () => Promise.resolve(1),
    nextDelay: () => 1_000,
    retryDelay: () => 1_000,
    keepDataOnError: true,
    ...overrides,
  };
}

describe('backoffDelay', () => {
  it('doubles from 2 s and stops growing at the maximum', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((failures) => backoffDelay(failures))).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});

describe('useResource (polled)', () => {
  it('never starts a load while the previous one is still under way', async () => {
    const { load, pending } = controlledLoad();
    renderHook(() => useResource(options({ load })));
    await elapse(60_000);
    expect(load).toHaveBeenCalledTimes(1);

    await act(async () => pending[0]?.resolve(1));
    await elapse(999);
    expect(load).toHaveBeenCalledTimes(1);
    await elapse(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('aborts the load under way when the component unmounts, and loads nothing after', async () => {
    const { load, pending } = controlledLoad();
    const { unmount } = renderHook(() => useResource(options({ load })));
    await elapse();
    unmount();
    expect(pending[0]?.signal.aborted).toBe(true);
    await elapse(60_000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('schedules nothing while the page is hidden, even for a load that ends then', async () => {
    let visibility: DocumentVisibilityState = 'visible';
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => visibility,
    });
    const setVisibility = (state: DocumentVisibilityState) => {
      visibility = state;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    try {
      const { load, pending } = controlledLoad();
      renderHook(() => useResource(options({ load })));
      await elapse();
      setVisibility('hidden');
      await act(async () => pending[0]?.resolve(1));
      await elapse(60_000);
      expect(load).toHaveBeenCalledTimes(1);

      setVisibility('visible');
      await elapse();
      expect(load).toHaveBeenCalledTimes(2);
      // Shown while a load is under way: no second one on top of it.
      setVisibility('hidden');
      setVisibility('visible');
      await elapse();
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      setVisibility('visible');
    }
  });

  it('drops the old answer and starts over when the key changes', async () => {
    let answer = 1;
    const load = vi.fn(() => Promise.resolve(answer));
    const { result, rerender } = renderHook(
      ({ key }: { key: string | null }) =>
        useResource(options({ key, load, nextDelay: () => null })),
      { initialProps: { key: 'a' as string | null } },
    );
    await elapse();
    expect(result.current.data).toBe(1);

    answer = 2;
    rerender({ key: 'b' });
    expect(result.current.data).toBeUndefined();
    await elapse();
    expect(result.current.data).toBe(2);

    rerender({ key: null });
    expect(result.current.data).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("offers the previous key's answer as previousData until the new key's first answer", async () => {
    const { load, pending } = controlledLoad();
    const { result, rerender } = renderHook(
      ({ key }: { key: string | null }) =>
        useResource(options({ key, load, nextDelay: () => null })),
      { initialProps: { key: 'a' as string | null } },
    );
    expect(result.current.previousData).toBeUndefined();
    await act(async () => pending[0]?.resolve(1));
    expect(result.current).toMatchObject({ data: 1, previousData: undefined });

    rerender({ key: 'b' });
    expect(result.current).toMatchObject({ data: undefined, previousData: 1 });
    await act(async () => pending[1]?.resolve(2));
    expect(result.current).toMatchObject({ data: 2, previousData: undefined });

    rerender({ key: null });
    expect(result.current).toMatchObject({ data: undefined, previousData: undefined });
  });

  it('keeps the last answer when a later load fails, and asks again after the retry delay', async () => {
    const load = vi
      .fn<(signal: AbortSignal) => Promise<number>>()
      .mockResolvedValueOnce(7)
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(8);
    const retryDelay = vi.fn((_error: unknown, failures: number) => failures * 5_000);
    const { result } = renderHook(() => useResource(options({ load, retryDelay })));
    await elapse();
    await elapse(1_000);
    expect(result.current.data).toBe(7);
    expect(result.current.error).toEqual(new Error('offline'));
    expect(retryDelay).toHaveBeenCalledWith(new Error('offline'), 1);

    await elapse(4_999);
    expect(load).toHaveBeenCalledTimes(2);
    await elapse(1);
    expect(result.current.data).toBe(8);
    expect(result.current.error).toBeUndefined();
  });

  it('refresh loads at once, resumes a stopped poll, and settles when the answer is in', async () => {
    let answer = 1;
    const load = vi.fn(() => Promise.resolve(answer));
    const { result } = renderHook(() => useResource(options({ load, nextDelay: () => null })));
    await elapse(60_000);
    expect(load).toHaveBeenCalledTimes(1);

    answer = 2;
    await act(() => result.current.refresh());
    expect(result.current.data).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('useResource (loaded once)', () => {
  it('loads once, and a failed reload shows the failure instead of the old answer', async () => {
    const load = vi
      .fn<(signal: AbortSignal) => Promise<number>>()
      .mockResolvedValueOnce(7)
      .mockRejectedValueOnce(new Error('offline'));
    const { result } = renderHook(() => useResource({ key: 'k', load }));
    await elapse(60_000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current.data).toBe(7);

    await act(() => result.current.refresh());
    await elapse(60_000);
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.current.data).toBeUndefined();
    expect(result.current.error).toEqual(new Error('offline'));
  });

  it('replace shows a newer answer for the current key only', async () => {
    const { result, rerender } = renderHook(
      ({ key }: { key: string }) => useResource({ key, load: () => Promise.resolve(1) }),
      { initialProps: { key: 'a' } },
    );
    await elapse();
    act(() => result.current.replace(2));
    expect(result.current.data).toBe(2);

    const replaceForA = result.current.replace;
    rerender({ key: 'b' });
    await elapse();
    act(() => replaceForA(3));
    expect(result.current.data).toBe(1);
  });
});
