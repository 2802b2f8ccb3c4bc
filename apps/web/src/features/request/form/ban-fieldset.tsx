import { useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  banMessageChoiceIds,
  commonBanMessages,
  OTHER_BAN_MESSAGE_ID,
} from '@unban/contract/messaging-apps';
import { bannedAtPeriods } from '@unban/contract/requests';
import { FieldError, fieldId, useFieldProps, useRequestForm } from './form-fields';

/** "The ban": the message the app shows, when it happened, what the number was used for. */
export function BanFieldset() {
  const { register, control } = useRequestForm();
  const { fieldProps } = useFieldProps();
  const banMessageChoice = useWatch({ control, name: 'banMessage.choice' });
  const intl = useIntl();
  const otherLabel = intl.formatMessage({ id: 'request.ban.otherLabel' });

  return (
    <section className="request-form__section" aria-labelledby="request-ban-heading">
      <h2 id="request-ban-heading">
        <FormattedMessage id="request.ban.title" />
      </h2>

      <div className="request-form__field">
        <label htmlFor={fieldId('banMessage.choice')}>
          <FormattedMessage id="request.ban.message" />
        </label>
        <p id="request-ban-message-hint" className="request-form__hint">
          <FormattedMessage id="request.ban.messageHint" values={{ other: otherLabel }} />
        </p>
        <select
          defaultValue=""
          {...register('banMessage.choice')}
          {...fieldProps('banMessage.choice', 'request-ban-message-hint')}
        >
          <option value="" disabled>
            {intl.formatMessage({ id: 'request.ban.chooseMessage' })}
          </option>
          {banMessageChoiceIds.map((choice) => (
            <option key={choice} value={choice}>
              {choice === OTHER_BAN_MESSAGE_ID ? otherLabel : commonBanMessages[choice]}
            </option>
          ))}
        </select>
        <FieldError field="banMessage.choice" />
      </div>

      {banMessageChoice === OTHER_BAN_MESSAGE_ID && (
        <div className="request-form__field">
          <label htmlFor={fieldId('banMessage.other')}>
            <FormattedMessage id="request.ban.other" />
          </label>
          <textarea
            rows={3}
            {...register('banMessage.other')}
            {...fieldProps('banMessage.other')}
          />
          <FieldError field="banMessage.other" />
        </div>
      )}

      <div className="request-form__field">
        <label htmlFor={fieldId('bannedAt')}>
          <FormattedMessage id="request.ban.when" />
        </label>
        <select defaultValue="" {...register('bannedAt')} {...fieldProps('bannedAt')}>
          <option value="" disabled>
            {intl.formatMessage({ id: 'request.ban.choosePeriod' })}
          </option>
          {bannedAtPeriods.map((period) => (
            <option key={period} value={period}>
              {intl.formatMessage({ id: `bannedAt.${period}` })}
            </option>
          ))}
        </select>
        <FieldError field="bannedAt" />
      </div>

      <div className="request-form__field">
        <label htmlFor={fieldId('usage')}>
          <FormattedMessage id="request.ban.usage" />
        </label>
        <p id="request-usage-hint" className="request-form__hint">
          <FormattedMessage id="request.ban.usageHint" />
        </p>
        <textarea rows={4} {...register('usage')} {...fieldProps('usage', 'request-usage-hint')} />
        <FieldError field="usage" />
      </div>
    </section>
  );
}
