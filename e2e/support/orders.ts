import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { createRequestResponseSchema } from '@unban/contract/requests';
import type { CreateRequestResponse } from '@unban/contract/requests';
import { authEmulatorOf, createPasswordAccount } from './auth-emulator';

/**
 * A real order, made through the API by a new customer (not the browser's: the page under
 * test has no session): unpaid, with its status token and its sandbox checkout address.
 */
export async function newOrder(request: APIRequestContext): Promise<CreateRequestResponse> {
  const emulator = await authEmulatorOf(request);
  const customer = await createPasswordAccount(
    request,
    emulator,
    `status-page-${crypto.randomUUID()}@example.test`,
  );
  const response = await request.post('/api/requests', {
    headers: { authorization: `Bearer ${customer.idToken}` },
    data: {
      messagingApp: 'whatsapp',
      phone: '+4915123456789',
      accountType: 'personal',
      device: 'android',
      banMessage: 'This account is not allowed to use WhatsApp due to spam.',
      bannedAt: 'this_week',
      usage: 'Family and friends',
      contactEmail: 'status-page@example.test',
      plan: 'standard',
      ownsNumber: true,
      acceptsTerms: true,
    },
  });
  expect(response.status()).toBe(201);
  return createRequestResponseSchema.parse(await response.json());
}
