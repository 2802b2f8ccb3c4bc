import { paths } from '../../../config/paths';
import { FormattedMessage } from 'react-intl';
import { FieldError, useFieldProps, useRequestForm } from './form-fields';

/** "Confirm": owning the number, and accepting the terms and the refund policy. */
export function ConfirmFieldset() {
  const { register } = useRequestForm();
  const { fieldProps } = useFieldProps();
  return (
    <section className="request-form__section" aria-labelledby="request-confirm-heading">
      <h2 id="request-confirm-heading">
        <FormattedMessage id="request.confirm.title" />
      </h2>
      <div className="request-form__field">
        <label className="request-form__choice">
          <input type="checkbox" {...register('ownsNumber')} {...fieldProps('ownsNumber')} />
          <span>
            <FormattedMessage id="request.confirm.owns" />
          </span>
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
            <FormattedMessage
              id="request.confirm.accept"
              values={{
                terms: (text) => (
                  <a href={paths.terms.href()} target="_blank" rel="noopener noreferrer">
                    {text}
                  </a>
                ),
                refunds: (text) => (
                  <a href={paths.refunds.href()} target="_blank" rel="noopener noreferrer">
                    {text}
                  </a>
                ),
              }}
            />
          </span>
        </label>
        <p id="request-terms-hint" className="request-form__hint">
          <FormattedMessage id="request.confirm.hint" />
        </p>
        <FieldError field="acceptsTerms" />
      </div>
    </section>
  );
}
