import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { paymentStateInfo, paymentStates } from '@unban/contract/payment-states';
import type { PaymentState, PaymentStateInfo } from '@unban/contract/payment-states';
import type { MessageId } from './catalog';

export type PaymentStateTable = Readonly<Record<PaymentState, PaymentStateInfo>>;

/**
 * The payment states explained in the active language: the contract's table (its flags) with
 * its words from the catalog (`paymentState.<state>.label|meaning|next|usualWait`).
 */
export function usePaymentStateInfo(): PaymentStateTable {
  const intl = useIntl();
  return useMemo(() => {
    const say = (state: PaymentState, field: string) =>
      intl.formatMessage({ id: `paymentState.${state}.${field}` as MessageId });
    return Object.fromEntries(
      paymentStates.map((state) => {
        const info = paymentStateInfo[state];
        return [
          state,
          {
            ...info,
            label: say(state, 'label'),
            meaning: say(state, 'meaning'),
            next: say(state, 'next'),
            usualWait: info.usualWait === null ? null : say(state, 'usualWait'),
          },
        ];
      }),
    ) as unknown as PaymentStateTable;
  }, [intl]);
}
