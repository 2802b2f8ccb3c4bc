import type { IntlShape } from 'react-intl';
import { EVIDENCE_FIELD, evidenceLimitWords } from '@unban/contract/evidence';
import { ApiError } from '../api/api-client';
import { apiErrorText } from '../i18n/api-error-text';

/**
 * The server refused the screenshots themselves (too big, not an image, too many, a closed
 * case...), as opposed to the upload failing on its way: the customer can act on it.
 */
export function isEvidenceRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.code.startsWith('EVIDENCE_') || error.code === 'BAD_REQUEST')
  );
}

/**
 * Why the server refused the screenshots, in the customer's language: each refusal has its own
 * code (`apiError.EVIDENCE_*` in the catalogs), worded with the same limits the server applies.
 */
export function evidenceRefusalText(intl: IntlShape, error: ApiError): string {
  return apiErrorText(intl, error, { ...evidenceLimitWords, field: EVIDENCE_FIELD });
}
