import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ARRIVAL_POINTER_DELAY_MS, useJustArrived } from './use-just-arrived';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useJustArrived', () => {
  it('is true from mount until the delay has passed, then false', () => {
    const { result } = renderHook(() => useJustArrived());
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(ARRIVAL_POINTER_DELAY_MS - 1));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('leaves no timer behind when the panel goes before the delay', () => {
    const { unmount } = renderHook(() => useJustArrived());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
