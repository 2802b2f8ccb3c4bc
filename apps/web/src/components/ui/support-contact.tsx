import { FormattedMessage } from 'react-intl';
import { useLiveChatStatus } from '../../lib/live-chat/live-chat-status';
import { SupportEmailLink } from './support-email-link';

/**
 * "Questions? …" pointing to the chat only when the chat widget is really there, and always to
 * the support e-mail. `about` ends the sentence, e.g. "and mention UB-7K3Q9XQ2" (already in the
 * active language).
 */
export function SupportContact({ about }: { about?: string }) {
  const chat = useLiveChatStatus();
  const email = <SupportEmailLink />;
  return (
    <p>
      {chat === 'loaded' ? (
        about ? (
          <FormattedMessage id="support.questionsChatAbout" values={{ email, about }} />
        ) : (
          <FormattedMessage id="support.questionsChat" values={{ email }} />
        )
      ) : about ? (
        <FormattedMessage id="support.questionsAbout" values={{ email, about }} />
      ) : (
        <FormattedMessage id="support.questions" values={{ email }} />
      )}
    </p>
  );
}
