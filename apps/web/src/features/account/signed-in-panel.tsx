import { Link } from 'react-router';
import type { AuthUser } from '../../lib/auth/auth-state';
import { signOut } from '../../lib/auth/auth';
import { paths } from '../../config/paths';
import type { SignInFlow } from './use-sign-in-flow';

interface SignedInPanelProps {
  user: AuthUser;
  flow: SignInFlow;
}

export function accountLabel(user: AuthUser): string {
  return user.email ?? user.displayName ?? 'your account';
}

/** Shown instead of the sign-in methods to someone already signed in (not as a guest). */
export function SignedInPanel({ user, flow }: SignedInPanelProps) {
  return (
    <section className="sign-in__section" aria-label="Your account">
      <p>
        You are signed in as <strong>{accountLabel(user)}</strong>.
      </p>
      <div className="sign-in__actions">
        <Link to={flow.destination} className="button button--primary">
          {flow.destination === paths.requests.to() ? 'Go to my requests' : 'Continue'}
        </Link>
        <button type="button" className="button" onClick={() => void flow.run(signOut)}>
          Sign out
        </button>
      </div>
    </section>
  );
}
