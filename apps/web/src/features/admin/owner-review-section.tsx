import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import type { AppealWorkbench } from '@unban/contract/appeals';
import { ownerReviewLimits } from '@unban/contract/owner-review';
import type { OwnerReviewWorkbench } from '@unban/contract/owner-review';
import { LocalTime } from '../../components/ui/local-time';
import { askOwnerReview } from './api/appeals';
import { ActionError } from './action-error';

interface OwnerReviewSectionProps {
  requestId: string;
  ownerReview: OwnerReviewWorkbench;
  caseVersion: number;
  onDone: (next: AppealWorkbench) => void;
  onReload: () => void;
}

/**
 * The playbook's in-app review, which only the owner can send (it needs the SMS code we
 * never ask for): ask them, with the steps their case page and e-mail show, and see when
 * they confirmed (docs/decisions/022).
 */
export function OwnerReviewSection({
  requestId,
  ownerReview,
  caseVersion,
  onDone,
  onReload,
}: OwnerReviewSectionProps) {
  const headingId = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      onDone(
        await askOwnerReview(requestId, {
          channelIndex: ownerReview.channelIndex,
          message,
          expectedVersion: caseVersion,
        }),
      );
      setMessage('');
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>Owner’s in-app review</h3>
      <p className="muted">
        The in-app “Request a review” needs the SMS code on the owner’s phone: only the owner can
        send it. Their confirmation is recorded as the appeal through this channel.
      </p>
      {ownerReview.requests.length > 0 ? (
        <ol className="admin-appeals" aria-label="Requests to the owner">
          {ownerReview.requests.map((review) => (
            <li key={review.id}>
              <p>
                Asked <LocalTime value={review.requestedAt} /> by {review.requestedByUid} (playbook
                version {review.playbookVersion}).
              </p>
              {review.message ? <p className="admin-mail-text">{review.message}</p> : null}
              {review.confirmedAt ? (
                <p>
                  <strong>
                    Owner confirmed the in-app review at <LocalTime value={review.confirmedAt} />.
                  </strong>
                </p>
              ) : (
                <p>
                  Waiting for the owner’s confirmation
                  {review.reminderSentAt ? (
                    <>
                      ; reminder e-mailed <LocalTime value={review.reminderSentAt} />
                    </>
                  ) : null}
                  .
                </p>
              )}
            </li>
          ))}
        </ol>
      ) : null}
      {ownerReview.canAsk ? (
        <form
          className="admin-form"
          aria-label="Ask the owner for the in-app review"
          onSubmit={(event) => void onSubmit(event)}
        >
          <details>
            <summary>What the owner is shown</summary>
            <ol>
              {ownerReview.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </details>
          <label>
            Message to the owner (optional)
            <textarea
              name="ownerMessage"
              rows={3}
              value={message}
              maxLength={ownerReviewLimits.message}
              onChange={(event) => setMessage(event.target.value)}
            />
          </label>
          {error !== null ? <ActionError error={error} onReload={onReload} /> : null}
          <button type="submit" className="button button--primary" disabled={busy}>
            Ask the owner to request the review
          </button>
        </form>
      ) : null}
    </section>
  );
}
