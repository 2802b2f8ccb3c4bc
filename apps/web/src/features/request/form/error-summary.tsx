import { fieldId, useRequestForm } from './form-fields';
import type { SummaryItem } from './use-request-submit';

/** The box at the top of the form after an attempt with errors, each linking to its field. */
export function ErrorSummary({ items }: { items: SummaryItem[] }) {
  const { setFocus } = useRequestForm();
  if (items.length === 0) return null;
  return (
    <div className="request-form__summary" role="alert">
      <h2>Please check {items.length === 1 ? 'this answer' : 'these answers'}</h2>
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
                {message}
              </a>
            ) : (
              message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
