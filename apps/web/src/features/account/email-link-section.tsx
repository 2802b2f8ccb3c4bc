import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { sendEmailLink } from '../../lib/auth/auth';
import { richText } from '../../lib/i18n/rich-text';
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
        <h2 id={headingId}>
          <FormattedMessage id="signIn.emailLink.sentHeading" />
        </h2>
        <p>
          <FormattedMessage
            id="signIn.emailLink.sentText"
            values={{ ...richText, email: sentTo }}
          />
        </p>
        <button type="button" className="button" onClick={() => setSentTo(null)}>
          <FormattedMessage id="signIn.emailLink.otherEmail" />
        </button>
      </section>
    );
  }

  return (
    <section aria-labelledby={headingId} className="sign-in__section">
      <h2 id={headingId}>
        <FormattedMessage id="signIn.emailLink.heading" />
      </h2>
      <p className="muted">
        <FormattedMessage id="signIn.emailLink.intro" />
      </p>
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
        <label htmlFor={emailId}>
          <FormattedMessage id="signIn.emailLabel" />
        </label>
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
          <FormattedMessage id="signIn.emailLink.send" />
        </button>
      </form>
    </section>
  );
}
