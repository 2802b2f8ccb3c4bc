import { caseStateInfo } from '@unban/contract/case-states';
import { paymentStateInfo } from '@unban/contract/payment-states';
import { messagingAppIds } from '@unban/contract/messaging-apps';
import { planIds } from '@unban/contract/plans';
import { supportedLocales } from '@unban/contract/locale-tags';

/*
 * The values the contract lists for the text columns the database does not constrain to them.
 * The hot reads (the queue, the status read) check a row's values against these sets instead
 * of parsing their whole answer with zod on the way out (decision 012): a stored value no
 * screen knows still fails the answer rather than reaching a screen.
 */

export const messagingApps: ReadonlySet<string> = new Set(messagingAppIds);
export const plans: ReadonlySet<string> = new Set(planIds);
export const locales: ReadonlySet<string> = new Set(supportedLocales);
export const caseStates: ReadonlySet<string> = new Set(Object.keys(caseStateInfo));
export const paymentStates: ReadonlySet<string> = new Set(Object.keys(paymentStateInfo));

/** A stored value the contract names, or an error: an answer never carries a value no screen knows. */
export function known<T extends string>(
  values: ReadonlySet<string>,
  value: string,
  column: string,
): T {
  if (!values.has(value))
    throw new Error(`requests.${column} holds "${value}", which the contract does not list`);
  return value as T;
}
