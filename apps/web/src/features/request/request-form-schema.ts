import { z } from 'zod';
import { validationCode } from '@unban/contract/validation-codes';
import {
  banMessageChoiceSchema,
  banMessageTextFor,
  messagingAppIdSchema,
  OTHER_BAN_MESSAGE_ID,
} from '@unban/contract/messaging-apps';
import type { CountryCode } from '@unban/contract/phone';
import { isCountryCode, normalizePhone } from '@unban/contract/phone';
import type { CreateRequestBodyInput } from '@unban/contract/requests';
import {
  acceptsTermsSchema,
  accountTypeSchema,
  bannedAtSchema,
  banMessageSchema,
  contactEmailSchema,
  deviceSchema,
  ownsNumberSchema,
  requestPlanSchema,
  usageSchema,
} from '@unban/contract/requests';

/*
 * The order form's schema. It is built from the contract's field schemas (same messages as
 * the server) and differs from the API body in two places, where the form asks differently:
 * - the number is a country picker plus the number as people write it at home; it becomes
 *   E.164 here, so the API always receives a number with its country code;
 * - the ban message is a choice among the common ones, with a text box for "other".
 * Its output IS the API body, so the submit handler sends what it gets.
 */

const countrySchema = z.custom<CountryCode>(
  (value) => typeof value === 'string' && isCountryCode(value),
  validationCode('request.country'),
);

const phoneFieldsSchema = z
  .object({ country: countrySchema, national: z.string() })
  .transform(({ country, national }, ctx) => {
    const result = normalizePhone(national, country);
    if (result.ok) return result.e164;
    ctx.addIssue({ code: 'custom', path: ['national'], message: result.message, input: national });
    return z.NEVER;
  });

const banMessageFieldsSchema = z
  .object({ choice: banMessageChoiceSchema, other: z.string() })
  .transform(({ choice, other }, ctx) => {
    if (choice !== OTHER_BAN_MESSAGE_ID) return banMessageTextFor(choice, other);
    const typed = banMessageSchema.safeParse(other);
    if (typed.success) return typed.data;
    for (const issue of typed.error.issues) {
      ctx.addIssue({ code: 'custom', path: ['other'], message: issue.message, input: other });
    }
    return z.NEVER;
  });

/** A checkbox is a boolean in the form; the API wants the literal `true`. */
const confirmation = (literal: typeof ownsNumberSchema | typeof acceptsTermsSchema) =>
  z.boolean().pipe(literal);

export const createRequestFormSchema = z.object({
  messagingApp: messagingAppIdSchema,
  phone: phoneFieldsSchema,
  accountType: accountTypeSchema,
  device: deviceSchema,
  banMessage: banMessageFieldsSchema,
  bannedAt: bannedAtSchema,
  usage: usageSchema,
  contactEmail: contactEmailSchema,
  plan: requestPlanSchema,
  ownsNumber: confirmation(ownsNumberSchema),
  acceptsTerms: confirmation(acceptsTermsSchema),
}) satisfies z.ZodType<CreateRequestBodyInput, unknown>;

export type RequestFormValues = z.input<typeof createRequestFormSchema>;
export type RequestFormOutput = z.output<typeof createRequestFormSchema>;

/** Form field names, in the order the form shows them (error summary, focus). */
export const requestFormFields = [
  'messagingApp',
  'phone.country',
  'phone.national',
  'accountType',
  'device',
  'banMessage.choice',
  'banMessage.other',
  'bannedAt',
  'usage',
  'contactEmail',
  'plan',
  'ownsNumber',
  'acceptsTerms',
] as const;
export type RequestFormField = (typeof requestFormFields)[number];

/** The form field where a server message about an API body field belongs. */
export function formFieldForBodyPath(
  path: string,
  values: Pick<RequestFormValues, 'banMessage'>,
): RequestFormField | null {
  switch (path) {
    case 'phone':
      return 'phone.national';
    case 'banMessage':
      return values.banMessage.choice === OTHER_BAN_MESSAGE_ID
        ? 'banMessage.other'
        : 'banMessage.choice';
    default:
      return isRequestFormField(path) ? path : null;
  }
}

function isRequestFormField(path: string): path is RequestFormField {
  return (requestFormFields as readonly string[]).includes(path);
}
