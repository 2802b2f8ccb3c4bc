import examples from 'libphonenumber-js/examples.mobile.json';
import {
  getCountries,
  getExampleNumber,
  parsePhoneNumberWithError,
  ParseError,
  validatePhoneNumberLength,
} from 'libphonenumber-js/max';
import type { CountryCode } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import {
  countryCallingCodes,
  formatPhoneInternational,
  isCountryCode,
  maskPhone,
  normalizePhone,
  phoneE164Schema,
  phoneProblemMessages,
} from './phone';

describe('normalizePhone', () => {
  it('turns an international number with spaces into E.164', () => {
    expect(normalizePhone('+1 202 555 0143')).toEqual({
      ok: true,
      e164: '+12025550143',
      country: 'US',
    });
    expect(normalizePhone('  +49 1512 3456789 ')).toMatchObject({
      ok: true,
      e164: '+4915123456789',
    });
    expect(normalizePhone('+44 (0)20 7946-0958')).toMatchObject({
      ok: true,
      e164: '+442079460958',
    });
  });

  it('reads a national number as the default country, but a leading + wins', () => {
    expect(normalizePhone('(202) 555-0143', 'US')).toMatchObject({
      ok: true,
      e164: '+12025550143',
    });
    expect(normalizePhone('01512 3456789', 'DE')).toMatchObject({
      ok: true,
      e164: '+4915123456789',
    });
    expect(normalizePhone('+49 1512 3456789', 'US')).toMatchObject({
      ok: true,
      e164: '+4915123456789',
      country: 'DE',
    });
  });

  it('asks for the country code when a national number comes without a country', () => {
    const result = normalizePhone('202 555 0143');
    expect(result).toMatchObject({ ok: false, problem: 'missing_country_code' });
    expect(result.ok ? '' : result.message).toBe('validation.phone.missingCountryCode');
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['call me +1 202 555 0143', 'invalid_characters'],
    ['+1 202 555 0143 ext. 12', 'invalid_characters'],
    ['+999 123456', 'unknown_country_code'],
    ['+44 1', 'too_short'],
    ['+1 202 555 01', 'too_short'],
    ['+44 7911 1234567890', 'too_long'],
    // Right length, but no UK number starts with 7700 900 (Ofcom keeps it for drama).
    ['+44 7700 900123', 'invalid'],
    [`+1 ${'2'.repeat(60)}`, 'too_long_input'],
  ] as const)('rejects %j as %s with a message saying how to fix it', (input, problem) => {
    const result = normalizePhone(input);
    expect(result).toEqual({ ok: false, problem, message: phoneProblemMessages[problem] });
  });

  it('measures only invalid numbers, and answers as when it measured every one first', () => {
    // The plain definition: the length checked before validity, for every number.
    const measuredFirst = (input: string, defaultCountry?: CountryCode) => {
      const options = defaultCountry ? { defaultCountry } : undefined;
      let parsed;
      try {
        parsed = parsePhoneNumberWithError(input, options);
      } catch (error) {
        if (!(error instanceof ParseError)) throw error;
        if (error.message === 'INVALID_COUNTRY') return 'unknown_country_code';
        return error.message === 'TOO_SHORT' || error.message === 'TOO_LONG'
          ? error.message.toLowerCase()
          : 'invalid';
      }
      const length = validatePhoneNumberLength(input, options);
      if (length === 'TOO_SHORT') return 'too_short';
      if (length === 'TOO_LONG') return 'too_long';
      return parsed.isValid() ? parsed.number : 'invalid';
    };
    const answer = (input: string, defaultCountry?: CountryCode) => {
      const result = normalizePhone(input, defaultCountry);
      return result.ok ? result.e164 : result.problem;
    };
    let valid = 0;
    let compared = 0;
    for (const country of getCountries()) {
      const example = getExampleNumber(country, examples);
      if (!example) continue;
      const digits = example.nationalNumber;
      const code = `+${example.countryCallingCode}`;
      // The example, shorter and longer, and with each of its digits changed.
      const nationals = [
        digits,
        digits.slice(0, -1),
        digits.slice(0, -2),
        `${digits}0`,
        `${digits}12`,
      ];
      for (let index = 0; index < digits.length; index += 1)
        nationals.push(
          `${digits.slice(0, index)}${(Number(digits[index]) + 5) % 10}${digits.slice(index + 1)}`,
        );
      for (const national of nationals) {
        for (const [input, defaultCountry] of [
          [`${code} ${national}`, undefined],
          [national, country],
        ] as const) {
          expect(
            answer(input, defaultCountry),
            `${input} (${defaultCountry ?? 'no country'})`,
          ).toBe(measuredFirst(input, defaultCountry));
          if (normalizePhone(input, defaultCountry).ok) valid += 1;
          compared += 1;
        }
      }
    }
    // Enough of each kind for the comparison to mean something.
    expect(compared).toBeGreaterThan(5_000);
    expect(valid).toBeGreaterThan(1_000);
    expect(compared - valid).toBeGreaterThan(1_000);
  });
});

describe('phoneE164Schema', () => {
  it('outputs E.164 for a valid international number', () => {
    expect(phoneE164Schema.parse(' +1 (202) 555-0143 ')).toBe('+12025550143');
  });

  it('fails with the specific problem message', () => {
    const result = phoneE164Schema.safeParse('2025550143');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      phoneProblemMessages.missing_country_code,
    ]);
  });

  it('tells a missing number apart from a number sent as a JSON number', () => {
    expect(phoneE164Schema.safeParse(undefined).error?.issues[0]?.message).toBe(
      phoneProblemMessages.empty,
    );
    expect(phoneE164Schema.safeParse(12025550143).error?.issues[0]?.message).toBe(
      'validation.phone.notText',
    );
  });
});

describe('maskPhone', () => {
  it('shows only the last three digits', () => {
    const masked = maskPhone('+12025550143');
    expect(masked).toBe('+•• ••• ••• 143');
    expect(masked.replace(/\D/g, '')).toBe('143');
  });

  it('looks the same for every country and length but the last digits', () => {
    const shape = (phone: string) => maskPhone(phone).replace(/\d/g, '#');
    expect(shape('+4915123456789')).toBe(shape('+12025550143'));
    expect(shape('+35312345678')).toBe(shape('+12025550143'));
  });

  it('shows no digit of something too short to hide', () => {
    expect(maskPhone('+12')).not.toMatch(/\d/);
    expect(maskPhone('')).not.toMatch(/\d/);
  });

  it('takes the last digits wherever the separators are, and only past three digits', () => {
    // The definition, written plainly: every digit of the text, the last three shown when
    // there are more than three.
    const plain = (phone: string) => {
      const digits = phone.replace(/\D/g, '');
      const hidden = '+•• ••• •••';
      return digits.length > 3 ? `${hidden} ${digits.slice(-3)}` : hidden;
    };
    for (const phone of [
      '+1234',
      '+123',
      '123',
      '+1 202-555-0143',
      '+1 (202) 5a5b5c',
      '0143 ',
      '٠١٢٣٤٥',
    ]) {
      expect(maskPhone(phone), phone).toBe(plain(phone));
    }
    expect(maskPhone('+1234')).toBe('+•• ••• ••• 234');
    expect(maskPhone('+1 202-555-0143')).toBe('+•• ••• ••• 143');
  });
});

describe('country helpers', () => {
  it('lists countries with their calling codes', () => {
    const list = countryCallingCodes();
    expect(list).toContainEqual({ country: 'US', callingCode: '1' });
    expect(list).toContainEqual({ country: 'DE', callingCode: '49' });
    expect(list.length).toBeGreaterThan(200);
  });

  it('recognises supported country codes only', () => {
    expect(isCountryCode('GB')).toBe(true);
    expect(isCountryCode('ZZ')).toBe(false);
    expect(isCountryCode('gb')).toBe(false);
  });

  it('formats E.164 for reading', () => {
    expect(formatPhoneInternational('+12025550143')).toBe('+1 202 555 0143');
    expect(formatPhoneInternational('not a number')).toBe('not a number');
  });
});
