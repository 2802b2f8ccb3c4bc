import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// jsdom has no scrolling; React Router's <ScrollRestoration> calls it on every navigation.
// (Build-script tests run in the node environment, without a window.)
if (typeof window !== 'undefined') window.scrollTo = () => {};
