import { paths } from '../../../config/paths';
import { FieldError, useFieldProps, useRequestForm } from './form-fields';

/** "Confirm": owning the number, and accepting the terms and the refund policy. */
export function ConfirmFieldset() {
  const { register } = useRequestForm();
  const { fieldProps } = useFieldProps();
  return (
    <section className="request-form__section" aria-labelledby="request-confirm-heading">
      <h2 id="request-confirm-heading">Confirm</h2>
      <div className="request-form__field">
        <label className="request-form__choice">
          <input type="checkbox" {...register('ownsNumber')} {...fieldProps('ownsNumber')} />
          <span>I own this number</span>
        </label>
        <FieldError field="ownsNumber" />
      </div>
      <div className="request-form__field">
        <label className="request-form__choice">
          <input
            type="checkbox"
            {...register('acceptsTerms')}
            {...fieldProps('acceptsTerms', 'request-terms-hint')}
          />
          <span>
            I accept the{' '}
            <a href={paths.terms.href()} target="_blank" rel="noopener noreferrer">
              terms
            </a>{' '}
            and the{' '}
            <a href={paths.refunds.href()} target="_blank" rel="noopener noreferrer">
              refund policy
            </a>
          </span>
        </label>
        <p id="request-terms-hint" className="request-form__hint">
          The links open in a new tab, so your answers stay here.
        </p>
        <FieldError field="acceptsTerms" />
      </div>
    </section>
  );
}
