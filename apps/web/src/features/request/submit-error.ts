import { ApiError } from '../../lib/api/api-client';
import { authErrorCode } from '../../lib/auth/auth-error-code';

/** What the order form says when sending fails, by what the customer can do about it. */
export type SubmitProblem =
  /** The server rejected some answers: show each beside its field. */
  | { kind: 'fields'; fields: Record<string, string> }
  | { kind: 'rate-limited'; message: string }
  | { kind: 'offline'; message: string }
  /** Anything else: try again, or write to support (the form adds the address). */
  | { kind: 'unexpected'; message: string };

const NOTHING_CHARGED = 'Nothing has been charged.';

export function describeSubmitError(error: unknown): SubmitProblem {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'VALIDATION_FAILED':
        if (error.fields && Object.keys(error.fields).length > 0) {
          return { kind: 'fields', fields: error.fields };
        }
        break;
      case 'RATE_LIMITED':
        return {
          kind: 'rate-limited',
          message: `You have sent several requests in a short time. Please wait a minute, then send it again. ${NOTHING_CHARGED}`,
        };
      case 'NETWORK_ERROR':
        return offline();
      default:
        break;
    }
  } else if (authErrorCode(error) === 'auth/network-request-failed') {
    return offline();
  }
  return {
    kind: 'unexpected',
    message: `Something went wrong and your request was not sent. ${NOTHING_CHARGED} Please try again in a moment.`,
  };
}

function offline(): SubmitProblem {
  return {
    kind: 'offline',
    message: `We could not reach our server, so your request was not sent. Check your connection and try again. ${NOTHING_CHARGED}`,
  };
}
