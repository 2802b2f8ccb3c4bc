import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { BanCheckAnswers, BanCheckOutcome } from '@unban/contract/ban-check';
import { banCheckOutcomeInfo, orderPrefillFor } from '@unban/contract/ban-check';
import { paths } from '../../config/paths';
import { banCheckAnswer } from './ban-check-content';

export interface BanCheckResultProps {
  answers: BanCheckAnswers;
  outcome: BanCheckOutcome;
  onChangeAnswers: () => void;
}

/**
 * The check's answer: what kind of case it is, the free steps, and whether we can help. Only a
 * case we can help with links to the order form, carrying the answers so none is asked again;
 * a temporary ban or a non-ban offers no order at all.
 */
export function BanCheckResult({ answers, outcome, onChangeAnswers }: BanCheckResultProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const intl = useIntl();
  const answer = banCheckAnswer(intl, outcome, answers);
  const prefill = banCheckOutcomeInfo[outcome].weCanHelp ? orderPrefillFor(answers) : null;

  useEffect(() => {
    // The answer replaces the questions: take keyboard and screen-reader users to it.
    headingRef.current?.focus();
  }, [outcome]);

  return (
    <section className="ban-check__result" aria-labelledby="ban-check-result-title">
      <h2 id="ban-check-result-title" ref={headingRef} tabIndex={-1}>
        {answer.heading}
      </h2>
      {answer.summary.map((text) => (
        <p key={text}>{text}</p>
      ))}

      <h3>{answer.stepsHeading}</h3>
      <ol className="ban-check__steps">
        {answer.steps.map((step) => (
          <li key={step.text}>
            {step.text}
            {step.link && (
              <>
                {' '}
                <a href={step.link.href} rel="noopener noreferrer">
                  {step.link.label}
                </a>
              </>
            )}
          </li>
        ))}
      </ol>

      <h3>
        <FormattedMessage id={prefill ? 'banCheck.howWeHelp' : 'banCheck.shouldYouPay'} />
      </h3>
      <p>{answer.help}</p>
      {prefill && (
        <p>
          <Link to={paths.request.to(prefill)} className="button button--primary">
            <FormattedMessage id="banCheck.continue" />
          </Link>
        </p>
      )}
      <p>
        <button type="button" className="button" onClick={onChangeAnswers}>
          <FormattedMessage id="banCheck.change" />
        </button>
      </p>
    </section>
  );
}
