import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { screenTitle, useDocumentTitle } from '../../lib/use-document-title';
import { SupportEmailLink } from '../../components/ui/support-email-link';
import type { PaymentState, PaymentStatusQuery, PaymentStatusResponse } from './payment-status-api';
import { fetchPaymentStatus } from './payment-status-api';

type View =
  | { kind: 'missing-link' }
  | { kind: 'checking' }
  | { kind: 'not-found' }
  | { kind: 'unavailable' }
  | { kind: 'found'; payment: PaymentStatusResponse };

/** What each payment state means for the customer, in their words. */
const stateText: Record<PaymentState, { heading: string; text: string }> = {
  unpaid: {
    heading: 'Waiting for your payment',
    text: 'We have not received your payment yet. If you closed the checkout page, start it again from your request.',
  },
  processing: {
    heading: 'Your payment is being processed',
    text: 'Your bank is still confirming the payment. This page shows the result once it is done; we will also e-mail you.',
  },
  paid: {
    heading: 'The service is paid',
    text: 'Thank you. Your payment is confirmed and your case is in our queue. We will e-mail you at every step.',
  },
  refund_pending: {
    heading: 'Your refund is on its way',
    text: 'We have issued a full refund. It reaches your card within 5–10 business days, depending on your bank.',
  },
  refunded: {
    heading: 'Your payment was refunded',
    text: 'The full amount has been refunded to your card.',
  },
  failed: {
    heading: 'The payment did not go through',
    text: 'Your card was not charged. You can try again from your request, with the same or another card.',
  },
  expired: {
    heading: 'The checkout expired',
    text: 'The checkout was not completed in time and nothing was charged. You can start it again from your request.',
  },
};

function readQuery(params: URLSearchParams): PaymentStatusQuery | null {
  const order = params.get('order')?.trim();
  const token = params.get('token')?.trim();
  return order && token ? { order, token } : null;
}

export function PaymentStatusScreen() {
  useDocumentTitle(screenTitle('Payment status'));
  const [searchParams] = useSearchParams();
  const query = readQuery(searchParams);
  const order = query?.order;
  const token = query?.token;

  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; view: View } | null>(null);
  const requestKey = order && token ? `${order}\n${token}\n${attempt}` : null;

  useEffect(() => {
    if (!order || !token || !requestKey) return;
    const controller = new AbortController();
    fetchPaymentStatus({ order, token }, controller.signal).then(
      (payment) => setResult({ key: requestKey, view: { kind: 'found', payment } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const notFound = error instanceof ApiError && error.status === 404;
        setResult({ key: requestKey, view: { kind: notFound ? 'not-found' : 'unavailable' } });
      },
    );
    return () => controller.abort();
  }, [order, token, requestKey]);

  // A result for an older link or attempt is never shown as the answer to the current one.
  const view: View = !requestKey
    ? { kind: 'missing-link' }
    : result?.key === requestKey
      ? result.view
      : { kind: 'checking' };

  return (
    <div className="page">
      <div aria-live="polite" aria-atomic="true">
        <StatusView view={view} onRetry={() => setAttempt((n) => n + 1)} />
      </div>
    </div>
  );
}

function StatusView({ view, onRetry }: { view: View; onRetry: () => void }) {
  switch (view.kind) {
    case 'checking':
      return (
        <>
          <h1>Payment status</h1>
          <p>Checking your payment…</p>
        </>
      );
    case 'found': {
      const { heading, text } = stateText[view.payment.paymentState];
      return (
        <>
          <h1>{heading}</h1>
          <p className="muted">Order {view.payment.reference}</p>
          <p>{text}</p>
          <p>
            Questions? E-mail <SupportEmailLink /> and mention your order reference.
          </p>
        </>
      );
    }
    case 'unavailable':
      return (
        <>
          <h1>We couldn&apos;t check your payment</h1>
          <p>
            Something went wrong on the way to our server. Your payment is not affected. Please try
            again in a moment.
          </p>
          <p>
            <button type="button" className="button button--primary" onClick={onRetry}>
              Try again
            </button>
          </p>
          <p>
            If it keeps happening, e-mail <SupportEmailLink />.
          </p>
        </>
      );
    case 'missing-link':
    case 'not-found':
      return (
        <>
          <h1>We couldn&apos;t find this payment</h1>
          {view.kind === 'missing-link' ? (
            <p>
              This address is missing the order details. Please open the payment link from your
              confirmation e-mail or from the checkout page; it contains your order number and a
              private token.
            </p>
          ) : (
            <p>
              No payment matches this link. Please check that you opened the full link from your
              confirmation e-mail or the checkout page.
            </p>
          )}
          <p>
            Still stuck? E-mail <SupportEmailLink /> and we will look it up for you.
          </p>
          <p>
            <Link to={paths.home.to()}>Go to the home page</Link>
          </p>
        </>
      );
  }
}
