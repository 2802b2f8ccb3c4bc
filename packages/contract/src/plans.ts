import { DEFAULT_CURRENCY, DEFAULT_LOCALE } from './locale';
// Types only: this module is read by the home screen, which loads no zod (decision 005).
import type { SupportedLocale } from './locales';

/**
 * The plans a customer can buy. The server charges `priceMinor` of the chosen plan, as its
 * site identity configures it (site-identity.ts); the client only ever sends the id, never an
 * amount. Prices are all-in (no fees added at checkout), so the figure shown on the home page
 * is the figure charged.
 *
 * The ids are fixed: the database, the queue filters, the deadlines and the public results
 * key on them. What each plan is called, costs, includes and promises is configuration.
 */
export const planIds = ['standard', 'priority'] as const;
export type PlanId = (typeof planIds)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Integer minor units of `currency` (cents for USD): the price wherever no other applies. */
  priceMinor: number;
  currency: string;
  /**
   * The same plan priced in other currencies, integer minor units each, by ISO 4217 code
   * (`{ "BRL": 24900 }`): charged to customers whose language's currency it is (`planPriceFor`).
   */
  prices: Readonly<Record<string, number>>;
  summary: string;
  /** What the price buys, one short sentence per line, in display order. */
  includes: readonly string[];
  /** How long an operator usually takes to pick up the case or answer the customer. */
  operatorReplyWithin: string;
  /**
   * The same promise as data: the server's reply deadline is this many business minutes
   * (the business calendar of the server's configuration) after the clock starts. "1
   * business day" is the default calendar's working day, 9:00 to 17:00.
   */
  replyWithinBusinessMinutes: number;
  /** Priority cases are taken from the queue before Standard cases. */
  handledFirst: boolean;
}

export type Plans = Readonly<Record<PlanId, Plan>>;

/**
 * Today's plans for a site about `app`: the defaults of every site identity. An identity
 * that changes the app's name without writing its own plan texts gets these, naming its app.
 */
export function defaultPlans(app: string): Plans {
  return {
    standard: {
      id: 'standard',
      name: 'Standard',
      priceMinor: 4900,
      currency: DEFAULT_CURRENCY,
      prices: {},
      summary: `An operator prepares and submits your appeal through ${app}'s official review channels.`,
      includes: [
        'Review of your ban by an operator',
        `Appeal written and submitted through ${app}'s official review channels`,
        'Updates by e-mail and on your case page',
        'Operator reply within 1 business day',
        'Full refund if your number cannot be unbanned',
      ],
      operatorReplyWithin: 'within 1 business day',
      replyWithinBusinessMinutes: 8 * 60,
      handledFirst: false,
    },
    priority: {
      id: 'priority',
      name: 'Priority',
      priceMinor: 8900,
      currency: DEFAULT_CURRENCY,
      prices: {},
      summary: 'Everything in Standard, handled first, with faster operator replies.',
      includes: [
        'Everything in Standard',
        'Your case is handled before Standard cases',
        'Operator reply within 4 business hours',
        'Full refund if your number cannot be unbanned',
      ],
      operatorReplyWithin: 'within 4 business hours',
      replyWithinBusinessMinutes: 4 * 60,
      handledFirst: true,
    },
  };
}

/** The currency each language is offered in, when the plans have a price in it. */
export type LocaleCurrencies = Readonly<Record<SupportedLocale, string>>;

/**
 * Where a reader of each language most likely pays from, and so the currency to offer them
 * when a plan is priced in it (docs/decisions/025). Spanish is read mostly in Mexico and the
 * rest of Latin America, where prices online are quoted in dollars far more than in euros,
 * and Arabic across countries whose currencies mostly follow the dollar: both USD. Brazil,
 * India and Indonesia each have one currency, which their cards are billed in without a
 * conversion fee.
 */
export const defaultLocaleCurrencies: LocaleCurrencies = {
  en: DEFAULT_CURRENCY,
  es: DEFAULT_CURRENCY,
  'pt-BR': 'BRL',
  hi: 'INR',
  id: 'IDR',
  ar: DEFAULT_CURRENCY,
};

export interface Price {
  /** Integer minor units of `currency`. */
  amountMinor: number;
  currency: string;
}

/**
 * What a customer reading `locale` is shown and charged for `plan`: its price in the
 * language's currency when the plan has one, else the plan's own price (USD by default). The
 * server fixes it on the request at creation; the screens show the same figure before payment.
 */
export function planPriceFor(
  plan: Pick<Plan, 'priceMinor' | 'currency' | 'prices'>,
  locale: SupportedLocale,
  localeCurrencies: LocaleCurrencies = defaultLocaleCurrencies,
): Price {
  const currency = localeCurrencies[locale];
  const amountMinor = currency === plan.currency ? plan.priceMinor : plan.prices[currency];
  return amountMinor === undefined
    ? { amountMinor: plan.priceMinor, currency: plan.currency }
    : { amountMinor, currency };
}

/**
 * A price written for a reader of `locale`: English as the platform always wrote it (en-US,
 * "$49.00"), every other language its own way ("R$ 249,00", "49,00 US$").
 */
export function formatPrice(price: Price, locale: SupportedLocale): string {
  return formatMoney(price.amountMinor, price.currency, locale === 'en' ? DEFAULT_LOCALE : locale);
}

/** Plans in the order they are offered (cheapest first by default). */
export function planList(plans: Plans): readonly Plan[] {
  return planIds.map((id) => plans[id]);
}

// Building an Intl.NumberFormat is far slower than using one, and e-mails and lists
// format many amounts with the same two or three (locale, currency) pairs.
const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Formats an amount held in integer minor units, e.g. `formatMoney(4900, 'USD')` → "$49.00".
 * The number of minor digits comes from Intl's data for the currency (2 for USD, 0 for
 * JPY), so the same stored integer means the same money whatever the currency.
 */
export function formatMoney(
  amountMinor: number,
  currency: string = DEFAULT_CURRENCY,
  locale: string = DEFAULT_LOCALE,
): string {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`Amount must be an integer number of minor units, got ${amountMinor}`);
  }
  const formatter = currencyFormatter(currency, locale);
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(amountMinor / 10 ** digits);
}
