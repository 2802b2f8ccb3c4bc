import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import type { AuthUser } from '../../lib/auth/auth-state';
import { useAuthUser } from '../../lib/auth/auth-state';
import './account-menu.css';

/**
 * The header's account corner. It sits in the first bundle, so it reads the shared auth state
 * (no Firebase) and imports the auth facade only when "Sign out" is pressed.
 */
export function AccountMenu() {
  const auth = useAuthUser();
  if (auth.status !== 'signed-in') {
    return (
      <Link to={paths.signIn.to()} className="account-menu__sign-in">
        Sign in
      </Link>
    );
  }
  return <AccountDisclosure user={auth.user} />;
}

function AccountDisclosure({ user }: { user: AuthUser }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const close = () => setOpen(false);
  const label = user.isAnonymous ? 'Guest' : (user.email ?? user.displayName ?? 'Account');

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const signOutAndLeave = async () => {
    close();
    try {
      const { signOut } = await import('../../lib/auth/auth');
      await signOut();
      navigate(paths.home.to());
    } catch (error) {
      // Offline or the SDK chunk failed: the visitor stays signed in and can try again.
      console.warn('Sign-out failed', error);
    }
  };

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        type="button"
        ref={buttonRef}
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="visually-hidden">Account: </span>
        {label}
      </button>
      <div id={panelId} className="account-menu__panel" hidden={!open}>
        <ul>
          <li>
            <Link to={paths.requests.to()} onClick={close}>
              My requests
            </Link>
          </li>
          {user.isAnonymous ? (
            <li>
              <Link to={paths.signIn.to()} onClick={close}>
                Sign in to keep your requests
              </Link>
            </li>
          ) : null}
          <li>
            <button type="button" onClick={() => void signOutAndLeave()}>
              Sign out
            </button>
          </li>
        </ul>
        {user.isAnonymous ? (
          <p className="account-menu__hint">
            Signing out of a guest session removes your requests from this browser. Sign in first to
            keep them.
          </p>
        ) : null}
      </div>
    </div>
  );
}
