import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { BanCheckAnswers, BanCheckOutcome } from '@unban/contract/ban-check';
import { triage } from '@unban/contract/ban-check';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';
import { trackBanCheckCompleted } from '../../lib/analytics/analytics';
import { useScreenTitle } from '../../lib/browser/use-document-title';
import { BanCheckForm } from './ban-check-form';
import { BanCheckResult } from './ban-check-result';

const TITLE_ID = 'ban-check-title';

/**
 * The free ban check (issue 14): public, no sign-in, no payment. The questions stay on the page
 * (hidden) while the answer shows, so "Change my answers" returns to them as they were.
 */
export function BanCheckScreen() {
  useScreenTitle('pages.banCheck.title');
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
        <FormattedMessage id="pages.banCheck.title" />
      </h1>
      <p className="lead">
        <FormattedMessage id="banCheck.lead" values={{ app: appName }} />
      </p>
      <p className="muted">
        <FormattedMessage id="banCheck.noSignIn" />
      </p>
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
