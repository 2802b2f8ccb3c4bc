import { paymentStateInfo } from '@unban/contract/payment-states';
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
  const info = paymentStateInfo[request.paymentState];
  const startable =
    request.caseState === 'awaiting_payment' && startableStates.has(request.paymentState);
  return (
    <section aria-labelledby="case-payment">
      <h2 id="case-payment">Payment</h2>
      <p>
        <StatusBadge tone={paymentStateTone[request.paymentState]}>{info.label}</StatusBadge>{' '}
        {formatMoney(request.priceMinor, request.currency)}, {plans[request.plan].name} plan
      </p>
      <p>{info.meaning}</p>
      {startable ? (
        <StartPayment requestId={request.id} state={request.paymentState} onStale={onStale} />
      ) : (
        <p>
          {info.next}
          {info.usualWait ? ` Usually takes ${info.usualWait}.` : null}
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

  return (
    <>
      <p>
        {state === 'unpaid'
          ? 'If you closed the checkout before paying, open a new one here.'
          : paymentStateInfo[state].next}
      </p>
      <p>
        <button
          type="button"
          className="button button--primary"
          disabled={status !== 'idle'}
          onClick={() => void retry()}
        >
          {state === 'unpaid' ? 'Pay now' : 'Try again'}
        </button>
      </p>
      <div role="alert">{problem ? <p className="case-page__problem">{problem}</p> : null}</div>
    </>
  );
}
