import type { RequestDetail, RequestSummary } from '@unban/contract/requests';
import { defaultClientConfig } from '@unban/contract/client-config';

/** Shared by the requests screens' tests: answers as the API sends them. */

export const REQUEST_ID = '0190d3c4-6a7b-7c8d-9e0f-123456789abc';
export const OTHER_REQUEST_ID = '0190d3c4-6a7b-7c8d-9e0f-cba987654321';
export const ID_TOKEN = 'id-token-of-user-1';

export function requestSummary(overrides: Partial<RequestSummary> = {}): RequestSummary {
  return {
    id: REQUEST_ID,
    reference: 'UB-7K3Q9XQ2',
    messagingApp: 'whatsapp_business',
    phoneMasked: '+•• ••• ••• 143',
    plan: 'priority',
    priceMinor: 8900,
    currency: 'USD',
    caseState: 'in_review',
    paymentState: 'paid',
    createdAt: '2025-03-04T14:05:00.000Z',
    updatedAt: '2025-03-05T09:00:00.000Z',
    ...overrides,
  };
}

export function requestDetail(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return {
    ...requestSummary(),
    answers: {
      messagingApp: 'whatsapp_business',
      phone: '+12025550143',
      accountType: 'business',
      device: 'android',
      banMessage: 'This account is not allowed to use WhatsApp due to spam',
      bannedAt: 'this_week',
      usage: 'Orders for my bakery',
      contactEmail: 'ana@example.com',
    },
    timeline: [
      {
        at: '2025-03-04T14:05:00.000Z',
        actor: 'customer',
        fromState: null,
        toState: 'awaiting_payment',
        messageToCustomer: null,
        customerReply: null,
      },
      {
        at: '2025-03-04T14:07:00.000Z',
        actor: 'system',
        fromState: 'awaiting_payment',
        toState: 'queued',
        messageToCustomer: 'Payment received.',
        customerReply: null,
      },
      {
        at: '2025-03-05T09:00:00.000Z',
        actor: 'operator',
        fromState: 'queued',
        toState: 'in_review',
        messageToCustomer: 'We are preparing your appeal.',
        customerReply: null,
      },
    ],
    needsInfoQuestion: null,
    nextReplyBy: null,
    ownerReview: null,
    ...overrides,
  };
}

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function requestUrl(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/** The page's configuration block, as the server writes it (no Firebase: nothing loads). */
export function addClientConfigBlock(): void {
  if (document.getElementById('client-config')) return;
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'client-config';
  block.textContent = JSON.stringify(defaultClientConfig);
  document.head.append(block);
}
