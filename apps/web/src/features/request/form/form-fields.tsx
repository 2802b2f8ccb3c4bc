import type { FieldErrors } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import { useValidationMessage } from '../../../lib/i18n/validation-message';
import { get, useFormContext } from 'react-hook-form';
import type {
  RequestFormField,
  RequestFormOutput,
  RequestFormValues,
} from '../request-form-schema';

/*
 * What every field of the order form shares: its ids, its error text and the ARIA attributes
 * that tie them together. The fieldsets read the form from react-hook-form's context.
 */

export function useRequestForm() {
  return useFormContext<RequestFormValues, unknown, RequestFormOutput>();
}

/** One id per field; dots would need escaping in CSS selectors and fragment links. */
export function fieldId(field: RequestFormField): string {
  return `request-${field.replace('.', '-')}`;
}

function errorId(field: RequestFormField): string {
  return `${fieldId(field)}-error`;
}

export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => Boolean(id));
  return present.length > 0 ? present.join(' ') : undefined;
}

export function errorMessage(
  errors: FieldErrors<RequestFormValues>,
  field: RequestFormField,
): string | undefined {
  // react-hook-form's `get` walks a dotted path but is typed loosely.
  const entry: unknown = get(errors, field);
  if (typeof entry !== 'object' || entry === null || !('message' in entry)) return undefined;
  return typeof entry.message === 'string' && entry.message !== '' ? entry.message : undefined;
}

export function FieldError({ field }: { field: RequestFormField }) {
  const {
    formState: { errors },
  } = useRequestForm();
  const message = errorMessage(errors, field);
  const sayProblem = useValidationMessage();
  if (!message) return null;
  return (
    <p id={errorId(field)} className="request-form__error">
      <span className="visually-hidden">
        <FormattedMessage id="form.errorPrefix" />
      </span>
      {sayProblem(message)}
    </p>
  );
}

/** The ARIA attributes of the fields, from the form's current errors. */
export function useFieldProps() {
  const {
    formState: { errors },
  } = useRequestForm();

  /** The error's id when `field` has one, for an aria-describedby list. */
  const errorRef = (field: RequestFormField) => errorMessage(errors, field) && errorId(field);

  /** A single control: its id, and its hints and error as its description. */
  const fieldProps = (field: RequestFormField, ...extraDescribedBy: (string | false)[]) => {
    const message = errorMessage(errors, field);
    return {
      id: fieldId(field),
      'aria-invalid': message ? true : undefined,
      'aria-describedby': describedBy(...extraDescribedBy, message && errorId(field)),
    };
  };

  /** One radio of a group (the group's first radio carries the field's id). */
  const choiceProps = (field: RequestFormField) => {
    const message = errorMessage(errors, field);
    return {
      'aria-invalid': message ? true : undefined,
      'aria-describedby': message ? errorId(field) : undefined,
    };
  };

  return { errorRef, fieldProps, choiceProps };
}
