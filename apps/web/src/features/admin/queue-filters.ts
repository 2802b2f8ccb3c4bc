import type {
  QueueDeadlineFilter,
  QueueFollowUpFilter,
  QueueQueryInput,
  QueueSort,
} from '@unban/contract/admin';
import { queueDeadlineFilters, queueFollowUpFilters, queueSorts } from '@unban/contract/admin';
import type { CaseState } from '@unban/contract/case-states';
import { caseStates } from '@unban/contract/case-states';
import type { MessagingAppId } from '@unban/contract/messaging-apps';
import { messagingAppIds } from '@unban/contract/messaging-apps';
import type { PaymentState } from '@unban/contract/payment-states';
import { paymentStates } from '@unban/contract/payment-states';
import type { PlanId } from '@unban/contract/plans';
import { planIds } from '@unban/contract/plans';

/** The queue's filters as they sit in the screen's URL, so a filtered queue can be shared. */
export interface QueueFilters {
  caseState: CaseState[];
  paymentState?: PaymentState;
  plan?: PlanId;
  messagingApp?: MessagingAppId;
  olderThanHours?: number;
  deadline?: QueueDeadlineFilter;
  followUp?: QueueFollowUpFilter;
  q?: string;
  sort: QueueSort;
}

export const deadlineChoices: readonly { value: QueueDeadlineFilter; label: string }[] = [
  { value: 'breached', label: 'Reply overdue' },
  { value: 'due_soon', label: 'Reply due soon' },
];

export const followUpChoices: readonly { value: QueueFollowUpFilter; label: string }[] = [
  { value: 'due', label: 'Follow-up due or platform replied' },
];

export const ageChoices = [
  { hours: 24, label: 'Older than 1 day' },
  { hours: 48, label: 'Older than 2 days' },
  { hours: 72, label: 'Older than 3 days' },
  { hours: 168, label: 'Older than 7 days' },
] as const;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** Unknown or broken values are dropped: a hand-edited link still opens the queue. */
export function filtersFromSearch(search: URLSearchParams): QueueFilters {
  const hours = Number(search.get('olderThanHours'));
  const q = search.get('q')?.trim();
  return {
    caseState: caseStates.filter((state) =>
      search
        .getAll('caseState')
        .flatMap((value) => value.split(','))
        .includes(state),
    ),
    paymentState: oneOf(paymentStates, search.get('paymentState')),
    plan: oneOf(planIds, search.get('plan')),
    messagingApp: oneOf(messagingAppIds, search.get('messagingApp')),
    olderThanHours: Number.isInteger(hours) && hours > 0 ? hours : undefined,
    deadline: oneOf(queueDeadlineFilters, search.get('deadline')),
    followUp: oneOf(queueFollowUpFilters, search.get('followUp')),
    q: q ? q : undefined,
    sort: oneOf(queueSorts, search.get('sort')) ?? 'created_desc',
  };
}

export function filtersToSearch(filters: QueueFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const state of filters.caseState) search.append('caseState', state);
  if (filters.paymentState) search.set('paymentState', filters.paymentState);
  if (filters.plan) search.set('plan', filters.plan);
  if (filters.messagingApp) search.set('messagingApp', filters.messagingApp);
  if (filters.olderThanHours !== undefined) {
    search.set('olderThanHours', String(filters.olderThanHours));
  }
  if (filters.deadline) search.set('deadline', filters.deadline);
  if (filters.followUp) search.set('followUp', filters.followUp);
  if (filters.q) search.set('q', filters.q);
  if (filters.sort !== 'created_desc') search.set('sort', filters.sort);
  return search;
}

export function filtersToQuery(filters: QueueFilters, cursor?: string): QueueQueryInput {
  return {
    caseState: filters.caseState.length > 0 ? filters.caseState : undefined,
    paymentState: filters.paymentState,
    plan: filters.plan,
    messagingApp: filters.messagingApp,
    olderThanHours: filters.olderThanHours,
    deadline: filters.deadline,
    followUp: filters.followUp,
    q: filters.q,
    sort: filters.sort,
    cursor,
  };
}

/** Reads the filter form's fields (named like the query parameters). */
export function filtersFromForm(form: HTMLFormElement): QueueFilters {
  const data = new FormData(form);
  const search = new URLSearchParams();
  for (const [name, value] of data) {
    if (typeof value === 'string' && value !== '') search.append(name, value);
  }
  return filtersFromSearch(search);
}
