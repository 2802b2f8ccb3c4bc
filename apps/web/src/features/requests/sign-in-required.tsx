import { Link } from 'react-router';
import { FormattedMessage } from 'react-intl';
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
        <FormattedMessage id="signInRequired.text" />
      </p>
      <p className="muted">
        <FormattedMessage id="signInRequired.payment" />
      </p>
      <p className="requests__actions">
        <Link to={paths.signIn.to(next)} className="button button--primary">
          <FormattedMessage id="signInRequired.signIn" />
        </Link>
        <Link to={paths.request.to()} className="button">
          <FormattedMessage id="signInRequired.start" />
        </Link>
      </p>
    </div>
  );
}
