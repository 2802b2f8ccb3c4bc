import { fieldId, useRequestForm } from './form-fields';
import { FormattedMessage } from 'react-intl';
import { useValidationMessage } from '../../../lib/i18n/validation-message';
import type { SummaryItem } from './use-request-submit';

/** The box at the top of the form after an attempt with errors, each linking to its field. */
export function ErrorSummary({ items }: { items: SummaryItem[] }) {
  const { setFocus } = useRequestForm();
  const sayProblem = useValidationMessage();
  if (items.length === 0) return null;
  return (
    <div className="request-form__summary" role="alert">
      <h2>
        <FormattedMessage id="request.summary" values={{ count: items.length }} />
      </h2>
      <ul>
        {items.map(({ field, message }) => (
          <li key={`${field ?? 'other'}:${message}`}>
            {field ? (
              <a
                href={`#${fieldId(field)}`}
                onClick={(event) => {
                  // A bare #id would be read as a route by the hash router.
                  event.preventDefault();
                  setFocus(field);
                }}
              >
                {sayProblem(message)}
              </a>
            ) : (
              sayProblem(message)
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
