import { z } from 'zod';
import { defaultPlans, planIds, type Plan, type PlanId, type Plans } from './plans';
import { defaultClaims, defaultSiteIdentity, type SiteIdentity } from './site-config';

/**
 * The site identity as an operator writes it (a JSON file, `SITE_CONFIG_FILE`): every field
 * optional, today's site for what is left out, unknown keys refused so a misspelt field is
 * not silently ignored. See docs/decisions/023-white-label-site-identity.md.
 */
const words = z.string().trim().min(1, 'must not be empty');

const planSchema = z.strictObject({
  name: words,
  priceMinor: z
    .number('must be a number')
    .int('must be a whole number of minor units (cents for USD)')
    .min(1, 'must be at least 1 minor unit')
    .max(100_000_000, 'must be at most 100000000 minor units'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code in capitals, such as USD or EUR'),
  summary: words,
  includes: z.array(words).min(1, 'must list at least one line'),
  operatorReplyWithin: words,
  replyWithinBusinessMinutes: z
    .number('must be a number')
    .int('must be a whole number of business minutes')
    .min(1, 'must be at least 1 business minute')
    .max(60 * 24 * 30, 'must be at most 43200 business minutes'),
  handledFirst: z.boolean('must be true or false'),
});

const planOverride = planSchema.partial();

export const siteIdentityInputSchema = z.strictObject({
  brand: words.optional(),
  appName: words.optional(),
  appOwner: words.optional(),
  supportEmail: z.email('must be an e-mail address such as support@example.com').optional(),
  legalEntity: z.strictObject({ name: words, address: words }).nullable().optional(),
  claims: z
    .strictObject({
      speed: words.optional(),
      successRate: words.optional(),
      duration: words.optional(),
      refund: words.optional(),
    })
    .optional(),
  // One entry per id of planIds; each field left out keeps today's value.
  plans: z
    .strictObject({ standard: planOverride.optional(), priority: planOverride.optional() })
    .optional(),
});
export type SiteIdentityInput = z.input<typeof siteIdentityInputSchema>;

/** Drops the keys an optional field was not given (zod reports them as undefined). */
function given<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(
    Object.entries(value ?? {}).filter(([, field]) => field !== undefined),
  ) as Partial<T>;
}

function toIdentity(input: z.output<typeof siteIdentityInputSchema>): SiteIdentity {
  const appName = input.appName ?? defaultSiteIdentity.appName;
  // Plan texts left out name the configured app, not WhatsApp.
  const basePlans = defaultPlans(appName);
  const plans = Object.fromEntries(
    planIds.map((id): [PlanId, Plan] => [
      id,
      { ...basePlans[id], ...given(input.plans?.[id]), id },
    ]),
  ) as unknown as Plans;
  return {
    brand: input.brand ?? defaultSiteIdentity.brand,
    appName,
    appOwner: input.appOwner ?? defaultSiteIdentity.appOwner,
    supportEmail: input.supportEmail ?? defaultSiteIdentity.supportEmail,
    legalEntity: input.legalEntity ?? defaultSiteIdentity.legalEntity,
    claims: { ...defaultClaims, ...given(input.claims) },
    plans,
  };
}

export type SiteIdentityResult =
  { success: true; identity: SiteIdentity } | { success: false; problems: string[] };

/**
 * Reads an operator's site identity. Problems name the field as a path into the file
 * (`plans.priority.priceMinor: must be a whole number…`), all of them at once.
 */
export function parseSiteIdentity(input: unknown): SiteIdentityResult {
  const result = siteIdentityInputSchema.safeParse(input);
  if (!result.success) {
    return {
      success: false,
      problems: result.error.issues.map((issue) => {
        const field = issue.path.map(String).join('.');
        if (issue.code === 'unrecognized_keys') {
          const where = field ? `${field}: ` : '';
          return `${where}unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
        }
        return field ? `${field}: ${issue.message}` : issue.message;
      }),
    };
  }
  return { success: true, identity: toIdentity(result.data) };
}
