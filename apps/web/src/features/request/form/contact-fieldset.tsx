import { FieldError, fieldId, useFieldProps, useRequestForm } from './form-fields';

/** "How we reach you": the e-mail address for the receipt and every update. */
export function ContactFieldset() {
  const { register } = useRequestForm();
  const { fieldProps } = useFieldProps();
  return (
    <section className="request-form__section" aria-labelledby="request-contact-heading">
      <h2 id="request-contact-heading">How we reach you</h2>
      <div className="request-form__field">
        <label htmlFor={fieldId('contactEmail')}>E-mail address</label>
        <p id="request-email-hint" className="request-form__hint">
          Your receipt and every update about the case go here.
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
