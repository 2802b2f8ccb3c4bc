import { describe, expect, it } from 'vitest';
import { localePagePath, preferredLocale, shippedLocaleOf } from './locale-tags';

describe('preferredLocale (Accept-Language)', () => {
  it('picks the highest-quality shipped language, matching on the language when the region differs', () => {
    expect(preferredLocale('pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt-BR');
    expect(preferredLocale('pt-PT')).toBe('pt-BR');
    expect(preferredLocale('es-MX,es;q=0.9')).toBe('es');
    expect(preferredLocale('fr-FR,fr;q=0.9,ar;q=0.5,en;q=0.4')).toBe('ar');
    expect(preferredLocale('en;q=0.3,id;q=0.8')).toBe('id');
  });

  it('offers nothing for unknown languages, a refused one or no header', () => {
    expect(preferredLocale('fr-FR,de;q=0.8')).toBeUndefined();
    expect(preferredLocale('hi;q=0')).toBeUndefined();
    expect(preferredLocale('*')).toBeUndefined();
    expect(preferredLocale(undefined)).toBeUndefined();
    expect(preferredLocale('')).toBeUndefined();
  });

  it('reads a tag back whatever its case', () => {
    expect(shippedLocaleOf('PT-br')).toBe('pt-BR');
    expect(shippedLocaleOf('en-US')).toBeUndefined();
  });
});

describe('localePagePath', () => {
  it("puts a page under its locale, English at today's addresses", () => {
    expect(localePagePath('en', '/')).toBe('/');
    expect(localePagePath('en', '/terms')).toBe('/terms');
    expect(localePagePath('es', '/')).toBe('/es/');
    expect(localePagePath('pt-BR', '/ban-check')).toBe('/pt-br/ban-check');
  });
});
