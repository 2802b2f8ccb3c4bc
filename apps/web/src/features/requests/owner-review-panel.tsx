import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { apiErrorText } from '../../lib/i18n/api-error-text';
import { getMessagingApp } from '@unban/contract/messaging-apps';
import type { RequestDetail } from '@unban/contract/requests';
import { LocalTime } from '../../components/ui/local-time';
import { ApiError } from '../../lib/api/api-error';
import { confirmOwnerReview } from './api/confirm-owner-review';

interface OwnerReviewPanelProps {
  request: RequestDetail;
  /** After the confirmation: what to tell the customer; the case is read again. */
  onConfirmed: (message: string) => void;
  /**
   * The case changed meanwhile (closed, or confirmed elsewhere): why, said outside this
   * panel, which may go away once the case is read again.
   */
  onStale: (message: string) => void;
}

function refusal(error: unknown, intl: IntlShape): string {
  if (error instanceof ApiError && error.status !== 0) return apiErrorText(intl, error);
  return intl.formatMessage({ id: 'ownerReview.failed' });
}

/**
 * When we asked the owner to request a review in the app themselves (it needs the SMS code,
 * which we never ask for): the steps for their app and phone, our no-codes pledge beside
 * them, and the button to tell us they sent it; afterwards, when they did (decision 022).
 */
export function OwnerReviewPanel({ request, onConfirmed, onStale }: OwnerReviewPanelProps) {
  const headingId = useId();
  const stepsId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const intl = useIntl();
  const review = request.ownerReview;
  if (!review) return null;
  const app = getMessagingApp(request.messagingApp).name;

  if (review.confirmedAt) {
    return (
      <section aria-labelledby={headingId}>
        <h2 id={headingId}>
          <FormattedMessage id="ownerReview.doneTitle" values={{ app }} />
        </h2>
        <p>
          <FormattedMessage
            id="ownerReview.doneText"
            values={{ app, date: <LocalTime value={review.confirmedAt} /> }}
          />
        </p>
      </section>
    );
  }
  if (!review.canConfirm) return null;

  const onConfirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await confirmOwnerReview(request.id);
      onConfirmed(intl.formatMessage({ id: 'ownerReview.confirmed' }, { app }));
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409) onStale(apiErrorText(intl, caught));
      else setError(refusal(caught, intl));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="notice notice--warning case-action" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage id="ownerReview.title" values={{ app }} />
      </h2>
      <p>
        <FormattedMessage
          id="ownerReview.asked"
          values={{ app, date: <LocalTime value={review.requestedAt} format="date" /> }}
        />
      </p>
      {review.message ? (
        <>
          <p>
            <FormattedMessage id="ownerReview.teamAdds" />
          </p>
          <blockquote className="case-action__question">{review.message}</blockquote>
        </>
      ) : null}
      <div className="owner-review">
        <div>
          <h3 id={stepsId}>
            <FormattedMessage id="ownerReview.onPhone" />
          </h3>
          <ol aria-labelledby={stepsId}>
            {review.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
        <aside
          className="owner-review__pledge"
          aria-label={intl.formatMessage({ id: 'ownerReview.pledgeLabel' })}
        >
          <p>
            <strong>
              <FormattedMessage id="request.noCodesPledge" />
            </strong>
          </p>
          <p>
            <FormattedMessage id="ownerReview.nobody" />
          </p>
        </aside>
      </div>
      <div role="alert">{error ? <p className="case-page__problem">{error}</p> : null}</div>
      <p>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void onConfirm()}
        >
          <FormattedMessage id="ownerReview.confirm" />
        </button>
      </p>
      <p className="muted">
        <FormattedMessage id="ownerReview.hint" />
      </p>
    </section>
  );
}
