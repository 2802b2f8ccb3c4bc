import { formatPrice, planList, planPriceFor } from '@unban/contract/plans';
import { FormattedMessage } from 'react-intl';
import { SPACE } from '../../../lib/i18n/rich-text';
import { useActiveLocale } from '../../../lib/i18n/use-active-locale';
import { FieldError, describedBy, fieldId, useFieldProps, useRequestForm } from './form-fields';
import { useSiteIdentity } from '../../../lib/site-identity/site-identity';

/** "Plan": one card per plan, its name and price as the radio's name. */
export function PlanFieldset() {
  const { plans, localeCurrencies } = useSiteIdentity();
  const locale = useActiveLocale();
  const { register } = useRequestForm();
  const { errorRef, choiceProps } = useFieldProps();
  return (
    <section className="request-form__section" aria-labelledby="request-plan-heading">
      <h2 id="request-plan-heading">
        <FormattedMessage id="request.plan.title" />
      </h2>
      <fieldset
        className="request-form__field request-form__plans"
        aria-describedby={describedBy(errorRef('plan'))}
      >
        <legend className="visually-hidden">
          <FormattedMessage id="request.plan.legend" />
        </legend>
        {planList(plans).map((plan, index) => (
          <div key={plan.id} className="request-form__plan">
            {/* The label holds only name and price (the radio's name); its ::after covers
                the card, so a click anywhere on it picks the plan. */}
            <label className="request-form__plan-head">
              <input
                type="radio"
                value={plan.id}
                id={index === 0 ? fieldId('plan') : undefined}
                {...register('plan')}
                {...choiceProps('plan')}
                aria-describedby={describedBy(`request-plan-${plan.id}-details`, errorRef('plan'))}
              />
              <span className="request-form__plan-name">{plan.name}</span>
              {SPACE}
              <span className="request-form__plan-price">
                {formatPrice(planPriceFor(plan, locale, localeCurrencies), locale)}
              </span>
            </label>
            <div id={`request-plan-${plan.id}-details`} className="request-form__plan-details">
              <p>{plan.summary}</p>
              <ul>
                {plan.includes.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          </div>
        ))}
        <FieldError field="plan" />
      </fieldset>
    </section>
  );
}
