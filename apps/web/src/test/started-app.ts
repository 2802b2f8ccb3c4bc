import type { Root } from 'react-dom/client';
import type { StartOptions } from '../boot/start-app';

let started: Root | undefined;

/** Starts the app on a page a test has prepared, as the entry does (boot/start-app.tsx). */
export async function startAppInTest(options: StartOptions): Promise<Root> {
  const { startApp } = await import('../boot/start-app');
  started = await startApp(options);
  return started;
}

/**
 * For afterEach: unmounts the started app before the next test (and before jsdom goes away:
 * React's scheduler would otherwise still run hydration work after the environment is torn
 * down), and empties the page and its address.
 */
export function stopStartedApp(): void {
  started?.unmount();
  started = undefined;
  document.body.replaceChildren();
  window.location.hash = '';
}
