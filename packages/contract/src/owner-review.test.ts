import { describe, expect, it } from 'vitest';
import {
  confirmOwnerReviewBodySchema,
  ownerReviewSteps,
  requestOwnerReviewBodySchema,
} from './owner-review';

describe('ownerReviewSteps', () => {
  it.each([
    ['android', 'Android phone', 'the Google Play Store'],
    ['iphone', 'iPhone', 'the App Store'],
    ['other', 'phone', 'your phone’s official app store'],
  ] as const)('words the steps for %s', (device, phone, store) => {
    const steps = ownerReviewSteps('whatsapp', device);
    expect(steps[0]).toContain(`Open WhatsApp on your ${phone},`);
    expect(steps[0]).toContain(store);
    expect(steps.join('\n')).toContain('“Request a review”');
    expect(steps.at(-1)).toContain('“I have submitted the review”');
  });

  it('names the app the ban is on, and tells the owner to keep the code to themselves', () => {
    const steps = ownerReviewSteps('whatsapp_business', 'android');
    expect(steps[0]).toContain('Open WhatsApp Business');
    const code = steps.find((step) => step.includes('6-digit code'));
    expect(code).toContain('do not send it to anyone, us included');
  });
});

describe('owner review bodies', () => {
  it('needs an explicit confirmation', () => {
    expect(confirmOwnerReviewBodySchema.safeParse({}).success).toBe(false);
    expect(confirmOwnerReviewBodySchema.safeParse({ confirm: false }).success).toBe(false);
    expect(confirmOwnerReviewBodySchema.parse({ confirm: true })).toEqual({ confirm: true });
  });

  it('drops an empty message and refuses a long one', () => {
    expect(
      requestOwnerReviewBodySchema.parse({ channelIndex: 0, message: '  ', expectedVersion: 3 })
        .message,
    ).toBeUndefined();
    expect(
      requestOwnerReviewBodySchema.safeParse({
        channelIndex: 0,
        message: 'x'.repeat(2001),
        expectedVersion: 3,
      }).success,
    ).toBe(false);
  });
});
