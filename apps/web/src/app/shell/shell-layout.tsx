import type { ReactNode, Ref } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLoading } from '../../lib/loading/loading-store';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';

const MAIN_ID = 'main-content';

interface ShellLayoutProps {
  children?: ReactNode;
  mainRef?: Ref<HTMLElement>;
}

/** Skip link, header, the screen, footer: the frame around every screen. */
export function ShellLayout({ children, mainRef }: ShellLayoutProps) {
  const loading = useLoading();
  return (
    <div className="shell">
      <a
        className="skip-link"
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          // A fragment link would be read as a route by the hash router: move focus instead.
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        <FormattedMessage id="shell.skipToContent" />
      </a>
      <SiteHeader />
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className="shell__main" aria-busy={loading}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
