import { useId, useState } from 'react';
import { getMessagingApp } from '@unban/contract/messaging-apps';
import type { RequestDetail } from '@unban/contract/requests';
import { noCodesPledge } from '@unban/contract/requests';
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

function refusal(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0) return error.message;
  return 'We could not record your confirmation just now. Check your connection and try again.';
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
  const review = request.ownerReview;
  if (!review) return null;
  const app = getMessagingApp(request.messagingApp).name;

  if (review.confirmedAt) {
    return (
      <section aria-labelledby={headingId}>
        <h2 id={headingId}>Your review request in {app}</h2>
        <p>
          You confirmed on <LocalTime value={review.confirmedAt} /> that you sent the review request
          in {app}. We follow it up with {app} and tell you here and by e-mail when they answer.
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
      onConfirmed(
        `Thank you. We have recorded that you sent the review request in ${app}, and we follow it up from here.`,
      );
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409) onStale(caught.message);
      else setError(refusal(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="notice notice--warning case-action" aria-labelledby={headingId}>
      <h2 id={headingId}>Action needed: request a review in {app}</h2>
      <p>
        We asked you on <LocalTime value={review.requestedAt} format="date" /> to do one step of
        your appeal that only you can do. {app}’s “Request a review” in the app sends a code by SMS
        to your number, and that code must stay with you.
      </p>
      {review.message ? (
        <>
          <p>Our team adds:</p>
          <blockquote className="case-action__question">{review.message}</blockquote>
        </>
      ) : null}
      <div className="owner-review">
        <div>
          <h3 id={stepsId}>On your phone</h3>
          <ol aria-labelledby={stepsId}>
            {review.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
        <aside className="owner-review__pledge" aria-label="Our promise about your codes">
          <p>
            <strong>{noCodesPledge}</strong>
          </p>
          <p>
            Nobody from our team will ask you for the 6-digit code, in the chat, by e-mail or by
            phone. If someone does, it is not us: do not give it.
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
          I have submitted the review
        </button>
      </p>
      <p className="muted">
        Press it once you have sent the request in the app. If you have not yet, do it first; if
        something goes wrong on the way, write to us in the chat.
      </p>
    </section>
  );
}
