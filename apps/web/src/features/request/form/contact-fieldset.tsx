import { FieldError, fieldId, useFieldProps, useRequestForm } from './form-fields';
import { FormattedMessage } from 'react-intl';

/** "How we reach you": the e-mail address for the receipt and every update. */
export function ContactFieldset() {
  const { register } = useRequestForm();
  const { fieldProps } = useFieldProps();
  return (
    <section className="request-form__section" aria-labelledby="request-contact-heading">
      <h2 id="request-contact-heading">
        <FormattedMessage id="request.contact.title" />
      </h2>
      <div className="request-form__field">
        <label htmlFor={fieldId('contactEmail')}>
          <FormattedMessage id="request.contact.email" />
        </label>
        <p id="request-email-hint" className="request-form__hint">
          <FormattedMessage id="request.contact.emailHint" />
        </p>
        <input
          type="email"
          autoComplete="email"
          spellCheck={false}
          {...register('contactEmail')}
          {...fieldProps('contactEmail', 'request-email-hint')}
        />
        <FieldError field="contactEmail" />
      </div>
    </section>
  );
}
