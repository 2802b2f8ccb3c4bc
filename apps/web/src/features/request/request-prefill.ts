import type { z } from 'zod';
import type { BanCheckOrderPrefill } from '@unban/contract/ban-check';
import { banMessageChoiceSchema, messagingAppIdSchema } from '@unban/contract/messaging-apps';
import { accountTypeSchema, bannedAtSchema, deviceSchema } from '@unban/contract/requests';

/**
 * The answers the order form starts from, read from its address (`#/request?device=android…`,
 * written by the free ban check with `paths.request.to()`). Each value is checked with the
 * field's own schema and one that does not fit is left out: the form then asks for it, as if
 * it had not been given. The address is visible and editable, so it proves nothing; it only
 * saves typing.
 */
export function readRequestPrefill(search: URLSearchParams): Partial<BanCheckOrderPrefill> {
  function read<T>(name: keyof BanCheckOrderPrefill, schema: z.ZodType<T>): T | undefined {
    const parsed = schema.safeParse(search.get(name));
    return parsed.success ? parsed.data : undefined;
  }
  const prefill: Partial<BanCheckOrderPrefill> = {
    messagingApp: read('messagingApp', messagingAppIdSchema),
    accountType: read('accountType', accountTypeSchema),
    device: read('device', deviceSchema),
    banMessage: read('banMessage', banMessageChoiceSchema),
    bannedAt: read('bannedAt', bannedAtSchema),
  };
  return Object.fromEntries(
    Object.entries(prefill).filter(([, value]) => value !== undefined),
  ) as Partial<BanCheckOrderPrefill>;
}
