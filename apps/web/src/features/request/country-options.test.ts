import { describe, expect, it } from 'vitest';
import { countryOptions, defaultCountry } from './country-options';

describe('countryOptions', () => {
  it('names each country in English with its calling code, sorted by name', () => {
    const options = countryOptions();
    expect(options).toContainEqual({ country: 'DE', label: 'Germany (+49)' });
    expect(options).toContainEqual({ country: 'US', label: 'United States (+1)' });
    const labels = options.map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en-US')));
  });
});

describe('defaultCountry', () => {
  it("takes the region of the browser's first language that has one", () => {
    expect(defaultCountry(['pt-BR', 'en-US'])).toBe('BR');
    expect(defaultCountry(['en-GB'])).toBe('GB');
  });

  it('infers the likely region of a bare language', () => {
    expect(defaultCountry(['de'])).toBe('DE');
  });

  it('falls back to the US when nothing usable is given', () => {
    expect(defaultCountry([])).toBe('US');
    expect(defaultCountry(['not a language tag'])).toBe('US');
    // 001 is "world": a region, but no country with a calling code.
    expect(defaultCountry(['en-001'])).toBe('US');
  });
});
