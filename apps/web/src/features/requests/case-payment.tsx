import { FormattedMessage, useIntl } from 'react-intl';
import { SPACE } from '../../lib/i18n/rich-text';
import { usePaymentStateInfo } from '../../lib/i18n/payment-state-words';
import type { PaymentState } from '@unban/contract/payment-states';
import { formatMoney } from '@unban/contract/plans';
import type { RequestDetail } from '@unban/contract/requests';
import { useRetryPayment } from '../../lib/checkout/retry-payment';
import { StatusBadge } from '../../components/ui/status-badge';
import { paymentStateTone } from '../../components/ui/state-tones';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';

/** A payment can be (re)started from the case page only while the case waits for one. */
const startableStates: ReadonlySet<PaymentState> = new Set(['unpaid', 'failed', 'expired']);

interface CasePaymentProps {
  request: RequestDetail;
  /** The server said the payment changed meanwhile: reload the request. */
  onStale: () => void;
}

export function CasePayment({ request, onStale }: CasePaymentProps) {
  const { plans } = useSiteIdentity();
  const info = usePaymentStateInfo()[request.paymentState];
  const intl = useIntl();
  const startable =
    request.caseState === 'awaiting_payment' && startableStates.has(request.paymentState);
  return (
    <section aria-labelledby="case-payment">
      <h2 id="case-payment">
        <FormattedMessage id="casePayment.title" />
      </h2>
      <p>
        <StatusBadge tone={paymentStateTone[request.paymentState]}>{info.label}</StatusBadge>
        {SPACE}
        <FormattedMessage
          id="casePayment.summary"
          values={{
            amount: formatMoney(request.priceMinor, request.currency),
            plan: plans[request.plan].name,
          }}
        />
      </p>
      <p>{info.meaning}</p>
      {startable ? (
        <StartPayment requestId={request.id} state={request.paymentState} onStale={onStale} />
      ) : (
        <p>
          {info.next}
          {info.usualWait
            ? SPACE + intl.formatMessage({ id: 'casePayment.usually' }, { wait: info.usualWait })
            : null}
        </p>
      )}
    </section>
  );
}

interface StartPaymentProps {
  requestId: string;
  state: PaymentState;
  onStale: () => void;
}

function StartPayment({ requestId, state, onStale }: StartPaymentProps) {
  // No status token: the case page is the signed-in owner's.
  const { retry, status, problem } = useRetryPayment(requestId, null, onStale);
  const states = usePaymentStateInfo();

  return (
    <>
      <p>
        {state === 'unpaid' ? <FormattedMessage id="casePayment.reopen" /> : states[state].next}
      </p>
      <p>
        <button
          type="button"
          className="button button--primary"
          disabled={status !== 'idle'}
          onClick={() => void retry()}
        >
          <FormattedMessage
            id={state === 'unpaid' ? 'casePayment.payNow' : 'casePayment.tryAgain'}
          />
        </button>
      </p>
      <div role="alert">{problem ? <p className="case-page__problem">{problem}</p> : null}</div>
    </>
  );
}
