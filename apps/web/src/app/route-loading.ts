import type { DataRouter, RouterState } from 'react-router';
import { beginLoading } from '../lib/loading/loading-store';

/**
 * Holds the global loading flag while the router is busy: during the first navigation (the
 * first screen's chunk is on its way and nothing routed is shown yet) and during every later
 * navigation. It watches the router itself rather than useNavigation() in a component,
 * because no routed component is rendered before the first navigation has finished.
 */
export function trackRouteLoading(router: Pick<DataRouter, 'state' | 'subscribe'>): () => void {
  let end: (() => void) | undefined;

  const sync = (state: RouterState) => {
    const busy = !state.initialized || state.navigation.state !== 'idle';
    if (busy && !end) {
      end = beginLoading();
    } else if (!busy && end) {
      end();
      end = undefined;
    }
  };

  sync(router.state);
  const unsubscribe = router.subscribe(sync);
  return () => {
    unsubscribe();
    end?.();
    end = undefined;
  };
}
