import { useEffect, useId, useRef, useState } from 'react';
import { SPACE } from '../../lib/i18n/rich-text';
import { FormattedMessage, useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { apiErrorText } from '../../lib/i18n/api-error-text';
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

function refusal(error: unknown, intl: IntlShape): string {
  if (error instanceof ApiError) return apiErrorText(intl, error);
  return intl.formatMessage({ id: 'cancel.failed' });
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
  const intl = useIntl();
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
    ? intl.formatMessage({ id: 'cancel.consequencePaid' }, { amount: money })
    : intl.formatMessage({ id: 'cancel.consequenceUnpaid' });

  const onConfirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await cancelRequest(request.id);
      setConfirming(false);
      onDone(
        paid
          ? intl.formatMessage({ id: 'cancel.donePaid' }, { amount: money })
          : intl.formatMessage({ id: 'cancel.done' }),
      );
    } catch (caught) {
      setError(refusal(caught, intl));
      // Picked up by an operator or paid meanwhile: show the case as it now is.
      if (caught instanceof ApiError && caught.status === 409) onStale();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage id="cancel.title" />
      </h2>
      <p>
        <FormattedMessage id="cancel.text" values={{ consequence }} />
      </p>
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
            {paid ? (
              <FormattedMessage id="cancel.confirmPaid" values={{ amount: money }} />
            ) : (
              <FormattedMessage id="cancel.confirm" />
            )}
          </button>
          {SPACE}
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            <FormattedMessage id="cancel.keep" />
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
            <FormattedMessage id="cancel.open" />
          </button>
        </p>
      )}
    </section>
  );
}
