import type { ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';
import {
  completeEmailLinkSignIn,
  completeRedirectSignIn,
  isEmailSignInLink,
  isSignInAvailable,
  signInWithGoogle,
  startAuth,
} from '../../lib/auth/auth';
import { hrefWithoutEmailLinkParams, readEmailForSignIn } from '../../lib/auth/auth-email-link';
import { useAuthUser } from '../../lib/auth/auth-state';
import { useScreenTitle } from '../../lib/browser/use-document-title';
import { SupportEmailLink } from '../../components/ui/support-email-link';
import { richText } from '../../lib/i18n/rich-text';
import { EmailLinkSection } from './email-link-section';
import { PasswordSection } from './password-section';
import { safeNextPath } from './safe-next';
import { SecondFactorPrompt } from './second-factor-prompt';
import { SignedInPanel } from './signed-in-panel';
import type { SignInFlow } from './use-sign-in-flow';
import { useSignInFlow } from './use-sign-in-flow';
import './account.css';

/** The one-time code must not stay in the address bar (history, screenshots, shared links). */
function forgetLinkInAddressBar(): void {
  const cleaned = hrefWithoutEmailLinkParams(window.location.href);
  if (cleaned !== window.location.href)
    window.history.replaceState(window.history.state, '', cleaned);
}

function completeLink(flow: SignInFlow, link: string, email: string): Promise<void> {
  return flow.signIn(async () => {
    try {
      return await completeEmailLinkSignIn(link, email);
    } finally {
      forgetLinkInAddressBar();
    }
  });
}

/**
 * On arrival: finish an e-mail link or a Google redirect if this page load is one. Runs once
 * per page (a ref survives React's development double effects; a link's code works once).
 */
function useArrival(
  flow: SignInFlow,
  available: boolean,
  onLinkNeedsEmail: (link: string) => void,
) {
  const done = useRef(false);
  useEffect(() => {
    if (!available || done.current) return;
    done.current = true;
    void (async () => {
      // Loads Firebase now, so the Google popup opens straight from the click later on
      // (browsers block popups opened after a long wait).
      await startAuth();
      const link = window.location.href;
      if (link.includes('oobCode=') && (await isEmailSignInLink(link))) {
        const email = readEmailForSignIn();
        if (email) await completeLink(flow, link, email);
        else onLinkNeedsEmail(link);
        return;
      }
      const redirected = await completeRedirectSignIn();
      if (redirected) flow.finish(redirected);
    })().catch(flow.handleFailure);
  }, [available, flow, onLinkNeedsEmail]);
}

/** The link was opened in another browser than the one it was asked from. */
function ConfirmEmailForLink({ flow, link }: { flow: SignInFlow; link: string }) {
  const headingId = useId();
  const emailId = useId();
  const [email, setEmail] = useState('');
  return (
    <section aria-labelledby={headingId} className="sign-in__section">
      <h2 id={headingId}>
        <FormattedMessage id="signIn.confirmEmail.heading" />
      </h2>
      <p>
        <FormattedMessage id="signIn.confirmEmail.text" />
      </p>
      <form
        className="sign-in__form"
        onSubmit={(event) => {
          event.preventDefault();
          void completeLink(flow, link, email);
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
          <FormattedMessage id="signIn.confirmEmail.finish" />
        </button>
      </form>
    </section>
  );
}

function GuestRequestsNotice({ destination }: { destination: string }) {
  const intl = useIntl();
  return (
    <section
      className="notice notice--warning sign-in__section"
      aria-label={intl.formatMessage({ id: 'signIn.guestRequests.label' })}
    >
      <p>
        <FormattedMessage
          id="signIn.guestRequests.text"
          values={{ ...richText, email: <SupportEmailLink /> }}
        />
      </p>
      <Link to={destination} className="button button--primary">
        <FormattedMessage id="account.continue" />
      </Link>
    </section>
  );
}

function SignInMethods({
  flow,
  next,
  isGuest,
}: {
  flow: SignInFlow;
  next: string | null;
  isGuest: boolean;
}) {
  const googleHeadingId = useId();
  return (
    <>
      {isGuest ? (
        <p className="notice">
          <FormattedMessage id="signIn.guestSession" />
        </p>
      ) : null}
      <EmailLinkSection flow={flow} next={next} />
      <section aria-labelledby={googleHeadingId} className="sign-in__section">
        <h2 id={googleHeadingId}>
          <FormattedMessage id="signIn.google.heading" />
        </h2>
        <button type="button" className="button" onClick={() => void flow.signIn(signInWithGoogle)}>
          <FormattedMessage id="signIn.google.continue" />
        </button>
      </section>
      <PasswordSection flow={flow} />
    </>
  );
}

export function SignInScreen() {
  useScreenTitle('signIn.title');
  const { brand } = useSiteIdentity();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const flow = useSignInFlow(next);
  const auth = useAuthUser();
  const available = isSignInAvailable();
  const [pendingLink, setPendingLink] = useState<string | null>(null);
  useArrival(flow, available, setPendingLink);

  const signedIn = auth.status === 'signed-in' && !auth.user.isAnonymous ? auth.user : null;

  let body: ReactNode;
  if (!available) {
    body = (
      <p className="notice">
        <FormattedMessage id="signIn.unavailable" values={{ email: <SupportEmailLink /> }} />
      </p>
    );
  } else if (flow.notice) {
    body = <GuestRequestsNotice destination={flow.destination} />;
  } else if (flow.challenge) {
    body = <SecondFactorPrompt challenge={flow.challenge} flow={flow} />;
  } else if (pendingLink) {
    body = <ConfirmEmailForLink flow={flow} link={pendingLink} />;
  } else if (auth.status === 'loading') {
    body = (
      <p className="muted">
        <FormattedMessage id="signIn.checking" />
      </p>
    );
  } else if (signedIn) {
    body = <SignedInPanel user={signedIn} flow={flow} />;
  } else {
    body = <SignInMethods flow={flow} next={next} isGuest={auth.status === 'signed-in'} />;
  }

  return (
    <div className="page sign-in">
      <h1>
        <FormattedMessage id={signedIn ? 'account.heading' : 'signIn.title'} />
      </h1>
      <p className="lead">
        <FormattedMessage id="signIn.lead" values={{ brand }} />
      </p>
      <div role="alert" className="sign-in__alert">
        {flow.error ? <p className="notice notice--warning">{flow.error}</p> : null}
      </div>
      <div role="status" className="sign-in__status">
        {flow.status ? <p>{flow.status}</p> : null}
      </div>
      {body}
    </div>
  );
}

/** For the router's `lazy: () => import('…/sign-in-screen')`. */
export { SignInScreen as Component };
