import { useId, useState } from 'react';
import { sendEmailLink } from '../../lib/auth/auth';
import type { SignInFlow } from './use-sign-in-flow';

interface EmailLinkSectionProps {
  flow: SignInFlow;
  next: string | null;
}

/** The customers' way in: no password, a link by e-mail. */
export function EmailLinkSection({ flow, next }: EmailLinkSectionProps) {
  const headingId = useId();
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo) {
    return (
      <section aria-labelledby={headingId} className="sign-in__section">
        <h2 id={headingId}>Check your inbox</h2>
        <p>
          We sent a sign-in link to <strong>{sentTo}</strong>. Open it in this browser to finish
          signing in. It can take a minute to arrive; look in your spam folder too.
        </p>
        <button type="button" className="button" onClick={() => setSentTo(null)}>
          Use a different e-mail
        </button>
      </section>
    );
  }

  return (
    <section aria-labelledby={headingId} className="sign-in__section">
      <h2 id={headingId}>Get a sign-in link by e-mail</h2>
      <p className="muted">No password needed: we e-mail you a link that signs you in.</p>
      <form
        className="sign-in__form"
        onSubmit={(event) => {
          event.preventDefault();
          const address = email.trim();
          void flow
            .run(() => sendEmailLink(address, next))
            .then((sent) => {
              if (sent) setSentTo(address);
            });
        }}
      >
        <label htmlFor={emailId}>E-mail</label>
        <input
          id={emailId}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button button--primary">
          Send me a sign-in link
        </button>
      </form>
    </section>
  );
}
