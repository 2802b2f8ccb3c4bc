import { z } from 'zod';
import { validationCode } from './validation-codes';
import type { CountryCode, PhoneNumber } from 'libphonenumber-js/max';
import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberWithError,
  ParseError,
  validatePhoneNumberLength,
} from 'libphonenumber-js/max';

/*
 * Phone numbers are checked against libphonenumber's full ("max") metadata, which knows the
 * number ranges each country has allocated, not only their lengths. A typo in a banned number
 * makes the whole paid appeal useless, so the stricter check is worth its size; the browser
 * only loads it with the order form's lazy chunk.
 */

export type { CountryCode };

/** A fictional number (the 555-01xx range is reserved for examples), valid in the metadata. */
export const EXAMPLE_PHONE_INTERNATIONAL = '+1 202 555 0143';

// Longer than any real number with generous punctuation; keeps parsing cheap on abuse.
const MAX_PHONE_INPUT_LENGTH = 40;

// Only what people type around a number: digits, one leading plus, spaces, ( ) . - /.
// libphonenumber would otherwise pull a number out of any text ("call +1 …") and accept
// extensions ("ext. 12"), which no messaging-app number has; the customer should see the
// number exactly as we understood it.
const PHONE_CHARACTERS = /^\+?[\d\s().\-/\u2010-\u2015]+$/;

export type PhoneProblem =
  | 'empty'
  | 'too_long_input'
  | 'invalid_characters'
  | 'missing_country_code'
  | 'unknown_country_code'
  | 'too_short'
  | 'too_long'
  | 'invalid';

export type NormalizedPhone =
  | { ok: true; e164: string; country: CountryCode | undefined }
  | { ok: false; problem: PhoneProblem; message: string };

/** What to tell the customer for each problem; each says how to fix it. */
// A stable code per problem (validation-codes.ts); the web's catalogs word it, with the
// locale's own example number where the words give one.
export const phoneProblemMessages: Readonly<Record<PhoneProblem, string>> = {
  empty: validationCode('phone.empty'),
  too_long_input: validationCode('phone.tooLongInput'),
  invalid_characters: validationCode('phone.invalidCharacters'),
  missing_country_code: validationCode('phone.missingCountryCode'),
  unknown_country_code: validationCode('phone.unknownCountryCode'),
  too_short: validationCode('phone.tooShort'),
  too_long: validationCode('phone.tooLong'),
  invalid: validationCode('phone.invalid'),
};

function failure(problem: PhoneProblem): NormalizedPhone {
  return { ok: false, problem, message: phoneProblemMessages[problem] };
}

/**
 * Turns what a customer typed into an E.164 number ("+12025550143"). Without a
 * `defaultCountry` the input must start with + and the country code; with one, a national
 * number ("(202) 555-0143") is read as that country's, and an input starting with + still
 * wins over it.
 */
export function normalizePhone(input: string, defaultCountry?: CountryCode): NormalizedPhone {
  const text = input.trim();
  if (text === '') return failure('empty');
  if (text.length > MAX_PHONE_INPUT_LENGTH) return failure('too_long_input');
  if (!PHONE_CHARACTERS.test(text)) return failure('invalid_characters');
  if (!text.startsWith('+') && !defaultCountry) return failure('missing_country_code');

  const options = defaultCountry ? { defaultCountry } : undefined;
  let parsed: PhoneNumber;
  try {
    parsed = parsePhoneNumberWithError(text, options);
  } catch (error) {
    if (error instanceof ParseError) return failure(parseErrorProblem(error.message));
    throw error;
  }

  // A valid number has one of its country's lengths, so only an invalid one is measured, to
  // say what is wrong with it: measuring parses the text again, and every order's number
  // went through it (decision 012).
  if (parsed.isValid()) return { ok: true, e164: parsed.number, country: parsed.country };
  const lengthProblem = validatePhoneNumberLength(text, options);
  if (lengthProblem === 'TOO_SHORT') return failure('too_short');
  if (lengthProblem === 'TOO_LONG') return failure('too_long');
  return failure('invalid');
}

function parseErrorProblem(code: string): PhoneProblem {
  switch (code) {
    case 'INVALID_COUNTRY':
      return 'unknown_country_code';
    case 'TOO_SHORT':
      return 'too_short';
    case 'TOO_LONG':
      return 'too_long';
    default:
      return 'invalid';
  }
}

/**
 * A number in E.164 as the API accepts it: anything `normalizePhone` reads without a default
 * country (so it must carry its country code), turned into E.164. The form builds that string
 * from its country picker and national number.
 */
export const phoneE164Schema = /* @__PURE__ */ z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? phoneProblemMessages.empty
        : validationCode('phone.notText'),
  })
  .transform((value, ctx) => {
    const result = normalizePhone(value);
    if (result.ok) return result.e164;
    ctx.addIssue({ code: 'custom', message: result.message, input: value });
    return z.NEVER;
  });

const MASK = '•';
const VISIBLE_DIGITS = 3;
/** The masked part: the same for every number. */
const HIDDEN = `+${MASK.repeat(2)} ${MASK.repeat(3)} ${MASK.repeat(3)}`;
const DIGIT_ZERO = 48;
const DIGIT_NINE = 57;

/**
 * Hides a number down to its last three digits: "+12025550143" → "+•• ••• ••• 143". The
 * masked part has a fixed shape, so it gives away neither the country nor the length; the last
 * digits are enough for customers to recognise their own number on a screen or in an e-mail
 * that someone else might see.
 */
export function maskPhone(phone: string): string {
  // Read from the end, without a regular expression: an operator's queue page masks fifty
  // numbers, and the replace-and-slice version was 2% of the page's CPU (decision 012).
  let visible = '';
  let digitsSeen = 0;
  for (let index = phone.length - 1; index >= 0 && digitsSeen <= VISIBLE_DIGITS; index -= 1) {
    const code = phone.charCodeAt(index);
    if (code < DIGIT_ZERO || code > DIGIT_NINE) continue;
    digitsSeen += 1;
    if (digitsSeen <= VISIBLE_DIGITS) visible = phone[index] + visible;
  }
  // The last digits show only when the number has more digits than that.
  return digitsSeen > VISIBLE_DIGITS ? `${HIDDEN} ${visible}` : HIDDEN;
}

/** "+12025550143" → "+1 202 555 0143"; for operators and the owner's own case page. */
export function formatPhoneInternational(e164: string): string {
  try {
    return parsePhoneNumberWithError(e164).formatInternational();
  } catch {
    return e164;
  }
}

export interface CountryCallingCode {
  country: CountryCode;
  callingCode: string;
}

/** Every country libphonenumber knows, with its calling code ("US" → "1"). */
export function countryCallingCodes(): CountryCallingCode[] {
  return getCountries().map((country) => ({
    country,
    callingCode: getCountryCallingCode(country),
  }));
}

export function isCountryCode(value: string): value is CountryCode {
  return isSupportedCountry(value);
}
