import { useEffect, useId, useRef, useState } from 'react';
import { customerMayCancel } from '@unban/contract/data-rules';
import { formatMoney } from '@unban/contract/plans';
import type { RequestDetail } from '@unban/contract/requests';
import { ApiError } from '../../lib/api/api-error';
import { cancelRequest } from './api/cancel-request';

interface CancelRequestPanelProps {
  request: RequestDetail;
  /** The request as the cancel left it (or as it now is, when it changed meanwhile). */
  onDone: (message: string) => void;
  onStale: () => void;
}

function refusal(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'We could not cancel your request just now. Please try again.';
}

/**
 * "Cancel this request", shown only while the customer may still cancel (before an operator
 * starts work), in two steps: the first button says what will happen, the second does it.
 */
export function CancelRequestPanel({ request, onDone, onStale }: CancelRequestPanelProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  // The button pressed is replaced by the confirmation and back: keyboard focus follows.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) openerRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  if (!customerMayCancel(request.caseState)) return null;

  const paid = request.caseState === 'queued';
  const money = formatMoney(request.priceMinor, request.currency);
  const consequence = paid
    ? `Your payment of ${money} will be refunded in full; banks usually show it within 5–10 business days.`
    : 'You have not paid, so nothing will be charged.';

  const onConfirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await cancelRequest(request.id);
      setConfirming(false);
      onDone(
        paid
          ? `Your request is canceled. Your payment of ${money} is being refunded in full.`
          : 'Your request is canceled.',
      );
    } catch (caught) {
      setError(refusal(caught));
      // Picked up by an operator or paid meanwhile: show the case as it now is.
      if (caught instanceof ApiError && caught.status === 409) onStale();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Cancel this request</h2>
      <p>You can cancel until an operator starts work on your case. {consequence}</p>
      <div role="alert">{error ? <p className="case-page__problem">{error}</p> : null}</div>
      {confirming ? (
        <p>
          <button
            ref={confirmRef}
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void onConfirm()}
          >
            {paid ? `Yes, cancel and refund ${money}` : 'Yes, cancel my request'}
          </button>{' '}
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            Keep my request
          </button>
        </p>
      ) : (
        <p>
          <button
            ref={openerRef}
            type="button"
            className="button"
            onClick={() => setConfirming(true)}
          >
            Cancel request…
          </button>
        </p>
      )}
    </section>
  );
}
