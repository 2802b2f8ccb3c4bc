import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SecondFactorChallenge } from '../../lib/auth/auth-second-factor';
import { SPACE } from '../../lib/i18n/rich-text';
import type { SignInFlow } from './use-sign-in-flow';

interface SecondFactorPromptProps {
  challenge: SecondFactorChallenge;
  flow: SignInFlow;
}

/** Asks for the SMS code of an account with two-step verification. */
export function SecondFactorPrompt({ challenge, flow }: SecondFactorPromptProps) {
  const intl = useIntl();
  const headingId = useId();
  const codeId = useId();
  const [hintId, setHintId] = useState(challenge.hints[0]?.id ?? '');
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // The invisible reCAPTCHA renders here; it must stay mounted while a code is sent.
  const recaptchaRef = useRef<HTMLDivElement>(null);
  const chosen = challenge.hints.find((hint) => hint.id === hintId) ?? challenge.hints[0];

  // Keyboard and screen-reader users land on the new step instead of a form that is gone.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  useEffect(() => {
    if (sent) codeRef.current?.focus();
  }, [sent]);

  const sendCode = () => {
    const container = recaptchaRef.current;
    if (!container || !chosen) return;
    void flow
      .run(() => challenge.sendCode(chosen.id, container))
      .then((ok) => {
        if (!ok) return;
        setSent(true);
        flow.setStatus(
          intl.formatMessage({ id: 'signIn.secondFactor.sent' }, { phone: chosen.label }),
        );
      });
  };

  return (
    <section aria-labelledby={headingId} className="sign-in__section">
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        <FormattedMessage id="signIn.secondFactor.heading" />
      </h2>
      {challenge.hints.length > 1 ? (
        <fieldset className="sign-in__choices">
          <legend>
            <FormattedMessage id="signIn.secondFactor.choose" />
          </legend>
          {challenge.hints.map((hint) => (
            <label key={hint.id}>
              <input
                type="radio"
                name="second-factor-phone"
                value={hint.id}
                checked={hint.id === hintId}
                onChange={() => setHintId(hint.id)}
              />
              {SPACE}
              {hint.label}
            </label>
          ))}
        </fieldset>
      ) : (
        <p>
          {chosen ? (
            <FormattedMessage
              id="signIn.secondFactor.willTextTo"
              values={{ phone: chosen.label }}
            />
          ) : (
            <FormattedMessage id="signIn.secondFactor.willTextYourPhone" />
          )}
        </p>
      )}
      <div className="sign-in__actions">
        <button
          type="button"
          className={sent ? 'button' : 'button button--primary'}
          onClick={sendCode}
        >
          <FormattedMessage id={sent ? 'signIn.secondFactor.resend' : 'signIn.secondFactor.send'} />
        </button>
        <button type="button" className="button" onClick={flow.cancelSecondFactor}>
          <FormattedMessage id="signIn.secondFactor.cancel" />
        </button>
      </div>
      {sent ? (
        <form
          className="sign-in__form"
          onSubmit={(event) => {
            event.preventDefault();
            void flow.signIn(() => challenge.verifyCode(code));
          }}
        >
          <label htmlFor={codeId}>
            <FormattedMessage id="signIn.secondFactor.codeLabel" />
          </label>
          <input
            id={codeId}
            ref={codeRef}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" className="button button--primary">
            <FormattedMessage id="signIn.secondFactor.verify" />
          </button>
        </form>
      ) : null}
      <div ref={recaptchaRef} />
    </section>
  );
}
