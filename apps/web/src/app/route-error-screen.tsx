import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { useRouteError } from 'react-router';
import { SupportEmailLink } from '../components/ui/support-email-link';
import { useScreenTitle } from '../lib/browser/use-document-title';

/**
 * Shown inside the shell when a screen cannot be shown, most often because its chunk did not
 * arrive (offline, or a new deploy replaced the files). Reloading fixes both.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  useScreenTitle('routeError.title');
  useEffect(() => {
    console.warn('A screen failed to load', error);
  }, [error]);

  return (
    <div className="page" role="alert">
      <h1>
        <FormattedMessage id="routeError.heading" />
      </h1>
      <p>
        <FormattedMessage id="routeError.text" values={{ email: <SupportEmailLink /> }} />
      </p>
      <p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          <FormattedMessage id="routeError.reload" />
        </button>
      </p>
    </div>
  );
}
