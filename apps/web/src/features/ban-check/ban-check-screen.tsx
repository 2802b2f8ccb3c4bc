import { useState } from 'react';
import type { BanCheckAnswers, BanCheckOutcome } from '@unban/contract/ban-check';
import { triage } from '@unban/contract/ban-check';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';
import { trackBanCheckCompleted } from '../../lib/analytics/analytics';
import { useScreenTitle } from '../../lib/browser/use-document-title';
import { BanCheckForm } from './ban-check-form';
import { BanCheckResult } from './ban-check-result';

const TITLE_ID = 'ban-check-title';
export const BAN_CHECK_TITLE = 'Free ban check';

/**
 * The free ban check (issue 14): public, no sign-in, no payment. The questions stay on the page
 * (hidden) while the answer shows, so "Change my answers" returns to them as they were.
 */
export function BanCheckScreen() {
  useScreenTitle(BAN_CHECK_TITLE);
  const { appName } = useSiteIdentity();
  const [result, setResult] = useState<{
    answers: BanCheckAnswers;
    outcome: BanCheckOutcome;
  } | null>(null);

  function onAnswered(answers: BanCheckAnswers) {
    const outcome = triage(answers);
    setResult({ answers, outcome });
    // One event per completed check, with the outcome only (sent after consent, if any).
    trackBanCheckCompleted(outcome);
  }

  return (
    <div className="page ban-check">
      <h1 id={TITLE_ID} tabIndex={-1}>
        {BAN_CHECK_TITLE}
      </h1>
      <p className="lead">
        Banned on {appName}? Answer a few questions and find out what kind of ban it is, what you
        can do yourself for free, and whether paying for help makes sense.
      </p>
      <p className="muted">No sign-in, no payment, and we do not ask for your number.</p>
      <BanCheckForm titleId={TITLE_ID} hidden={result !== null} onAnswered={onAnswered} />
      {result && (
        <BanCheckResult
          answers={result.answers}
          outcome={result.outcome}
          onChangeAnswers={() => {
            setResult(null);
            requestAnimationFrame(() => document.getElementById(TITLE_ID)?.focus());
          }}
        />
      )}
    </div>
  );
}
