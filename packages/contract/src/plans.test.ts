import { describe, expect, it } from 'vitest';
import { planIdSchema } from './plan-id';
import { defaultPlans, formatMoney, planList } from './plans';
import { defaultSiteIdentity } from './site-config';

const plans = defaultSiteIdentity.plans;

describe('plans', () => {
  it('offers Standard and Priority, cheapest first, at whole-dollar USD prices', () => {
    expect(
      planList(plans).map((plan) => [plan.id, plan.name, plan.priceMinor, plan.currency]),
    ).toEqual([
      ['standard', 'Standard', 4900, 'USD'],
      ['priority', 'Priority', 8900, 'USD'],
    ]);
  });

  it('keys every plan by its own id', () => {
    for (const [id, plan] of Object.entries(plans)) expect(plan.id).toBe(id);
  });

  it('promises Priority is handled first with a reply within 4 business hours', () => {
    const { priority } = plans;
    expect(priority.handledFirst).toBe(true);
    expect(priority.operatorReplyWithin).toBe('within 4 business hours');
    expect(priority.includes).toContain('Operator reply within 4 business hours');
    expect(plans.standard.handledFirst).toBe(false);
  });

  it('holds each reply promise as business minutes: a working day, and 4 hours for Priority', () => {
    expect(plans.standard.replyWithinBusinessMinutes).toBe(480);
    expect(plans.priority.replyWithinBusinessMinutes).toBe(240);
  });

  it('carries the full-refund guarantee in every plan', () => {
    for (const plan of planList(plans)) {
      expect(plan.includes).toContain('Full refund if your number cannot be unbanned');
    }
  });

  it("names the site's app in the default texts", () => {
    expect(defaultPlans('Telegram').standard.summary).toBe(
      "An operator prepares and submits your appeal through Telegram's official review channels.",
    );
    expect(plans.standard.summary).toContain("WhatsApp's official review channels");
  });

  it('accepts only known plan ids', () => {
    expect(planIdSchema.parse('standard')).toBe('standard');
    expect(planIdSchema.safeParse('gold').success).toBe(false);
    expect(planIdSchema.safeParse('Standard').success).toBe(false);
  });
});

describe('formatMoney', () => {
  it('formats minor units in en-US dollars by default', () => {
    expect(formatMoney(4900)).toBe('$49.00');
    expect(formatMoney(8900, 'USD')).toBe('$89.00');
    expect(formatMoney(1999, 'USD', 'en-US')).toBe('$19.99');
    expect(formatMoney(123456789, 'USD')).toBe('$1,234,567.89');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(-4900, 'USD')).toBe('-$49.00');
  });

  it("uses each currency's own number of minor digits", () => {
    expect(formatMoney(500, 'JPY')).toBe('¥500');
    expect(formatMoney(1234, 'KWD', 'en-US')).toBe('KWD\u00a01.234');
  });

  it('follows the locale', () => {
    // de-DE puts a non-breaking space before the symbol.
    expect(formatMoney(4900, 'EUR', 'de-DE')).toBe('49,00\u00a0€');
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => formatMoney(49.5, 'USD')).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN, 'USD')).toThrow(RangeError);
  });
});
