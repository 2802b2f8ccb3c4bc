import { siteConfig } from '@unban/contract/site-config';
import type { ScreenHandle } from '../../lib/analytics/analytics-screen-view';
import { screenTitle, useDocumentTitle } from '../../lib/browser/use-document-title';
import { RequestForm } from './form/request-form';

const app = siteConfig.appName;
const TITLE_ID = 'request-title';

/** What analytics reports for this route (see lib/analytics/analytics-screen-view.ts). */
export const handle = {
  screenName: 'NewRequest',
  screenClass: 'RequestScreen',
} satisfies ScreenHandle;

export function RequestScreen() {
  useDocumentTitle(screenTitle('New request'));

  return (
    <div className="page">
      <h1 id={TITLE_ID}>Tell us about the ban</h1>
      <p className="lead">
        A few questions, then you pay the fixed price and an operator takes your case to {app}
        &apos;s official review channels. If your number cannot be unbanned, you get a full refund.
      </p>
      <p className="muted">
        We are an independent service, not affiliated with {app} or Meta. All fields are required.
      </p>
      <RequestForm titleId={TITLE_ID} />
    </div>
  );
}

/** The name react-router's `lazy` route reads. */
export { RequestScreen as Component };
