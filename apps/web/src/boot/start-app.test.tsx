import { afterEach, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { defaultSiteIdentity } from '@unban/contract/site-config';
import { renderAppHtml } from '../prerender/render-app';
import { startAppInTest, stopStartedApp } from '../test/started-app';
import type * as HomeScreenModule from '../features/home/home-screen';

/**
 * Set by the test once the home HTML is prerendered: the home screen's first render in the
 * browser then moves the address to the payment status and holds the main thread long enough
 * for React, hydrating in a transition, to yield before it commits.
 */
const moveDuringHydration = { armed: false };

vi.mock('../features/home/home-screen', async (importOriginal) => {
  const original = await importOriginal<typeof HomeScreenModule>();
  function HomeScreen() {
    if (moveDuringHydration.armed) {
      moveDuringHydration.armed = false;
      // What the browser does when the address's hash changes (typed, or Back).
      window.history.pushState(null, '', '#/payment-status');
      window.dispatchEvent(new PopStateEvent('popstate'));
      const until = performance.now() + 50;
      while (performance.now() < until) {
        // Busy: React's time slice (5 ms) runs out here, so it yields before committing.
      }
    }
    return <original.HomeScreen />;
  }
  return { ...original, HomeScreen };
});

afterEach(stopStartedApp);

it('shows the screen the address moved to while the prerendered home was being hydrated', async () => {
  // Loaded beforehand, so a router that heard the move would end its navigation while React
  // is still hydrating: between the router provider's first render and its subscription (a
  // layout effect), where the move was lost before held-address-changes.ts.
  await import('../features/payment/payment-status-screen');
  const container = document.createElement('div');
  container.innerHTML = await renderAppHtml('/', defaultSiteIdentity);
  document.body.append(container);
  window.location.hash = '';

  moveDuringHydration.armed = true;
  await startAppInTest({ container, hydratePath: '/', currentRoute: () => '/' });

  expect(moveDuringHydration.armed).toBe(false);
  expect(
    await screen.findByRole('heading', { level: 1, name: "We couldn't find this payment" }),
  ).toBeInTheDocument();
});
