import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default: too short on a loaded machine, where a wrong
// screen still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// jsdom has no scrolling; React Router's <ScrollRestoration> calls it on every navigation.
// (Build-script tests run in the node environment, without a window.)
if (typeof window !== 'undefined') window.scrollTo = () => {};
