import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useScreenTitle } from '../lib/browser/use-document-title';

export function NotFoundScreen() {
  useScreenTitle('Page not found');
  return (
    <div className="page">
      <h1>Page not found</h1>
      <p>There is no page at this address. The link may be old or mistyped.</p>
      <p>
        <Link to={paths.home.to()} className="button button--primary">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
