import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { queueSorts } from '@unban/contract/admin';
import type { QueueSort } from '@unban/contract/admin';
import { caseStateInfo, caseStates } from '@unban/contract/case-states';
import { getMessagingApp, messagingAppList } from '@unban/contract/messaging-apps';
import { paymentStateInfo, paymentStates } from '@unban/contract/payment-states';
import { formatMoney, planList } from '@unban/contract/plans';
import { paths } from '../../config/paths';
import { useEnglishScreenTitle } from '../../lib/browser/use-document-title';
import { LocalTime } from '../../components/ui/local-time';
import { ReplyDue } from '../../components/ui/reply-due';
import { StatusBadge } from '../../components/ui/status-badge';
import { caseStateTone, paymentStateTone } from '../../components/ui/state-tones';
import type { QueueFilters } from './queue-filters';
import {
  ageChoices,
  deadlineChoices,
  followUpChoices,
  filtersFromForm,
  filtersFromSearch,
  filtersToSearch,
} from './queue-filters';
import { customerLanguageLabel } from './customer-language';
import { useQueue } from './use-queue';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';

const sortLabels: Readonly<Record<QueueSort, string>> = {
  created_desc: 'Newest first',
  created_asc: 'Oldest first',
  updated_desc: 'Recently updated',
  updated_asc: 'Least recently updated',
  due_asc: 'Reply deadline, overdue first',
  follow_up_asc: 'Appeal follow-up, due first',
};

/** `#/admin`: every case, filtered and searched; the filters live in the URL. */
export function QueueScreen() {
  const { plans } = useSiteIdentity();
  useEnglishScreenTitle('Queue');
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const queue = useQueue(filters);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(filtersToSearch(filtersFromForm(event.currentTarget)));
  };

  return (
    <>
      <h1>Queue</h1>
      {/* Keyed by the URL so the fields show a shared link's filters after navigation. */}
      <QueueFilterForm key={search.toString()} filters={filters} onSubmit={onSubmit} />
      <div role="status" aria-live="polite">
        {queue.loading ? <p>Loading the queue…</p> : null}
        {queue.failed ? <p className="admin-error">We couldn&apos;t load the queue.</p> : null}
      </div>
      {queue.failed ? (
        <p>
          <button type="button" className="button" onClick={queue.retry}>
            Try again
          </button>
        </p>
      ) : null}
      {!queue.loading && !queue.failed && queue.items.length === 0 ? (
        <p>No requests match these filters.</p>
      ) : null}
      {queue.items.length > 0 ? (
        <div className="admin-table-wrap">
          <table
            className={queue.stale ? 'admin-table admin-table--stale' : 'admin-table'}
            aria-busy={queue.stale}
          >
            <caption>
              Requests ({queue.items.length} shown{queue.stale ? ', updating' : ''})
            </caption>
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Case</th>
                <th scope="col">Payment</th>
                <th scope="col">Reply due</th>
                <th scope="col">Follow-up due</th>
                <th scope="col">Plan</th>
                <th scope="col">Price</th>
                <th scope="col">E-mail</th>
                <th scope="col">Phone</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {queue.items.map((item) => (
                <tr key={item.id}>
                  <th scope="row">
                    <Link to={paths.adminRequest.to(item.id)}>{item.reference}</Link>
                    <br />
                    <span className="muted">{getMessagingApp(item.messagingApp).name}</span>
                  </th>
                  <td>
                    <StatusBadge tone={caseStateTone[item.caseState]}>
                      {item.caseStateLabel}
                    </StatusBadge>
                  </td>
                  <td>
                    <StatusBadge tone={paymentStateTone[item.paymentState]}>
                      {item.paymentStateLabel}
                    </StatusBadge>
                  </td>
                  <td>
                    <ReplyDue value={item.replyDueAt} />
                  </td>
                  <td>
                    {item.followUpDueAt === null ? '—' : <LocalTime value={item.followUpDueAt} />}
                  </td>
                  <td>{plans[item.plan].name}</td>
                  <td>{formatMoney(item.priceMinor, item.currency)}</td>
                  <td>
                    {item.contactEmail}
                    <br />
                    <span className="muted" lang={item.locale}>
                      {customerLanguageLabel(item.locale)}
                    </span>
                  </td>
                  <td>{item.phoneMasked}</td>
                  <td>
                    <LocalTime value={item.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {queue.hasMore ? (
        <p>
          <button
            type="button"
            className="button"
            onClick={queue.loadMore}
            disabled={queue.loadingMore}
          >
            {queue.loadingMore ? 'Loading…' : 'Load more'}
          </button>
        </p>
      ) : null}
    </>
  );
}

interface QueueFilterFormProps {
  filters: QueueFilters;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

function QueueFilterForm({ filters, onSubmit }: QueueFilterFormProps) {
  const { plans } = useSiteIdentity();
  return (
    <form className="admin-filters" role="search" aria-label="Filter the queue" onSubmit={onSubmit}>
      <label>
        Search
        <input
          type="search"
          name="q"
          defaultValue={filters.q ?? ''}
          placeholder="Reference, e-mail or number"
        />
      </label>
      <fieldset>
        <legend>Case state</legend>
        {caseStates.map((state) => (
          <label key={state}>
            <input
              type="checkbox"
              name="caseState"
              value={state}
              defaultChecked={filters.caseState.includes(state)}
            />{' '}
            {caseStateInfo[state].label}
          </label>
        ))}
      </fieldset>
      <label>
        Payment
        <select name="paymentState" defaultValue={filters.paymentState ?? ''}>
          <option value="">Any payment</option>
          {paymentStates.map((state) => (
            <option key={state} value={state}>
              {paymentStateInfo[state].label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Plan
        <select name="plan" defaultValue={filters.plan ?? ''}>
          <option value="">Any plan</option>
          {planList(plans).map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        App
        <select name="messagingApp" defaultValue={filters.messagingApp ?? ''}>
          <option value="">Any app</option>
          {messagingAppList.map((app) => (
            <option key={app.id} value={app.id}>
              {app.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Age
        <select name="olderThanHours" defaultValue={filters.olderThanHours ?? ''}>
          <option value="">Any age</option>
          {ageChoices.map((choice) => (
            <option key={choice.hours} value={choice.hours}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Reply deadline
        <select name="deadline" defaultValue={filters.deadline ?? ''}>
          <option value="">Any deadline</option>
          {deadlineChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Appeal follow-up
        <select name="followUp" defaultValue={filters.followUp ?? ''}>
          <option value="">Any follow-up</option>
          {followUpChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Sort
        <select name="sort" defaultValue={filters.sort}>
          {queueSorts.map((sort) => (
            <option key={sort} value={sort}>
              {sortLabels[sort]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--primary">
        Apply
      </button>
    </form>
  );
}
