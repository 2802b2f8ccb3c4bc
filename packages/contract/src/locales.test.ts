import { describe, expect, it } from 'vitest';
import {
  defaultLocale,
  isSupportedLocale,
  localeBasePath,
  localeDirection,
  localeOfPathSegment,
  supportedLocales,
} from './locales';

describe('supported locales', () => {
  it('puts English at the root and every other language under its lower-case tag', () => {
    expect(supportedLocales.map(localeBasePath)).toEqual([
      '/',
      '/es/',
      '/pt-br/',
      '/hi/',
      '/id/',
      '/ar/',
    ]);
  });

  it('reads a path segment back to its tag, whatever its case, and nothing else', () => {
    expect(localeOfPathSegment('pt-br')).toBe('pt-BR');
    expect(localeOfPathSegment('PT-BR')).toBe('pt-BR');
    expect(localeOfPathSegment('ar')).toBe('ar');
    // The default has no segment of its own: `/en/` is not a second home page.
    expect(localeOfPathSegment('en')).toBeUndefined();
    expect(localeOfPathSegment('pt')).toBeUndefined();
    expect(localeOfPathSegment('assets')).toBeUndefined();
  });

  it('writes only Arabic right to left', () => {
    expect(supportedLocales.filter((locale) => localeDirection(locale) === 'rtl')).toEqual(['ar']);
    expect(localeDirection(defaultLocale)).toBe('ltr');
  });

  it('accepts only the shipped tags', () => {
    expect(isSupportedLocale('es')).toBe(true);
    expect(isSupportedLocale('pt-br')).toBe(false);
    expect(isSupportedLocale('fr')).toBe(false);
    expect(isSupportedLocale(undefined)).toBe(false);
  });
});
