import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { InvalidWebhookError } from './provider';
import { signWebhookPayload, verifyWebhookSignature } from './webhook-signature';

const secret = 'whsec_sandbox_test_secret';
const body = Buffer.from('{"id":"evt_1","type":"checkout.session.completed"}');
const now = 1_750_000_000;

describe('webhook signatures (Stripe scheme)', () => {
  it('accepts a body signed with the secret, within five minutes', () => {
    const header = signWebhookPayload(body, secret, now);
    expect(header).toMatch(/^t=1750000000,v1=[0-9a-f]{64}$/);
    expect(() => verifyWebhookSignature(body, header, secret, now + 299)).not.toThrow();
  });

  it.each([
    ['another secret', signWebhookPayload(body, 'whsec_other', now), now],
    ['a stale timestamp', signWebhookPayload(body, secret, now - 301), now],
    ['no header', null, now],
    ['a header without a signature', `t=${now}`, now],
    ['a header without a timestamp', 'v1=abcd', now],
    ['a truncated signature', signWebhookPayload(body, secret, now).slice(0, -2), now],
  ])('refuses %s', (_case, header, at) => {
    expect(() => verifyWebhookSignature(body, header, secret, at)).toThrow(InvalidWebhookError);
  });

  it('refuses a body changed after signing', () => {
    const header = signWebhookPayload(body, secret, now);
    const changed = Buffer.from(body.toString().replace('evt_1', 'evt_2'));
    expect(() => verifyWebhookSignature(changed, header, secret, now)).toThrow(InvalidWebhookError);
  });

  it('accepts any of several v1 signatures (a secret being rolled)', () => {
    const good = signWebhookPayload(body, secret, now).split(',v1=')[1];
    const header = `t=${now},v1=${'0'.repeat(64)},v1=${good}`;
    expect(() => verifyWebhookSignature(body, header, secret, now)).not.toThrow();
  });

  it('is the same scheme as Stripe’s, both ways', () => {
    const stripe = new Stripe('sk_test_unused');
    const ours = signWebhookPayload(body, secret);
    expect(stripe.webhooks.constructEvent(body, ours, secret).id).toBe('evt_1');
    const theirs = stripe.webhooks.generateTestHeaderString({ payload: body.toString(), secret });
    expect(() => verifyWebhookSignature(body, theirs, secret)).not.toThrow();
  });
});
