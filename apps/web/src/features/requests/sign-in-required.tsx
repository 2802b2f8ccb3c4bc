import { Link } from 'react-router';
import { paths } from '../../config/paths';

interface SignInRequiredProps {
  heading: string;
  /** Where sign-in brings the visitor back to. */
  next: string;
}

/** For a signed-out visitor: requests belong to an account (or a guest session). */
export function SignInRequired({ heading, next }: SignInRequiredProps) {
  return (
    <div className="page">
      <h1>{heading}</h1>
      <p>
        Sign in to see your requests and follow each case. Your requests belong to the account you
        used to send them; if you sent one as a guest, open this page in the same browser.
      </p>
      <p className="muted">
        Only want to check a payment? The link in your confirmation e-mail works without signing in.
      </p>
      <p className="requests__actions">
        <Link to={paths.signIn.to(next)} className="button button--primary">
          Sign in
        </Link>
        <Link to={paths.request.to()} className="button">
          Start a request
        </Link>
      </p>
    </div>
  );
}
