import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isLoading } from '../loading/loading-store';
import { useCheckoutRedirect } from './use-checkout-redirect';

const CHECKOUT_URL = 'https://checkout.example.test/pay/cs_test_1';
const assign = vi.fn<(url: string) => void>();
const realLocation = window.location;

function returnFromCheckout() {
  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
}

beforeEach(() => {
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { href: realLocation.href, assign },
  });
});

afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
  returnFromCheckout();
  assign.mockReset();
});

describe('useCheckoutRedirect', () => {
  it('leaves for the checkout with the flag on, and undoes it when the page comes back', async () => {
    const { result } = renderHook(() => useCheckoutRedirect());
    await act(() => result.current.leaveForCheckout(() => Promise.resolve(CHECKOUT_URL)));

    expect(assign).toHaveBeenCalledWith(CHECKOUT_URL);
    expect(result.current.status).toBe('leaving');
    expect(isLoading()).toBe(true);

    act(returnFromCheckout);
    expect(result.current.status).toBe('idle');
    expect(isLoading()).toBe(false);
  });

  it('ignores a second start while one is under way', async () => {
    const { result } = renderHook(() => useCheckoutRedirect());
    let answer: (url: string) => void = () => {};
    const start = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.leaveForCheckout(start);
    });
    await act(() => result.current.leaveForCheckout(start));
    answer(CHECKOUT_URL);
    await act(() => first);
    expect(start).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('turns the flag off and rethrows when the checkout cannot be started', async () => {
    const { result } = renderHook(() => useCheckoutRedirect());
    const failure = new Error('refused');
    await act(() =>
      expect(result.current.leaveForCheckout(() => Promise.reject(failure))).rejects.toBe(failure),
    );
    expect(result.current.status).toBe('idle');
    expect(isLoading()).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it('keeps the flag on through an unmount while leaving, until the page comes back', async () => {
    const { result, unmount } = renderHook(() => useCheckoutRedirect());
    await act(() => result.current.leaveForCheckout(() => Promise.resolve(CHECKOUT_URL)));
    unmount();
    expect(isLoading()).toBe(true);
    returnFromCheckout();
    expect(isLoading()).toBe(false);
  });

  it('turns the flag off when unmounted before the checkout address arrived', () => {
    const { result, unmount } = renderHook(() => useCheckoutRedirect());
    act(() => {
      void result.current.leaveForCheckout(() => new Promise<string>(() => {}));
    });
    expect(isLoading()).toBe(true);
    unmount();
    expect(isLoading()).toBe(false);
  });
});
