import { useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { signInWithEmailPassword, signUpWithEmailPassword } from '../../lib/auth/auth';
import type { SignInFlow } from './use-sign-in-flow';

type Intent = 'sign-in' | 'create';

/** E-mail + password: how operators sign in, and customers who chose a password. */
export function PasswordSection({ flow }: { flow: SignInFlow }) {
  const headingId = useId();
  const emailId = useId();
  const passwordId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Which button submitted the form; Enter in a field submits as "Sign in" (the first button).
  const intent = useRef<Intent>('sign-in');

  return (
    <section aria-labelledby={headingId} className="sign-in__section">
      <h2 id={headingId}>
        <FormattedMessage id="signIn.password.heading" />
      </h2>
      <p className="muted">
        <FormattedMessage id="signIn.password.intro" />
      </p>
      <form
        className="sign-in__form"
        onSubmit={(event) => {
          event.preventDefault();
          const action =
            intent.current === 'create' ? signUpWithEmailPassword : signInWithEmailPassword;
          intent.current = 'sign-in';
          void flow.signIn(() => action(email, password));
        }}
      >
        <label htmlFor={emailId}>
          <FormattedMessage id="signIn.emailLabel" />
        </label>
        <input
          id={emailId}
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <label htmlFor={passwordId}>
          <FormattedMessage id="signIn.password.label" />
        </label>
        <input
          id={passwordId}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="sign-in__actions">
          <button
            type="submit"
            className="button button--primary"
            onClick={() => {
              intent.current = 'sign-in';
            }}
          >
            <FormattedMessage id="signIn.password.signIn" />
          </button>
          <button
            type="submit"
            className="button"
            onClick={() => {
              intent.current = 'create';
            }}
          >
            <FormattedMessage id="signIn.password.create" />
          </button>
        </div>
      </form>
    </section>
  );
}
