import { Suspense, lazy } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import { paths } from '../../config/paths';
import { useClientRendered } from '../use-client-rendered';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';

// Reads the runtime configuration (zod) and the auth state: its own small chunk, so the
// first bundle stays lean; the header simply gains the menu a moment after first paint.
const AccountMenu = lazy(async () => ({
  default: (await import('../../features/account/account-menu')).AccountMenu,
}));

export function SiteHeader() {
  // Not in the prerendered HTML: it depends on this browser's session.
  const clientRendered = useClientRendered();
  const { brand } = useSiteIdentity();
  const intl = useIntl();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={paths.home.to()} className="site-header__brand">
          {brand}
        </Link>
        <nav
          aria-label={intl.formatMessage({ id: 'shell.nav.label' })}
          className="site-header__nav"
        >
          <NavLink to={paths.request.to()}>
            <FormattedMessage id="shell.nav.request" />
          </NavLink>
          <NavLink to={paths.refunds.to()}>
            <FormattedMessage id="shell.nav.refunds" />
          </NavLink>
        </nav>
        {clientRendered ? (
          <Suspense fallback={null}>
            <AccountMenu />
          </Suspense>
        ) : null}
      </div>
    </header>
  );
}
