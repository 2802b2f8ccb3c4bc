import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { get, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  banMessageChoiceIds,
  commonBanMessages,
  defaultMessagingAppId,
  messagingAppList,
  OTHER_BAN_MESSAGE_ID,
  otherBanMessageLabel,
} from '@unban/contract/messaging-apps';
import { formatPhoneInternational, normalizePhone } from '@unban/contract/phone';
import { formatMoney, getPlan, planList } from '@unban/contract/plans';
import {
  accountTypeLabels,
  accountTypes,
  bannedAtLabels,
  bannedAtPeriods,
  deviceLabels,
  devices,
  noCodesPledge,
} from '@unban/contract/requests';
import { SupportEmailLink } from '../../components/ui/support-email-link';
import { paths } from '../../config/paths';
import { useCreateRequest } from './api/create-request';
import { browserLanguages, countryOptions, defaultCountry } from './country-options';
import type { RequestFormField, RequestFormOutput, RequestFormValues } from './request-form-schema';
import {
  createRequestFormSchema,
  formFieldForBodyPath,
  requestFormFields,
} from './request-form-schema';
import type { SubmitProblem } from './submit-error';
import { describeSubmitError } from './submit-error';
import './request-form.css';

interface SummaryItem {
  field: RequestFormField | null;
  message: string;
}

/** One id per field; dots would need escaping in CSS selectors and fragment links. */
function fieldId(field: RequestFormField): string {
  return `request-${field.replace('.', '-')}`;
}

function errorId(field: RequestFormField): string {
  return `${fieldId(field)}-error`;
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => Boolean(id));
  return present.length > 0 ? present.join(' ') : undefined;
}

function errorMessage(
  errors: FieldErrors<RequestFormValues>,
  field: RequestFormField,
): string | undefined {
  // react-hook-form's `get` walks a dotted path but is typed loosely.
  const entry: unknown = get(errors, field);
  if (typeof entry !== 'object' || entry === null || !('message' in entry)) return undefined;
  return typeof entry.message === 'string' && entry.message !== '' ? entry.message : undefined;
}

function FieldError({ field, message }: { field: RequestFormField; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={errorId(field)} className="request-form__error">
      <span className="visually-hidden">Error: </span>
      {message}
    </p>
  );
}

function summaryFrom(errors: FieldErrors<RequestFormValues>): SummaryItem[] {
  return requestFormFields.flatMap((field) => {
    const message = errorMessage(errors, field);
    return message ? [{ field, message }] : [];
  });
}

export interface RequestFormProps {
  /** Id of the heading that names the form (its accessible name). */
  titleId: string;
}

export function RequestForm({ titleId }: RequestFormProps) {
  const [initialCountry] = useState(() => defaultCountry(browserLanguages()));
  const {
    register,
    handleSubmit,
    control,
    setError,
    setFocus,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<RequestFormValues, unknown, RequestFormOutput>({
    resolver: zodResolver(createRequestFormSchema),
    defaultValues: {
      messagingApp: defaultMessagingAppId,
      phone: { country: initialCountry, national: '' },
      banMessage: { other: '' },
      usage: '',
      contactEmail: '',
      plan: 'standard',
      ownsNumber: false,
      acceptsTerms: false,
    },
    shouldFocusError: true,
  });
  const { submitAndPay, status } = useCreateRequest();
  // Shown after each submit attempt; the key remounts it so the same text is announced again.
  const [summary, setSummary] = useState<{ key: number; items: SummaryItem[] } | null>(null);
  const [problem, setProblem] = useState<Exclude<SubmitProblem, { kind: 'fields' }> | null>(null);

  const phone = useWatch({ control, name: 'phone' });
  const banMessageChoice = useWatch({ control, name: 'banMessage.choice' });
  const planId = useWatch({ control, name: 'plan' });

  const busy = isSubmitting || status !== 'idle';
  const understoodPhone = phone.country ? normalizePhone(phone.national, phone.country) : null;
  const chosenPlan = planId ? getPlan(planId) : null;

  const showSummary = (items: SummaryItem[]) =>
    setSummary((previous) => ({ key: (previous?.key ?? 0) + 1, items }));

  const onValid = async (body: RequestFormOutput) => {
    setSummary(null);
    setProblem(null);
    try {
      await submitAndPay(body);
    } catch (error) {
      const described = describeSubmitError(error);
      if (described.kind === 'fields') applyServerFields(described.fields);
      else setProblem(described);
    }
  };

  const applyServerFields = (fields: Record<string, string>) => {
    const items: SummaryItem[] = Object.entries(fields).map(([path, message]) => ({
      field: formFieldForBodyPath(path, getValues()),
      message,
    }));
    items.sort((a, b) => fieldOrder(a.field) - fieldOrder(b.field));
    let focused = false;
    for (const { field, message } of items) {
      if (!field) continue;
      setError(field, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    }
    showSummary(items);
  };

  const onInvalid = (invalid: FieldErrors<RequestFormValues>) => {
    setProblem(null);
    showSummary(summaryFrom(invalid));
  };

  const fieldProps = (field: RequestFormField, ...extraDescribedBy: (string | false)[]) => {
    const message = errorMessage(errors, field);
    return {
      id: fieldId(field),
      'aria-invalid': message ? true : undefined,
      'aria-describedby': describedBy(...extraDescribedBy, message && errorId(field)),
    };
  };

  const choiceProps = (field: RequestFormField) => {
    const message = errorMessage(errors, field);
    return {
      'aria-invalid': message ? true : undefined,
      'aria-describedby': message ? errorId(field) : undefined,
    };
  };

  return (
    <form
      className="request-form"
      noValidate
      aria-busy={busy}
      aria-labelledby={titleId}
      onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
    >
      {summary && summary.items.length > 0 && (
        <div key={summary.key} className="request-form__summary" role="alert">
          <h2>Please check {summary.items.length === 1 ? 'this answer' : 'these answers'}</h2>
          <ul>
            {summary.items.map(({ field, message }) => (
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
      )}

      <section className="request-form__section" aria-labelledby="request-number-heading">
        <h2 id="request-number-heading">Your number</h2>

        <div className="request-form__field">
          <label htmlFor={fieldId('messagingApp')}>App that shows the ban</label>
          <select {...register('messagingApp')} {...fieldProps('messagingApp')}>
            {messagingAppList.map((app) => (
              <option key={app.id} value={app.id}>
                {app.name}
              </option>
            ))}
          </select>
          <FieldError field="messagingApp" message={errorMessage(errors, 'messagingApp')} />
        </div>

        <fieldset className="request-form__field request-form__phone">
          <legend>Banned phone number</legend>
          <p id="request-phone-pledge" className="request-form__pledge">
            {noCodesPledge}
          </p>
          <div className="request-form__phone-row">
            <div className="request-form__phone-country">
              <label htmlFor={fieldId('phone.country')}>Country</label>
              <select
                {...register('phone.country')}
                {...fieldProps('phone.country')}
                autoComplete="tel-country-code"
              >
                {countryOptions().map((option) => (
                  <option key={option.country} value={option.country}>
                    {option.label}
                  </option>
                ))}
              </select>
              <FieldError field="phone.country" message={errorMessage(errors, 'phone.country')} />
            </div>
            <div className="request-form__phone-national">
              <label htmlFor={fieldId('phone.national')}>Phone number</label>
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
              <FieldError field="phone.national" message={errorMessage(errors, 'phone.national')} />
              {understoodPhone?.ok && (
                <p id="request-phone-understood" className="request-form__hint">
                  We will appeal for {formatPhoneInternational(understoodPhone.e164)}.
                </p>
              )}
            </div>
          </div>
        </fieldset>

        <fieldset
          className="request-form__field request-form__choices"
          aria-describedby={describedBy(
            errorMessage(errors, 'accountType') && errorId('accountType'),
          )}
        >
          <legend>Type of account</legend>
          {accountTypes.map((type, index) => (
            <label key={type} className="request-form__choice">
              <input
                type="radio"
                value={type}
                id={index === 0 ? fieldId('accountType') : undefined}
                {...register('accountType')}
                {...choiceProps('accountType')}
              />
              {accountTypeLabels[type]}
            </label>
          ))}
          <FieldError field="accountType" message={errorMessage(errors, 'accountType')} />
        </fieldset>

        <fieldset
          className="request-form__field request-form__choices"
          aria-describedby={describedBy(errorMessage(errors, 'device') && errorId('device'))}
        >
          <legend>Phone the number is used on</legend>
          {devices.map((device, index) => (
            <label key={device} className="request-form__choice">
              <input
                type="radio"
                value={device}
                id={index === 0 ? fieldId('device') : undefined}
                {...register('device')}
                {...choiceProps('device')}
              />
              {deviceLabels[device]}
            </label>
          ))}
          <FieldError field="device" message={errorMessage(errors, 'device')} />
        </fieldset>
      </section>

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
          <FieldError
            field="banMessage.choice"
            message={errorMessage(errors, 'banMessage.choice')}
          />
        </div>

        {banMessageChoice === OTHER_BAN_MESSAGE_ID && (
          <div className="request-form__field">
            <label htmlFor={fieldId('banMessage.other')}>Type the message exactly as shown</label>
            <textarea
              rows={3}
              {...register('banMessage.other')}
              {...fieldProps('banMessage.other')}
            />
            <FieldError
              field="banMessage.other"
              message={errorMessage(errors, 'banMessage.other')}
            />
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
          <FieldError field="bannedAt" message={errorMessage(errors, 'bannedAt')} />
        </div>

        <div className="request-form__field">
          <label htmlFor={fieldId('usage')}>What did you use this number for?</label>
          <p id="request-usage-hint" className="request-form__hint">
            For example: family and friends, customer support for a shop, a community group.
            Operators use this to explain your normal use in the appeal.
          </p>
          <textarea
            rows={4}
            {...register('usage')}
            {...fieldProps('usage', 'request-usage-hint')}
          />
          <FieldError field="usage" message={errorMessage(errors, 'usage')} />
        </div>
      </section>

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
          <FieldError field="contactEmail" message={errorMessage(errors, 'contactEmail')} />
        </div>
      </section>

      <section className="request-form__section" aria-labelledby="request-plan-heading">
        <h2 id="request-plan-heading">Plan</h2>
        <fieldset
          className="request-form__field request-form__plans"
          aria-describedby={describedBy(errorMessage(errors, 'plan') && errorId('plan'))}
        >
          <legend className="visually-hidden">Choose a plan</legend>
          {planList.map((plan, index) => (
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
                  aria-describedby={describedBy(
                    `request-plan-${plan.id}-details`,
                    errorMessage(errors, 'plan') && errorId('plan'),
                  )}
                />
                <span className="request-form__plan-name">{plan.name}</span>{' '}
                <span className="request-form__plan-price">
                  {formatMoney(plan.priceMinor, plan.currency)}
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
          <FieldError field="plan" message={errorMessage(errors, 'plan')} />
        </fieldset>
      </section>

      <section className="request-form__section" aria-labelledby="request-confirm-heading">
        <h2 id="request-confirm-heading">Confirm</h2>
        <div className="request-form__field">
          <label className="request-form__choice">
            <input type="checkbox" {...register('ownsNumber')} {...fieldProps('ownsNumber')} />
            <span>I own this number</span>
          </label>
          <FieldError field="ownsNumber" message={errorMessage(errors, 'ownsNumber')} />
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
          <FieldError field="acceptsTerms" message={errorMessage(errors, 'acceptsTerms')} />
        </div>
      </section>

      {problem && (
        <div className="notice notice--warning request-form__problem" role="alert">
          <p>{problem.message}</p>
          {problem.kind === 'unexpected' && (
            <p>
              If it keeps happening, e-mail <SupportEmailLink />.
            </p>
          )}
        </div>
      )}

      <div className="request-form__submit">
        {chosenPlan && (
          <p className="request-form__total">
            You pay {formatMoney(chosenPlan.priceMinor, chosenPlan.currency)} ({chosenPlan.name}).
            All-in: no fees are added at checkout, and you get a full refund if your number cannot
            be unbanned.
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          {status === 'leaving'
            ? 'Opening the checkout…'
            : busy
              ? 'Sending your request…'
              : 'Continue to payment'}
        </button>
      </div>
    </form>
  );
}

function fieldOrder(field: RequestFormField | null): number {
  return field ? requestFormFields.indexOf(field) : requestFormFields.length;
}
