import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { paymentStateInfo } from '@unban/contract/payment-states';
import type { PaymentState, PaymentStateInfo } from '@unban/contract/payment-states';
import { statesInWords } from './state-words';

export type PaymentStateTable = Readonly<Record<PaymentState, PaymentStateInfo>>;

/**
 * The payment states explained in the active language: the contract's table (its flags) with
 * its words from the catalog (`paymentState.<state>.label|meaning|next|usualWait`).
 */
export function usePaymentStateInfo(): PaymentStateTable {
  const intl = useIntl();
  return useMemo(
    () =>
      statesInWords(intl, 'paymentState', paymentStateInfo, (_state, info, say) =>
        info.usualWait === null ? null : say('usualWait'),
      ),
    [intl],
  );
}
