import { useWatch } from 'react-hook-form';
import {
  banMessageChoiceIds,
  commonBanMessages,
  OTHER_BAN_MESSAGE_ID,
  otherBanMessageLabel,
} from '@unban/contract/messaging-apps';
import { bannedAtLabels, bannedAtPeriods } from '@unban/contract/requests';
import { FieldError, fieldId, useFieldProps, useRequestForm } from './form-fields';

/** "The ban": the message the app shows, when it happened, what the number was used for. */
export function BanFieldset() {
  const { register, control } = useRequestForm();
  const { fieldProps } = useFieldProps();
  const banMessageChoice = useWatch({ control, name: 'banMessage.choice' });

  return (
    <section className="request-form__section" aria-labelledby="request-ban-heading">
      <h2 id="request-ban-heading">The ban</h2>

      <div className="request-form__field">
        <label htmlFor={fieldId('banMessage.choice')}>Message the app shows</label>
        <p id="request-ban-message-hint" className="request-form__hint">
          Choose the exact words. If yours differ, choose “{otherBanMessageLabel}”.
        </p>
        <select
          defaultValue=""
          {...register('banMessage.choice')}
          {...fieldProps('banMessage.choice', 'request-ban-message-hint')}
        >
          <option value="" disabled>
            Choose the message
          </option>
          {banMessageChoiceIds.map((choice) => (
            <option key={choice} value={choice}>
              {choice === OTHER_BAN_MESSAGE_ID ? otherBanMessageLabel : commonBanMessages[choice]}
            </option>
          ))}
        </select>
        <FieldError field="banMessage.choice" />
      </div>

      {banMessageChoice === OTHER_BAN_MESSAGE_ID && (
        <div className="request-form__field">
          <label htmlFor={fieldId('banMessage.other')}>Type the message exactly as shown</label>
          <textarea
            rows={3}
            {...register('banMessage.other')}
            {...fieldProps('banMessage.other')}
          />
          <FieldError field="banMessage.other" />
        </div>
      )}

      <div className="request-form__field">
        <label htmlFor={fieldId('bannedAt')}>Roughly when did it happen?</label>
        <select defaultValue="" {...register('bannedAt')} {...fieldProps('bannedAt')}>
          <option value="" disabled>
            Choose a period
          </option>
          {bannedAtPeriods.map((period) => (
            <option key={period} value={period}>
              {bannedAtLabels[period]}
            </option>
          ))}
        </select>
        <FieldError field="bannedAt" />
      </div>

      <div className="request-form__field">
        <label htmlFor={fieldId('usage')}>What did you use this number for?</label>
        <p id="request-usage-hint" className="request-form__hint">
          For example: family and friends, customer support for a shop, a community group. Operators
          use this to explain your normal use in the appeal.
        </p>
        <textarea rows={4} {...register('usage')} {...fieldProps('usage', 'request-usage-hint')} />
        <FieldError field="usage" />
      </div>
    </section>
  );
}
