import { describe, expect, it } from 'vitest';
import { fromStripeAmount, priceProblem, stripeAmount } from './currencies';
import { defaultLocaleCurrencies, formatPrice, planPriceFor } from './plans';
import { supportedLocales } from './locales';
import { defaultSiteIdentity } from './site-config';
import { parseSiteIdentity } from './site-identity';

/* Issue 15, point 6: a plan priced in several currencies, offered per language. */

const multiCurrency = {
  plans: {
    standard: { prices: { EUR: 4500, BRL: 24900, IDR: 490000 } },
    priority: { prices: { EUR: 8500, BRL: 44900, IDR: 890000 } },
  },
  localeCurrencies: { es: 'EUR' },
};

function identityOf(input: unknown) {
  const result = parseSiteIdentity(input);
  if (!result.success) throw new Error(result.problems.join('\n'));
  return result.identity;
}

function problemsOf(input: unknown): string[] {
  const result = parseSiteIdentity(input);
  if (result.success) throw new Error('expected the identity to be refused');
  return result.problems;
}

describe('planPriceFor', () => {
  it("charges today's USD prices in every language when nothing is configured", () => {
    for (const locale of supportedLocales) {
      expect(planPriceFor(defaultSiteIdentity.plans.standard, locale)).toEqual({
        amountMinor: 4900,
        currency: 'USD',
      });
      expect(planPriceFor(defaultSiteIdentity.plans.priority, locale)).toEqual({
        amountMinor: 8900,
        currency: 'USD',
      });
    }
    expect(formatPrice(planPriceFor(defaultSiteIdentity.plans.standard, 'en'), 'en')).toBe(
      '$49.00',
    );
  });

  it("offers the language's currency where the plan has a price in it, else the plan's own", () => {
    const { plans, localeCurrencies } = identityOf(multiCurrency);
    expect(planPriceFor(plans.standard, 'pt-BR', localeCurrencies)).toEqual({
      amountMinor: 24900,
      currency: 'BRL',
    });
    expect(planPriceFor(plans.priority, 'es', localeCurrencies)).toEqual({
      amountMinor: 8500,
      currency: 'EUR',
    });
    expect(planPriceFor(plans.standard, 'id', localeCurrencies)).toEqual({
      amountMinor: 490000,
      currency: 'IDR',
    });
    // No INR price: Hindi readers get the plan's own USD price; English stays USD.
    expect(planPriceFor(plans.standard, 'hi', localeCurrencies)).toEqual({
      amountMinor: 4900,
      currency: 'USD',
    });
    expect(planPriceFor(plans.standard, 'en', localeCurrencies).currency).toBe('USD');
  });

  it('writes the price the way each language writes money', () => {
    const { plans, localeCurrencies } = identityOf(multiCurrency);
    const shown = (locale: (typeof supportedLocales)[number]) =>
      formatPrice(planPriceFor(plans.standard, locale, localeCurrencies), locale).replace(
        /\s/g,
        ' ',
      );
    expect(shown('pt-BR')).toBe('R$ 249,00');
    expect(shown('es')).toBe('45,00 €');
    expect(shown('id')).toBe('Rp 490.000');
  });

  it('has a default currency for every shipped language', () => {
    expect(Object.keys(defaultLocaleCurrencies).sort()).toEqual([...supportedLocales].sort());
  });
});

describe('configured prices', () => {
  it('refuses a fractional minor unit, naming the field and the unit', () => {
    expect(
      problemsOf({
        plans: {
          standard: { prices: { EUR: 45.5 } },
          priority: { prices: { EUR: 85 } },
        },
      }),
    ).toEqual([
      'plans.standard.prices.EUR: must be a whole number of minor units (1/100 of a EUR)',
    ]);
    expect(
      problemsOf({
        plans: { standard: { prices: { IDR: 490000.5 } }, priority: { prices: { IDR: 890000 } } },
      }),
    ).toEqual(['plans.standard.prices.IDR: must be a whole number of IDR (it has no minor unit)']);
  });

  it('refuses a currency one plan is priced in and another is not', () => {
    expect(problemsOf({ plans: { standard: { prices: { BRL: 24900 } } } })).toEqual([
      'plans.priority.prices: has no BRL price while plans.standard has one; price every plan in each currency you offer',
    ]);
  });

  it('refuses a language pointed at a currency no plan is priced in', () => {
    expect(problemsOf({ localeCurrencies: { es: 'EUR' } })).toEqual([
      'localeCurrencies.es: no plan has a EUR price; add plans.standard.prices.EUR and plans.priority.prices.EUR',
    ]);
  });

  it('refuses codes that are not ISO 4217 currencies, and unknown languages', () => {
    expect(
      problemsOf({
        plans: { standard: { prices: { XYZ: 100 } }, priority: { prices: { XYZ: 100 } } },
      }),
    ).toEqual([
      'plans.standard.prices.XYZ: is not an ISO 4217 currency code',
      'plans.priority.prices.XYZ: is not an ISO 4217 currency code',
    ]);
    expect(problemsOf({ localeCurrencies: { fr: 'EUR', es: 'eur', hi: 'ABC' } })).toEqual([
      'localeCurrencies.es: must be an ISO 4217 code in capitals, such as USD or EUR',
      'localeCurrencies.hi: is not an ISO 4217 currency code',
      'localeCurrencies: unknown field fr',
    ]);
  });
});

describe('amounts at Stripe', () => {
  it("converts to Stripe's units where they differ from ours, and refuses what it cannot charge", () => {
    expect(stripeAmount(4900, 'USD')).toBe(4900);
    expect(stripeAmount(500, 'JPY')).toBe(500);
    expect(stripeAmount(490000, 'IDR')).toBe(49000000);
    expect(fromStripeAmount(49000000, 'IDR')).toBe(490000);
    expect(priceProblem('KWD', 15005)).toBe(
      'must be a multiple of 10 minor units: card payments in KWD are charged in steps of 10',
    );
    expect(priceProblem('KWD', 15000)).toBeNull();
  });
});
