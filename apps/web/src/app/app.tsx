import { flushSync } from 'react-dom';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router';
import { LoadingIndicator } from './shell/loading-indicator';
import { LiveChatLoader } from './shell/live-chat-loader';

/** react-router wants a flushSync that returns nothing. */
function flushRouterUpdate(update: () => unknown): undefined {
  flushSync(update);
  return undefined;
}

/**
 * The routed screens plus the two pieces of the shell that depend on no route: the loading
 * indicator sits outside the router so it shows during the first navigation too, and the
 * live-chat loader so no navigation ever restarts it.
 */
export function App({ router }: { router: DataRouter }) {
  return (
    <>
      {/*
        What 'react-router/dom' adds, done here: importing that entry next to 'react-router'
        loads two router copies under Node (CommonJS and ES builds), which breaks the tests.
      */}
      <RouterProvider router={router} flushSync={flushRouterUpdate} />
      <LoadingIndicator />
      <LiveChatLoader />
    </>
  );
}
