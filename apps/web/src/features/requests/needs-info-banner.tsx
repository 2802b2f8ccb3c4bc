import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { RequestDetail } from '@unban/contract/requests';
import { ReplyForm } from './reply-form';

/** The operator's open question: the one the server names, else the latest message asking. */
export function openQuestion(request: RequestDetail): string | null {
  if (request.needsInfoQuestion) return request.needsInfoQuestion;
  const asking = request.timeline.filter(
    (entry) => entry.toState === 'needs_info' && entry.messageToCustomer,
  );
  return asking.at(-1)?.messageToCustomer ?? null;
}

interface NeedsInfoBannerProps {
  request: RequestDetail;
  onSent: () => void;
  onStale: () => void;
}

/** Shown while the case waits for the customer: what the operator asked, and the reply box. */
export function NeedsInfoBanner({ request, onSent, onStale }: NeedsInfoBannerProps) {
  const headingId = useId();
  const question = openQuestion(request);
  const intl = useIntl();
  return (
    <section className="notice notice--warning case-action" aria-labelledby={headingId}>
      <div role="status">
        <h2 id={headingId}>
          <FormattedMessage id="needsInfo.title" />
        </h2>
        {question ? (
          <>
            <p>
              <FormattedMessage id="needsInfo.asked" />
            </p>
            <blockquote className="case-action__question">{question}</blockquote>
          </>
        ) : (
          <p>
            <FormattedMessage id="needsInfo.generic" />
          </p>
        )}
      </div>
      <p>
        <FormattedMessage
          id="needsInfo.continues"
          values={{ pledge: intl.formatMessage({ id: 'request.noCodesPledge' }) }}
        />
      </p>
      <ReplyForm requestId={request.id} onSent={onSent} onStale={onStale} />
    </section>
  );
}
