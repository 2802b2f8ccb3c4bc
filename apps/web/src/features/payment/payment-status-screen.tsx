import { Link, useSearchParams } from 'react-router';
import { paymentStateInfo } from '@unban/contract/payment-states';
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

const headings: Record<View['kind'], string> = {
  'missing-link': "We couldn't find this payment",
  'not-found': "We couldn't find this payment",
  checking: 'Payment status',
  found: 'Payment status',
  unavailable: "We couldn't check your payment",
};

/**
 * `/payment-status?order=…&token=…` (the server renders it with the status: see
 * prerender/payment-status-document.tsx) and `#/payment-status?…`, where the checkout sends the
 * customer back. Everything shown comes from the link and the server, so a reloaded or shared
 * link shows the same.
 */
export function PaymentStatusScreen() {
  useScreenTitle('Payment status');
  const [searchParams] = useSearchParams();
  const query = readPaymentStatusQuery(searchParams);
  const canceledCheckout = searchParams.has(CHECKOUT_CANCELED_PARAM);
  const { data, error, refresh } = usePaymentStatus(query);
  const view = viewOf(query, data, error);

  return (
    <div className="page payment-status">
      <h1>{headings[view.kind]}</h1>
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
              Check again
            </button>
          </p>
          <p>
            If it keeps happening, e-mail <SupportEmailLink />.
          </p>
        </>
      ) : null}
      {view.kind === 'missing-link' || view.kind === 'not-found' ? (
        <>
          <p>
            Still stuck? E-mail <SupportEmailLink /> and we will look it up for you.
          </p>
          <p>
            <Link to={paths.home.to()}>Go to the home page</Link>
          </p>
        </>
      ) : null}
    </div>
  );
}

function StatusSummary({ view, canceledCheckout }: { view: View; canceledCheckout: boolean }) {
  switch (view.kind) {
    case 'checking':
      return <p>Checking your payment…</p>;
    case 'found': {
      const { paymentState } = view.payment;
      const info = paymentStateInfo[paymentState];
      return (
        <>
          <p className="payment-status__state">
            <StatusBadge tone={paymentStateTone[paymentState]}>{info.label}</StatusBadge>
          </p>
          <p className="lead">{info.meaning}</p>
          {canceledCheckout && paymentState === 'unpaid' ? (
            <p>You left the checkout before paying. Nothing has been charged.</p>
          ) : null}
        </>
      );
    }
    case 'unavailable':
      return (
        <p>
          Something went wrong on the way to our server. Your payment is not affected. Please check
          again in a moment.
        </p>
      );
    case 'missing-link':
      return (
        <p>
          This address is missing the order details. Please open the payment link from your
          confirmation e-mail or from the checkout page; it contains your order number and a private
          token.
        </p>
      );
    case 'not-found':
      return (
        <p>
          No payment matches this link. Please check that you opened the full link from your
          confirmation e-mail or the checkout page.
        </p>
      );
  }
}
