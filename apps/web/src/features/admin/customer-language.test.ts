import { describe, expect, it } from 'vitest';
import { customerLanguageLabel } from './customer-language';

describe('customerLanguageLabel', () => {
  it('names the language in itself, with its tag', () => {
    expect(customerLanguageLabel('es')).toBe('Español (es)');
    expect(customerLanguageLabel('pt-BR')).toBe('Português (Brasil) (pt-BR)');
    expect(customerLanguageLabel('ar')).toBe('العربية (ar)');
    expect(customerLanguageLabel('en')).toBe('English (en)');
  });
});
