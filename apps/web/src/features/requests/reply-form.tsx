import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../lib/i18n/catalog';
import { validationText } from '../../lib/i18n/validation-message';
import { useId, useState } from 'react';
import { customerReplyBodySchema, requestLimits } from '@unban/contract/requests';
import { ApiError } from '../../lib/api/api-client';
import { useSendReply } from './api/send-reply';

interface ReplyFormProps {
  requestId: string;
  /** Called after the server took the reply (the page then reloads the request). */
  onSent: () => void;
  /** The server said the case has moved on: reload it. */
  onStale: () => void;
}

function problemOf(error: unknown, intl: IntlShape): string {
  const say = (id: MessageId) => intl.formatMessage({ id });
  if (error instanceof ApiError) {
    if (error.code === 'VALIDATION_FAILED' && error.fields?.message) {
      return validationText(intl, error.fields.message);
    }
    if (error.status === 409) return say('reply.stale');
    if (error.code === 'NETWORK_ERROR') return say('reply.offline');
    if (error.code === 'RATE_LIMITED') return say('reply.rateLimited');
  }
  return say('reply.failed');
}

/** The customer's answer to the operator's question, checked with the API's own rules. */
export function ReplyForm({ requestId, onSent, onStale }: ReplyFormProps) {
  const fieldId = useId();
  const countId = useId();
  const errorId = useId();
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { send, sending } = useSendReply(requestId);
  const intl = useIntl();
  // The limit applies after trimming, as the server counts.
  const length = message.trim().length;
  const tooLong = length > requestLimits.reply;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const parsed = customerReplyBodySchema.safeParse({ message });
    if (!parsed.success) {
      const first = parsed.error.issues[0]?.message;
      setProblem(first ? validationText(intl, first) : intl.formatMessage({ id: 'reply.invalid' }));
      return;
    }
    setProblem(null);
    try {
      await send(parsed.data);
      setMessage('');
      onSent();
    } catch (error) {
      setProblem(problemOf(error, intl));
      if (error instanceof ApiError && error.status === 409) onStale();
    }
  };

  return (
    <form className="reply-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <label htmlFor={fieldId}>
        <FormattedMessage id="reply.label" />
      </label>
      <textarea
        id={fieldId}
        name="message"
        rows={5}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        aria-describedby={`${countId} ${errorId}`}
        aria-invalid={problem !== null || tooLong}
      />
      <p
        id={countId}
        className={tooLong ? 'reply-form__count reply-form__count--over' : 'reply-form__count'}
      >
        <FormattedMessage id="reply.count" values={{ length, max: requestLimits.reply }} />
      </p>
      {/* Always present, so a new problem is announced. */}
      <div id={errorId} role="alert">
        {problem ? <p className="reply-form__error">{problem}</p> : null}
      </div>
      <p>
        <button type="submit" className="button button--primary" disabled={sending}>
          <FormattedMessage id="reply.send" />
        </button>
      </p>
    </form>
  );
}
