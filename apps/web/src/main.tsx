// The entry: small on purpose. React and the app arrive as their own chunks when the app
// starts (see boot/wake.ts for when); the prerendered HTML is the page until then.
import './app/global.css';
import './app/shell/shell.css';
// The prerendered screens' styles belong to the first paint, not to their lazy chunks.
import './features/home/home-screen.css';
import './features/legal/legal.css';
import './features/ban-check/ban-check.css';
import './features/payment/payment-status.css';
import './components/ui/status-badge.css';
import { hashRoute } from './boot/deep-link';
import { preloadDeepLink } from './boot/preload-deep-link';
import { holdLinkClicks, needsStartWhenIdle, onFirstUse } from './boot/wake';
import { localeBasePath } from '@unban/contract/locale-tags';
import { documentLocale } from './lib/i18n/document-locale';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container: HTMLElement = root;

/** The route the server prerendered into this document (absent under the Vite dev server). */
const page = document.documentElement.dataset.page ?? null;
/**
 * Set by the server when the screen has work of its own (prerender/document.ts): `now`, a
 * read only the browser can make; `watch`, a payment status that may still change.
 */
const startWhen = document.documentElement.dataset.start;

/** The route the address asks for: the hash route, or this document's own page without one. */
const wanted = () => (location.hash.length > 1 ? hashRoute(location.hash) : (page ?? '/'));

function start(): Promise<void> {
  const hydratePath = page !== null && wanted() === page ? page : null;
  // The language's home document: `/` for English, `/es/` for Spanish (<html lang>).
  const base = localeBasePath(documentLocale(document));
  if (page !== null && location.pathname !== base) {
    // A page's own address (/terms, /es/terms, /payment-status?order=…): the app's routes live
    // in the hash of the language's home, and the query belongs to the screen
    // (`/#/payment-status?order=…`).
    history.replaceState(
      history.state,
      '',
      location.hash
        ? `${base}${location.search}${location.hash}`
        : `${base}#${page}${location.search}`,
    );
  }
  return import('./boot/start-app')
    .then(({ startApp }) => startApp({ container, hydratePath, currentRoute: wanted }))
    .then(() => undefined);
}

// Clicks before the app runs are held and carried out once it does (boot/wake.ts).
const handOverClicks = holdLinkClicks();

if (page === null || wanted() !== page) {
  // Nothing prerendered for this address: start at once, the loading indicator shows meanwhile.
  preloadDeepLink(location.hash);
  handOverClicks(start());
} else {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    handOverClicks(start());
  };
  if (startWhen === 'now') {
    startOnce();
  } else {
    onFirstUse(startOnce, { whenIdle: needsStartWhenIdle() });
    if (startWhen === 'watch') {
      void import('./boot/watch-status').then(({ watchStatus }) =>
        watchStatus(startOnce, () => started),
      );
    }
  }
}
