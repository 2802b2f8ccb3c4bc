import type { FormEvent } from 'react';
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

function problemOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'VALIDATION_FAILED' && error.fields?.message) return error.fields.message;
    if (error.status === 409) {
      return 'Your case no longer needs information, so the reply was not sent. The page now shows its latest status.';
    }
    if (error.code === 'NETWORK_ERROR') {
      return 'We could not reach our server, so your reply was not sent. Check your connection and try again.';
    }
    if (error.code === 'RATE_LIMITED') {
      return 'You have sent several replies in a short time. Please wait a minute, then send it again.';
    }
  }
  return 'Something went wrong and your reply was not sent. Please try again in a moment.';
}

/** The customer's answer to the operator's question, checked with the API's own rules. */
export function ReplyForm({ requestId, onSent, onStale }: ReplyFormProps) {
  const fieldId = useId();
  const countId = useId();
  const errorId = useId();
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { send, sending } = useSendReply(requestId);
  // The limit applies after trimming, as the server counts.
  const length = message.trim().length;
  const tooLong = length > requestLimits.reply;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const parsed = customerReplyBodySchema.safeParse({ message });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Write your reply to the operator.');
      return;
    }
    setProblem(null);
    try {
      await send(parsed.data);
      setMessage('');
      onSent();
    } catch (error) {
      setProblem(problemOf(error));
      if (error instanceof ApiError && error.status === 409) onStale();
    }
  };

  return (
    <form className="reply-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <label htmlFor={fieldId}>Your reply</label>
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
        {length} of {requestLimits.reply} characters
      </p>
      {/* Always present, so a new problem is announced. */}
      <div id={errorId} role="alert">
        {problem ? <p className="reply-form__error">{problem}</p> : null}
      </div>
      <p>
        <button type="submit" className="button button--primary" disabled={sending}>
          Send reply
        </button>
      </p>
    </form>
  );
}
