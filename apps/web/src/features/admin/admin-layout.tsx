import { Link, NavLink, Outlet, useOutletContext } from 'react-router';
import { paths } from '../../config/paths';
import type { AdminSession } from './api/get-session';
import { useAdminSession } from './use-admin-session';
import './admin.css';

const HEADING = 'Back office';

/** The session the layout confirmed, for the screens below it. */
export function useAdminContext(): AdminSession {
  return useOutletContext<AdminSession>();
}

/** `#/admin`: confirms with the server that the user is staff before showing any screen. */
export function AdminLayout() {
  const access = useAdminSession();

  if (access.status === 'signed-out') {
    return (
      <div className="page">
        <h1>{HEADING}</h1>
        <p>Sign in with your operator account to use the back office.</p>
        <p>
          <Link to={paths.signIn.to(paths.admin.to())} className="button button--primary">
            Sign in
          </Link>
        </p>
      </div>
    );
  }
  if (access.status === 'forbidden') {
    return (
      <div className="page">
        <h1>This area is for operators</h1>
        <p>Your account does not have access to the back office.</p>
        <p>
          <Link to={paths.home.to()}>Go to the home page</Link>
        </p>
      </div>
    );
  }
  if (access.status !== 'ok') {
    return (
      <div className="page">
        <h1>{HEADING}</h1>
        <div role="status">
          {access.status === 'checking' ? (
            <p>Checking your access…</p>
          ) : (
            <p>We couldn&apos;t check your access. Reload the page to try again.</p>
          )}
        </div>
      </div>
    );
  }

  const { session } = access;
  return (
    <div className="page admin">
      <nav aria-label="Back office" className="admin__nav">
        <NavLink to={paths.admin.to()} end>
          Queue
        </NavLink>
        <NavLink to={paths.adminDashboard.to()}>Dashboard</NavLink>
        <NavLink to={paths.adminMailbox.to()}>Mailbox</NavLink>
        <NavLink to={paths.adminPlaybooks.to()}>Playbooks</NavLink>
        {session.role === 'admin' ? (
          <NavLink to={paths.adminOperators.to()}>Operators</NavLink>
        ) : null}
        <p className="muted admin__who">
          {session.email ?? session.uid} · {session.role}
        </p>
      </nav>
      <Outlet context={session} />
    </div>
  );
}
