import { Link } from 'react-router';
import { caseStateInfo } from '@unban/contract/case-states';
import { getMessagingApp } from '@unban/contract/messaging-apps';
import { paymentStateInfo } from '@unban/contract/payment-states';
import type { RequestSummary } from '@unban/contract/requests';
import { paths } from '../../config/paths';
import { LocalTime } from '../../components/ui/local-time';
import { StatusBadge } from '../../components/ui/status-badge';
import { caseStateTone, paymentStateTone } from '../../components/ui/state-tones';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';

/** The customer's requests as cards: they stay readable on a phone, unlike a wide table. */
export function RequestList({ requests }: { requests: readonly RequestSummary[] }) {
  return (
    <ul className="request-list" aria-label="Your requests">
      {requests.map((request) => (
        <RequestCard key={request.id} request={request} />
      ))}
    </ul>
  );
}

function RequestCard({ request }: { request: RequestSummary }) {
  const { plans } = useSiteIdentity();
  const caseInfo = caseStateInfo[request.caseState];
  return (
    <li className="request-card">
      <h2 className="request-card__title">
        <Link to={paths.requestDetail.to(request.id)}>Request {request.reference}</Link>
      </h2>
      {caseInfo.customerActionNeeded && request.caseState === 'needs_info' ? (
        <p className="request-card__action">Action needed: the operator asked you a question.</p>
      ) : null}
      <dl className="facts">
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge tone={caseStateTone[request.caseState]}>{caseInfo.label}</StatusBadge>
          </dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>
            <StatusBadge tone={paymentStateTone[request.paymentState]}>
              {paymentStateInfo[request.paymentState].label}
            </StatusBadge>
          </dd>
        </div>
        <div>
          <dt>App</dt>
          <dd>{getMessagingApp(request.messagingApp).name}</dd>
        </div>
        <div>
          <dt>Phone number</dt>
          <dd>{request.phoneMasked}</dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>{plans[request.plan].name}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <LocalTime value={request.createdAt} format="date" />
          </dd>
        </div>
      </dl>
    </li>
  );
}
