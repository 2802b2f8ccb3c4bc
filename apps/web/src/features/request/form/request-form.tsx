import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { BanCheckOrderPrefill } from '@unban/contract/ban-check';
import { defaultMessagingAppId } from '@unban/contract/messaging-apps';
import { formatPrice, planPriceFor } from '@unban/contract/plans';
import { useActiveLocale } from '../../../lib/i18n/use-active-locale';
import { SupportEmailLink } from '../../../components/ui/support-email-link';
import { browserLanguages, defaultCountry } from '../country-options';
import type { RequestFormOutput, RequestFormValues } from '../request-form-schema';
import { createRequestFormSchema } from '../request-form-schema';
import { BanFieldset } from './ban-fieldset';
import { ConfirmFieldset } from './confirm-fieldset';
import { ContactFieldset } from './contact-fieldset';
import { ErrorSummary } from './error-summary';
import { EvidenceFieldset } from './evidence-fieldset';
import { NumberFieldset } from './number-fieldset';
import { PlanFieldset } from './plan-fieldset';
import { useRequestSubmit } from './use-request-submit';
import './request-form.css';
import { useSiteIdentity } from '../../../lib/site-identity/site-identity';

export interface RequestFormProps {
  /** Id of the heading that names the form (its accessible name). */
  titleId: string;
  /** Answers the form starts from (the free ban check's); the rest starts empty. */
  prefill?: Partial<BanCheckOrderPrefill>;
}

/** The order form: the fieldsets, then the price and the button that leaves for the checkout. */
export function RequestForm({ titleId, prefill = {} }: RequestFormProps) {
  const { plans, localeCurrencies } = useSiteIdentity();
  const locale = useActiveLocale();
  const [initialCountry] = useState(() => defaultCountry(browserLanguages()));
  const form = useForm<RequestFormValues, unknown, RequestFormOutput>({
    resolver: zodResolver(createRequestFormSchema),
    defaultValues: {
      messagingApp: prefill.messagingApp ?? defaultMessagingAppId,
      phone: { country: initialCountry, national: '' },
      accountType: prefill.accountType,
      device: prefill.device,
      banMessage: { choice: prefill.banMessage, other: '' },
      bannedAt: prefill.bannedAt,
      usage: '',
      contactEmail: '',
      plan: 'standard',
      ownsNumber: false,
      acceptsTerms: false,
    },
    shouldFocusError: true,
  });
  const [evidence, setEvidence] = useState<File[]>([]);
  const { onSubmit, busy, leaving, summary, problem } = useRequestSubmit(form, evidence);
  const planId = useWatch({ control: form.control, name: 'plan' });
  const chosenPlan = planId ? plans[planId] : null;
  // What will be charged: the plan's price in the reader's currency, as the server will set it.
  const chosenPrice =
    chosenPlan && formatPrice(planPriceFor(chosenPlan, locale, localeCurrencies), locale);

  return (
    <FormProvider {...form}>
      <form
        className="request-form"
        noValidate
        aria-busy={busy}
        aria-labelledby={titleId}
        onSubmit={(event) => void onSubmit(event)}
      >
        {summary && <ErrorSummary key={summary.key} items={summary.items} />}
        <NumberFieldset />
        <BanFieldset />
        <EvidenceFieldset
          files={evidence}
          onChange={setEvidence}
          serverError={problem?.kind === 'evidence' ? problem.reason : null}
          disabled={busy}
        />
        <ContactFieldset />
        <PlanFieldset />
        <ConfirmFieldset />

        {problem && (
          <div className="notice notice--warning request-form__problem" role="alert">
            <p>{problem.message}</p>
            {problem.kind === 'unexpected' && (
              <p>
                <FormattedMessage
                  id="request.unexpectedSupport"
                  values={{ email: <SupportEmailLink /> }}
                />
              </p>
            )}
          </div>
        )}

        <div className="request-form__submit">
          {chosenPlan && (
            <p className="request-form__total">
              <FormattedMessage
                id="request.total"
                values={{ price: chosenPrice, plan: chosenPlan.name }}
              />
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={busy}>
            <FormattedMessage
              id={
                leaving
                  ? 'request.submitLeaving'
                  : busy
                    ? 'request.submitSending'
                    : 'request.submit'
              }
            />
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
