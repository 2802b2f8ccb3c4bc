import type { AppealWorkbench } from '@unban/contract/appeals';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AdminCase, QueueItem } from '@unban/contract/admin';
import { defaultClientConfig } from '@unban/contract/client-config';
import { paths } from '../../config/paths';
import { AdminApp } from './admin-app';

/** Shared by the back office tests: answers as the API sends them. */

export const CASE_ID = '0190d3c4-6a7b-7c8d-9e0f-123456789abc';
export const OPERATOR_UID = 'operator-1';
export const ID_TOKEN = 'id-token-of-operator-1';

export function queueItem(overrides: Partial<QueueItem> = {}): QueueItem {
  return {
    id: CASE_ID,
    reference: 'UB-7K3Q9XQ2',
    messagingApp: 'whatsapp',
    caseState: 'queued',
    caseStateLabel: 'Queued',
    paymentState: 'paid',
    paymentStateLabel: 'Paid',
    plan: 'standard',
    priceMinor: 4900,
    currency: 'USD',
    phoneMasked: '+•• ••• ••• 143',
    contactEmail: 'ana@example.com',
    locale: 'en',
    createdAt: '2025-03-04T14:05:00.000Z',
    updatedAt: '2025-03-04T14:07:00.000Z',
    assignedOperatorUid: null,
    version: 3,
    replyDueAt: null,
    followUpDueAt: null,
    ...overrides,
  };
}

export function adminCase(overrides: Partial<AdminCase> = {}): AdminCase {
  return {
    ...queueItem(),
    answers: {
      messagingApp: 'whatsapp',
      phone: '+12025550143',
      accountType: 'personal',
      device: 'android',
      banMessage: 'This account is not allowed to use WhatsApp due to spam',
      bannedAt: 'this_week',
      usage: 'Family chats',
      contactEmail: 'ana@example.com',
    },
    payments: [
      {
        id: '0190d3c4-6a7b-7c8d-9e0f-aaaaaaaaaaaa',
        provider: 'stripe',
        state: 'paid',
        amountMinor: 4900,
        currency: 'USD',
        refundRequestedMinor: 0,
        refundedMinor: 0,
        createdAt: '2025-03-04T14:05:00.000Z',
        updatedAt: '2025-03-04T14:07:00.000Z',
      },
    ],
    timeline: [
      {
        id: '0190d3c4-6a7b-7c8d-9e0f-bbbbbbbbbbbb',
        at: '2025-03-04T14:07:00.000Z',
        actor: 'operator',
        actorUid: 'operator-2',
        fromState: 'awaiting_payment',
        toState: 'queued',
        messageToCustomer: null,
        internalNote: 'Checked the payment by hand',
        customerReply: null,
      },
    ],
    allowedNextStates: ['in_review', 'canceled'],
    ...overrides,
  };
}

/** The appeal workbench of `adminCase()`: a support e-mail and a web form, nothing sent yet. */
export function appealWorkbench(overrides: Partial<AppealWorkbench> = {}): AppealWorkbench {
  const drafts = (what: string) => ({
    appeal: {
      subject: `Request for review (${what})`,
      body: `Hello, please review +12025550143 (${what}).`,
    },
    follow_up: { subject: `Follow-up (${what})`, body: `Hello again (${what}).` },
  });
  return {
    playbook: {
      id: '0190d3c4-6a7b-7c8d-9e0f-cccccccccccc',
      app: 'whatsapp',
      banType: 'permanent_ban',
      version: 2,
      summary: 'Appeal through support, then the form.',
    },
    channels: [
      {
        index: 1,
        kind: 'support-email',
        label: 'Support e-mail',
        address: 'support@support.whatsapp.com',
        url: null,
        steps: ['Write in English.'],
        evidence: ['The exact ban message'],
        checkAfterDays: 2,
        followUpAfterDays: 7,
        canSend: true,
        drafts: drafts('e-mail'),
      },
      {
        index: 2,
        kind: 'web-form',
        label: 'Web form',
        address: null,
        url: 'https://www.whatsapp.com/contact/',
        steps: ['Open the form.'],
        evidence: [],
        checkAfterDays: 2,
        followUpAfterDays: 7,
        canSend: false,
        drafts: drafts('form'),
      },
    ],
    ownerReview: {
      channelIndex: 0,
      label: 'In-app review (by the owner)',
      steps: ['Open WhatsApp on your Android phone.', 'Tap “Request a review”.'],
      canAsk: true,
      requests: [],
    },
    appeals: [],
    replies: [],
    followUpDueAt: null,
    platformReplied: false,
    canSubmit: true,
    replyRouting: 'case-address',
    caseVersion: 3,
    ...overrides,
  };
}

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function apiError(status: number, code: string, message: string): Response {
  return json(status, { error: { code, message } });
}

export function requestUrl(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

export const operatorSession = { uid: OPERATOR_UID, email: 'op@example.com', role: 'operator' };

/** The back office as the app routes it (`/admin/*`), in memory. */
export function renderAdmin(initialPath: string) {
  const router = createMemoryRouter(
    [
      { path: `${paths.admin.path}/*`, Component: AdminApp },
      { path: paths.signIn.path, element: <h1>Sign in</h1> },
    ],
    { initialEntries: [initialPath] },
  );
  render(<RouterProvider router={router} />);
  return router;
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
