import { Link, useSearchParams } from 'react-router';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../lib/i18n/catalog';
import { usePaymentStateInfo } from '../../lib/i18n/payment-state-words';
import type { PaymentStatusResponse } from '@unban/contract/requests';
import { paths } from '../../config/paths';
import { useScreenTitle } from '../../lib/browser/use-document-title';
import { SupportEmailLink } from '../../components/ui/support-email-link';
import { StatusBadge } from '../../components/ui/status-badge';
import { paymentStateTone } from '../../components/ui/state-tones';
import type { PaymentStatusQuery } from './api/get-payment-status';
import { isUnknownPaymentError, usePaymentStatus } from './api/get-payment-status';
import { readPaymentStatusQuery } from './api/payment-status-query';
import { PaymentDetails } from './payment-details';
import './payment-status.css';

/**
 * Added by the checkout's cancel address (`…&canceled=1`): the customer left the checkout
 * without paying, so "Try again" is offered although the attempt is still open (unpaid).
 */
export const CHECKOUT_CANCELED_PARAM = 'canceled';

type View =
  | { kind: 'missing-link' }
  | { kind: 'checking' }
  | { kind: 'not-found' }
  | { kind: 'unavailable' }
  | { kind: 'found'; payment: PaymentStatusResponse; refreshFailed: boolean };

function viewOf(
  query: PaymentStatusQuery | null,
  data: PaymentStatusResponse | undefined,
  error: unknown,
): View {
  if (!query) return { kind: 'missing-link' };
  // A failed refresh keeps the last answer on screen: it is still the best we know.
  if (data) return { kind: 'found', payment: data, refreshFailed: error !== undefined };
  if (error === undefined) return { kind: 'checking' };
  return { kind: isUnknownPaymentError(error) ? 'not-found' : 'unavailable' };
}

const headings: Record<View['kind'], MessageId> = {
  'missing-link': 'payment.notFound',
  'not-found': 'payment.notFound',
  checking: 'pages.paymentStatus.title',
  found: 'pages.paymentStatus.title',
  unavailable: 'payment.unavailableTitle',
};

/**
 * `/payment-status?order=…&token=…` (the server renders it with the status: see
 * prerender/payment-status-document.tsx) and `#/payment-status?…`, where the checkout sends the
 * customer back. Everything shown comes from the link and the server, so a reloaded or shared
 * link shows the same.
 */
export function PaymentStatusScreen() {
  useScreenTitle('pages.paymentStatus.title');
  const [searchParams] = useSearchParams();
  const query = readPaymentStatusQuery(searchParams);
  const canceledCheckout = searchParams.has(CHECKOUT_CANCELED_PARAM);
  const { data, error, refresh } = usePaymentStatus(query);
  const view = viewOf(query, data, error);

  return (
    <div className="page payment-status">
      <h1>
        <FormattedMessage id={headings[view.kind]} />
      </h1>
      {/*
        Always in the page, so the change from "checking" to the answer, and every later
        change of state, is announced; its text changes only when the state does.
      */}
      <div className="payment-status__summary" aria-live="polite" aria-atomic="true">
        <StatusSummary view={view} canceledCheckout={canceledCheckout} />
      </div>
      {view.kind === 'found' && query ? (
        <PaymentDetails
          payment={view.payment}
          query={query}
          canceledCheckout={canceledCheckout}
          refreshFailed={view.refreshFailed}
          onStale={() => void refresh()}
        />
      ) : null}
      {view.kind === 'unavailable' ? (
        <>
          <p>
            <button type="button" className="button button--primary" onClick={() => void refresh()}>
              <FormattedMessage id="payment.checkAgain" />
            </button>
          </p>
          <p>
            <FormattedMessage
              id="payment.keepsHappening"
              values={{ email: <SupportEmailLink /> }}
            />
          </p>
        </>
      ) : null}
      {view.kind === 'missing-link' || view.kind === 'not-found' ? (
        <>
          <p>
            <FormattedMessage id="payment.stillStuck" values={{ email: <SupportEmailLink /> }} />
          </p>
          <p>
            <Link to={paths.home.to()}>
              <FormattedMessage id="payment.home" />
            </Link>
          </p>
        </>
      ) : null}
    </div>
  );
}

function StatusSummary({ view, canceledCheckout }: { view: View; canceledCheckout: boolean }) {
  const paymentStates = usePaymentStateInfo();
  switch (view.kind) {
    case 'checking':
      return (
        <p>
          <FormattedMessage id="payment.checking" />
        </p>
      );
    case 'found': {
      const { paymentState } = view.payment;
      const info = paymentStates[paymentState];
      return (
        <>
          <p className="payment-status__state">
            <StatusBadge tone={paymentStateTone[paymentState]}>{info.label}</StatusBadge>
          </p>
          <p className="lead">{info.meaning}</p>
          {canceledCheckout && paymentState === 'unpaid' ? (
            <p>
              <FormattedMessage id="payment.leftCheckout" />
            </p>
          ) : null}
        </>
      );
    }
    case 'unavailable':
      return (
        <p>
          <FormattedMessage id="payment.unavailable" />
        </p>
      );
    case 'missing-link':
      return (
        <p>
          <FormattedMessage id="payment.missingLink" />
        </p>
      );
    case 'not-found':
      return (
        <p>
          <FormattedMessage id="payment.noMatch" />
        </p>
      );
  }
}
