import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { usePaymentStateInfo } from '../../lib/i18n/payment-state-words';
import { useCaseStateInfo } from '../../lib/i18n/case-state-words';
import { Link } from 'react-router';
import type { PaymentState } from '@unban/contract/payment-states';
import { formatPrice } from '@unban/contract/plans';
import { useActiveLocale } from '../../lib/i18n/use-active-locale';
import type { PaymentStatusResponse } from '@unban/contract/requests';
import { paths } from '../../config/paths';
import { useRetryPayment } from '../../lib/checkout/retry-payment';
import { LocalTime } from '../../components/ui/local-time';
import { StatusBadge } from '../../components/ui/status-badge';
import { caseStateTone } from '../../components/ui/state-tones';
import { SupportContact } from '../../components/ui/support-contact';
import type { PaymentStatusQuery } from './api/get-payment-status';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';

/** The money has been taken (and maybe given back): the summary is a receipt. */
const chargedStates: ReadonlySet<PaymentState> = new Set(['paid', 'refund_pending', 'refunded']);

interface PaymentDetailsProps {
  payment: PaymentStatusResponse;
  query: PaymentStatusQuery;
  canceledCheckout: boolean;
  /** The last poll failed; what is shown may be out of date. */
  refreshFailed: boolean;
  /** The server said the shown state is out of date: load it again. */
  onStale: () => void;
}

/** Everything under the state summary once the payment is found. */
export function PaymentDetails({
  payment,
  query,
  canceledCheckout,
  refreshFailed,
  onStale,
}: PaymentDetailsProps) {
  const intl = useIntl();
  const info = usePaymentStateInfo()[payment.paymentState];
  // The server's canRetry is the rule (failed or expired, case still awaiting payment); a
  // customer back from cancelling has an open but abandoned checkout, so offer it then too.
  const canRetry =
    payment.canRetry ||
    (canceledCheckout &&
      payment.paymentState === 'unpaid' &&
      payment.caseState === 'awaiting_payment');

  return (
    <>
      <section aria-labelledby="payment-next">
        <h2 id="payment-next">
          <FormattedMessage id="payment.next" />
        </h2>
        <p>{info.next}</p>
        {info.usualWait ? (
          <p>
            <FormattedMessage id="payment.usually" values={{ wait: info.usualWait }} />
          </p>
        ) : null}
        {!info.final ? (
          <p className="muted">
            <FormattedMessage id="payment.updatesItself" />
          </p>
        ) : null}
        {refreshFailed ? (
          <p className="muted">
            <FormattedMessage id="payment.refreshFailed" />
          </p>
        ) : null}
      </section>

      {canRetry ? <RetryPayment query={query} onStale={onStale} /> : null}

      {payment.paymentState === 'paid' ? <CaseProgress payment={payment} /> : null}

      <PaymentSummary payment={payment} />

      <SupportContact
        about={intl.formatMessage(
          { id: 'payment.mentionReference' },
          { reference: payment.reference },
        )}
      />
    </>
  );
}

function RetryPayment({ query, onStale }: { query: PaymentStatusQuery; onStale: () => void }) {
  const { retry, status, problem } = useRetryPayment(query.order, query.token, onStale);

  return (
    <div className="payment-status__retry">
      <button
        type="button"
        className="button button--primary"
        disabled={status !== 'idle'}
        onClick={() => void retry()}
      >
        <FormattedMessage id="payment.tryAgain" />
      </button>
      {/* Rendered empty first, so the message is announced when it appears. */}
      <div role="alert">
        {problem ? <p className="payment-status__problem">{problem}</p> : null}
      </div>
    </div>
  );
}

function CaseProgress({ payment }: { payment: PaymentStatusResponse }) {
  const info = useCaseStateInfo()[payment.caseState];
  return (
    <section aria-labelledby="payment-case">
      <h2 id="payment-case">
        <FormattedMessage id="payment.yourCase" />
      </h2>
      <p>
        <StatusBadge tone={caseStateTone[payment.caseState]}>{info.label}</StatusBadge>
      </p>
      <p>
        {info.meaning} {info.next}
      </p>
      <p>
        {/* The status answer carries the reference, not the request id the case page needs. */}
        <Link to={paths.requests.to()}>
          <FormattedMessage id="payment.followCase" />
        </Link>
      </p>
    </section>
  );
}

function PaymentSummary({ payment }: { payment: PaymentStatusResponse }) {
  const { plans } = useSiteIdentity();
  const headingId = useId();
  const charged = chargedStates.has(payment.paymentState);
  const amount = formatPrice(
    { amountMinor: payment.amountMinor, currency: payment.currency },
    useActiveLocale(),
  );
  return (
    <section aria-labelledby={headingId} className="payment-status__summary-box">
      <h2 id={headingId}>
        <FormattedMessage id={charged ? 'payment.receipt' : 'payment.orderDetails'} />
      </h2>
      <dl className="payment-status__facts">
        <div>
          <dt>
            <FormattedMessage id="payment.reference" />
          </dt>
          <dd>{payment.reference}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id={charged ? 'payment.amountPaid' : 'payment.amount'} />
          </dt>
          <dd>{amount}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="payment.plan" />
          </dt>
          <dd>{plans[payment.plan].name}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="payment.phone" />
          </dt>
          <dd>{payment.phoneMasked}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="payment.updated" />
          </dt>
          <dd>
            <LocalTime value={payment.updatedAt} />
          </dd>
        </div>
      </dl>
      {charged ? (
        <p className="muted">
          <FormattedMessage id="payment.allIn" />
        </p>
      ) : null}
    </section>
  );
}
