import { paths } from '../../config/paths';
import { SPACE } from '../../lib/i18n/rich-text';
import { FormattedMessage, useIntl } from 'react-intl';
import { startAnalytics } from '../../lib/analytics/analytics';
import { recordConsentChoice, useConsentState } from '../../lib/analytics/analytics-consent';
import { useJustArrived } from '../../lib/browser/use-just-arrived';
import './consent-banner.css';

/**
 * Asks once whether usage analytics may run. Shown only when the deployment requires consent,
 * analytics is configured and this browser has not answered; nothing of analytics loads
 * before "Accept". A plain <a> (not <Link>) so the shell may place it outside the router.
 */
export function ConsentBanner() {
  const state = useConsentState();
  return state === 'unset' ? <ConsentQuestion /> : null;
}

/** The banner itself: mounted when it appears, so its first moments are its own. */
function ConsentQuestion() {
  const intl = useIntl();
  const arriving = useJustArrived();
  return (
    <section
      className="consent-banner"
      aria-label={intl.formatMessage({ id: 'consent.label' })}
      data-arriving={arriving || undefined}
    >
      <p className="consent-banner__text">
        <FormattedMessage id="consent.text" />
        {SPACE}
        <a href={paths.privacy.href()}>
          <FormattedMessage id="consent.privacy" />
        </a>
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
          <FormattedMessage id="consent.accept" />
        </button>
        <button type="button" className="button" onClick={() => recordConsentChoice('denied')}>
          <FormattedMessage id="consent.decline" />
        </button>
      </div>
    </section>
  );
}
