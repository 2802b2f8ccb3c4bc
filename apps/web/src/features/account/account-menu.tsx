import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
        <FormattedMessage id="account.menu.signIn" />
      </Link>
    );
  }
  return <AccountDisclosure user={auth.user} />;
}

// Read by screen readers only: the button shows the name, and is heard as "Account: <name>".
const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

function AccountDisclosure({ user }: { user: AuthUser }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const intl = useIntl();
  const close = () => setOpen(false);
  const label = user.isAnonymous
    ? intl.formatMessage({ id: 'account.menu.guest' })
    : (user.email ?? user.displayName ?? intl.formatMessage({ id: 'account.menu.noName' }));

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
        <FormattedMessage id="account.menu.button" values={{ hidden, name: label }} />
      </button>
      <div id={panelId} className="account-menu__panel" hidden={!open}>
        <ul>
          <li>
            <Link to={paths.requests.to()} onClick={close}>
              <FormattedMessage id="account.menu.myRequests" />
            </Link>
          </li>
          {user.isAnonymous ? (
            <li>
              <Link to={paths.signIn.to()} onClick={close}>
                <FormattedMessage id="account.menu.keepRequests" />
              </Link>
            </li>
          ) : null}
          <li>
            <button type="button" onClick={() => void signOutAndLeave()}>
              <FormattedMessage id="account.signOut" />
            </button>
          </li>
        </ul>
        {user.isAnonymous ? (
          <p className="account-menu__hint">
            <FormattedMessage id="account.menu.guestHint" />
          </p>
        ) : null}
      </div>
    </div>
  );
}
