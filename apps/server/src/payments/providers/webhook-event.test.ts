import { describe, expect, it } from 'vitest';
import { InvalidWebhookError } from './provider';
import { isHandledEventType, parseWebhookEvent } from './webhook-event';

const event = (type: string, object: Record<string, unknown>) =>
  Buffer.from(JSON.stringify({ id: 'evt_1', type, data: { object } }));

describe('parseWebhookEvent', () => {
  it('finds the checkout session or the charge an event points at', () => {
    expect(
      parseWebhookEvent(
        event('checkout.session.expired', { id: 'cs_1', object: 'checkout.session' }),
      ).object,
    ).toEqual({ kind: 'checkout_session', id: 'cs_1' });
    expect(
      parseWebhookEvent(event('charge.refunded', { id: 'ch_1', object: 'charge' })).object,
    ).toEqual({
      kind: 'charge',
      id: 'ch_1',
    });
    expect(
      parseWebhookEvent(event('customer.created', { id: 'cus_1', object: 'customer' })).object,
    ).toEqual({
      kind: 'other',
      id: 'cus_1',
    });
  });

  it('refuses bodies that are not events', () => {
    expect(() => parseWebhookEvent(Buffer.from('not json'))).toThrow(InvalidWebhookError);
    expect(() => parseWebhookEvent(Buffer.from('{"id":"evt_1"}'))).toThrow(InvalidWebhookError);
  });
});

describe('isHandledEventType', () => {
  it('acts on the five Checkout and refund events only', () => {
    expect(isHandledEventType('checkout.session.completed')).toBe(true);
    expect(isHandledEventType('checkout.session.async_payment_succeeded')).toBe(true);
    expect(isHandledEventType('checkout.session.async_payment_failed')).toBe(true);
    expect(isHandledEventType('checkout.session.expired')).toBe(true);
    expect(isHandledEventType('charge.refunded')).toBe(true);
    expect(isHandledEventType('payment_intent.succeeded')).toBe(false);
    expect(isHandledEventType('charge.refund.updated')).toBe(false);
  });
});
