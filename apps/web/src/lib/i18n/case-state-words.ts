import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { caseStateInfoFor } from '@unban/contract/case-states';
import type { CaseState, CaseStateTable } from '@unban/contract/case-states';
import type { Plan } from '@unban/contract/plans';
import type { SiteIdentity } from '@unban/contract/site-config';
import { useSiteIdentity } from '../site-identity/site-identity';
import { statesInWords } from './state-words';

/**
 * The case states explained in the active language: the contract's table (its flags, and the
 * plan waits of the localized identity) with its words from the catalog
 * (`caseState.<state>.label|meaning|next|usualWait`).
 */
export function localCaseStateInfo(intl: IntlShape, identity: SiteIdentity): CaseStateTable {
  const refundArrival = intl.formatMessage({ id: 'caseState.refundArrival' });
  return statesInWords(
    intl,
    'caseState',
    caseStateInfoFor(identity),
    (state, info, say) =>
      info.usualWait === null || info.waitDependsOnPlan
        ? info.usualWait
        : state === 'appeal_submitted'
          ? say('usualWait')
          : refundArrival,
    { app: identity.appName, refundArrival },
  );
}

export function useCaseStateInfo(): CaseStateTable {
  const intl = useIntl();
  const identity = useSiteIdentity();
  return useMemo(() => localCaseStateInfo(intl, identity), [intl, identity]);
}

/** The usual wait of a state for a customer on `plan` (localized), as caseUsualWait does. */
export function localUsualWait(table: CaseStateTable, state: CaseState, plan: Plan): string | null {
  const info = table[state];
  return info.waitDependsOnPlan ? plan.operatorReplyWithin : info.usualWait;
}
