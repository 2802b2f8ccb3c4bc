import type { ReactNode } from 'react';
import { useLiveChatStatus } from '../../lib/live-chat/live-chat-status';
import { SupportEmailLink } from './support-email-link';

/**
 * "Questions? …" pointing to the chat only when the chat widget is really there, and always to
 * the support e-mail. `about` ends the sentence, e.g. "and mention UB-7K3Q9XQ2".
 */
export function SupportContact({ about }: { about?: ReactNode }) {
  const chat = useLiveChatStatus();
  return (
    <p>
      {chat === 'loaded' ? 'Questions? Use the chat button or e-mail ' : 'Questions? E-mail '}
      <SupportEmailLink />
      {about ? <> {about}</> : null}.
    </p>
  );
}
