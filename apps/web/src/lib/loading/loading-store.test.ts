import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as LoadingStore from './loading-store';

// A fresh store per test: the flag is module state, like it is in the page.
let store: typeof LoadingStore;
beforeEach(async () => {
  vi.resetModules();
  store = await import('./loading-store');
});

describe('loading store', () => {
  it('is false at start', () => {
    expect(store.isLoading()).toBe(false);
    const { result } = renderHook(() => store.useLoading());
    expect(result.current).toBe(false);
  });

  it('stays on until every piece of overlapping work has ended', () => {
    const endFirst = store.beginLoading();
    const endSecond = store.beginLoading();
    endFirst();
    expect(store.isLoading()).toBe(true);
    endSecond();
    expect(store.isLoading()).toBe(false);
  });

  it('ignores a second call of the same end', () => {
    const endFirst = store.beginLoading();
    const endSecond = store.beginLoading();
    endFirst();
    endFirst();
    expect(store.isLoading()).toBe(true);
    endSecond();
    expect(store.isLoading()).toBe(false);
  });

  it('re-renders subscribers when the flag flips', () => {
    const { result } = renderHook(() => store.useLoading());
    let end: () => void = () => {};
    act(() => {
      end = store.beginLoading();
    });
    expect(result.current).toBe(true);
    act(() => end());
    expect(result.current).toBe(false);
  });

  it('withLoading holds the flag while work runs, also when it fails', async () => {
    let finish: (value: string) => void = () => {};
    const running = store.withLoading(new Promise<string>((resolve) => (finish = resolve)));
    expect(store.isLoading()).toBe(true);
    finish('done');
    await expect(running).resolves.toBe('done');
    expect(store.isLoading()).toBe(false);

    const failing = store.withLoading(async () => {
      throw new Error('boom');
    });
    expect(store.isLoading()).toBe(true);
    await expect(failing).rejects.toThrow('boom');
    expect(store.isLoading()).toBe(false);
  });
});
