import { caseStateInfo, caseStates } from '@unban/contract/case-states';
import { formatMoney, planList } from '@unban/contract/plans';
import { useEnglishScreenTitle } from '../../lib/browser/use-document-title';
import { useDashboard } from './api/get-dashboard';
import { AppealFigures } from './appeal-figures';
import { formatDuration, formatOnTimeShare } from './dashboard-figures';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';

/** `#/admin/dashboard`: cases per state, money in and out, time to an outcome. */
export function DashboardScreen() {
  const { plans } = useSiteIdentity();
  useEnglishScreenTitle('Dashboard');
  const { data, error, refresh } = useDashboard();

  if (data === undefined) {
    return (
      <>
        <h1>Dashboard</h1>
        <div role="status">
          {error === undefined ? (
            <p>Loading the dashboard…</p>
          ) : (
            <p className="admin-error">We couldn&apos;t load the dashboard.</p>
          )}
        </div>
        {error !== undefined ? (
          <button type="button" className="button" onClick={() => void refresh()}>
            Try again
          </button>
        ) : null}
      </>
    );
  }

  const money = (totals: typeof data.refunds) =>
    totals.length === 0
      ? 'None'
      : totals
          .map((total) => `${formatMoney(total.amountMinor, total.currency)} (${total.count})`)
          .join(', ');

  return (
    <>
      <h1>Dashboard</h1>
      <dl>
        <div>
          <dt>Paid in the last 7 days</dt>
          <dd>{money(data.paidLast7Days)}</dd>
        </div>
        <div>
          <dt>Refunded, all time</dt>
          <dd>{money(data.refunds)}</dd>
        </div>
        <div>
          <dt>Median time from payment to outcome</dt>
          <dd>
            {data.medianSecondsPaidToOutcome === null
              ? 'No outcome yet'
              : formatDuration(data.medianSecondsPaidToOutcome)}
          </dd>
        </div>
      </dl>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption>Requests by case state</caption>
          <thead>
            <tr>
              <th scope="col">State</th>
              <th scope="col">Requests</th>
            </tr>
          </thead>
          <tbody>
            {caseStates.map((state) => (
              <tr key={state}>
                <th scope="row">{caseStateInfo[state].label}</th>
                <td>{data.requestsByCaseState[state] ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption>Replies on time, per plan</caption>
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col">Last 7 days</th>
              <th scope="col">Last 30 days</th>
            </tr>
          </thead>
          <tbody>
            {planList(plans).map((plan) => {
              const counts = data.replyOnTime[plan.id];
              return (
                <tr key={plan.id}>
                  <th scope="row">
                    {plan.name} (reply {plan.operatorReplyWithin})
                  </th>
                  <td>{counts ? formatOnTimeShare(counts.last7Days) : 'No deadline due'}</td>
                  <td>{counts ? formatOnTimeShare(counts.last30Days) : 'No deadline due'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <AppealFigures outcomes={data.appealOutcomes} perOperator={data.appealsPerOperator} />
    </>
  );
}
