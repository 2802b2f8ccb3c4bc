import { afterEach, describe, expect, it } from 'vitest';
import { documentLocale } from './document-locale';

describe('documentLocale', () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
  });

  it('reads a shipped locale from <html lang>', () => {
    document.documentElement.lang = 'pt-BR';
    expect(documentLocale()).toBe('pt-BR');
    document.documentElement.lang = 'ar';
    expect(documentLocale()).toBe('ar');
  });

  it('falls back to English for a missing or unknown language', () => {
    document.documentElement.lang = '';
    expect(documentLocale()).toBe('en');
    document.documentElement.lang = 'fr';
    expect(documentLocale()).toBe('en');
    // Tags are case-sensitive in the contract: a rewritten tag is not trusted.
    document.documentElement.lang = 'pt-br';
    expect(documentLocale()).toBe('en');
  });
});
