import type { AdminCase } from '@unban/contract/admin';
import { caseStateInfo } from '@unban/contract/case-states';
import { getMessagingApp } from '@unban/contract/messaging-apps';
import { paymentStateInfo } from '@unban/contract/payment-states';
import { formatMoney } from '@unban/contract/plans';
import { LocalTime } from '../../components/ui/local-time';

/** What the customer told us, as stored (the full number included: operators need it). */
export function CaseAnswersList({ adminCase }: { adminCase: AdminCase }) {
  const { answers } = adminCase;
  const rows: [string, string][] = [
    ['App', getMessagingApp(answers.messagingApp).name],
    ['Phone number', answers.phone],
    ['Account type', answers.accountType],
    ['Device', answers.device],
    ['Ban message', answers.banMessage],
    ['Banned', answers.bannedAt],
    ['Usage', answers.usage],
    ['Contact e-mail', answers.contactEmail],
  ];
  return (
    <section aria-labelledby="admin-answers">
      <h2 id="admin-answers">Answers</h2>
      <dl>
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function CasePaymentsTable({ adminCase }: { adminCase: AdminCase }) {
  return (
    <section aria-labelledby="admin-payments">
      <h2 id="admin-payments">Payments</h2>
      {adminCase.payments.length === 0 ? (
        <p>No payment was started.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption>Payments and refunds, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">State</th>
                <th scope="col">Amount</th>
                <th scope="col">Refund requested</th>
                <th scope="col">Refunded</th>
                <th scope="col">Provider</th>
              </tr>
            </thead>
            <tbody>
              {adminCase.payments.map((payment) => (
                <tr key={payment.id}>
                  <td>
                    <LocalTime value={payment.createdAt} />
                  </td>
                  <td>{paymentStateInfo[payment.state].label}</td>
                  <td>{formatMoney(payment.amountMinor, payment.currency)}</td>
                  <td>{formatMoney(payment.refundRequestedMinor, payment.currency)}</td>
                  <td>{formatMoney(payment.refundedMinor, payment.currency)}</td>
                  <td>{payment.provider}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const actorLabels = { customer: 'Customer', operator: 'Operator', system: 'System' } as const;

/** Everything that happened, oldest first, with what only staff see. */
export function CaseTimelineList({ adminCase }: { adminCase: AdminCase }) {
  return (
    <section aria-labelledby="admin-timeline">
      <h2 id="admin-timeline">Timeline</h2>
      <ol>
        {adminCase.timeline.map((entry) => (
          <li key={entry.id}>
            <p>
              <LocalTime value={entry.at} /> · {actorLabels[entry.actor]}
              {entry.actorUid ? ` (${entry.actorUid})` : ''} ·{' '}
              {entry.fromState === null || entry.fromState === entry.toState
                ? caseStateInfo[entry.toState].label
                : `${caseStateInfo[entry.fromState].label} → ${caseStateInfo[entry.toState].label}`}
            </p>
            {entry.messageToCustomer ? <p>To the customer: {entry.messageToCustomer}</p> : null}
            {entry.customerReply ? <p>Customer replied: {entry.customerReply}</p> : null}
            {entry.internalNote ? (
              <p className="muted">Internal note: {entry.internalNote}</p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
