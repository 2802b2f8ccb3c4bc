import { ConsentBanner } from '../../features/consent/consent-banner';
import { LanguageOffer } from './language-offer';
import { useScreenViewTracking } from '../../lib/analytics/analytics-screen-view';
import { useAnalyticsUserSync } from '../../lib/analytics/analytics-user-sync';

/**
 * The parts of the shell that need the runtime configuration (and so zod) or analytics: loaded
 * as their own chunk right after the first screen, so the home screen's first bundle stays
 * free of them. The screen-view hook sends the current screen when this mounts, so the first
 * navigation is reported too.
 */
export default function DeferredShell() {
  useScreenViewTracking();
  useAnalyticsUserSync();
  return (
    <>
      <LanguageOffer />
      <ConsentBanner />
    </>
  );
}
