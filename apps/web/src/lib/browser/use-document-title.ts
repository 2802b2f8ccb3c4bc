import { useEffect } from 'react';
import { pageTitle } from '@unban/contract/site-config';

/** "Payment status · Unban your WhatsApp": the screen first, so tabs stay tellable apart. */
export function screenTitle(screen: string): string {
  return `${screen} · ${pageTitle()}`;
}

/** Sets the tab title while the screen is shown; each screen sets its own on arrival. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
