import { ApiError } from '../../lib/api/api-client';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../lib/i18n/catalog';
import { evidenceRefusalText, isEvidenceRefusal } from '../../lib/evidence/evidence-refusal';
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

/** `intl` words the problem in the customer's language. */
export function describeSubmitError(error: unknown, intl: IntlShape): SubmitProblem {
  const say = (id: MessageId) => intl.formatMessage({ id });
  if (error instanceof EvidenceUploadError) return describeEvidenceError(error.cause, intl);
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
          message: say('request.error.rateLimited'),
        };
      case 'NETWORK_ERROR':
        return offline(intl);
      default:
        break;
    }
  } else if (authErrorCode(error) === 'auth/network-request-failed') {
    return offline(intl);
  }
  return {
    kind: 'unexpected',
    message: say('request.error.unexpected'),
  };
}

function offline(intl: IntlShape): SubmitProblem {
  return { kind: 'offline', message: intl.formatMessage({ id: 'request.error.offline' }) };
}

/**
 * Why the screenshots were not added, in the server's words when it refused them (its error
 * code's words from the catalog when it has them: `apiError.<CODE>`).
 */
function describeEvidenceError(cause: unknown, intl: IntlShape): SubmitProblem {
  const reason = isEvidenceRefusal(cause)
    ? evidenceRefusalText(intl, cause)
    : intl.formatMessage({
        id:
          cause instanceof ApiError && cause.code === 'NETWORK_ERROR'
            ? 'request.error.evidenceOffline'
            : 'request.error.evidenceUnexpected',
      });
  return {
    kind: 'evidence',
    reason,
    message: intl.formatMessage({ id: 'request.error.evidence' }, { reason }),
  };
}
