import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { readValidationCode } from '@unban/contract/validation-codes';
import type { MessageId } from './catalog';

/**
 * The words for a validation problem. The contract's schemas give a stable code
 * (`validation.phone.tooShort`, or `validation.text.tooLong?max=500&now=501` with its
 * figures: contract/validation-codes.ts), the same in the browser and in the server's
 * VALIDATION_FAILED answer; the catalog says it in the active language. Anything else (a
 * back-office schema's English text) is shown as it is.
 */
export function validationText(intl: IntlShape, message: string): string {
  const code = readValidationCode(message);
  if (!code || !(code.id in intl.messages)) return message;
  // The phone messages give an example number: the active language's own.
  const example = intl.formatMessage({ id: 'phone.example' });
  return intl.formatMessage({ id: code.id as MessageId }, { example, ...code.values });
}

export function useValidationMessage(): (message: string | undefined) => string | undefined {
  const intl = useIntl();
  return useCallback(
    (message: string | undefined) =>
      message === undefined ? undefined : validationText(intl, message),
    [intl],
  );
}
