import { caseStateInfoFor, caseUsualWait } from '@unban/contract/case-states';
import type { CaseState } from '@unban/contract/case-states';
import type { RequestDetail } from '@unban/contract/requests';
import { LocalTime } from '../../components/ui/local-time';
import { StatusBadge } from '../../components/ui/status-badge';
import { caseStateTone } from '../../components/ui/state-tones';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';

/** Where the case stands, what follows and how long that usually takes on the customer's plan. */
export function CaseStatus({ request }: { request: RequestDetail }) {
  const identity = useSiteIdentity();
  const plan = identity.plans[request.plan];
  const info = caseStateInfoFor(identity)[request.caseState];
  const wait = caseUsualWait(request.caseState, plan);
  return (
    <section aria-labelledby="case-status">
      <h2 id="case-status">Current status</h2>
      <p>
        <StatusBadge tone={caseStateTone[request.caseState]}>{info.label}</StatusBadge>
      </p>
      <p>{info.meaning}</p>
      <p>
        <strong>What happens next:</strong> {info.next}
      </p>
      {request.nextReplyBy ? (
        <p>
          <strong>Expect our next reply by:</strong> <LocalTime value={request.nextReplyBy} /> (your
          plan&apos;s promise: a reply {plan.operatorReplyWithin}).
        </p>
      ) : wait ? (
        <p>
          <strong>Usual wait:</strong> {wait}.
        </p>
      ) : null}
    </section>
  );
}

interface Outcome {
  heading: string;
  text: string;
  tone: 'success' | 'refund';
}

function outcomesFor(app: string): Partial<Record<CaseState, Outcome>> {
  return {
    unbanned: {
      heading: 'Your number has been unbanned',
      text: `${app} has lifted the ban. You can sign in to ${app} again with your number.`,
      tone: 'success',
    },
    denied: {
      heading: 'The ban could not be lifted: you get a full refund',
      text: `${app} kept the ban after reviewing the appeal. We refund your payment in full automatically.`,
      tone: 'refund',
    },
    not_eligible: {
      heading: 'This ban cannot be appealed: you get a full refund',
      text: `This ban cannot go through ${app}'s official review channels. We refund your payment in full automatically.`,
      tone: 'refund',
    },
    refunded: {
      heading: 'Your payment has been refunded in full',
      text: 'The refund usually takes 5–10 business days to appear on your statement.',
      tone: 'refund',
    },
  };
}

/** The end of the story, said plainly at the top of the page. */
export function CaseOutcome({ state }: { state: CaseState }) {
  const outcome = outcomesFor(useSiteIdentity().appName)[state];
  if (!outcome) return null;
  return (
    <section
      className={
        outcome.tone === 'success' ? 'notice case-outcome' : 'notice notice--warning case-outcome'
      }
      aria-labelledby="case-outcome"
    >
      <h2 id="case-outcome">{outcome.heading}</h2>
      <p>{outcome.text}</p>
    </section>
  );
}
