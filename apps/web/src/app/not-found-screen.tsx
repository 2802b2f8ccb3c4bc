import { Link } from 'react-router';
import { FormattedMessage } from 'react-intl';
import { paths } from '../config/paths';
import { useScreenTitle } from '../lib/browser/use-document-title';

export function NotFoundScreen() {
  useScreenTitle('notFound.title');
  return (
    <div className="page">
      <h1>
        <FormattedMessage id="notFound.title" />
      </h1>
      <p>
        <FormattedMessage id="notFound.text" />
      </p>
      <p>
        <Link to={paths.home.to()} className="button button--primary">
          <FormattedMessage id="notFound.home" />
        </Link>
      </p>
    </div>
  );
}
