import '@testing-library/jest-dom/vitest';
import { createElement } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { cleanup, configure } from '@testing-library/react';
import type * as TestingLibrary from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor give up after 1 s by default: too short on a loaded machine, where a wrong
// screen still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// Every component reads its words from the app's IntlProvider (src/lib/i18n); the app root
// provides it, so a component rendered alone in a test gets the English catalog the same way.
// A test's own wrapper goes inside it.
vi.mock('@testing-library/react', async (importOriginal) => {
  const library = await importOriginal<typeof TestingLibrary>();
  const { EnglishIntl } = await import('./src/test/english-intl');
  type Options = { wrapper?: ComponentType<{ children: ReactNode }> } | undefined;
  const withIntl = (options: Options) => {
    const Inner = options?.wrapper;
    const Wrapper = ({ children }: { children: ReactNode }) =>
      createElement(EnglishIntl, null, Inner ? createElement(Inner, null, children) : children);
    return { ...options, wrapper: Wrapper };
  };
  return {
    ...library,
    render: ((ui: Parameters<typeof library.render>[0], options?: Options) =>
      library.render(ui, withIntl(options))) as typeof library.render,
    renderHook: ((hook: Parameters<typeof library.renderHook>[0], options?: Options) =>
      library.renderHook(hook, withIntl(options))) as typeof library.renderHook,
  };
});

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// jsdom has no scrolling; React Router's <ScrollRestoration> calls it on every navigation.
// (Build-script tests run in the node environment, without a window.)
if (typeof window !== 'undefined') window.scrollTo = () => {};
