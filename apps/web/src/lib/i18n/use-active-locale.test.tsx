import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import english from '../../locales/en.json';
import { AppIntlProvider } from './intl-provider';
import { useActiveLocale } from './use-active-locale';

// English words are enough: the hook reads the locale, not the messages.
function inLocale(locale: 'hi' | 'pt-BR') {
  return ({ children }: { children: ReactNode }) => (
    <AppIntlProvider locale={locale} messages={english}>
      {children}
    </AppIntlProvider>
  );
}

describe('useActiveLocale', () => {
  it('is the locale the app speaks, even where the document says otherwise (prerendering)', () => {
    document.documentElement.lang = 'en';
    expect(renderHook(() => useActiveLocale(), { wrapper: inLocale('hi') }).result.current).toBe(
      'hi',
    );
    expect(renderHook(() => useActiveLocale(), { wrapper: inLocale('pt-BR') }).result.current).toBe(
      'pt-BR',
    );
  });
});
