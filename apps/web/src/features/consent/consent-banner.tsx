import { paths } from '../../config/paths';
import { startAnalytics } from '../../lib/analytics/analytics';
import { recordConsentChoice, useConsentState } from '../../lib/analytics/analytics-consent';
import './consent-banner.css';

/**
 * Asks once whether usage analytics may run. Shown only when the deployment requires consent,
 * analytics is configured and this browser has not answered; nothing of analytics loads
 * before "Accept". A plain <a> (not <Link>) so the shell may place it outside the router.
 */
export function ConsentBanner() {
  const state = useConsentState();
  if (state !== 'unset') return null;

  return (
    <section className="consent-banner" aria-label="Analytics consent">
      <p className="consent-banner__text">
        May we count which pages are visited, to improve this site? We never send your phone number,
        e-mail address or anything you type. No advertising cookies.{' '}
        <a href={paths.privacy.href()}>Privacy policy</a>
      </p>
      <div className="consent-banner__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            recordConsentChoice('granted');
            // Sends the screen the visitor is on now; earlier screens were never recorded.
            startAnalytics();
          }}
        >
          Accept analytics
        </button>
        <button type="button" className="button" onClick={() => recordConsentChoice('denied')}>
          Decline
        </button>
      </div>
    </section>
  );
}
