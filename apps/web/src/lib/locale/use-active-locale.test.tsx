import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useActiveLocale } from './use-active-locale';

describe('useActiveLocale', () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
  });

  it("is the page's language, and follows it when the switcher changes it", async () => {
    document.documentElement.lang = 'hi';
    const { result } = renderHook(() => useActiveLocale());
    expect(result.current).toBe('hi');
    act(() => {
      document.documentElement.lang = 'ar';
    });
    await waitFor(() => expect(result.current).toBe('ar'));
  });

  it('is English for a language the site is not shipped in', () => {
    document.documentElement.lang = 'fr';
    const { result } = renderHook(() => useActiveLocale());
    expect(result.current).toBe('en');
  });
});
