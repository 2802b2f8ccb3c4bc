import { ApiError } from '../../lib/api/api-client';
import { authErrorCode } from '../../lib/auth/auth-error-code';
import { EvidenceUploadError } from './api/create-request';

/** What the order form says when sending fails, by what the customer can do about it. */
export type SubmitProblem =
  /** The server rejected some answers: show each beside its field. */
  | { kind: 'fields'; fields: Record<string, string> }
  | { kind: 'rate-limited'; message: string }
  | { kind: 'offline'; message: string }
  /** The request is saved; its screenshots were refused or not sent (`reason` is for the picker). */
  | { kind: 'evidence'; message: string; reason: string }
  /** Anything else: try again, or write to support (the form adds the address). */
  | { kind: 'unexpected'; message: string };

const NOTHING_CHARGED = 'Nothing has been charged.';

export function describeSubmitError(error: unknown): SubmitProblem {
  if (error instanceof EvidenceUploadError) return describeEvidenceError(error.cause);
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

/** Why the screenshots were not added, in the server's words when it refused them. */
function describeEvidenceError(cause: unknown): SubmitProblem {
  const refused =
    cause instanceof ApiError &&
    (cause.code.startsWith('EVIDENCE_') || cause.code === 'BAD_REQUEST');
  const reason = refused
    ? cause.message
    : cause instanceof ApiError && cause.code === 'NETWORK_ERROR'
      ? 'We could not reach our server to send them.'
      : 'Something went wrong while sending them.';
  return {
    kind: 'evidence',
    reason,
    message: `Your request is saved, but the screenshots were not added: ${reason} Change or remove them and press "Continue to payment" again. ${NOTHING_CHARGED} You can also add screenshots later on your case page.`,
  };
}
