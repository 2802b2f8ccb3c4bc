import { Suspense, lazy } from 'react';
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
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={paths.home.to()} className="site-header__brand">
          {brand}
        </Link>
        <nav aria-label="Main" className="site-header__nav">
          <NavLink to={paths.request.to()}>Start a request</NavLink>
          <NavLink to={paths.refunds.to()}>Refund guarantee</NavLink>
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
