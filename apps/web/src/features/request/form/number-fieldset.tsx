import { useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { messagingAppList } from '@unban/contract/messaging-apps';
import { formatPhoneInternational, normalizePhone } from '@unban/contract/phone';
import { accountTypes, devices } from '@unban/contract/requests';
import { countryOptions } from '../country-options';
import { FieldError, describedBy, fieldId, useFieldProps, useRequestForm } from './form-fields';

/** "Your number": the app, the banned number, the kind of account and the phone it is on. */
export function NumberFieldset() {
  const { register, control } = useRequestForm();
  const { errorRef, fieldProps, choiceProps } = useFieldProps();
  const phone = useWatch({ control, name: 'phone' });
  const intl = useIntl();
  const understoodPhone = phone.country ? normalizePhone(phone.national, phone.country) : null;

  return (
    <section className="request-form__section" aria-labelledby="request-number-heading">
      <h2 id="request-number-heading">
        <FormattedMessage id="request.number.title" />
      </h2>

      <div className="request-form__field">
        <label htmlFor={fieldId('messagingApp')}>
          <FormattedMessage id="request.number.app" />
        </label>
        <select {...register('messagingApp')} {...fieldProps('messagingApp')}>
          {messagingAppList.map((app) => (
            <option key={app.id} value={app.id}>
              {app.name}
            </option>
          ))}
        </select>
        <FieldError field="messagingApp" />
      </div>

      <fieldset className="request-form__field request-form__phone">
        <legend>
          <FormattedMessage id="request.number.legend" />
        </legend>
        <p id="request-phone-pledge" className="request-form__pledge">
          <FormattedMessage id="request.noCodesPledge" />
        </p>
        <div className="request-form__phone-row">
          <div className="request-form__phone-country">
            <label htmlFor={fieldId('phone.country')}>
              <FormattedMessage id="request.number.country" />
            </label>
            <select
              {...register('phone.country')}
              {...fieldProps('phone.country')}
              autoComplete="tel-country-code"
            >
              {countryOptions(intl.locale).map((option) => (
                <option key={option.country} value={option.country}>
                  {option.label}
                </option>
              ))}
            </select>
            <FieldError field="phone.country" />
          </div>
          <div className="request-form__phone-national">
            <label htmlFor={fieldId('phone.national')}>
              <FormattedMessage id="request.number.phone" />
            </label>
            <input
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              {...register('phone.national')}
              {...fieldProps(
                'phone.national',
                'request-phone-pledge',
                understoodPhone?.ok === true && 'request-phone-understood',
              )}
            />
            <FieldError field="phone.national" />
            {understoodPhone?.ok && (
              <p id="request-phone-understood" className="request-form__hint">
                <FormattedMessage
                  id="request.number.understood"
                  values={{ phone: formatPhoneInternational(understoodPhone.e164) }}
                />
              </p>
            )}
          </div>
        </div>
      </fieldset>

      <fieldset
        className="request-form__field request-form__choices"
        aria-describedby={describedBy(errorRef('accountType'))}
      >
        <legend>
          <FormattedMessage id="request.number.accountType" />
        </legend>
        {accountTypes.map((type, index) => (
          <label key={type} className="request-form__choice">
            <input
              type="radio"
              value={type}
              id={index === 0 ? fieldId('accountType') : undefined}
              {...register('accountType')}
              {...choiceProps('accountType')}
            />
            {intl.formatMessage({ id: `accountType.${type}` })}
          </label>
        ))}
        <FieldError field="accountType" />
      </fieldset>

      <fieldset
        className="request-form__field request-form__choices"
        aria-describedby={describedBy(errorRef('device'))}
      >
        <legend>
          <FormattedMessage id="request.number.device" />
        </legend>
        {devices.map((device, index) => (
          <label key={device} className="request-form__choice">
            <input
              type="radio"
              value={device}
              id={index === 0 ? fieldId('device') : undefined}
              {...register('device')}
              {...choiceProps('device')}
            />
            {intl.formatMessage({ id: `device.${device}` })}
          </label>
        ))}
        <FieldError field="device" />
      </fieldset>
    </section>
  );
}
