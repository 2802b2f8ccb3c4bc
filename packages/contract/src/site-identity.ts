import { z } from 'zod';
import { isKnownCurrency, priceProblem } from './currencies';
import { supportedLocales, type SupportedLocale } from './locales';
import {
  defaultLocaleCurrencies,
  defaultPlans,
  planIds,
  type Plan,
  type PlanId,
  type Plans,
} from './plans';
import { defaultClaims, defaultSiteIdentity, type SiteIdentity } from './site-config';

/**
 * The site identity as an operator writes it (a JSON file, `SITE_CONFIG_FILE`): every field
 * optional, today's site for what is left out, unknown keys refused so a misspelt field is
 * not silently ignored. See docs/decisions/023-white-label-site-identity.md.
 */
const words = z.string().trim().min(1, 'must not be empty');

const currencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/, {
    error: 'must be an ISO 4217 code in capitals, such as USD or EUR',
    abort: true,
  })
  .refine(isKnownCurrency, 'is not an ISO 4217 currency code');

const planSchema = z.strictObject({
  name: words,
  priceMinor: z
    .number('must be a number')
    .int('must be a whole number of minor units (cents for USD)')
    .min(1, 'must be at least 1 minor unit')
    .max(100_000_000, 'must be at most 100000000 minor units'),
  currency: currencyCode,
  // Codes and amounts are checked together once the plan is whole (priceProblems below).
  prices: z.record(z.string(), z.number('must be a number')),
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
  // The currency offered per language; languages left out keep theirs (plans.ts).
  localeCurrencies: z
    .strictObject(
      Object.fromEntries(
        supportedLocales.map((locale) => [locale, currencyCode.optional()]),
      ) as Record<SupportedLocale, z.ZodOptional<typeof currencyCode>>,
    )
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
    localeCurrencies: { ...defaultLocaleCurrencies, ...given(input.localeCurrencies) },
  };
}

/** The currencies a plan can be charged in, with its amount in each. */
function pricesOf(plan: Plan): [string, number][] {
  return [[plan.currency, plan.priceMinor], ...Object.entries(plan.prices)];
}

/**
 * The prices as a whole: each amount fits its currency, every plan is priced in every currency
 * one of them is (the home page shows the plans side by side, in one currency), and a language
 * the file points at a currency can be charged in it.
 */
function priceProblems(
  identity: SiteIdentity,
  input: z.output<typeof siteIdentityInputSchema>,
): string[] {
  const problems: string[] = [];
  const offered = new Set<string>();
  for (const id of planIds) {
    for (const [currency, amount] of pricesOf(identity.plans[id])) {
      offered.add(currency);
      const problem = priceProblem(currency, amount);
      const field = currency === identity.plans[id].currency ? 'priceMinor' : `prices.${currency}`;
      if (problem) problems.push(`plans.${id}.${field}: ${problem}`);
    }
  }
  for (const currency of offered) {
    const priced = planIds.filter((id) =>
      pricesOf(identity.plans[id]).some(([code]) => code === currency),
    );
    for (const id of planIds) {
      if (!priced.includes(id)) {
        problems.push(
          `plans.${id}.prices: has no ${currency} price while plans.${priced[0]} has one; price every plan in each currency you offer`,
        );
      }
    }
  }
  for (const [locale, currency] of Object.entries(input.localeCurrencies ?? {})) {
    if (currency !== undefined && !offered.has(currency)) {
      problems.push(
        `localeCurrencies.${locale}: no plan has a ${currency} price; add plans.standard.prices.${currency} and plans.priority.prices.${currency}`,
      );
    }
  }
  return problems;
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
  const identity = toIdentity(result.data);
  const problems = priceProblems(identity, result.data);
  return problems.length > 0 ? { success: false, problems } : { success: true, identity };
}
