import { useLoading } from '../../lib/loading/loading-store';
import { useIntl } from 'react-intl';

/**
 * The global loading indicator (SPEC section 4): while the flag is on, an indeterminate
 * progress bar fixed to the top and a semi-transparent mask over the page that takes the
 * clicks; while it is off, neither is in the DOM.
 *
 * The mask is decoration for sighted users, so it is aria-hidden; the progress bar is what
 * assistive technology announces. Tests and e2e find the mask by its class `loading-mask`.
 */
export function LoadingIndicator() {
  const loading = useLoading();
  const intl = useIntl();
  if (!loading) return null;
  return (
    <>
      <div className="loading-mask" aria-hidden="true" />
      {/* Indeterminate: a range but no aria-valuenow. */}
      <div
        className="loading-bar"
        role="progressbar"
        aria-label={intl.formatMessage({ id: 'shell.loading' })}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="loading-bar__indicator" />
      </div>
    </>
  );
}
