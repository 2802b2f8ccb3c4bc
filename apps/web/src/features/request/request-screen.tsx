import { useSearchParams } from 'react-router';
import { FormattedMessage } from 'react-intl';
import type { BanCheckOrderPrefill } from '@unban/contract/ban-check';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';
import type { ScreenHandle } from '../../lib/analytics/analytics-screen-view';
import { useScreenTitle } from '../../lib/browser/use-document-title';
import { RequestForm } from './form/request-form';
import { readRequestPrefill } from './request-prefill';

const TITLE_ID = 'request-title';

/** What analytics reports for this route (see lib/analytics/analytics-screen-view.ts). */
export const handle = {
  screenName: 'NewRequest',
  screenClass: 'RequestScreen',
} satisfies ScreenHandle;

export interface RequestScreenProps {
  /** Answers given before, in the free ban check: the form starts from them. */
  prefill?: Partial<BanCheckOrderPrefill>;
}

export function RequestScreen({ prefill = {} }: RequestScreenProps) {
  useScreenTitle('request.title');
  const { appName: app, appOwner } = useSiteIdentity();
  const prefilled = Object.keys(prefill).length > 0;

  return (
    <div className="page">
      <h1 id={TITLE_ID}>
        <FormattedMessage id="request.heading" />
      </h1>
      <p className="lead">
        <FormattedMessage id="request.lead" values={{ app }} />
      </p>
      <p className="muted">
        <FormattedMessage id="request.independent" values={{ app, owner: appOwner }} />
      </p>
      {prefilled && (
        <p className="notice" role="status">
          <FormattedMessage id="request.prefilled" />
        </p>
      )}
      <RequestForm titleId={TITLE_ID} prefill={prefill} />
    </div>
  );
}

/** The route: the form starts from the answers in its address (`#/request?device=…`). */
function RequestRoute() {
  const [search] = useSearchParams();
  return <RequestScreen prefill={readRequestPrefill(search)} />;
}

/** The name react-router's `lazy` route reads. */
export { RequestRoute as Component };
