import { Link } from 'react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCaseStateInfo } from '../../lib/i18n/case-state-words';
import { usePaymentStateInfo } from '../../lib/i18n/payment-state-words';
import { getMessagingApp } from '@unban/contract/messaging-apps';
import type { RequestSummary } from '@unban/contract/requests';
import { paths } from '../../config/paths';
import { LocalTime } from '../../components/ui/local-time';
import { StatusBadge } from '../../components/ui/status-badge';
import { caseStateTone, paymentStateTone } from '../../components/ui/state-tones';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';

/** The customer's requests as cards: they stay readable on a phone, unlike a wide table. */
export function RequestList({ requests }: { requests: readonly RequestSummary[] }) {
  return (
    <ul className="request-list" aria-label={useIntl().formatMessage({ id: 'requests.listLabel' })}>
      {requests.map((request) => (
        <RequestCard key={request.id} request={request} />
      ))}
    </ul>
  );
}

function RequestCard({ request }: { request: RequestSummary }) {
  const { plans } = useSiteIdentity();
  const caseInfo = useCaseStateInfo()[request.caseState];
  const paymentStates = usePaymentStateInfo();
  return (
    <li className="request-card">
      <h2 className="request-card__title">
        <Link to={paths.requestDetail.to(request.id)}>
          <FormattedMessage id="requests.card.title" values={{ reference: request.reference }} />
        </Link>
      </h2>
      {caseInfo.customerActionNeeded && request.caseState === 'needs_info' ? (
        <p className="request-card__action">
          <FormattedMessage id="requests.card.action" />
        </p>
      ) : null}
      <dl className="facts">
        <div>
          <dt>
            <FormattedMessage id="requests.card.status" />
          </dt>
          <dd>
            <StatusBadge tone={caseStateTone[request.caseState]}>{caseInfo.label}</StatusBadge>
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="requests.card.payment" />
          </dt>
          <dd>
            <StatusBadge tone={paymentStateTone[request.paymentState]}>
              {paymentStates[request.paymentState].label}
            </StatusBadge>
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="requests.card.app" />
          </dt>
          <dd>{getMessagingApp(request.messagingApp).name}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="requests.card.phone" />
          </dt>
          <dd>{request.phoneMasked}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="requests.card.plan" />
          </dt>
          <dd>{plans[request.plan].name}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="requests.card.created" />
          </dt>
          <dd>
            <LocalTime value={request.createdAt} format="date" />
          </dd>
        </div>
      </dl>
    </li>
  );
}
