import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  banMessageChoiceFor,
  banMessageTextFor,
  commonBanMessages,
  messagingAppList,
} from './messaging-apps';
import { phoneProblemMessages } from './phone';
import type { CreateRequestBodyInput } from './requests';
import {
  createRequestBodySchema,
  createRequestResponseSchema,
  customerReplyBodySchema,
  paymentStatusResponseSchema,
  requestDetailSchema,
  requestLimits,
  requestSummarySchema,
} from './requests';

const validBody: CreateRequestBodyInput = {
  messagingApp: 'whatsapp',
  phone: '+1 202 555 0143',
  accountType: 'personal',
  device: 'android',
  banMessage: 'This account is not allowed to use WhatsApp due to spam',
  bannedAt: 'this_week',
  usage: 'Family chats and my bakery orders',
  contactEmail: 'Ana.Silva@Example.com',
  plan: 'standard',
  ownsNumber: true,
  acceptsTerms: true,
};

/** Field path → message, as the server's VALIDATION_FAILED `fields` carries them. */
function fieldMessages(error: z.ZodError | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

function fieldsFor(body: unknown): Record<string, string> {
  return fieldMessages(createRequestBodySchema.safeParse(body).error);
}

describe('createRequestBodySchema', () => {
  it('accepts a complete request and normalises it', () => {
    const parsed = createRequestBodySchema.parse({
      ...validBody,
      banMessage: '  This account can no longer use WhatsApp  ',
      usage: '\tSupport line for my shop\n',
    });
    expect(parsed).toEqual({
      ...validBody,
      phone: '+12025550143',
      // No locale sent, as by a client older than the languages: English.
      locale: 'en',
      banMessage: 'This account can no longer use WhatsApp',
      usage: 'Support line for my shop',
      contactEmail: 'ana.silva@example.com',
    });
  });

  it('drops an amount (or any unknown key) instead of passing it on', () => {
    const parsed = createRequestBodySchema.parse({
      ...validBody,
      amount: 1,
      priceMinor: 1,
      currency: 'JPY',
    });
    expect(parsed).not.toHaveProperty('amount');
    expect(parsed).not.toHaveProperty('priceMinor');
    expect(parsed).not.toHaveProperty('currency');
  });

  it('names the phone problem by a code the web words for the customer', () => {
    expect(fieldsFor({ ...validBody, phone: '202 555 0143' })).toEqual({
      phone: phoneProblemMessages.missing_country_code,
    });
    expect(fieldsFor({ ...validBody, phone: '202 555 0143' }).phone).toBe(
      'validation.phone.missingCountryCode',
    );
    expect(fieldsFor({ ...validBody, phone: '+44 1' })).toEqual({
      phone: phoneProblemMessages.too_short,
    });
  });

  it('rejects an unknown plan with a specific message', () => {
    expect(fieldsFor({ ...validBody, plan: 'gold' })).toEqual({
      plan: 'validation.request.plan',
    });
  });

  it('rejects unknown choices for app, account type, device and period', () => {
    expect(
      fieldsFor({
        ...validBody,
        messagingApp: 'telegram',
        accountType: 'corporate',
        device: 'blackberry',
        bannedAt: 'yesterday',
      }),
    ).toEqual({
      messagingApp: 'validation.request.messagingApp',
      accountType: 'validation.request.accountType',
      device: 'validation.request.device',
      bannedAt: 'validation.request.bannedAt',
    });
  });

  it('caps every free text and says by how much it is over', () => {
    const fields = fieldsFor({
      ...validBody,
      banMessage: 'x'.repeat(requestLimits.banMessage + 1),
      usage: 'y'.repeat(requestLimits.usage + 1),
      contactEmail: `${'a'.repeat(250)}@example.com`,
    });
    expect(fields).toEqual({
      banMessage: 'validation.text.tooLongNow?max=500&now=501',
      usage: 'validation.text.tooLongNow?max=1000&now=1001',
      contactEmail: 'validation.text.tooLongNow?max=254&now=262',
    });
    // Exactly at the limit is fine.
    expect(
      createRequestBodySchema.safeParse({
        ...validBody,
        banMessage: 'x'.repeat(requestLimits.banMessage),
        usage: 'y'.repeat(requestLimits.usage),
      }).success,
    ).toBe(true);
  });

  it('treats blank text as missing and checks the e-mail address', () => {
    expect(fieldsFor({ ...validBody, banMessage: '   ', usage: '', contactEmail: 'ana@' })).toEqual(
      {
        banMessage: 'validation.request.banMessage',
        usage: 'validation.request.usage',
        contactEmail: 'validation.request.emailInvalid',
      },
    );
  });

  it('tells wrong types apart from missing fields', () => {
    expect(fieldsFor({ ...validBody, banMessage: 42, usage: ['a'], contactEmail: null })).toEqual({
      banMessage: 'validation.request.banMessageType',
      usage: 'validation.request.usageType',
      contactEmail: 'validation.request.email',
    });
    expect(fieldsFor({ ...validBody, phone: 12025550143 }).phone).toBe('validation.phone.notText');
  });

  it('requires both confirmations to be exactly true', () => {
    const ownership = 'validation.request.ownsNumber';
    const terms = 'validation.request.acceptsTerms';
    expect(fieldsFor({ ...validBody, ownsNumber: false, acceptsTerms: false })).toEqual({
      ownsNumber: ownership,
      acceptsTerms: terms,
    });
    expect(fieldsFor({ ...validBody, ownsNumber: 'true', acceptsTerms: 1 })).toEqual({
      ownsNumber: ownership,
      acceptsTerms: terms,
    });
    const { ownsNumber: _owns, acceptsTerms: _terms, ...withoutConfirmations } = validBody;
    expect(fieldsFor(withoutConfirmations)).toEqual({ ownsNumber: ownership, acceptsTerms: terms });
  });

  it('reports every missing field of an empty body at once', () => {
    expect(Object.keys(fieldsFor({})).sort()).toEqual(
      [
        'accountType',
        'acceptsTerms',
        'banMessage',
        'bannedAt',
        'contactEmail',
        'device',
        'messagingApp',
        'ownsNumber',
        'phone',
        'plan',
        'usage',
      ].sort(),
    );
  });
});

describe('ban messages', () => {
  it('offers WhatsApp first, then WhatsApp Business', () => {
    expect(messagingAppList.map((app) => app.name)).toEqual(['WhatsApp', 'WhatsApp Business']);
  });

  it('maps a choice to its exact text, and "other" to what was typed', () => {
    expect(banMessageTextFor('not_allowed_spam', 'ignored')).toBe(
      'This account is not allowed to use WhatsApp due to spam',
    );
    expect(banMessageTextFor('other', '  Your account is banned  ')).toBe('Your account is banned');
  });

  it('finds the choice back from a stored text', () => {
    expect(banMessageChoiceFor(commonBanMessages.can_no_longer_use)).toBe('can_no_longer_use');
    expect(banMessageChoiceFor('Something else')).toBe('other');
  });
});

describe('response schemas', () => {
  const summary = {
    id: '0190d3c4-6a7b-7c8d-9e0f-123456789abc',
    reference: 'UB-7K3Q9XQ2',
    messagingApp: 'whatsapp',
    phoneMasked: '+•• ••• ••• 143',
    plan: 'priority',
    priceMinor: 8900,
    currency: 'USD',
    caseState: 'needs_info',
    paymentState: 'paid',
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-02T08:30:00+01:00',
  };

  it('accepts a create response with an https checkout address', () => {
    const response = {
      id: summary.id,
      reference: summary.reference,
      statusToken: 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6',
      checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_123',
    };
    expect(createRequestResponseSchema.parse(response)).toEqual(response);
  });

  it('refuses a checkout address the browser must not be sent to', () => {
    const response = {
      id: summary.id,
      reference: summary.reference,
      statusToken: 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6',
      checkoutUrl: 'javascript:alert(1)',
    };
    expect(createRequestResponseSchema.safeParse(response).success).toBe(false);
  });

  it('reads a case detail with its timeline', () => {
    const detail = {
      ...summary,
      answers: {
        messagingApp: 'whatsapp',
        phone: '+12025550143',
        accountType: 'business',
        device: 'iphone',
        banMessage: commonBanMessages.not_allowed,
        bannedAt: 'today',
        usage: 'Shop support',
        contactEmail: 'ana@example.com',
      },
      timeline: [
        {
          at: summary.createdAt,
          actor: 'customer',
          fromState: null,
          toState: 'awaiting_payment',
          messageToCustomer: null,
          customerReply: null,
        },
        {
          at: summary.updatedAt,
          actor: 'operator',
          fromState: 'in_review',
          toState: 'needs_info',
          messageToCustomer: 'When did you install WhatsApp on this phone?',
          customerReply: null,
        },
      ],
      needsInfoQuestion: 'When did you install WhatsApp on this phone?',
      nextReplyBy: null,
      ownerReview: {
        requestedAt: summary.updatedAt,
        message: null,
        steps: ['Open WhatsApp on your iPhone, with the banned number.'],
        confirmedAt: null,
        canConfirm: true,
      },
    };
    expect(requestDetailSchema.parse(detail)).toEqual(detail);
    expect(requestDetailSchema.safeParse({ ...detail, ownerReview: undefined }).success).toBe(
      false,
    );
    expect(requestSummarySchema.safeParse({ ...summary, caseState: 'lost' }).success).toBe(false);
  });

  it('reads a payment status without the full number', () => {
    const status = {
      reference: summary.reference,
      amountMinor: 4900,
      currency: 'USD',
      paymentState: 'failed',
      caseState: 'awaiting_payment',
      phoneMasked: summary.phoneMasked,
      plan: 'standard',
      updatedAt: summary.updatedAt,
      canRetry: true,
    };
    expect(paymentStatusResponseSchema.parse({ ...status, phone: '+12025550143' })).toEqual(status);
  });
});

describe('customerReplyBodySchema', () => {
  it('takes a trimmed reply of 1 to 2000 characters', () => {
    expect(customerReplyBodySchema.parse({ message: '  Since 2019.  ' })).toEqual({
      message: 'Since 2019.',
    });
    expect(fieldMessages(customerReplyBodySchema.safeParse({ message: ' ' }).error)).toEqual({
      message: 'validation.reply.message',
    });
    expect(
      fieldMessages(customerReplyBodySchema.safeParse({ message: 'z'.repeat(2001) }).error),
    ).toEqual({ message: 'validation.text.tooLongNow?max=2000&now=2001' });
  });
});
