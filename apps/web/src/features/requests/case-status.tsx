import type { CaseState } from '@unban/contract/case-states';
import { FormattedMessage } from 'react-intl';
import { localUsualWait, useCaseStateInfo } from '../../lib/i18n/case-state-words';
import { richText } from '../../lib/i18n/rich-text';
import type { RequestDetail } from '@unban/contract/requests';
import { LocalTime } from '../../components/ui/local-time';
import { StatusBadge } from '../../components/ui/status-badge';
import { caseStateTone } from '../../components/ui/state-tones';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';

/** Where the case stands, what follows and how long that usually takes on the customer's plan. */
export function CaseStatus({ request }: { request: RequestDetail }) {
  const identity = useSiteIdentity();
  const plan = identity.plans[request.plan];
  const states = useCaseStateInfo();
  const info = states[request.caseState];
  const wait = localUsualWait(states, request.caseState, plan);
  return (
    <section aria-labelledby="case-status">
      <h2 id="case-status">
        <FormattedMessage id="case.status.title" />
      </h2>
      <p>
        <StatusBadge tone={caseStateTone[request.caseState]}>{info.label}</StatusBadge>
      </p>
      <p>{info.meaning}</p>
      <p>
        <FormattedMessage id="case.status.next" values={{ next: info.next, ...richText }} />
      </p>
      {request.nextReplyBy ? (
        <p>
          <FormattedMessage
            id="case.status.replyBy"
            values={{
              date: <LocalTime value={request.nextReplyBy} />,
              within: plan.operatorReplyWithin,
              ...richText,
            }}
          />
        </p>
      ) : wait ? (
        <p>
          <FormattedMessage id="case.status.wait" values={{ wait, ...richText }} />
        </p>
      ) : null}
    </section>
  );
}

interface Outcome {
  state: 'unbanned' | 'denied' | 'not_eligible' | 'refunded';
  tone: 'success' | 'refund';
}

const outcomes: Partial<Record<CaseState, Outcome>> = {
  unbanned: { state: 'unbanned', tone: 'success' },
  denied: { state: 'denied', tone: 'refund' },
  not_eligible: { state: 'not_eligible', tone: 'refund' },
  refunded: { state: 'refunded', tone: 'refund' },
};

/** The end of the story, said plainly at the top of the page. */
export function CaseOutcome({ state }: { state: CaseState }) {
  const app = useSiteIdentity().appName;
  const outcome = outcomes[state];
  if (!outcome) return null;
  return (
    <section
      className={
        outcome.tone === 'success' ? 'notice case-outcome' : 'notice notice--warning case-outcome'
      }
      aria-labelledby="case-outcome"
    >
      <h2 id="case-outcome">
        <FormattedMessage id={`case.outcome.${outcome.state}.heading`} />
      </h2>
      <p>
        <FormattedMessage id={`case.outcome.${outcome.state}.text`} values={{ app }} />
      </p>
    </section>
  );
}
