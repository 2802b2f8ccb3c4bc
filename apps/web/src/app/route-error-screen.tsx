import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { SupportEmailLink } from '../components/ui/support-email-link';
import { useScreenTitle } from '../lib/browser/use-document-title';

/**
 * Shown inside the shell when a screen cannot be shown, most often because its chunk did not
 * arrive (offline, or a new deploy replaced the files). Reloading fixes both.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  useScreenTitle('Something went wrong');
  useEffect(() => {
    console.warn('A screen failed to load', error);
  }, [error]);

  return (
    <div className="page" role="alert">
      <h1>This page could not be shown</h1>
      <p>
        Check your connection and reload the page. If it keeps happening, e-mail us at{' '}
        <SupportEmailLink />.
      </p>
      <p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          Reload the page
        </button>
      </p>
    </div>
  );
}
