/*
 * What an amount of money in "integer minor units" means for each currency, and which amounts
 * a site may ask for. Our minor unit is the one Intl formats with (formatMoney divides by
 * 10^maximumFractionDigits): cents for USD, whole yen for JPY, whole rupiah for IDR. Stripe
 * counts some currencies differently (decision 025); the Stripe provider converts with
 * `stripeAmount`. No zod here: the home screen formats prices with these rules.
 */

/** Digits after the decimal point of `currency`'s minor unit, as Intl formats it. */
export function minorUnitDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

let knownCurrencies: ReadonlySet<string> | undefined;

/** An ISO 4217 code this runtime knows how to format. */
export function isKnownCurrency(code: string): boolean {
  knownCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  return knownCurrencies.has(code);
}

// Stripe's own decimal places per currency (https://docs.stripe.com/currencies): zero-decimal
// and three-decimal currencies; every other currency is two-decimal in its API, including
// some that have no minor unit in use (IDR, HUF, ISK, UGX), whose amounts it takes in
// hundredths.
const stripeZeroDecimal = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const stripeThreeDecimal = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

function stripeDigits(currency: string): number {
  if (stripeZeroDecimal.has(currency)) return 0;
  if (stripeThreeDecimal.has(currency)) return 3;
  return 2;
}

/**
 * Our minor units as Stripe's `unit_amount` (IDR 249000 → 24900000: Stripe counts rupiah in
 * hundredths). Throws when Stripe cannot express the amount, which the site configuration's
 * check (`priceProblem`) rules out at start.
 */
export function stripeAmount(amountMinor: number, currency: string): number {
  const shift = stripeDigits(currency) - minorUnitDigits(currency);
  if (shift >= 0) return amountMinor * 10 ** shift;
  const factor = 10 ** -shift;
  if (amountMinor % factor !== 0) {
    throw new RangeError(`${amountMinor} minor units of ${currency} cannot be charged by Stripe`);
  }
  return amountMinor / factor;
}

/** Stripe's amount back in our minor units (its amount_total and amount_refunded). */
export function fromStripeAmount(amount: number, currency: string): number {
  const shift = stripeDigits(currency) - minorUnitDigits(currency);
  return shift >= 0 ? amount / 10 ** shift : amount * 10 ** -shift;
}

/**
 * Why `amountMinor` cannot be a price in `currency`, or null when it can: the code must be one
 * Intl knows, the amount a whole number of minor units, and one every provider can charge
 * (Stripe's three-decimal currencies in steps of 10 of the smallest unit).
 */
export function priceProblem(currency: string, amountMinor: number): string | null {
  if (!isKnownCurrency(currency)) {
    return 'is not an ISO 4217 currency code';
  }
  if (!Number.isSafeInteger(amountMinor)) {
    const digits = minorUnitDigits(currency);
    return digits === 0
      ? `must be a whole number of ${currency} (it has no minor unit)`
      : `must be a whole number of minor units (1/${10 ** digits} of a ${currency})`;
  }
  if (amountMinor < 1) return 'must be at least 1 minor unit';
  if (stripeThreeDecimal.has(currency) && amountMinor % 10 !== 0) {
    return `must be a multiple of 10 minor units: card payments in ${currency} are charged in steps of 10`;
  }
  const shift = stripeDigits(currency) - minorUnitDigits(currency);
  if (shift < 0 && amountMinor % 10 ** -shift !== 0) {
    return `must be a multiple of ${10 ** -shift} minor units: card payments in ${currency} are charged in steps of ${10 ** -shift}`;
  }
  return null;
}
