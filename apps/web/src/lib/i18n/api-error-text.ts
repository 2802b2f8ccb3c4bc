import type { IntlShape } from 'react-intl';
import type { ApiError } from '../api/api-error';
import type { MessageId } from './catalog';

/** Figures a code's words may name (`{maxFiles}`), given by the screen that knows them. */
export type ApiErrorValues = Readonly<Record<string, string | number>>;

/**
 * What the customer reads for an API error: the catalog's words for its stable code
 * (`apiError.<CODE>`) when there are some, else the server's own message. The server's
 * messages are English; the codes are what every language can word (contract/errors.ts).
 */
export function apiErrorText(intl: IntlShape, error: ApiError, values?: ApiErrorValues): string {
  const id = `apiError.${error.code}`;
  return id in intl.messages ? intl.formatMessage({ id: id as MessageId }, values) : error.message;
}
