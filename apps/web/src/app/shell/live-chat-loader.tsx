import { useEffect } from 'react';
import { whenIdle } from '../../lib/browser/when-idle';
import { setLiveChatStatus } from '../../lib/live-chat/live-chat-status';

/**
 * Starts the live-chat widget in the browser only: from an effect (never during a render, so
 * never on a server), once the page is idle after its first paint. Reading the configuration
 * and loading the widget happen in a separate chunk, so neither the chat code nor the schema
 * library that validates the configuration is in the first bundle.
 */
export function LiveChatLoader() {
  useEffect(() => {
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
      import('../../lib/live-chat/live-chat')
        .then(({ startLiveChat }) => (cancelled ? undefined : startLiveChat()))
        .catch((error: unknown) => {
          // The chunk itself failed to arrive (offline, a deploy in between).
          setLiveChatStatus('failed');
          console.warn(
            'Live chat could not be loaded; visitors are pointed to the support e-mail.',
            error,
          );
        });
    });
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, []);

  return null;
}
